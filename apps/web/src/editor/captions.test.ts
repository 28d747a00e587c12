import { describe, expect, it } from 'vitest';
import { linkCaption, nodeCaption, NODE_CAPTION_CHARS } from './captions';
import { clipMessage, clipText, MESSAGE_CHARS } from '../clipText';

describe('captions drawn from what a scenario holds', () => {
  it('show quantities in their units', () => {
    expect(linkCaption({ a: 'a', b: 'b', rate: '10Mbps', delay: '20ms' })).toBe('10 Mb/s · 20 ms');
    expect(nodeCaption({ id: 'r1', kind: 'router' })).toBe('r1');
  });

  it('cut whatever was pasted to a length that fits, never a megabyte of text', () => {
    const pasted = 'x'.repeat(1_000_000);
    expect(linkCaption({ a: 'a', b: 'b', rate: pasted, delay: '-3ms' })).toBe(`${'x'.repeat(15)}… · -3ms`);
    const label = nodeCaption({ id: 'n', kind: 'host', label: '路由器'.repeat(100_000) });
    expect(Array.from(label)).toHaveLength(NODE_CAPTION_CHARS);
    expect(label.endsWith('…')).toBe(true);
    // never splits a character made of two UTF-16 units
    expect(clipText('😀'.repeat(30), 5)).toBe('😀😀😀😀…');
    expect(clipText('short', 5)).toBe('short');
  });

  it('messages quoting a huge value are cut and say how long they were', () => {
    const m = `links[0].rate: "${'x'.repeat(1_000_000)}" is not a bit rate`;
    const shown = clipMessage(m);
    expect(shown.length).toBeLessThan(MESSAGE_CHARS + 40);
    expect(m.length).toBe(1_000_035);
    expect(shown).toMatch(/^links\[0\]\.rate: "x+… \(1,000,035 characters in all\)$/);
    expect(clipMessage('short')).toBe('short');
  });
});
