/**
 * The range of every numeric key of the harness scripts `cclab translate` knows, checked before
 * the translator runs (unchecked, `n=1e9` aborts V8 building a billion flows, `n=100000` prints
 * 113 MB, `bw=0Mb`, `qlim=-1`, `T=1e12` print scenarios `validate` refuses).
 * Ranges are the engine's own (core/limits.ts, the transports' parameter ranges) seen through the
 * script's arithmetic: ns-2 TCP packets are `pkt` + 40 bytes (+ 50 for Linux agents) and must be
 * 64–65,535 bytes; a dumbbell of n flows has 2n + 2 nodes, at most SCENARIO_LIMITS.nodes. What
 * the translation prints is validated as well (cli/translate.ts), so a gap here cannot print an
 * invalid scenario. Messages follow the ns-3 translator's: `key bw: expected …, got '0Mb'`.
 */
import {
  BUFFER_PACKETS_RANGE,
  DURATION_RANGE,
  LINK_DELAY_RANGE,
  PROBE_INTERVAL_RANGE,
  RATE_RANGE,
} from '../core/limits.js';
import { parseBitRate, parseDuration } from '../core/units.js';
import { SCENARIO_LIMITS } from '../scenario/inputBounds.js';
import { ns3Rate, ns3Time } from '../scenario/ns3Dumbbell.js';

/** A key's check: null when the value is fine, else what was expected ("a whole number in [1, 2499]"). */
type Check = (value: string) => string | null;

/** Most flows of a dumbbell: 2n + 2 nodes (sources, sinks, two routers) within the node limit. */
export const MAX_DUMBBELL_FLOWS = Math.floor((SCENARIO_LIMITS.nodes - 2) / 2);
/** Most flows of xcp.tcl: n + 2 nodes (sources; the sinks sit on a router). */
export const MAX_XCP_FLOWS = SCENARIO_LIMITS.nodes - 2;

const DAY_S = DURATION_RANGE.max;

function int(min: number, max: number): Check {
  return (v) =>
    /^[+-]?\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max ? null : `a whole number in [${min}, ${max}]`;
}

/** A plain number (seconds, Mb/s, ms…) in [min, max], or (min, max] when `openMin`. */
function num(min: number, max: number, unit = '', openMin = false): Check {
  return (v) => {
    const x = Number(v);
    const ok = v.trim() !== '' && Number.isFinite(x) && (openMin ? x > min : x >= min) && x <= max;
    return ok ? null : `a number${unit} in ${openMin ? '(' : '['}${min}, ${max}]`;
  };
}

/** A value read by `parse` (null when unreadable) in [min, max]. */
function quantity(parse: (v: string) => number | null, min: number, max: number, what: string): Check {
  return (v) => {
    const x = parse(v);
    return x !== null && Number.isFinite(x) && x >= min && x <= max ? null : what;
  };
}

/** A comma-separated list of at most `most` entries, each passing `each`. */
function list(each: Check, most: number, what: string): Check {
  return (v) => {
    const items = v.split(',');
    if (items.length > most) return `at most ${most} entries (${what})`;
    for (const x of items) if (each(x) !== null) return `a comma-separated list of ${what}`;
    return null;
  };
}

const ns2Rate = (v: string): number | null => {
  const r = parseBitRate(/^[0-9.]+$/.test(v) ? `${v}bps` : v);
  return r.ok ? r.value : null;
};
const ns2Time = (v: string): number | null => {
  const r = parseDuration(v);
  return r.ok ? r.value / 1e9 : null;
};
const ns3 = (parse: (key: string, v: string) => number) => (v: string) => {
  try {
    return parse('', v);
  } catch {
    return null;
  }
};

