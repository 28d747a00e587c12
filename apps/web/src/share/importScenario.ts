/** Loading a scenario file chosen or dropped by the user: on any problem the current work stays. */
import type { Lab } from '../lab';
import { parseScenarioJson } from '../codec/scenarioFile';

export const MAX_FILE_BYTES = 5_000_000;

export async function importScenarioFile(lab: Lab, file: File): Promise<boolean> {
  const ui = lab.ui.getState();
  if (file.size > MAX_FILE_BYTES) {
    ui.pushNotice({
      kind: 'error',
      title: `“${file.name}” was not opened; your current work is unchanged.`,
      issues: [
        { path: '(file)', message: `${(file.size / 1e6).toFixed(1)} MB is larger than a scenario can be (5 MB)` },
      ],
    });
    return false;
  }
  const r = parseScenarioJson(await file.text(), 'file');
  if (!r.ok) {
    ui.pushNotice({
      kind: 'error',
      title: `“${file.name}” is not a valid scenario; your current work is unchanged.`,
      issues: r.issues,
    });
    return false;
  }
  const { view: _ignored, ...rest } = r.scenario;
  // A file's camera may not suit this window: keep its view state but fit the network anew.
  lab.scenario
    .getState()
    .replace(r.scenario.view ? { ...rest, view: { ...r.scenario.view, transform: undefined } } : rest);
  ui.showToast(`Opened “${r.scenario.name ?? file.name}”`);
  return true;
}
