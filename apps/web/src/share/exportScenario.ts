/** Export of the scenario (with its camera) to a JSON file: the header's Export and the notices' "Export". */
import type { Lab } from '../lab';
import { downloadBlob } from '../charts/exportChart';
import { scenarioFileName, scenarioToJson } from '../codec/scenarioFile';

export function exportScenarioFile(lab: Lab): void {
  const st = lab.scenario.getState();
  const s = st.serialize();
  let text: string;
  try {
    text = scenarioToJson(s);
  } catch (e) {
    lab.ui.getState().pushNotice({
      kind: 'error',
      key: 'export',
      title: 'The scenario could not be exported.',
      issues: [{ path: '(scenario)', message: `it could not be written as text (${(e as Error).message})` }],
    });
    return;
  }
  downloadBlob(new Blob([text], { type: 'application/json' }), scenarioFileName(s));
  lab.autosave.noteExported(st.scenario);
}
