/**
 * `cclab buffer-size`: the minimum LbLCA router buffers of seed 000 §6.2.1 from the discrete-time
 * model (fluid/), for a topology template, arrival rates and outgoing capacities (docs/cli.md).
 */
import { parseBitRate, parseByteSize, parseDuration } from '../core/units.js';
import { minimumBuffers, SIZING_DEFAULTS, type SizingCriterion, type SizingOptions } from '../fluid/bufferSizing.js';
import type { FluidArrivalLaw } from '../fluid/fluidArrivals.js';
import { bufferSizingTopology, FLUID_TEMPLATES, type FluidTemplate } from '../fluid/fluidTopologies.js';
import { FLUID_DEFAULTS, runFluid, type FluidParams } from '../fluid/lblcaFluid.js';
import { checkDistinctOutputs, OutputClashError, writeOutputFile } from './outputFiles.js';
import { unknownOption } from './cliOptions.js';

export const BUFFER_SIZE_USAGE = `usage: cclab buffer-size --topology linear|cross2|cross3 --lambda RATE[,RATE...] [options]
  --routers N              linear chain length (default 3)
  --lambda R1[,R2,R3]      mean arrival rate into each input (linear 1, cross2 2, cross3 3), e.g. 170Mbps
  --capacity RATE          outgoing capacity (linear: every port; cross: the merge router's), default = total λ
  --sweep FROM:TO:STEP     capacities to size for, e.g. 170Mbps:300Mbps:10Mbps (instead of --capacity)
  --preset matlab|ns2      set points 0.2/0.8 (§6.2 Matlab, default) or 0.1/0.9 (Algorithm 2)
  --bl X --bu X            set points (shares of the buffer)
  --delta X                δ as a share (default 0.05)   --delta-of capacity|arrival
  --rule repaired|literal  eq. 6.6                        --rates fraction|absolute   (eq. 6.2 reading)
  --edge own-buffer|line-rate  an egress router's port (no downstream feedback)
  --period DUR             step d (default 1s)           --feedback-delay N  Δx in steps (default 0)
  --steps N                steps per run (default 1000)  --runs N  realisations that must pass (default 3)
  --arrivals poisson|hyperexp|weibull  (--cv X for hyperexp, default 2; --shape X for Weibull, default 0.519675)
  --quantum SIZE           one arrival, e.g. 1000B (default) or 1Mb (Matlab's poissrnd in Mb)
  --criterion band|no-loss occupancy inside [b_l·B, b_u·B] (default), or never overflowing nor empty
  --resolution SIZE        search granularity (default 1Mb)
  --seed N                 first random seed (default 1)
  --json                   results as JSON           --csv FILE   one row per capacity
  --trace FILE             CSV of every router's occupancy and rate at the minimum buffers (first capacity)`;

interface Parsed {
  template: FluidTemplate;
  routers: number;
  lambdas: number[];
  capacities: number[];
  params: FluidParams;
  sizing: SizingOptions;
  json: boolean;
  csv?: string;
  trace?: string;
}

class ArgError extends Error {}

function rate(opt: string, v: string): number {
  const r = parseBitRate(v);
  if (!r.ok || !(r.value > 0)) throw new ArgError(`${opt}: ${r.ok ? `${v} is not positive` : r.error}`);
  return r.value;
}

function bits(opt: string, v: string): number {
  const b = parseByteSize(v);
  if (b.ok && b.value > 0) return b.value * 8;
  const r = parseBitRate(v.replace(/b$/, 'bps'));
  if (r.ok && r.value > 0) return r.value;
  throw new ArgError(`${opt}: ${JSON.stringify(v)} is not a size such as 1000B or 1Mb`);
}

function number(opt: string, v: string, min: number, max: number, integer = false): number {
  const x = Number(v);
  if (v.trim() === '' || !Number.isFinite(x) || x < min || x > max || (integer && !Number.isInteger(x)))
    throw new ArgError(
      `${opt}: ${JSON.stringify(v)} is not ${integer ? 'a whole number' : 'a number'} in [${min}, ${max}]`,
    );
  return x;
}

function oneOf<T extends string>(opt: string, v: string, options: readonly T[]): T {
  if (!options.includes(v as T)) throw new ArgError(`${opt}: ${JSON.stringify(v)} is not one of ${options.join(', ')}`);
  return v as T;
}

