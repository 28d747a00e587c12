/**
 * The lab's buffer-sizing computation (seed 000 §6.2.1): the engine's discrete-time LbLCA model
 * and minimum-buffer search (`cclab buffer-size`), one capacity at a time, plus the occupancy
 * trace at the minimum buffers of the first capacity. Pure; runs in the sizing worker and in tests.
 */
import {
  bufferSizingTopology,
  FLUID_DEFAULTS,
  minimumBuffers,
  runFluid,
  type FluidParams,
  type FluidTemplate,
  type SizingCriterion,
} from '@cclab/engine';

export interface SizingForm {
  template: FluidTemplate;
  /** Routers of a linear chain. */
  routers: number;
  /** Mean arrival rate into each input, Mb/s (1, 2 or 3 values). */
  lambdasMbps: number[];
  /** Capacities to size for, Mb/s. */
  capacitiesMbps: number[];
  preset: 'matlab' | 'ns2';
  criterion: SizingCriterion;
  /** One arrival: 1 Mb (Matlab's poissrnd in Mb) or one 1000-byte packet. */
  quantum: '1Mb' | '1000B';
  steps: number;
  seed: number;
}

export const DEFAULT_SIZING_FORM: SizingForm = {
  template: 'linear',
  routers: 3,
  lambdasMbps: [170],
  capacitiesMbps: [180, 200, 240, 300],
  preset: 'matlab',
  criterion: 'no-loss',
  quantum: '1Mb',
  steps: 200,
  seed: 1,
};

export interface SizingRow {
  capacityMbps: number;
  routerIds: string[];
  /** Minimum buffer per router, Mb (NaN when none up to the search limit passes). */
  buffersMb: number[];
}

export interface SizingTrace {
  routerIds: string[];
  /** Θ_i / B_i per step, per router. */
  share: Float64Array[];
  bl: number;
  bu: number;
}

/** Problems with a form, one sentence each naming the field. */
export function checkSizingForm(f: SizingForm): string[] {
  const need = f.template === 'linear' ? 1 : f.template === 'cross2' ? 2 : 3;
  const out: string[] = [];
  if (f.lambdasMbps.length !== need || f.lambdasMbps.some((x) => !(x > 0)))
    out.push(`λ: give ${need} positive rate${need > 1 ? 's' : ''} in Mb/s, comma-separated`);
  if (f.capacitiesMbps.length === 0 || f.capacitiesMbps.some((x) => !(x > 0)))
    out.push('Capacities: give one or more positive rates in Mb/s, comma-separated');
  if (f.capacitiesMbps.length > 12) out.push('Capacities: at most 12 at a time');
  if (f.template === 'linear' && !(Number.isInteger(f.routers) && f.routers >= 1 && f.routers <= 12))
    out.push('Routers: a whole number from 1 to 12');
  if (!(Number.isInteger(f.steps) && f.steps >= 10 && f.steps <= 2000))
    out.push('Steps: a whole number from 10 to 2000');
  return out;
}

export function sizingParams(f: SizingForm): FluidParams {
  return {
    ...FLUID_DEFAULTS,
    ...(f.preset === 'ns2' ? { bl: 0.1, bu: 0.9 } : { bl: 0.2, bu: 0.8 }),
    quantumBits: f.quantum === '1Mb' ? 1e6 : 8000,
    steps: f.steps,
    seed: f.seed,
  };
}

const topology = (f: SizingForm, capacityMbps: number) =>
  bufferSizingTopology(
    f.template,
    f.lambdasMbps.map((x) => x * 1e6),
    capacityMbps * 1e6,
    f.routers,
  );

/** The minimum buffers for one capacity. */
export function sizeOne(f: SizingForm, capacityMbps: number): SizingRow {
  const t = topology(f, capacityMbps);
  const res = minimumBuffers(t, sizingParams(f), {
    criterion: f.criterion,
    runs: 1,
    resolutionBits: 1e6,
    maxFactor: 50,
  });
  return { capacityMbps, routerIds: t.routers.map((r) => r.id), buffersMb: res.buffers.map((b) => b / 1e6) };
}

/** Occupancy shares over the steps of one model run at the given buffers (Mb). */
export function traceAt(f: SizingForm, row: SizingRow): SizingTrace | null {
  if (row.buffersMb.some((b) => !Number.isFinite(b))) return null;
  const p = sizingParams(f);
  const run = runFluid(
    topology(f, row.capacityMbps),
    row.buffersMb.map((b) => b * 1e6),
    p,
  );
  const share = run.occupancy.map((o, i) => {
    const b = row.buffersMb[i]! * 1e6;
    const out = new Float64Array(o.length);
    for (let k = 0; k < o.length; k++) out[k] = o[k]! / b;
    return out;
  });
  return { routerIds: row.routerIds, share, bl: p.bl, bu: p.bu };
}
