/**
 * The RED part of the ns-2 dumbbell translation: `qtype=RED` with the harness key
 * `redthresh=min:max` (dumbbell.tcl sets Queue/RED thresh_ and maxthresh_), and the class
 * defaults set by test/fixtures/ns2-scripts/red.tcl (`red_<var>=<value>` → `Queue/RED set
 * <var>_ <value>`). Unset variables keep ns-2.35's defaults, which are also the registry defaults
 * of `red` (see queue/redParams.ts), so only what a script changes is passed on.
 */
import type { QueueSpec } from './types.js';

/** Tcl's boolean spellings (bind_bool accepts these and integers). */
function tclBool(key: string, v: string): boolean {
  const s = v.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(s)) return true;
  if (['0', 'false', 'no', 'off'].includes(s)) return false;
  throw new Error(`${key}=${v}: not a Tcl boolean`);
}

function tclNumber(key: string, v: string): number {
  const x = Number(v);
  if (v.trim() === '' || !Number.isFinite(x)) throw new Error(`${key}=${v}: not a number`);
  return x;
}

/** Queue/RED variables the translation understands, and the `red`/`ared` parameter each sets. */
const RED_VARS: Record<string, (v: string, key: string, out: Record<string, unknown>) => void> = {
  setbit: (v, k, o) => (o.ecn = tclBool(k, v)),
  gentle: (v, k, o) => (o.gentle = tclBool(k, v)),
  wait: (v, k, o) => (o.wait = tclBool(k, v)),
  bytes: (v, k, o) => (o.byteMode = tclBool(k, v)),
  queue_in_bytes: (v, k, o) => (o.queueInBytes = tclBool(k, v)),
  thresh: (v, k, o) => (o.minThresh = tclNumber(k, v)),
  maxthresh: (v, k, o) => (o.maxThresh = tclNumber(k, v)),
  q_weight: (v, k, o) => (o.qWeight = tclNumber(k, v)),
  linterm: (v, k, o) => (o.maxP = 1 / tclNumber(k, v)),
  mean_pktsize: (v, k, o) => (o.meanPktSize = `${tclNumber(k, v)}B`),
  targetdelay: (v, k, o) => (o.targetDelay = `${tclNumber(k, v)}s`),
  use_mark_p: (v, k, o) => (o.useMarkP = tclBool(k, v)),
  mark_p: (v, k, o) => (o.markP = tclNumber(k, v)),
  drop_front: (v, k, o) => void (tclBool(k, v) && (o.dropFrom = 'front')),
  drop_rand: (v, k, o) => void (tclBool(k, v) && (o.dropFrom = 'random')),
  ns1_compat: (v, k, o) => (o.resetCountOnForcedDrop = !tclBool(k, v)),
  // Adaptive RED (adaptive_ itself selects the `ared` model)
  alpha: (v, k, o) => (o.alpha = tclNumber(k, v)),
  beta: (v, k, o) => (o.beta = tclNumber(k, v)),
  interval: (v, k, o) => (o.interval = `${tclNumber(k, v)}s`),
  top: (v, k, o) => (o.top = tclNumber(k, v)),
  bottom: (v, k, o) => (o.bottom = tclNumber(k, v)),
};

/** The bottleneck queue for `qtype=RED` and the script's RED keys. */
export function ns2RedQueue(args: Record<string, string>): QueueSpec {
  const params: Record<string, unknown> = {};
  if (args.redthresh) {
    const [min, max] = args.redthresh.split(':');
    params.minThresh = tclNumber('redthresh', min ?? '');
    params.maxThresh = tclNumber('redthresh', max ?? '');
  }
  let adaptive = false;
  for (const [key, v] of Object.entries(args)) {
    if (!key.startsWith('red_')) continue;
    const name = key.slice(4);
    if (name === 'adaptive') adaptive = tclBool(key, v);
    else if (RED_VARS[name]) RED_VARS[name](v, key, params);
    else throw new Error(`${key}: Queue/RED ${name}_ has no cclab equivalent in the translation`);
  }
  if (!adaptive)
    for (const k of ['alpha', 'beta', 'interval', 'top', 'bottom'])
      if (k in params) throw new Error(`red_${k} applies to Adaptive RED only (add red_adaptive=1)`);
  return Object.keys(params).length > 0
    ? { type: adaptive ? 'ared' : 'red', params }
    : { type: adaptive ? 'ared' : 'red' };
}

/**
 * Whether `tcp_ecn` (red.tcl: `Agent/TCP set ecn_ 1`) makes the TCP agents ECN-capable; other
 * `tcp_` keys have no translation.
 */
export function ns2TcpEcn(args: Record<string, string>): boolean {
  let ecn = false;
  for (const [k, v] of Object.entries(args)) {
    if (!k.startsWith('tcp_')) continue;
    if (k !== 'tcp_ecn') throw new Error(`${k}: Agent/TCP ${k.slice(4)}_ has no cclab equivalent in the translation`);
    ecn = tclBool(k, v);
  }
  return ecn;
}
