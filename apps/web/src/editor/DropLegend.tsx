/**
 * The key to the animation's drop and mark glyphs (one per kind of event, see dropStyles.ts) and
 * to the queue gauges' colours, in the top left corner of the network view. Each entry's tooltip says which
 * reasons it covers.
 */
import { memo } from 'react';
import { REASON_STYLES, glyphPath } from '../dropStyles';

const ORDER = ['overflow', 'aqm', 'forced', 'mark', 'loss'] as const;

export const DropLegend = memo(function DropLegend() {
  return (
    <div
      className="drop-legend"
      role="note"
      aria-label="Key to drops, marks and queue gauges"
      data-testid="drop-legend"
    >
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
    </div>
  );
});
