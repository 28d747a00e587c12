import { describe, expect, it } from 'vitest';
import { ns3DumbbellScenario } from '../scenario/ns3Dumbbell.js';
import { NS3_ABLATIONS } from './ns3Ablation.js';

describe('ns-3 ablations (validate-ns3 --ablate)', () => {
  // CUBIC under CoDel uses every ns-3 behaviour the table sets back: TCP emulation parameters,
  // the ns-3.37 CUBIC, link framing, the device queue and CoDel's ns3 variant
  const args = { n: '4', tcp: 'Cubic', qtype: 'CoDel', qlim: '1000', bw: '20Mb', T: '60' };
  const translated = JSON.stringify(ns3DumbbellScenario('x', args));

  it('the first row is the translation itself; every other row changes it (no silent no-op)', () => {
    const [first, ...rest] = NS3_ABLATIONS;
    const edited = (edit: (typeof NS3_ABLATIONS)[number]['edit']) => {
      const s = ns3DumbbellScenario('x', args);
      edit(s);
      return JSON.stringify(s);
    };
    expect(edited(first!.edit)).toBe(translated);
    for (const a of rest) expect(edited(a.edit), a.label).not.toBe(translated);
  });
});
