/**
 * Decoding of lz-string's URI-safe format (`compressToEncodedURIComponent`) with a limit on the
 * decoded length. The library's own decoder has no limit, and LZW output can grow with the square
 * of its input: a 9.7 k-character link can hold 10 M characters. This decoder stops as soon as the
 * output passes the limit, so a hostile link costs at most `maxChars` of memory and time.
 *
 * The format (lz-string 1.4+, as written by `compressToEncodedURIComponent`): each character of
 * the 64-letter alphabet below carries 6 bits, most significant first; numbers are read least
 * significant bit first, `width` bits at a time. Codes 0 and 1 introduce a literal character of 8
 * or 16 bits (which also becomes a dictionary entry), code 2 ends the stream, and every other code
 * names a dictionary entry (LZW). The code width starts at 2 bits for the first code and grows by
 * one bit each time the dictionary reaches the next power of two. The unit tests check this
 * decoder against the library on random text and random junk.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const SIX_BITS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SIX_BITS[ALPHABET.charCodeAt(i)] = i;

export type BoundedDecode =
  | { ok: true; text: string }
  | { ok: false; reason: 'too-large'; decodedChars: number }
  | { ok: false; reason: 'damaged'; detail: string };

class EndOfInput extends Error {}
class BadCharacter extends Error {
  constructor(readonly position: number) {
    super('bad character');
  }
}

/** Reads little-endian numbers from 6-bit characters, most significant bit of each character first. */
class SixBitReader {
  private next = 0;
  private value = 0;
  private mask = 0;

  constructor(private readonly text: string) {}

  read(width: number): number {
    let n = 0;
    for (let bit = 0; bit < width; bit++) {
      if (this.mask === 0) {
        if (this.next >= this.text.length) throw new EndOfInput();
        const c = this.text.charCodeAt(this.next);
        const v = c < 128 ? SIX_BITS[c]! : -1;
        if (v < 0) throw new BadCharacter(this.next);
        this.next++;
        this.value = v;
        this.mask = 32;
      }
      if (this.value & this.mask) n += 2 ** bit;
      this.mask >>= 1;
    }
    return n;
  }
}

/** Decodes `encoded`; refuses (without finishing) once the text would exceed `maxChars`. */
export function boundedLzDecode(encoded: string, maxChars: number): BoundedDecode {
  const input = new SixBitReader(encoded.replace(/ /g, '+'));
  try {
    const dict: string[] = ['', '', ''];
    let width = 2;
    const first = input.read(width);
    if (first === 2) return { ok: true, text: '' };
    if (first > 2) return { ok: false, reason: 'damaged', detail: 'it does not start with a character' };
    let w = String.fromCharCode(input.read(first === 0 ? 8 : 16));
    dict.push(w);
    const out = [w];
    let length = 1;
    width = 3;
    // Codes of the current width left before the width grows (the dictionary reaches 2^width).
    let roomLeft = 4;
    for (;;) {
      let code = input.read(width);
      if (code === 2) return { ok: true, text: out.join('') };
      if (code < 2) {
        dict.push(String.fromCharCode(input.read(code === 0 ? 8 : 16)));
        code = dict.length - 1;
        if (--roomLeft === 0) roomLeft = 2 ** width++;
      }
      let entry: string;
      if (code < dict.length) entry = dict[code]!;
      else if (code === dict.length) entry = w + w.charAt(0);
      else return { ok: false, reason: 'damaged', detail: `code ${code} is not in the dictionary` };
      length += entry.length;
      if (length > maxChars) return { ok: false, reason: 'too-large', decodedChars: length };
      out.push(entry);
      dict.push(w + entry.charAt(0));
      w = entry;
      if (--roomLeft === 0) roomLeft = 2 ** width++;
    }
  } catch (e) {
    if (e instanceof EndOfInput) return { ok: false, reason: 'damaged', detail: 'it ends too early' };
    if (e instanceof BadCharacter)
      return { ok: false, reason: 'damaged', detail: `character ${e.position + 1} is not part of a scenario link` };
    throw e;
  }
}
