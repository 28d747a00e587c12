/**
 * A flow chart (cwnd, throughput) that draws at most MAX_CHARTED_FLOWS flows until the user picks
 * others in its Flows picker, and says so in its head ("Showing 16 of 1,000 flows"); with fewer
 * flows it is the plain chart of every flow, as before.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { defaultChartedFlows, showingText, type FlowChartKind } from './chartedFlows';
import { PortPicker } from './PortPicker';
import { TimeSeriesChart } from './TimeSeriesChart';

const NO_FLOWS: string[] = [];

/** The flows picked that this run has, or the default for `kind` (null: every flow). */
export function useChartedFlows(kind: FlowChartKind) {
  const lab = useLab();
  const meta = useStore(lab.run, (s) => s.meta);
  const [picked, setPicked] = useState<string[] | null>(null);
  const ids = meta?.flowIds ?? NO_FLOWS;
  const fallback = useMemo(() => defaultChartedFlows(kind, ids, meta?.flowTraits), [kind, ids, meta]);
  const shown = useMemo(() => {
    if (!picked) return fallback;
    const have = new Set(ids);
    const kept = picked.filter((id) => have.has(id));
    return kept.length > 0 || picked.length === 0 ? kept : fallback;
  }, [picked, ids, fallback]);
  const picker =
    shown === null ? null : (
      <PortPicker
        ports={ids}
        chosen={shown}
        onChange={setPicked}
        noun="Flows"
        summary={showingText(shown.length, ids.length)}
        testId={`chart-${kind}-flows`}
      />
    );
  return { shown, picker };
}

export function FlowChart({ kind }: { kind: 'cwnd' | 'throughput' }) {
  const { shown, picker } = useChartedFlows(kind);
  return <TimeSeriesChart kind={kind} shownFlows={shown} toolbar={picker} />;
}