const RATE = `a bit rate in [1 bit/s, 1 Tbit/s] (e.g. 10Mb)`;
const DELAY = `a delay in [0, ${LINK_DELAY_RANGE.max} s] (e.g. 20ms)`;
const ns2RateCheck = quantity(ns2Rate, RATE_RANGE.min, RATE_RANGE.max, RATE);
const ns2DelayCheck = quantity(ns2Time, LINK_DELAY_RANGE.min, LINK_DELAY_RANGE.max, DELAY);
const ns3RateCheck = quantity(ns3(ns3Rate), RATE_RANGE.min, RATE_RANGE.max, RATE);
const ns3DelayCheck = quantity(ns3(ns3Time), LINK_DELAY_RANGE.min, LINK_DELAY_RANGE.max, DELAY);
const flowKinds = (most: number): Check => list((x) => (x.trim() === '' ? 'empty' : null), most, 'flow kinds');

/** By simulator, then script: each numeric key's check (keys not listed are checked by the translator). */
export const KEY_CHECKS: Record<string, Record<string, Record<string, Check>>> = {
  ns2: {
    'dumbbell.tcl': {
      n: int(1, MAX_DUMBBELL_FLOWS),
      flows: flowKinds(MAX_DUMBBELL_FLOWS),
      bw: ns2RateCheck,
      accbw: ns2RateCheck,
      delay: ns2DelayCheck,
      accdelay: ns2DelayCheck,
      accdelays: list(ns2DelayCheck, MAX_DUMBBELL_FLOWS, 'delays such as 5ms'),
      qlim: int(BUFFER_PACKETS_RANGE.min, BUFFER_PACKETS_RANGE.max),
      T: num(0, DAY_S, ' of seconds', true),
      pkt: int(64, 65_535 - 50),
      win: int(2, 1_000_000),
      stagger: num(0, DAY_S, ' of seconds'),
      sample: num(PROBE_INTERVAL_RANGE.min, PROBE_INTERVAL_RANGE.max, ' of seconds'),
      warmup: num(0, DAY_S, ' of seconds'),
      cwndflow: int(0, MAX_DUMBBELL_FLOWS - 1),
      cbrpkt: int(1, 65_535),
      vegas_alpha: num(0, 10_000),
      vegas_beta: num(0, 10_000),
    },
    'xcp.tcl': {
      nx: int(0, MAX_XCP_FLOWS),
      ntcp: int(0, MAX_XCP_FLOWS),
      bw: num(0, RATE_RANGE.max / 1e6, ' of Mb/s', true),
      delay: num(0, LINK_DELAY_RANGE.max * 1000, ' of ms'),
      T: num(0, DAY_S, ' of seconds', true),
      pkt: int(64, 65_535 - 50),
    },
  },
  ns3: {
    dumbbell: {
      bw: ns3RateCheck,
      accbw: ns3RateCheck,
      delay: ns3DelayCheck,
      accdelay: ns3DelayCheck,
      accdelays: list(ns3DelayCheck, 200, 'delays such as 5ms'),
      flows: flowKinds(200),
      T: quantity(ns3(ns3Time), Number.MIN_VALUE, DAY_S, `a duration in (0, ${DAY_S} s]`),
      stagger: quantity(ns3(ns3Time), 0, DAY_S, `a duration in [0, ${DAY_S} s]`),
      warmup: quantity(ns3(ns3Time), 0, DAY_S, `a duration in [0, ${DAY_S} s]`),
      sample: quantity(
        ns3(ns3Time),
        PROBE_INTERVAL_RANGE.min,
        PROBE_INTERVAL_RANGE.max,
        `a duration in [1 µs, ${PROBE_INTERVAL_RANGE.max} s]`,
      ),
      dacktimeout: ns3DelayCheck,
      minrto: ns3DelayCheck,
    },
  },
};

/** The first key of `args` out of its range, as a message, or null. */
export function checkTranslateArgs(sim: string, script: string, args: Record<string, string>): string | null {
  const checks = KEY_CHECKS[sim]?.[script] ?? {};
  for (const [key, value] of Object.entries(args)) {
    const check = Object.hasOwn(checks, key) ? checks[key] : undefined;
    const expected = check ? check(value) : null;
    if (expected !== null) return `key ${key}: expected ${expected}, got '${value}'`;
  }
  return null;
}
