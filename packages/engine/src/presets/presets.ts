import { demoPresets } from '../demos/index.js';
import { dumbbell } from '../scenario/builders.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { queueLessonPresets } from '../scenario/queuePresets.js';
import { seed000Presets } from '../scenario/seed000Presets.js';
import { seed003Presets } from '../scenario/seed003.js';
import type { ScenarioInput } from '../scenario/types.js';
import { wirelessPresets } from '../scenario/wirelessPresets.js';

/** The lab's first-visit scenario: two NewReno flows sharing a 10 Mb/s bottleneck. */
export function defaultScenario(): ScenarioInput {
  return dumbbell({
    name: 'Two-flow dumbbell',
    description:
      'Two NewReno flows share a 10 Mb/s, 20 ms bottleneck with a 50-packet DropTail buffer. Watch the sawtooth: each loss halves cwnd, and the queue drains and refills.',
    flows: [
      { transport: { type: 'tcp', cc: 'newreno' }, start: '0s' },
      { transport: { type: 'tcp', cc: 'newreno' }, start: '1s' },
    ],
    bottleneckRate: '10Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: '50 packets',
    accessRate: '100Mbps',
    accessDelay: '5ms',
    accessBuffer: '1000 packets',
    duration: '60s',
    probeInterval: '50ms',
  });
}

/** ns-2 reference scenarios of validation/ns2/given.list that the engine's models cover. */
export const ns2ReferenceArgs: Record<string, Record<string, string>> = {
  'newreno-1flow': { n: '1', T: '60' },
  'newreno-4flows-droptail': { n: '4', T: '60' },
  'newreno-4flows-red': { n: '4', qtype: 'RED', T: '60' },
  'sack-reno-tahoe': { flows: 'Sack,Reno,Tahoe', T: '60' },
  'vegas-2flows': { flows: 'Vegas,Vegas', T: '60' },
  'cbr-overload-vs-newreno': { flows: 'Newreno,CBR:12Mb', T: '60' },
  'dccp-tcplike-vs-newreno': { flows: 'Newreno,DCCP:TCPlike', T: '60' },
  'tfrc-vs-newreno': { flows: 'Newreno,TFRC', T: '60' },
  'cubic-2flows': { flows: 'Linux:cubic,Linux:cubic', T: '60' },
  'drr-4flows': { n: '4', qtype: 'DRR', T: '60' },
  'sfq-4flows': { n: '4', qtype: 'SFQ', T: '60' },
  'bench-16flows-100mb': { n: '16', bw: '100Mb', qlim: '500', accbw: '1Gb', T: '100', sample: '1' },
};

export interface Preset {
  id: string;
  title: string;
  scenario: () => ScenarioInput;
}

/** Built-in scenarios offered by the lab and the CLI (`cclab run --preset ID`). */
export const presets: Preset[] = [
  { id: 'default', title: 'Two-flow dumbbell (NewReno)', scenario: defaultScenario },
  ...queueLessonPresets,
  ...Object.entries(ns2ReferenceArgs).map(([id, args]) => ({
    id: `ns2-${id}`,
    title: `ns-2 reference: ${id}`,
    scenario: () => ns2DumbbellScenario(id, args),
  })),
  ...seed003Presets(),
  ...wirelessPresets,
  ...seed000Presets(),
  ...demoPresets,
];
