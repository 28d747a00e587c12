/** The notice for a run that stopped for a reason other than reaching its end. */
import type { Notice } from '../codec/startup';
import type { RunTrouble } from '../worker/SimClient';
import { formatClock } from './SimClock';
import { clipMessage } from '../clipText';

export const RUN_TROUBLE_NOTICE = 'run-trouble';
export function troubleNotice(t: RunTrouble): Notice {
  const at = `t = ${formatClock(t.atNs)} s`;
  const issue = [{ path: '(simulation)', message: clipMessage(t.message) }];
  switch (t.kind) {
    case 'engine-error':
      return {
        kind: 'error',
        key: RUN_TROUBLE_NOTICE,
        title: `The simulation stopped at ${at} because the engine reported an error. Your scenario is unchanged; Play runs it again from the start.`,
        issues: issue,
      };
    case 'worker-restarted':
      return {
        kind: 'error',
        key: RUN_TROUBLE_NOTICE,
        title: `The simulation was restarted (it had reached ${at}). Your scenario is unchanged; press Play to run it again.`,
        issues: issue,
      };
    case 'worker-gave-up':
      return {
        kind: 'error',
        key: RUN_TROUBLE_NOTICE,
        title: 'The simulation is not running. Your scenario is unchanged; Export keeps it in a file.',
        issues: issue,
        canExport: true,
      };
  }
}