export function parseBufferSizeArgs(args: readonly string[]): Parsed {
  const vals = new Map<string, string>();
  const flags = new Set<string>();
  const known = new Set([
    ...['--topology', '--routers', '--lambda', '--capacity', '--sweep', '--preset', '--bl', '--bu', '--delta'],
    ...['--delta-of', '--rule', '--rates', '--edge', '--period', '--feedback-delay', '--steps', '--runs'],
    ...['--arrivals', '--cv', '--shape', '--quantum', '--criterion', '--resolution', '--seed', '--csv', '--trace'],
  ]);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new ArgError(`unexpected argument ${JSON.stringify(a)}`);
    if (a === '--json') {
      flags.add(a);
      continue;
    }
    if (!known.has(a)) throw new ArgError(unknownOption(a, [...known, '--json', '--help'], 'buffer-size'));
    if (vals.has(a)) throw new ArgError(`${a}: is given twice`);
    const v = args[i + 1];
    if (v === undefined || v.startsWith('--')) throw new ArgError(`${a}: needs a value`);
    vals.set(a, v);
    i++;
  }
  const csvFile = vals.get('--csv');
  const traceFile = vals.get('--trace');
  if (csvFile !== undefined && traceFile !== undefined)
    try {
      checkDistinctOutputs([
        { what: '--csv', file: csvFile },
        { what: '--trace', file: traceFile },
      ]);
    } catch (e) {
      throw new ArgError((e as OutputClashError).message);
    }
  const get = (k: string) => vals.get(k);
  const template = oneOf('--topology', get('--topology') ?? '', FLUID_TEMPLATES);
  const routers = number('--routers', get('--routers') ?? '3', 1, 100, true);
  const lambdaText = get('--lambda');
  if (lambdaText === undefined) throw new ArgError('--lambda: is required');
  const lambdas = lambdaText.split(',').map((x) => rate('--lambda', x));
  const need = template === 'linear' ? 1 : template === 'cross2' ? 2 : 3;
  if (lambdas.length !== need) throw new ArgError(`--lambda: ${template} takes ${need} rate(s), got ${lambdas.length}`);
  let capacities: number[];
  const sweep = get('--sweep');
  if (sweep !== undefined) {
    if (get('--capacity') !== undefined) throw new ArgError('--sweep: give either --capacity or --sweep');
    const parts = sweep.split(':');
    if (parts.length !== 3) throw new ArgError(`--sweep: ${JSON.stringify(sweep)} is not FROM:TO:STEP`);
    const [from, to, step] = parts.map((x) => rate('--sweep', x)) as [number, number, number];
    if (to < from) throw new ArgError('--sweep: TO is below FROM');
    const n = Math.floor((to - from) / step + 1e-9) + 1;
    if (n > 500) throw new ArgError(`--sweep: ${n} capacities (at most 500)`);
    capacities = Array.from({ length: n }, (_, i) => from + i * step);
  } else {
    const c = get('--capacity');
    capacities = [c !== undefined ? rate('--capacity', c) : lambdas.reduce((a, b) => a + b, 0)];
  }
  const preset = oneOf('--preset', get('--preset') ?? 'matlab', ['matlab', 'ns2'] as const);
  const bl = number('--bl', get('--bl') ?? (preset === 'ns2' ? '0.1' : '0.2'), 0, 1);
  const bu = number('--bu', get('--bu') ?? (preset === 'ns2' ? '0.9' : '0.8'), 0, 1);
  if (bl >= bu) throw new ArgError(`--bl: ${bl} must be below --bu ${bu}`);
  const period = parseDuration(get('--period') ?? '1s');
  if (!period.ok || !(period.value > 0))
    throw new ArgError(`--period: ${period.ok ? 'must be positive' : period.error}`);
  const law = oneOf('--arrivals', get('--arrivals') ?? 'poisson', ['poisson', 'hyperexp', 'weibull'] as const);
  const params: FluidParams = {
    ...FLUID_DEFAULTS,
    bl,
    bu,
    delta: number('--delta', get('--delta') ?? '0.05', 0, 1),
    deltaOf: oneOf('--delta-of', get('--delta-of') ?? 'capacity', ['capacity', 'arrival'] as const),
    rateRule: oneOf('--rule', get('--rule') ?? 'repaired', ['repaired', 'literal'] as const),
    rates: oneOf('--rates', get('--rates') ?? 'fraction', ['fraction', 'absolute'] as const),
    edge: oneOf('--edge', get('--edge') ?? 'own-buffer', ['own-buffer', 'line-rate'] as const),
    periodS: period.value / 1e9,
    feedbackDelaySteps: number('--feedback-delay', get('--feedback-delay') ?? '0', 0, 1000, true),
    steps: number('--steps', get('--steps') ?? '1000', 1, 1_000_000, true),
    arrivals: {
      law: law as FluidArrivalLaw,
      cv: number('--cv', get('--cv') ?? '2', 1, 100),
      weibullShape: number('--shape', get('--shape') ?? '0.519675', 0.05, 20),
    },
    quantumBits: bits('--quantum', get('--quantum') ?? '1000B'),
    seed: number('--seed', get('--seed') ?? '1', 0, 0xffffffff, true),
  };
  const sizing: SizingOptions = {
    ...SIZING_DEFAULTS,
    criterion: oneOf('--criterion', get('--criterion') ?? 'band', ['band', 'no-loss'] as const) as SizingCriterion,
    runs: number('--runs', get('--runs') ?? '3', 1, 100, true),
    resolutionBits: bits('--resolution', get('--resolution') ?? '1Mb'),
  };
  const csv = get('--csv');
  const trace = get('--trace');
  return {
    template,
    routers,
    lambdas,
    capacities,
    params,
    sizing,
    json: flags.has('--json'),
    ...(csv !== undefined ? { csv } : {}),
    ...(trace !== undefined ? { trace } : {}),
  };
}

