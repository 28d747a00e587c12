import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import { boundedLzDecode } from './boundedLzDecode';
// @ts-expect-error -- a plain-JS e2e fixture, shared with the browser tests
import { linkBomb } from '../../../../e2e/fixtures/linkBomb.mjs';

const bombOf = linkBomb as (chars: number) => { link: string; decodedChars: number };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

describe('the bounded link decoder', () => {
  it('reads back whatever lz-string encodes, in any script (property, against the library)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (text) => {
        const encoded = LZString.compressToEncodedURIComponent(text);
        expect(boundedLzDecode(encoded, Infinity)).toEqual({ ok: true, text });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads long and repetitive text, where codes grow to many bits', () => {
    for (const text of ['a'.repeat(100_000), JSON.stringify({ nodes: Array.from({ length: 3000 }, (_, i) => i) })]) {
      expect(boundedLzDecode(LZString.compressToEncodedURIComponent(text), Infinity)).toEqual({ ok: true, text });
    }
  });

  it('agrees with the library on junk made of the link alphabet, or says the junk is damaged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 300 }), (junk) => {
        const mine = boundedLzDecode(junk, Infinity);
        let theirs: string | null;
        try {
          theirs = LZString.decompressFromEncodedURIComponent(junk);
        } catch {
          theirs = null; // the library throws on some junk
        }
        if (mine.ok) expect(mine.text).toBe(theirs);
        else expect(mine.reason).toBe('damaged');
      }),
      { numRuns: 3000 },
    );
  });

  it('stops at the limit: a 10 M-character text in a link of under 10 k characters is refused', () => {
    // The fixture writes LZW codes directly; the library reads a small one as the text it claims.
    const small = bombOf(5000);
    expect(LZString.decompressFromEncodedURIComponent(small.link)).toBe('a'.repeat(small.decodedChars));
    const { link: bomb, decodedChars } = bombOf(10_000_000);
    expect(decodedChars).toBeGreaterThanOrEqual(10_000_000);
    expect(bomb.length).toBeLessThan(10_000);
    const r = boundedLzDecode(bomb, 2_000_000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('too-large');
    // the limit is inclusive: exactly maxChars is fine
    const exact = LZString.compressToEncodedURIComponent('xy'.repeat(500));
    expect(boundedLzDecode(exact, 1000)).toEqual({ ok: true, text: 'xy'.repeat(500) });
    expect(boundedLzDecode(exact, 999)).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('names a character outside the alphabet and a link cut short', () => {
    const good = LZString.compressToEncodedURIComponent('{"version":1}');
    expect(boundedLzDecode(good.slice(0, 3) + '%' + good.slice(4), Infinity)).toEqual({
      ok: false,
      reason: 'damaged',
      detail: 'character 4 is not part of a scenario link',
    });
    expect(boundedLzDecode(good.slice(0, good.length - 3), Infinity)).toMatchObject({ ok: false, reason: 'damaged' });
    // a space stands for '+' (what a form or a mail program makes of it), as in the library
    expect(boundedLzDecode(good.replace(/\+/g, ' '), Infinity)).toEqual({ ok: true, text: '{"version":1}' });
  });
});
