import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { RANGE_OPACITY, type LineSeries } from './chartData';
import { markerStyle } from './markerStyles';

/** Legend entries are toggle buttons: click to hide or show a series. */
interface Props {
  lines: readonly LineSeries[];
  hidden: ReadonlySet<string>;
  onToggle(key: string): void;
  /** Flow-event kinds drawn as markers (cwnd chart): listed after the series with their glyphs. */
  markerKinds?: readonly string[];
}

/** Same entries (key, label, colour, dash): the legend does not change when only the data grows. */
function sameEntries(a: Props, b: Props): boolean {
  if (a.hidden !== b.hidden || a.onToggle !== b.onToggle || a.lines.length !== b.lines.length) return false;
  if ((a.markerKinds ?? []).join() !== (b.markerKinds ?? []).join()) return false;
  return a.lines.every((l, i) => {
    const m = b.lines[i]!;
    return l.key === m.key && l.label === m.label && l.color === m.color && l.dash === m.dash;
  });
}

export const ChartLegend = memo(function ChartLegend({ lines, hidden, onToggle, markerKinds = [] }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const below = useEntriesBelow(box, lines.length + markerKinds.length);
  if (lines.length === 0) return <div className="chart-legend muted small">No data yet.</div>;
  return (
    <div className="chart-legend-wrap">
      <div className="chart-legend" role="group" aria-label="Series" ref={box}>
        {lines.map((l) => (
          <button
            key={l.key}
            type="button"
            className={`legend-item${hidden.has(l.key) ? ' is-off' : ''}`}
            aria-pressed={!hidden.has(l.key)}
            data-testid={`legend-${l.key}`}
            title={hidden.has(l.key) ? 'Show' : 'Hide'}
            onClick={() => onToggle(l.key)}
          >
            <svg width="18" height="8" aria-hidden="true">
              {l.base ? (
                <rect
                  x="1"
                  y="0"
                  width="16"
                  height="8"
                  fill={l.color}
                  fillOpacity={l.range ? RANGE_OPACITY : undefined}
                  stroke={l.range ? l.color : undefined}
                />
              ) : (
                <line x1="0" y1="4" x2="18" y2="4" stroke={l.color} strokeWidth="2.5" strokeDasharray={l.dash} />
              )}
            </svg>
            <span className="legend-label">{l.label}</span>
          </button>
        ))}
        {markerKinds.length > 0 && (
          <span className="marker-key" data-testid="marker-key">
            {markerKinds.map((k) => {
              const st = markerStyle(k);
              return (
                <span key={k} className="marker-key-item" data-marker-kind={k}>
                  <svg width="12" height="12" viewBox="-6 -6 12 12" aria-hidden="true">
                    <path
                      d={st.path}
                      fill={st.filled ? '#555' : 'none'}
                      stroke={st.filled ? 'none' : '#555'}
                      strokeWidth="1.6"
                    />
                  </svg>
                  {st.label}
                </span>
              );
            })}
          </span>
        )}
      </div>
      {below > 0 && (
        <button
          type="button"
          className="btn btn-small legend-more"
          data-testid="legend-more"
          aria-label={`${below} more legend entries: scroll the legend down`}
          onClick={() => {
            const el = box.current;
            if (el) el.scrollTop += el.clientHeight;
          }}
        >
          +{below} ▾
        </button>
      )}
    </div>
  );
}, sameEntries);

/**
 * How many legend entries lie below the legend's visible rows (it wraps and scrolls when there are
 * many series, and overlay scrollbars are invisible until hovered): counted on scroll, resize and
 * when the entries change, so a "+N ▾" button can say there are more and scroll to them.
 */
function useEntriesBelow(box: React.RefObject<HTMLDivElement | null>, entries: number): number {
  const [below, setBelow] = useState(0);
  const count = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const bottom = el.scrollTop + el.clientHeight;
    let n = 0;
    for (const c of el.querySelectorAll<HTMLElement>('.legend-item, .marker-key-item'))
      if (c.offsetTop + c.offsetHeight / 2 > bottom) n++;
    setBelow(n);
  }, [box]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    count();
    el.addEventListener('scroll', count, { passive: true });
    const ro = new ResizeObserver(count);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', count);
      ro.disconnect();
    };
  }, [box, count, entries]);
  return below;
}
