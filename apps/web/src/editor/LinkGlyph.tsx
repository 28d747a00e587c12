import { memo } from 'react';
import type { ScenarioLink } from '@cclab/engine';
import type { Pt } from './geometry';
import { linkCaption, TOOLTIP_CHARS } from './captions';
import { clipText } from '../clipText';

interface Props {
  link: ScenarioLink;
  id: string;
  a: Pt;
  b: Pt;
  selected: boolean;
  /** Show rate and delay on the link. */
  showLabel: boolean;
  /** How far above the link its caption sits (geometry.ts linkLabelOffset). */
  labelOffset: number;
  /** Where along the link (fraction from a) its caption is centred (geometry.ts linkLabelAlong). */
  labelAlong: number;
}

/** A link: a wide invisible hit area, the visible line (shaded by utilisation at run time) and its caption. */
export const LinkGlyph = memo(function LinkGlyph({
  link,
  id,
  a,
  b,
  selected,
  showLabel,
  labelOffset,
  labelAlong,
}: Props) {
  const mx = a.x + (b.x - a.x) * labelAlong;
  const my = a.y + (b.y - a.y) * labelAlong;
  let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle < -90) angle += 180;
  return (
    <g
      className={`link${selected ? ' is-selected' : ''}`}
      data-link={id}
      data-testid={`link-${id}`}
      tabIndex={0}
      role="button"
      aria-label={`Link ${link.a} to ${link.b}${selected ? ', selected' : ''}`}
    >
      <title>
        {clipText(
          `Link ${link.a} — ${link.b}: ${linkCaption(link)}, buffer ${String(link.buffer ?? '100 packets')}, ${String(link.queue?.type ?? 'droptail')}`,
          TOOLTIP_CHARS,
        )}
      </title>
      <line className="link-hit" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      {/* keyboard focus (canvasItemKeys.ts): shown only while focused, by CSS */}
      <line className="focus-ring" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      {selected && <line className="link-halo" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />}
      <line className="link-line" data-link-line={id} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      {showLabel && (
        <text
          className="link-label"
          transform={`translate(${mx},${my}) rotate(${angle})`}
          y={-labelOffset}
          textAnchor="middle"
        >
          {linkCaption(link)}
        </text>
      )}
    </g>
  );
});
