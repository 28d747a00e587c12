// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { defaultScenario, type FlowSummary, type PortSummary, type RunSummary } from '@cclab/engine';
import { createLab, LabContext, type LabStorage } from '../lab';
import type { KeyValueStore } from '../codec/autosave';
import type { WorkerLike } from '../worker/SimClient';
import { SummaryTables } from './SummaryPanel';
import { summaryCsv } from './summaryTable';
import { CompareRowsTable } from '../compare/ComparePanel';
import { compareRows } from '../compare/pinnedRun';
import { PaneFigures } from '../compare/split/SplitPane';
import { jainOf, lossPercent, showFigure } from './figures';

afterEach(cleanup);

/** A flow that has sent nothing, and every number the engine could give as NaN or infinite so. */
function silentFlow(id: string): FlowSummary {
  return {
    id,
    from: 'a',
    to: 'b',
    transport: 'udp',
    cc: null,
    app: 'cbr',
    goodputBps: NaN,
    throughputBps: Infinity,
    bytesDelivered: 0,
    packetsSent: 0,
    packetsReceived: 0,
    retransmits: NaN,
    timeouts: NaN,
    fastRetransmits: 0,
    lossRatio: NaN,
    pdr: null,
    meanDelayMs: null,
    p95DelayMs: null,
    jitterMs: null,
    maxDelayMs: null,
    ptpJitterMs: null,
    completionTimeS: null,
    finalCwnd: null,
  };
}

/** A port shown in the table (a packet arrived) whose every figure is undefined. */
function blankPort(): PortSummary {
  return {
    name: 'r1->r2',
    from: 'r1',
    to: 'r2',
    rateBps: NaN,
    queue: 'droptail',
    arrivals: 1,
    departures: 0,
    drops: NaN,
    dropsByReason: {},
    marks: NaN,
    marksByReason: {},
    meanSojournMs: null,
    linkLosses: 0,
    queuedAtEnd: 1,
    meanQueuePackets: NaN,
    meanQueueBytes: NaN,
    utilization: NaN,
    flowThroughputBps: {},
  };
}

function summaryOf(flows: FlowSummary[], ports: PortSummary[] = [blankPort()]): RunSummary {
  return {
    scenario: 's',
    seed: 1,
    durationS: 10,
    simulatedS: NaN,
    events: 0,
    flows,
    ports,
    jainGoodput: NaN,
    aggregateGoodputBps: NaN,
  };
}

const FORBIDDEN = /NaN|Infinity|undefined/;

function labFor(summary: RunSummary) {
  const none: KeyValueStore = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  const storage: LabStorage = { local: none, tab: none, problem: null };
  const idle = (): WorkerLike => ({ postMessage: () => {}, onmessage: null, terminate: () => {} });
  const lab = createLab(defaultScenario(), idle, storage);
  lab.run.setState({ summary });
  return lab;
}

describe('undefined figures read "—", never NaN, Infinity or undefined', () => {
  it('in the Summary tables, with every figure undefined', () => {
    const s = summaryOf([silentFlow('f0'), silentFlow('f1')]);
    const { container } = render(<SummaryTables summary={s} />);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(FORBIDDEN);
    // every numeric cell of both tables is the dash (the flow's and port's id and names are text)
    const cells = [...container.querySelectorAll('td.num')].map((td) => td.textContent);
    expect(cells.length).toBeGreaterThan(10);
    expect(cells.every((c) => c === '—')).toBe(true);
    expect(container.querySelector('[data-testid="summary-jain"]')?.textContent).toBe('—');
  });

  it('in the Summary CSV: an empty cell', () => {
    const csv = summaryCsv(summaryOf([silentFlow('f0'), silentFlow('f1')]));
    expect(csv).not.toMatch(FORBIDDEN);
    const f0 = csv.split('\n')[1]!.split(',');
    // id, algorithm, then eight figures, all empty
    expect(f0.slice(2)).toEqual(['', '', '', '', '', '', '', '']);
    expect(csv).toContain("Jain's index (goodput),\n");
  });

  it('in the comparison and split tables', () => {
    const a = summaryOf([silentFlow('f0')]);
    const b = summaryOf([silentFlow('f0'), silentFlow('f1')]);
    const cmp = render(<CompareRowsTable rows={compareRows(a, b)} label="cmp" caption="A · B" testId="cmp" />);
    expect(cmp.container.textContent).not.toMatch(FORBIDDEN);
    const lab = labFor(b);
    const pane = render(
      <LabContext.Provider value={lab}>
        <PaneFigures side="A" />
      </LabContext.Provider>,
    );
    const paneText = pane.container.textContent ?? '';
    expect(paneText).not.toMatch(FORBIDDEN);
    expect(pane.container.querySelector('[data-testid="split-jain-a"]')?.textContent).toBe('—');
  });
});

describe('what is undefined', () => {
  const withGoodput = (id: string, bps: number): FlowSummary => ({
    ...silentFlow(id),
    goodputBps: bps,
    packetsSent: 10,
    lossRatio: 0.1,
  });

  it("Jain's index: not with no flow or one flow, nor before any goodput; the formula from two flows on", () => {
    expect(jainOf(summaryOf([]))).toBeNull();
    // one flow: (x)²/(1·x²) = 1 whatever x is, so it says nothing
    expect(jainOf({ ...summaryOf([withGoodput('a', 5e6)]), jainGoodput: 1 })).toBeNull();
    expect(jainOf({ ...summaryOf([withGoodput('a', 0), withGoodput('b', 0)]), jainGoodput: 0 })).toBeNull();
    // 1 and 3 Mb/s: (1 + 3)² / (2 · (1 + 9)) = 16/20 = 0.8
    expect(jainOf({ ...summaryOf([withGoodput('a', 1e6), withGoodput('b', 3e6)]), jainGoodput: 0.8 })).toBe(0.8);
  });

  it('loss before a flow sent anything; then its ratio in per cent', () => {
    expect(lossPercent({ ...silentFlow('a'), lossRatio: 0 })).toBeNull();
    expect(lossPercent(withGoodput('a', 1))).toBeCloseTo(10, 12);
  });

  it('showFigure rounds a defined figure and dashes the rest', () => {
    expect(showFigure(1.23456, 2)).toBe('1.23');
    expect(showFigure(0, 1)).toBe('0.0');
    for (const v of [null, undefined, NaN, Infinity, -Infinity]) expect(showFigure(v, 2)).toBe('—');
  });
});
