import { memo } from 'react';
import type { PortMeta } from '../worker/protocol';
import { QUEUE_BAR_LENGTH, QUEUE_BAR_THICKNESS, queueBarFrame, type Pt } from './geometry';

interface Props {
  ports: readonly PortMeta[];
  /** Node positions by node index (run order). */
  positions: readonly (Pt | undefined)[];
  /** Which ports get a bar (router egress ports). */
  show: readonly boolean[];
}

/**
 * One buffer-occupancy gauge per egress port: the frame is SVG (static while a run plays); the
 * fill is painted on LiveOverlay's canvas every frame, which also mirrors it into data-fill.
 */
export const QueueBars = memo(function QueueBars({ ports, positions, show }: Props) {
  return (
    <g className="queue-bars">
      {ports.map((p, i) => {
        const a = positions[p.from];
        const b = positions[p.to];
        if (!show[i] || !a || !b) return null;
        const f = queueBarFrame(a, b);
        const limit = Number.isFinite(p.limitPackets) ? `${p.limitPackets} packets` : `${p.limitBytes} bytes`;
        return (
          <g
            key={p.name}
            className="queue-bar"
            data-queue-port={i}
            data-testid={`queue-${p.name}`}
            data-fill="0"
            transform={`translate(${f.x},${f.y}) rotate(${f.angleDeg})`}
          >
            <title>{`Egress queue ${p.name} (limit ${limit})`}</title>
            <rect
              className="queue-bg"
              x={0}
              y={-QUEUE_BAR_THICKNESS / 2}
              width={QUEUE_BAR_LENGTH}
              height={QUEUE_BAR_THICKNESS}
              rx={1.5}
            />
          </g>
        );
      })}
    </g>
  );
});