export interface BufferSizeRow {
  capacityBps: number;
  routers: string[];
  /** Minimum buffer of each router, bits (NaN: none passed). */
  buffersBits: number[];
}

export function bufferSizeRows(p: Parsed): BufferSizeRow[] {
  return p.capacities.map((c) => {
    const t = bufferSizingTopology(p.template, p.lambdas, c, p.routers);
    const r = minimumBuffers(t, p.params, p.sizing);
    return { capacityBps: c, routers: t.routers.map((x) => x.id), buffersBits: r.buffers };
  });
}

const mb = (b: number) => (Number.isFinite(b) ? (b / 1e6).toFixed(1) : '—');

export function bufferSize(args: readonly string[]): number {
  let p: Parsed;
  try {
    p = parseBufferSizeArgs(args);
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    process.stderr.write(`${e.message}\n${BUFFER_SIZE_USAGE}\n`);
    return 2;
  }
  const rows = bufferSizeRows(p);
  const ids = rows[0]!.routers;
  if (p.csv)
    writeOutputFile(
      p.csv,
      [
        ['capacity_bps', ...ids.map((id) => `${id}_bits`)].join(','),
        ...rows.map((r) => [r.capacityBps, ...r.buffersBits.map((b) => (Number.isFinite(b) ? b : ''))].join(',')),
      ].join('\n') + '\n',
      '--csv',
    );
  if (p.trace) {
    const row = rows[0]!;
    const t = bufferSizingTopology(p.template, p.lambdas, row.capacityBps, p.routers);
    const run = runFluid(t, row.buffersBits, p.params);
    const head = ['step', ...ids.flatMap((id) => [`${id}_occupancy_bits`, `${id}_rate_bps`])];
    const lines = [head.join(',')];
    for (let k = 0; k <= p.params.steps; k++)
      lines.push([k, ...ids.flatMap((_, i) => [run.occupancy[i]![k], run.rate[i]![k]])].join(','));
    writeOutputFile(p.trace, lines.join('\n') + '\n', '--trace');
  }
  if (p.json) {
    process.stdout.write(JSON.stringify({ params: p.params, sizing: p.sizing, rows }, null, 2) + '\n');
    return 0;
  }
  const pkt = (b: number) => (Number.isFinite(b) ? Math.round(b / 8000).toString() : '—');
  const out = [
    `${p.template}${p.template === 'linear' ? ` (${p.routers} routers)` : ''}, λ = ${p.lambdas.map((l) => `${l / 1e6} Mb/s`).join(' / ')}, set points ${p.params.bl}/${p.params.bu}, d = ${p.params.periodS} s, ${p.params.arrivals.law} arrivals of ${p.params.quantumBits} bits, criterion ${p.sizing.criterion}`,
    `minimum buffers in Mb (and in 1000-byte packets):`,
    ['capacity Mb/s', ...ids].map((s) => s.padStart(18)).join(''),
    ...rows.map((r) =>
      [(r.capacityBps / 1e6).toFixed(1), ...r.buffersBits.map((b) => `${mb(b)} (${pkt(b)})`)]
        .map((s) => s.padStart(18))
        .join(''),
    ),
  ];
  if (rows.some((r) => r.buffersBits.some((b) => !Number.isFinite(b))))
    out.push(
      '— : no buffer up to 50·λ·d keeps the occupancy inside the criterion (see docs/models.md, "Fluid buffer-sizing")',
    );
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
