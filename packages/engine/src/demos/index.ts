// The lecture kit's demos (docs/lab.md "Demos", docs/cli.md "cclab demo"), in lecture order.
import { burstyLossDemo } from './lossDemos.js';
import { bufferbloatDemo, incastDemo } from './queueDemos.js';
import { wirelessSchedulersDemo, xcpDemo } from './routerDemos.js';
import { bbrVsCubicDemo, cubicVsNewRenoDemo, rttUnfairnessDemo, slowStartDemo } from './tcpDemos.js';
import type { Demo } from './types.js';

export { DEMO_WINDOW_S, applyDemoChange, applyDemoEdit, demoEditEvent, claim } from './types.js';
export type { Demo, DemoChange, DemoClaim, DemoEdit, DemoNote } from './types.js';

/** Every demo, in the order a course meets them. */
export const demos: readonly Demo[] = [
  slowStartDemo,
  rttUnfairnessDemo,
  bufferbloatDemo,
  cubicVsNewRenoDemo,
  bbrVsCubicDemo,
  incastDemo,
  xcpDemo,
  burstyLossDemo,
  wirelessSchedulersDemo,
];

export function findDemo(id: string): Demo | undefined {
  return demos.find((d) => d.id === id);
}

/** The preset id of a demo's scenario (`cclab run --preset demo-ID`). */
export const demoPresetId = (d: Demo) => `demo-${d.id}`;

/** The demos' scenarios as built-in presets (presets.ts), written by `npm run presets`. */
export const demoPresets = demos.map((d) => ({ id: demoPresetId(d), title: `Demo: ${d.title}`, scenario: d.scenario }));
