import type { LossRecovery as LossRecoveryName } from '../cc/CcModel.js';
import { LinuxRecovery } from './LinuxRecovery.js';
import type { LossRecovery } from './LossRecovery.js';
import type { RecoveryHost } from './RecoveryHost.js';
import { RenoRecovery } from './RenoRecovery.js';
import { Sack1Recovery } from './Sack1Recovery.js';
import { SackRecovery } from './SackRecovery.js';
import { VegasRecovery } from './VegasRecovery.js';

/**
 * The loss-recovery strategy `kind` for the sender `host`; for 'sack', ns-2.35's Sack1 when the
 * dialect says `sackRecovery: ns2`, else RFC 6675 (with ns-3.37's details under `ns3`).
 */
export function createRecovery(host: RecoveryHost, kind: LossRecoveryName): LossRecovery {
  switch (kind) {
    case 'tahoe':
    case 'reno':
    case 'newreno':
      return new RenoRecovery(host, kind);
    case 'sack':
      return host.dialect.sackRecovery === 'ns2' ? new Sack1Recovery(host) : new SackRecovery(host);
    case 'vegas':
      return new VegasRecovery(host);
    case 'linux':
      return new LinuxRecovery(host);
  }
}
