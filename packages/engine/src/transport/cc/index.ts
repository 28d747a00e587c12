import type { CcModel } from './CcModel.js';
import { bbrModel } from './Bbr.js';
import { bicModel } from './Bic.js';
import { binomialModel } from './Binomial.js';
import { compoundModel } from './Compound.js';
import { cubicModel } from './Cubic.js';
import { dctcpModel } from './Dctcp.js';
import { fastModel } from './Fast.js';
import { highSpeedModel } from './HighSpeed.js';
import { quicTcpModel } from './QuicTcp.js';
import { newRenoModel, renoModel, sackModel, tahoeModel } from './Reno.js';
import { scalableModel } from './Scalable.js';
import { simdModel } from './Simd.js';
import { vegasModel } from './Vegas.js';

export type { CcModel } from './CcModel.js';

/**
 * Every congestion control the TCP transport offers, in menu order. A new algorithm is one file
 * in this folder exporting its CcModel (registry info, default loss recovery, factory) plus one
 * line here; it then appears in the scenario validator, the CLI and the lab's flow panel.
 */
export const ccModels: CcModel[] = [
  tahoeModel,
  renoModel,
  newRenoModel,
  sackModel,
  vegasModel,
  cubicModel,
  bicModel,
  highSpeedModel,
  scalableModel,
  compoundModel,
  fastModel,
  quicTcpModel,
  binomialModel,
  simdModel,
  bbrModel,
  dctcpModel,
];

export function findCcModel(id: string): CcModel | undefined {
  return ccModels.find((m) => m.info.id === id);
}
