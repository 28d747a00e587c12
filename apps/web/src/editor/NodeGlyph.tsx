import { memo } from 'react';
import type { ScenarioNode } from '@cclab/engine';
import { NODE_RADIUS } from './geometry';
import { nodeCaption, TOOLTIP_CHARS } from './captions';
import { clipText } from '../clipText';

interface Props {
  node: ScenarioNode;
  selected: boolean;
  linkTarget: boolean;
}

const KIND_NAME = { host: 'Host', router: 'Router', bs: 'Base station' } as const;

/** A host (circle), router (rounded square) or base station (hexagon, radio tower) with its id underneath. */
/** A hexagon of circumradius `r` with flat top and bottom. */
function hexagon(r: number): string {
  const h = (r * Math.sqrt(3)) / 2;
  const p = (x: number, y: number) => `${x.toFixed(2)} ${y.toFixed(2)}`;
  return `M${p(-r, 0)} L${p(-r / 2, -h)} L${p(r / 2, -h)} L${p(r, 0)} L${p(r / 2, h)} L${p(-r / 2, h)} Z`;
}

export const NodeGlyph = memo(function NodeGlyph({ node, selected, linkTarget }: Props) {
  const x = node.x ?? 0;
  const y = node.y ?? 0;
  const r = NODE_RADIUS;
  const cls = `node node-${node.kind}${selected ? ' is-selected' : ''}${linkTarget ? ' is-link-target' : ''}`;
  return (
    <g
      className={cls}
      data-node={node.id}
      data-testid={`node-${node.id}`}
      transform={`translate(${x},${y})`}
      tabIndex={0}
      role="button"
      aria-label={`${KIND_NAME[node.kind] ?? node.kind} ${node.id}${selected ? ', selected' : ''}`}
      aria-keyshortcuts="Enter L Delete"
    >
      <title>
        {clipText(
          `${KIND_NAME[node.kind] ?? node.kind} ${node.id}${node.label ? ` — ${node.label}` : ''}`,
          TOOLTIP_CHARS,
        )}
      </title>
      {/* keyboard focus (canvasItemKeys.ts): shown only while focused, by CSS */}
      <circle className="focus-ring" r={r + 11} />
      {(selected || linkTarget) &&
        (node.kind === 'host' ? (
          <circle className="node-halo" r={r + 6} />
        ) : node.kind === 'bs' ? (
          <path className="node-halo" d={hexagon(r + 7)} />
        ) : (
          <rect className="node-halo" x={-r - 6} y={-r - 6} width={2 * r + 12} height={2 * r + 12} rx={10} />
        ))}
      {node.kind === 'bs' ? (
        <>
          <path className="node-shape" d={hexagon(r + 1)} />
          <path
            className="node-icon-line"
            d="M0 -2 L-6 10 M0 -2 L6 10 M-4 6 H4 M-6 -8 A8 8 0 0 0 -6 4 M6 -8 A8 8 0 0 1 6 4"
          />
          <circle className="node-icon-dot" cy={-3} r={2} />
        </>
      ) : node.kind === 'host' ? (
        <>
          <circle className="node-shape" r={r} />
          <rect className="node-icon" x={-8} y={-7} width={16} height={11} rx={1.5} />
          <line className="node-icon-line" x1={-5} y1={8} x2={5} y2={8} />
        </>
      ) : (
        <>
          <rect className="node-shape" x={-r} y={-r} width={2 * r} height={2 * r} rx={7} />
          <path className="node-icon-line" d="M-9 -4 H7 M3 -8 L7 -4 L3 0 M9 4 H-7 M-3 0 L-7 4 L-3 8" />
        </>
      )}
      <text className="node-label" y={r + 15} textAnchor="middle">
        {nodeCaption(node)}
      </text>
    </g>
  );
});
