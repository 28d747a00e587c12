/**
 * How the cwnd chart marks a flow event, by the engine's event kind. A kind this table does not
 * know (one a new transport adds) gets a plain square and its own name in the key, never the
 * glyph of another kind.
 */
export interface MarkerStyle {
  /** SVG path of the glyph centred at (0, 0), about 9 px across. */
  path: string;
  /** Filled (else stroked). */
  filled: boolean;
  label: string;
  /** The symbol the key shows. */
  symbol: string;
}

const KNOWN: Record<string, MarkerStyle> = {
  'fast-retransmit': { path: 'M-4,-4L4,-4L0,2Z', filled: true, label: 'fast retransmit', symbol: '▼' },
  timeout: { path: 'M-4,-4L4,4M4,-4L-4,4', filled: false, label: 'timeout', symbol: '✕' },
  ecn: { path: 'M0,-4.5L4,0L0,4.5L-4,0Z', filled: false, label: 'ECN echo (window cut)', symbol: '◇' },
  'no-feedback': {
    path: 'M-3.5,0a3.5,3.5 0 1,0 7,0a3.5,3.5 0 1,0 -7,0',
    filled: false,
    label: 'no-feedback timer',
    symbol: '○',
  },
  complete: { path: 'M-1,4.5L-1,-4.5L4,-2L-1,0.5', filled: false, label: 'transfer complete', symbol: '⚑' },
};

export function markerStyle(kind: string): MarkerStyle {
  return KNOWN[kind] ?? { path: 'M-3.5,-3.5h7v7h-7Z', filled: false, label: kind, symbol: '□' };
}
