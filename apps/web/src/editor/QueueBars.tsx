import { memo } from 'react';
import { useLab } from '../lab';
import type { PortMeta } from '../worker/protocol';
import { portTooltip } from './portTooltip';
import { queueBarFrame, type Pt } from './geometry';

interface Props {
  ports: readonly PortMeta[];
  /** Node positions by node index (run order). */
  positions: readonly (Pt | undefined)[];
  /** Which ports get a bar (router egress ports). */
  show: readonly boolean[];
  /** Gauge size factor (geometry.ts gaugeScale: larger in presentation mode). */
  scale: number;
}

/**
 * One buffer-occupancy gauge per egress port: the frame is SVG (static while a run plays); the
 * fill is painted on LiveOverlay's canvas every frame, which also mirrors it into data-fill. The
 * tooltip (the SVG title) is written when the pointer enters the gauge, from the live state:
 * queued packets by flow, drops and marks by reason.
 */
export const QueueBars = memo(function QueueBars({ ports, positions, show, scale }: Props) {
  const lab = useLab();
  const describe = (e: React.PointerEvent<SVGGElement>, i: number) => {
    const live = lab.live;
    const meta = live.meta;
    const title = e.currentTarget.querySelector('title');
    if (!meta || !title || !meta.ports[i]) return;
    title.textContent = portTooltip(
      meta.ports[i],
      live.queues[i] ?? 0,
      live.portBacklog(i),
      live.reasons[i],
      meta.flowIds,
    );
  };
  return (
    <g className="queue-bars">
      {ports.map((p, i) => {
        const a = positions[p.from];
        const b = positions[p.to];
        if (!show[i] || !a || !b) return null;
        const f = queueBarFrame(a, b, scale);
        const limit = Number.isFinite(p.limitPackets) ? `${p.limitPackets} packets` : `${p.limitBytes} bytes`;
        return (
          <g
            key={p.name}
            className="queue-bar"
            data-queue-port={i}
            data-testid={`queue-${p.name}`}
            data-fill="0"
            transform={`translate(${f.x},${f.y}) rotate(${f.angleDeg})`}
            onPointerEnter={(e) => describe(e, i)}
          >
            <title>{`Egress queue ${p.name} (limit ${limit})`}</title>
            <rect
              className="queue-bg"
              x={0}
              y={-f.thickness / 2}
              width={f.length}
              height={f.thickness}
              rx={1.5 * scale}
            />
          </g>
        );
      })}
    </g>
  );
});
