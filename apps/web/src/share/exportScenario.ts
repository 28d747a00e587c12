/** Export of the scenario (with its camera) to a JSON file: the header's Export and the notices' "Export". */
import type { Lab } from '../lab';
import { downloadBlob } from '../charts/exportChart';
import { scenarioFileName, scenarioToJson } from '../codec/scenarioFile';

export function exportScenarioFile(lab: Lab): void {
  const st = lab.scenario.getState();
  const s = st.serialize();
  downloadBlob(new Blob([scenarioToJson(s)], { type: 'application/json' }), scenarioFileName(s));
  lab.autosave.noteExported(st.scenario);
}
