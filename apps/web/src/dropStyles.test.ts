import { describe, expect, it } from 'vitest';
import { DROP_REASONS } from '@cclab/engine';
import { REASON_STYLES, reasonStyle } from './dropStyles';
import { OKABE_ITO } from './palette';
import { portTooltip } from './editor/portTooltip';

describe('drop and mark glyphs', () => {
  it('overflow, early, forced drops and ECN marks each have their own shape and colour', () => {
    const kinds = [
      reasonStyle('overflow', false),
      reasonStyle('early', false),
      reasonStyle('forced', false),
      reasonStyle('early', true),
    ];
    expect(new Set(kinds.map((k) => k.glyph)).size).toBe(4);
    expect(new Set(kinds.map((k) => k.color)).size).toBe(4);
  });

  it('use colours no flow uses, so a glyph never reads as a packet', () => {
    const flows = new Set<string>(OKABE_ITO.map((c) => c.toLowerCase()));
    for (const st of Object.values(REASON_STYLES)) expect(flows.has(st.color.toLowerCase()), st.kind).toBe(false);
  });

  it('a mark is never drawn as a drop, whatever its reason', () => {
    for (const r of [...DROP_REASONS, 'link-loss', 'something-new']) {
      expect(reasonStyle(r, true).kind).toBe('mark');
      expect(reasonStyle(r, false).kind).not.toBe('mark');
    }
  });

  it('groups reasons by what happened: a full buffer, a decision, a forced drop, the wire', () => {
    expect(['overflow', 'front', 'fq-overflow', 'memory'].map((r) => reasonStyle(r, false).kind)).toEqual([
      'overflow',
      'overflow',
      'overflow',
      'overflow',
    ]);
    expect(['early', 'codel', 'step', 'policy'].map((r) => reasonStyle(r, false).kind)).toEqual([
      'aqm',
      'aqm',
      'aqm',
      'aqm',
    ]);
    expect(reasonStyle('forced', false).kind).toBe('forced');
    expect(reasonStyle('link-loss', false).kind).toBe('loss');
  });
});

describe('a queue gauge’s tooltip', () => {
  it('lists the discipline, what is queued by flow, and drops and marks by reason', () => {
    const text = portTooltip(
      {
        name: 'r1->r2',
        from: 0,
        to: 1,
        rateBps: 1e7,
        delayNs: 1e7,
        limitPackets: 50,
        limitBytes: Infinity,
        probe: 0,
        queue: 'droptail',
        child: null,
        gauge: true,
      },
      12,
      new Map([
        [0, 5],
        [1, 7],
      ]),
      { drops: { overflow: 3, early: 9 }, marks: { early: 4 } },
      ['f0', 'f1'],
    );
    expect(text.split('\n')).toEqual([
      'Egress queue r1->r2: DropTail (FIFO), limit 50 packets',
      'Queued: 12 packets (f0 5, f1 7)',
      'Drops: 9 early, 3 overflow',
      'ECN marks: 4 early',
    ]);
  });
});
