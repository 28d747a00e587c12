/**
 * The key to the animation's drop and mark glyphs (one per kind of event, see dropStyles.ts) and
 * to the queue gauges' colours, in the top left corner of the network view. Each entry's tooltip says which
 * reasons it covers.
 */
import { memo } from 'react';
import { REASON_STYLES, glyphPath } from '../dropStyles';
import { PACKET_LINKS_MAX } from './levelOfDetail';
import type { KeyEntry } from './keyPlacement';

const ORDER = ['overflow', 'aqm', 'forced', 'mark', 'loss'] as const;

/** The key's entries: text and glyph width (px), in order (keyPlacement.ts sizes the key from them). */
export const KEY_ENTRIES: readonly KeyEntry[] = [
  { text: 'data', glyph: 14 },
  { text: 'ACK', glyph: 14 },
  ...ORDER.map((k) => ({ text: REASON_STYLES[k].label, glyph: 14 })),
  { text: 'queue by flow', glyph: 22 },
  { text: 'link busy', glyph: 26 },
];

/**
 * `links`: the network's link count. Above PACKET_LINKS_MAX packets are drawn as a count per link
 * (levelOfDetail.ts), and the key says so in place of the packet glyphs.
 */
export const DropLegend = memo(function DropLegend({ links = 0 }: { links?: number }) {
  const counts = links > PACKET_LINKS_MAX;
  return (
    <div
      className="drop-legend"
      role="note"
      aria-label="Key to packets, drops, marks, queue gauges and link shading"
      data-testid="drop-legend"
    >
      {counts ? (
        <span
          className="drop-legend-item"
          title={`This network has ${links.toLocaleString('en-US')} links: above ${PACKET_LINKS_MAX} links the packets on the wire are not drawn one by one; each link with packets on it shows a badge whose size grows with their number, with the number written in it where the link is long enough on screen (zoom in to read them)`}
          data-glyph="count"
          data-testid="packet-count-note"
        >
          <svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true">
            <circle r="6" fill="#1d3557" stroke="#fff" />
          </svg>
          Packets drawn per link as a count above {PACKET_LINKS_MAX} links
        </span>
      ) : (
        <>
          <span className="drop-legend-item" title="A data packet on the wire, in its flow's colour" data-glyph="data">
            <svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true">
              <rect x="-4" y="-4" width="8" height="8" fill="#0072B2" />
            </svg>
            data
          </span>
          <span
            className="drop-legend-item"
            title="An acknowledgement on its way back, in its flow's colour (smaller)"
            data-glyph="ack"
          >
            <svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true">
              <rect x="-2" y="-2" width="4" height="4" fill="#0072B2" />
            </svg>
            ACK
          </span>
        </>
      )}
      {ORDER.map((k) => {
        const st = REASON_STYLES[k];
        const filled = st.glyph === 'diamond' || st.glyph === 'square';
        return (
          <span key={k} className="drop-legend-item" title={st.detail} data-glyph={st.glyph}>
            <svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true">
              <path
                d={glyphPath(st.glyph, 0, 0, 4)}
                fill={filled ? st.color : 'none'}
                stroke={filled ? 'none' : st.color}
                strokeWidth="2"
              />
            </svg>
            {st.label}
          </span>
        );
      })}
      <span
        className="drop-legend-item"
        title="Each router port's buffer gauge fills with its queued packets, one segment per flow in the flow's colour"
      >
        <svg width="22" height="10" aria-hidden="true">
          <rect x="0.5" y="1.5" width="21" height="7" fill="#fff" stroke="#59636f" />
          <rect x="1" y="2" width="7" height="6" fill="#0072B2" />
          <rect x="8" y="2" width="6" height="6" fill="#E69F00" />
        </svg>
        queue by flow
      </span>
      <span
        className="drop-legend-item"
        title="A link's colour darkens with its utilisation: light grey idle, dark blue busy all the time"
        data-glyph="utilisation"
      >
        <svg width="26" height="10" aria-hidden="true">
          <defs>
            <linearGradient id="legend-util" x1="0" x2="1">
              <stop offset="0" stopColor="#c3c9d1" />
              <stop offset="1" stopColor="#1d3557" />
            </linearGradient>
          </defs>
          <rect x="0" y="2" width="26" height="6" fill="url(#legend-util)" />
        </svg>
        link busy
      </span>
    </div>
  );
});
