/**
 * A UE channel chart behind a base station (SNR or AMC rate): per probe sample (the channel at
 * each sample instant), or per TDMA slot — the channel as the scheduler saw it in every slot,
 * with the served UE's value as a black line — or, for the SNR chart, the served UE slot by slot.
 */
import { useCallback, useId, useState } from 'react';
import type { SeriesStore } from '../state/SeriesStore';
import { CHARTS, slotLines, SLOT_VIEW_LABELS, type SlotView } from './chartData';
import { TimeSeriesChart } from './TimeSeriesChart';

type Choice = 'sample' | SlotView;

export function UeChannelChart({ kind }: { kind: 'snr' | 'uerate' }) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>('sample');
  const slotView: SlotView | null = choice === 'sample' ? null : choice;
  const source = useCallback((store: SeriesStore) => (slotView ? slotLines(slotView, store) : []), [slotView]);
  const options: [Choice, string][] =
    kind === 'snr'
      ? [
          ['sample', 'Per sample'],
          ['snr', 'Per slot'],
          ['served', 'Served UE'],
        ]
      : [
          ['sample', 'Per sample'],
          ['rate', 'Per slot'],
        ];
  const toolbar = (
    <span className="queue-chart-controls">
      <label className="sr-only" htmlFor={id}>
        Show
      </label>
      <select
        id={id}
        className="chart-select"
        data-testid={`${kind}-chart-view`}
        value={choice}
        onChange={(e) => setChoice(e.target.value as Choice)}
        title="Per probe sample, or every TDMA slot as the base station's scheduler saw it (the served UE's value in black), or the UE each slot served"
      >
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    </span>
  );
  if (!slotView) return <TimeSeriesChart kind={kind} toolbar={toolbar} />;
  return (
    <TimeSeriesChart
      kind={kind}
      source={source}
      yLabel={slotView === 'served' ? SLOT_VIEW_LABELS.served : CHARTS[kind].yLabel}
      fileSuffix={`per-slot-${slotView}`}
      toolbar={toolbar}
    />
  );
}
