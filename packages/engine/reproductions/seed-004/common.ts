import type { ExperimentPoint, NamedMetric } from '../../src/experiment/experiment.js';
import { seed004CcParams, type Seed004Cc } from '../../src/scenario/seed004.js';

/** The four window-control schemes and four BS schedulers of seed 004 §4.3, in the thesis's order. */
export const SCHEMES: readonly { cc: Seed004Cc; id: string; label: string }[] = [
  { cc: 'reno', id: 'reno', label: 'Reno' },
  { cc: 'vegas', id: 'vegas', label: 'Vegas' },
  { cc: 'fast', id: 'fast', label: 'FAST' },
  { cc: 'quic-tcp', id: 'quic', label: 'QUIC-TCP' },
];
export const SCHEDULERS: readonly { id: string; label: string }[] = [
  { id: 'rr', label: 'RR' },
  { id: 'max-snr', label: 'MSNR' },
  { id: 'qlen', label: 'Qlen' },
  { id: 'qdelay', label: 'Qdelay' },
];

/** Point id of a (scheme, scheduler) pair: "quic-qdelay". */
export const pt = (scheme: string, scheduler: string) => `${scheme}-${scheduler}`;

/** The 16 points {Reno, Vegas, FAST, QUIC-TCP} × {RR, MSNR, Qlen, Qdelay}. */
export const GRID: ExperimentPoint[] = SCHEMES.flatMap((s) =>
  SCHEDULERS.map((b) => {
    const cp = seed004CcParams(s.cc);
    return {
      id: pt(s.id, b.id),
      label: `${s.label}, ${b.label}`,
      set: {
        'flows[*].transport.cc': s.cc,
        'flows[*].transport.ccParams': cp ?? {},
        'nodes[BS].bs.scheduler': { type: b.id },
      },
    };
  }),
);

const P = 200;
/** Jain, aggregate (packets/ms) and utility Σ p_s log10 x_s over all, wired-only and wireless-only flows (§5). */
export const CRITERIA: NamedMetric[] = [
  { name: 'jain', label: "Jain's index, all flows", metric: 'jain' },
  { name: 'aggregate', label: 'Aggregate throughput, all flows', metric: 'aggregatePacketsPerMs' },
  { name: 'utility', label: 'Utility Σ p_s·log10 x_s, all flows', metric: 'utility', p: P },
  { name: 'wiredJain', label: "Jain's index, wired flows", metric: 'jain', subset: 'wired' },
  { name: 'wiredAggregate', label: 'Aggregate throughput, wired', metric: 'aggregatePacketsPerMs', subset: 'wired' },
  { name: 'wiredUtility', label: 'Utility, wired flows', metric: 'utility', p: P, subset: 'wired' },
  { name: 'wirelessJain', label: "Jain's index, wireless flows", metric: 'jain', subset: 'wireless' },
  {
    name: 'wirelessAggregate',
    label: 'Aggregate throughput, wireless',
    metric: 'aggregatePacketsPerMs',
    subset: 'wireless',
  },
  { name: 'wirelessUtility', label: 'Utility, wireless flows', metric: 'utility', p: P, subset: 'wireless' },
];

/**
 * Per-flow data packets per ms for the six wireless flows (Fig. 14's counts over 500 s, as rates so
 * that runs of another length compare: count / 500 000 ms).
 */
export const WIRELESS_RATES: NamedMetric[] = [0, 1, 2, 3, 4, 5].map((i) => ({
  name: `rate${i}`,
  label: `ftp${i} packets/ms (UE${i + 1}, ${[5, 9, 13, 5, 9, 13][i]} dB)`,
  metric: 'aggregatePacketsPerMs',
  flows: [`ftp${i}`],
}));

/**
 * The length of the recorded runs: the thesis's 500 s (with the seeds of the entries, 1 and 2). A
 * 500-s run of these topologies is 257–381 M events (44–250 s of one core on this machine, more
 * under load). `npx cclab sweep packages/engine/sweeps/seed004-fair.json` (and -random) runs the
 * same grid on every core.
 */
export const RECORDED_DURATION = '500s';
/** Start of the equilibrium window of the backlog metrics (the thesis's plots settle well before). */
const SETTLED_S = 30;

/** Dynamics (Figs 4–7) and the equilibrium backlog: a wired and a wireless flow. */
export const DYNAMICS: NamedMetric[] = [
  { name: 'ttmWired', label: 'ftp6 time to 90 % of its peak rate', metric: 'timeToMaxS', flow: 'ftp6' },
  {
    name: 'covWired',
    label: 'ftp6 throughput CoV after convergence',
    metric: 'throughputCov',
    flow: 'ftp6',
    afterConvergence: true,
  },
  {
    name: 'backlogWired',
    label: `ftp6 packets queued (t > ${SETTLED_S} s)`,
    metric: 'meanBacklogPackets',
    flow: 'ftp6',
    from: SETTLED_S,
  },
  {
    name: 'backlogWireless',
    label: `ftp0 packets queued (t > ${SETTLED_S} s)`,
    metric: 'meanBacklogPackets',
    flow: 'ftp0',
    from: SETTLED_S,
  },
];

/** What every seed-004 entry notes. */
export const COMMON_NOTES = [
  'The thesis’s figures are lost; its numbers survive in the text (digest 004 §3), which is what the paper column holds.',
  'Wired rates and delays are not given. Ours (docs/models.md, "Seed 004 topologies"): every flow’s first hop 5 Mb/s, the rest of the wired network 100 Mb/s, 5 ms per wired link, 1 ms radio hop, 100 Mb/s uplinks. They come from reading the thesis’s numbers: wired flows held at 5 Mb/s = 6.25 packets/ms each by their own access links (wired Jain ≈ 1, as reported) and a shared trunk that never fills (the aggregate changes with the BS scheduler).',
  '"10M" shared bandwidth is read as 10 MHz: a slot carries 10 MHz × 10 ms × bits/symbol of the mode (Table 1). Read as 10 Mb/s at the top mode the radio would carry 2.7 Mb/s under max-SNR where the thesis’s Fig. 14 counts show ≈ 10 Mb/s.',
  '100-byte packets on the wire (40 of them header); ACKs 40 bytes; the receive window never binds. Seeds change only the fading draws: all flows start together (thesis §4.3).',
  'The thesis gives no time constant for Qdelay’s averaged rate AveR: ours is 1 s (100 slots). Below Table 1’s lowest threshold nothing is sent (an outage).',
  'Aggregate and utility count data packets delivered (duplicates excluded) per ms and per s of the run.',
  'Run length: 500 s, as the thesis; two seeds (the fading draws of seeds 1 and 2), the mean shown. The backlog is averaged over t > 30 s. `npx cclab sweep packages/engine/sweeps/seed004-fair.json` (and -random) runs the same grid on every core; `cclab reproduce seed-004-fair --seeds 1,2,3` adds seeds.',
];
