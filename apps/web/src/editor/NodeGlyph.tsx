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

/** A host (circle) or router (rounded square) with its id underneath. */
export const NodeGlyph = memo(function NodeGlyph({ node, selected, linkTarget }: Props) {
  const x = node.x ?? 0;
  const y = node.y ?? 0;
  const r = NODE_RADIUS;
  const cls = `node node-${node.kind}${selected ? ' is-selected' : ''}${linkTarget ? ' is-link-target' : ''}`;
  return (
    <g className={cls} data-node={node.id} data-testid={`node-${node.id}`} transform={`translate(${x},${y})`}>
      <title>
        {clipText(
          `${node.kind === 'host' ? 'Host' : 'Router'} ${node.id}${node.label ? ` — ${node.label}` : ''}`,
          TOOLTIP_CHARS,
        )}
      </title>
      {(selected || linkTarget) &&
        (node.kind === 'host' ? (
          <circle className="node-halo" r={r + 6} />
        ) : (
          <rect className="node-halo" x={-r - 6} y={-r - 6} width={2 * r + 12} height={2 * r + 12} rx={10} />
        ))}
      {node.kind === 'host' ? (
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
