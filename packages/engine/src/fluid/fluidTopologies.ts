/**
 * The buffer-sizing topologies of seed 000 §6.2 (Figs 6.4, 6.7, 6.9; digest 000 §2C), as
 * in-trees of routers for the discrete-time model. The figures survive only as captions, so the
 * wiring of the 3-input cross is ours (below); capacities not named by the thesis equal the mean
 * rate into the router (the smallest capacity that does not overflow, §6.2.2).
 */
import type { FluidRouter, FluidTopology } from './lblcaFluid.js';

const r = (id: string, next: number, capacityBps: number, arrivalBps: number): FluidRouter => ({
  id,
  next,
  capacityBps,
  arrivalBps,
});

/** Linear chain B1 → B2 → … → Bn (Fig. 6.4): λ into B1, every port of capacity c. */
export function linearFluid(n: number, lambdaBps: number, capacityBps: number): FluidTopology {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`routers: ${n} is not a whole number ≥ 1`);
  return {
    id: `linear-${n}`,
    name: `Linear chain of ${n} routers`,
    routers: Array.from({ length: n }, (_, i) =>
      r(`B${i + 1}`, i + 1 < n ? i + 1 : -1, capacityBps, i === 0 ? lambdaBps : 0),
    ),
  };
}

/**
 * 2-input cross (Fig. 6.7): λ1 into B1 and λ2 into B3, both forwarding to B2, whose outgoing
 * link C3 is the capacity swept (§6.2.3). B1's and B3's ports run at their own arrival rates.
 */
export function cross2Fluid(lambda1Bps: number, lambda2Bps: number, c3Bps: number): FluidTopology {
  return {
    id: 'cross-2',
    name: '2-input cross',
    routers: [r('B1', 2, lambda1Bps, lambda1Bps), r('B3', 2, lambda2Bps, lambda2Bps), r('B2', -1, c3Bps, 0)],
  };
}

/**
 * 3-input cross (Fig. 6.9, wiring ours): λ1 into B1 → B2, λ2 into B3 → B4, λ3 into B6; B2, B4 and
 * B6 forward to B5, whose outgoing link C5 is the capacity swept. The other ports run at their
 * mean inflow.
 */
export function cross3Fluid(lambda1Bps: number, lambda2Bps: number, lambda3Bps: number, c5Bps: number): FluidTopology {
  return {
    id: 'cross-3',
    name: '3-input cross',
    routers: [
      r('B1', 1, lambda1Bps, lambda1Bps),
      r('B2', 5, lambda1Bps, 0),
      r('B3', 3, lambda2Bps, lambda2Bps),
      r('B4', 5, lambda2Bps, 0),
      r('B6', 5, lambda3Bps, lambda3Bps),
      r('B5', -1, c5Bps, 0),
    ],
  };
}

/** The templates `cclab buffer-size` and the lab's panel offer. */
export const FLUID_TEMPLATES = ['linear', 'cross2', 'cross3'] as const;
export type FluidTemplate = (typeof FLUID_TEMPLATES)[number];

/**
 * A template with its input rates (1, 2 or 3) and the capacity being sized for: every port of a
 * linear chain, the merge router's outgoing link of a cross.
 */
export function bufferSizingTopology(
  template: FluidTemplate,
  lambdas: readonly number[],
  capacityBps: number,
  routers = 3,
): FluidTopology {
  if (template === 'linear') return linearFluid(routers, lambdas[0]!, capacityBps);
  if (template === 'cross2') return cross2Fluid(lambdas[0]!, lambdas[1]!, capacityBps);
  return cross3Fluid(lambdas[0]!, lambdas[1]!, lambdas[2]!, capacityBps);
}
