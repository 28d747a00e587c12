/**
 * The per-UE queues of each base station, drawn beside it: one gauge per UE (its downlink's
 * buffer, filled to the queue's share of the limit), the UE served in the current TDMA slot
 * outlined. Frames are SVG; fills and the served mark are updated every animation frame from the
 * live view without React renders (as LiveOverlay does for the link queues).
 */
import { memo, useEffect, useRef } from 'react';
import { useLab } from '../lab';
import type { BsMeta, PortMeta } from '../worker/protocol';
import { NODE_RADIUS, type Pt } from './geometry';
import { queueFraction } from './LiveOverlay';
import { frameLoop } from './frameLoop';

/** Gauge size (world units) and spacing. */
export const BS_GAUGE = { width: 46, height: 7, gap: 3 } as const;

interface Props {
  baseStations: readonly BsMeta[];
  ports: readonly PortMeta[];
  /** Node positions by node index (run order). */
  positions: readonly (Pt | undefined)[];
}

/**
 * Top-left corner of UE j's gauge of a base station at `at` with `n` UEs: a stack above the node
 * (its label is below it, its links leave sideways), the first UE on top.
 */
export function bsGaugeOrigin(at: Pt, n: number, j: number): Pt {
  const total = n * BS_GAUGE.height + (n - 1) * BS_GAUGE.gap;
  const top = at.y - NODE_RADIUS - 8 - total;
  return { x: at.x - BS_GAUGE.width / 2 + 8, y: top + j * (BS_GAUGE.height + BS_GAUGE.gap) };
}

export const BsQueues = memo(function BsQueues({ baseStations, ports, positions }: Props) {
  const lab = useLab();
  const root = useRef<SVGGElement>(null);

  useEffect(() => {
    let seen = -1;
    const draw = (): boolean => {
      const live = lab.live;
      const g = root.current;
      if (!g || live.version === seen) return false;
      seen = live.version;
      g.querySelectorAll<SVGGElement>('[data-bs-ue]').forEach((el) => {
        const b = Number(el.dataset['bs']);
        const j = Number(el.dataset['bsUe']);
        const port = Number(el.dataset['port']);
        const p = ports[port];
        if (!p) return;
        const packets = live.queues[port] ?? 0;
        const f = queueFraction(p, packets, live.queueBytes[port] ?? 0);
        const fill = el.querySelector<SVGRectElement>('.bs-queue-fill');
        // at least a sliver for a non-empty queue: a 3000-packet buffer holding 20 still shows
        fill?.setAttribute('width', String(packets > 0 ? Math.max(1.5, f * BS_GAUGE.width) : 0));
        const served = (live.bsServed[b] ?? -1) === j;
        el.classList.toggle('is-served', served);
        el.dataset['packets'] = String(packets);
        el.dataset['served'] = served ? '1' : '0';
      });
      return false;
    };
    // drawn when a frame from the worker changed the queues, not every animation frame
    const loop = frameLoop(draw);
    const unsubscribe = lab.live.subscribe(loop.wake);
    loop.wake();
    return () => {
      loop.stop();
      unsubscribe();
    };
  }, [lab, ports]);

  return (
    <g className="bs-queues" ref={root}>
      {baseStations.map((bs, b) => {
        const at = positions[bs.node];
        if (!at) return null;
        return (
          <g key={bs.name} data-testid={`bs-queues-${bs.name}`} aria-label={`Per-UE queues of ${bs.name}`}>
            {bs.ues.map((ue, j) => {
              const o = bsGaugeOrigin(at, bs.ues.length, j);
              const p = ports[bs.ports[j]!];
              const limit = p
                ? Number.isFinite(p.limitPackets)
                  ? `${p.limitPackets} packets`
                  : `${p.limitBytes} bytes`
                : '';
              return (
                <g
                  key={ue}
                  className="bs-queue"
                  data-bs={b}
                  data-bs-ue={j}
                  data-port={bs.ports[j]}
                  data-testid={`bs-queue-${ue}`}
                  data-packets="0"
                  data-served="0"
                  transform={`translate(${o.x},${o.y})`}
                >
                  <title>{`${bs.name} queue for ${ue} (limit ${limit}); outlined while its slot is being served`}</title>
                  <rect className="bs-queue-bg" width={BS_GAUGE.width} height={BS_GAUGE.height} rx={1.5} />
                  <rect className="bs-queue-fill" width={0} height={BS_GAUGE.height} rx={1.5} />
                  <text className="bs-queue-label" x={-3} y={BS_GAUGE.height - 0.5} textAnchor="end">
                    {ue}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
});
