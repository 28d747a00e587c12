import { expect, test } from '../fixtures/test';
// The split view: two variants of one scenario side by side, one clock and one seed,
// two workers — NewReno against CUBIC on the default network, as an instructor would show it.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PageSummary } from '../../apps/web/src/worker/pageSummary';
import { Lab } from '../pages/Lab';
import { crowdedChartHeads } from '../fixtures/layoutChecks';

type SplitState = NonNullable<Awaited<ReturnType<Lab['split']['state']>>>;

/** A slice of the shared clock covers at most 100 ms of wall time (splitClock.ts) × the speed. */
const MAX_SLICE_WALL_S = 0.1;

/** Waits until the page runs `n` workers (Playwright learns of a worker, or its end, a moment later). */
async function waitForWorkers(page: Page, n: number): Promise<number> {
  for (let i = 0; i < 100 && page.workers().length !== n; i++) await page.waitForTimeout(100);
  return page.workers().length;
}

/** The split view's two runs; it must be open. */
async function openSplit(lab: Lab): Promise<SplitState> {
  const s = await lab.split.state();
  expect(s, 'the split view is open').not.toBeNull();
  return s!;
}

/**
 * A split run's summary: the page's summary of the run (apps/web/src/worker/pageSummary.ts), which
 * `__cclab.split()` hands over as it is; there is one once the run has started.
 */
function summaryOf(run: SplitState['runs'][number]): PageSummary {
  const summary = run.summary as PageSummary | null;
  expect(summary, 'the run has a summary').not.toBeNull();
  return summary!;
}

/** Both runs' clocks every animation frame for `ms`: [[aNs, bNs], …]. */
function splitClockReadings(lab: Lab, ms: number): Promise<[number, number][]> {
  return lab.page.evaluate(async (ms) => {
    const out: [number, number][] = [];
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const s = window.__cclab.split()!;
      out.push([s.runs[0].nowNs, s.runs[1].nowNs]);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return out;
  }, ms);
}

/** Focuses the Split view button, presses Enter and waits until both runs can play. */
async function openSplitByKeyboard(lab: Lab): Promise<void> {
  const button = lab.page.getByRole('button', { name: 'Split view' });
  await button.focus();
  expect(await button.evaluate((b) => b === document.activeElement), 'the Split view button takes focus').toBe(true);
  await lab.press('Enter');
  await lab.split.panel.waitFor();
  await lab.page.waitForSelector('[data-testid="split-play"]:not([disabled])', { timeout: 20000 });
}

/** Runs both to the end (Run to end) and waits until they are finished. */
async function runToEnd(lab: Lab): Promise<void> {
  await lab.testId('split-batch').click();
  await lab.waitForRun(() => window.__cclab.split()?.mode === 'finished', null, 90000);
}

/** Pane clocks (text and ns), and whether the panes sit side by side without overlapping. */
async function paneLayout(lab: Lab): Promise<{
  a: { left: number; right: number; top: number; width: number };
  b: { left: number; right: number; top: number; width: number };
  pageWidth: number;
  scrollWidth: number;
}> {
  return lab.page.evaluate(() => {
    const box = (id: string): DOMRect => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    const a = box('split-pane-a');
    const b = box('split-pane-b');
    return {
      a: { left: a.left, right: a.right, top: a.top, width: a.width },
      b: { left: b.left, right: b.right, top: b.top, width: b.width },
      pageWidth: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

/** NewReno vs CUBIC: both panes advance together, B's flows run CUBIC, the runs differ; axe finds nothing. */
test('splitViewRenoVsCubic', async ({ lab }) => {
  await lab.page.setViewportSize({ width: 1024, height: 768 });
  await lab.open();
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 0.5e9);
  const before = await lab.scenario();
  const workersBefore = lab.page.workers().length;

  await openSplitByKeyboard(lab);
  // the lab's own run waits, paused, while the split view shows its two
  const main = await lab.run();
  expect(main.status, 'the lab’s run is paused behind the split view').not.toBe('playing');
  // two more workers: one per variant
  expect(await waitForWorkers(lab.page, workersBefore + 2), 'two workers of its own').toBe(workersBefore + 2);
  // the default split: every flow's congestion control, as it is (NewReno) against CUBIC
  expect(await lab.testId('split-path').inputValue()).toBe('flows[*].transport.cc');
  expect(await lab.testId('split-value-a').inputValue()).toBe('newreno');
  expect(await lab.testId('split-value-b').inputValue()).toBe('cubic');
  expect(await lab.split.pane('a').locator('h3').textContent()).toMatch(
    /^A:\s+congestion control of every flow = newreno/,
  );
  expect(await lab.split.pane('b').locator('h3').textContent()).toMatch(
    /^B:\s+congestion control of every flow = cubic/,
  );

  // play both at 5×: both clocks advance, never more than one slice apart
  await lab.testId('split-speed').selectOption('5');
  await lab.split.playButton.click();
  const readings = await splitClockReadings(lab, 2000);
  const last = readings[readings.length - 1];
  expect(last[0] > 1e9 && last[1] > 1e9, `both runs advanced: ${last}`).toBeTruthy();
  const apart = Math.max(...readings.map(([a, b]) => Math.abs(a - b)));
  expect(apart, `the runs were at most one slice apart (${apart / 1e6} ms)`).toBeLessThanOrEqual(
    MAX_SLICE_WALL_S * 5 * 1e9,
  );
  console.log(
    `    split view at 5×, 1024×768: ${readings.length} frames in 2 s (${(readings.length / 2).toFixed(0)} fps), ` +
      `shared clock ${(last[0] / 1e9).toFixed(2)} s, runs at most ${(apart / 1e6).toFixed(1)} ms apart`,
  );
  await lab.screenshot('split-view-playing-1024x768');

  // Space pauses both (the page has focus, not a button): the same clock reading in both panes
  await lab.page.locator('.split-heading').click();
  await lab.press(' ');
  await lab.waitForRun(() => {
    const s = window.__cclab.split()!;
    return s.mode === 'paused' && s.runs[0].nowNs === s.runs[1].nowNs && s.runs[0].status === 'paused';
  });
  await lab.page.waitForTimeout(200);
  const clockA = await lab.split.clock('a').innerText();
  const clockB = await lab.split.clock('b').innerText();
  expect(clockA, 'both panes show the same simulated time').toBe(clockB);
  expect(await lab.split.clock('a').getAttribute('data-now-ns'), 'the shared clock reads what the panes read').toBe(
    await lab.testId('split-clock').getAttribute('data-now-ns'),
  );
  // Step moves both one probe interval (50 ms) on
  const t0 = Number(await lab.split.clock('a').getAttribute('data-now-ns'));
  await lab.testId('split-step').click();
  await lab.waitForRun((t) => window.__cclab.split()!.runs.every((r) => r.nowNs === t + 50e6), t0);

  // the layout at 1024×768: the panes side by side, not overlapping, nothing wider than the page
  const lay = await paneLayout(lab);
  expect(lay.a.right, `pane A (right ${lay.a.right}) ends before pane B (left ${lay.b.left})`).toBeLessThanOrEqual(
    lay.b.left,
  );
  expect(lay.a.top, 'the panes sit side by side').toBe(lay.b.top);
  expect(
    lay.b.right <= lay.pageWidth && lay.scrollWidth <= lay.pageWidth,
    `no sideways overflow: ${JSON.stringify(lay)}`,
  ).toBeTruthy();
  expect(await crowdedChartHeads(lab.page), 'no chart header is crowded').toEqual([]);

  await runToEnd(lab);
  const s = await openSplit(lab);
  const [a, b] = s.runs.map(summaryOf);
  expect(a.simulatedS).toBe(60);
  expect(b.simulatedS).toBe(60);
  // the engine in each worker says what it ran
  expect(a.flows.map((f) => f.cc)).toEqual(['newreno', 'newreno']);
  expect(b.flows.map((f) => f.cc)).toEqual(['cubic', 'cubic']);
  expect(a.seed, 'one seed').toBe(b.seed);
  expect(s.runs[0].cwnd[0], 'the cwnd traces differ').not.toEqual(s.runs[1].cwnd[0]);
  expect(a.flows[0].goodputBps).not.toBe(b.flows[0].goodputBps);
  // the panes' figures name the congestion control per flow
  const ccB = await lab.testId('split-figures-b').locator('td[data-col="cc"]').allInnerTexts();
  expect(ccB).toEqual(['cubic', 'cubic']);
  // the table of both runs with the differences
  const rows = await lab.split.table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  const goodput = rows.find((r) => r[0] === 'f0 goodput (Mb/s)');
  expect(goodput, `a goodput row: ${JSON.stringify(rows)}`).toBeTruthy();
  expect(goodput![1]).not.toBe(goodput![2]);
  const delta = (b.flows[0].goodputBps - a.flows[0].goodputBps) / 1e6;
  expect(goodput![3], 'Δ = B − A').toBe(`${delta >= 0 ? '+' : ''}${delta.toFixed(3)}`);
  await lab.page.waitForTimeout(700); // the charts' last redraw (at most every 250 ms, staggered)
  await lab.screenshot('split-view-finished-1024x768');
  await lab.page.locator('.split-view').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await lab.screenshot('split-view-table-1024x768');

  // axe-core on the split view: zero violations
  const r = await new AxeBuilder({ page: lab.page }).analyze();
  const found = r.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  expect(found, 'axe violations in the split view').toEqual([]);

  // leaving it: the lab as it was, the scenario untouched, the workers gone
  await lab.testId('split-leave').click();
  await lab.split.panel.waitFor({ state: 'detached' });
  await lab.canvas.svg.first().waitFor({ state: 'visible' });
  expect(await lab.scenario(), 'the scenario is as it was').toEqual(before);
  expect(await lab.split.state()).toBe(null);
  expect(await lab.page.evaluate(() => location.hash)).not.toMatch(/split=/);
  expect(await waitForWorkers(lab.page, workersBefore), 'the split view’s workers are stopped').toBe(workersBefore);
});

/** With A = B the two runs are the same run (one seed): identical figures; the split is in the link. */
test('splitViewSameSeedSameRun', async ({ lab, context, baseUrl }) => {
  await lab.page.setViewportSize({ width: 1440, height: 900 });
  await lab.open();
  await openSplitByKeyboard(lab);
  await lab.testId('split-value-b').selectOption('newreno');
  await lab.testId('split-apply').click();
  await lab.page.waitForFunction(() =>
    /= newreno/.test(document.querySelector('[data-testid="split-pane-b"] h3')?.textContent ?? ''),
  );
  await lab.page.waitForSelector('[data-testid="split-play"]:not([disabled])');
  await runToEnd(lab);
  const s = await openSplit(lab);
  expect(s.runs[1].summary, 'A = B: the same figures').toEqual(s.runs[0].summary);
  expect(s.runs[1].cwnd, 'A = B: the same cwnd traces').toEqual(s.runs[0].cwnd);
  const deltas = await lab.split.table.locator('tbody tr td:last-child').allInnerTexts();
  expect(deltas.length > 0 && deltas.every((d) => d === '+0.000' || d === '—'), `every Δ is 0: ${deltas}`).toBeTruthy();
  await lab.page.waitForTimeout(700);
  await lab.screenshot('split-view-same-1440x900');

  // Reset takes both back to time zero, paused
  await lab.testId('split-reset').click();
  await lab.waitForRun(() => {
    const s = window.__cclab.split()!;
    return s.mode === 'paused' && s.runs.every((r) => r.status === 'paused' && r.nowNs === 0);
  });
  expect(await lab.testId('split-clock').getAttribute('data-now-ns')).toBe('0');

  // the address holds the split: opened again, the split view comes back with B = newreno
  const url = lab.page.url();
  expect(url).toMatch(/[#&]split=/);
  // the header's Copy link copies it too (with the scenario), as the split view's own button does
  await lab.page.getByRole('button', { name: 'Copy link', exact: true }).click();
  const copied = await lab.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/#s=[^&]+&split=/);
  expect(new URL(copied).hash).toBe(new URL(url).hash);
  await lab.testId('split-copy-link').click();
  expect(await lab.page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
  const again = new Lab(await context.newPage(), baseUrl);
  await again.page.goto(url);
  await again.split.panel.waitFor();
  expect(await again.testId('split-value-b').inputValue()).toBe('newreno');
  expect(await again.testId('split-path').inputValue()).toBe('flows[*].transport.cc');
  await again.page.waitForSelector('[data-testid="split-play"]:not([disabled])', { timeout: 20000 });
  expect((await again.run()).status, 'the lab’s own run does not play behind it').not.toBe('playing');

  // pasted into the address bar of a lab open on the same scenario, the link opens its split view too
  const pasted = new Lab(await context.newPage(), baseUrl);
  await pasted.open();
  await pasted.page.waitForFunction(() => /^#s=[^&]+$/.test(location.hash)); // the lab's own link, no split
  expect(await pasted.split.panel.count()).toBe(0);
  await pasted.page.evaluate((h) => (location.hash = h), new URL(copied).hash);
  await pasted.split.panel.waitFor();
  expect(await pasted.testId('split-value-b').inputValue()).toBe('newreno');
  expect(await pasted.testId('split-path').inputValue()).toBe('flows[*].transport.cc');
});

/** A value the scenario cannot take is refused with the field named; a queue discipline can differ too. */
test('splitViewNamesBadFields', async ({ lab }) => {
  await lab.open();
  await openSplitByKeyboard(lab);
  await lab.testId('split-path').selectOption('links[r1-r2].rate');
  await lab.testId('split-value-a').fill('10');
  await lab.testId('split-value-b').fill('-3');
  await lab.testId('split-apply').click();
  const err = lab.testId('split-error-b');
  await err.waitFor();
  expect(await err.innerText()).toMatch(/^B value: links\[0\]\.rate: /);
  expect(await lab.testId('split-value-b').getAttribute('aria-invalid')).toBe('true');
  // the runs shown are still NewReno vs CUBIC (nothing applied)
  expect(await lab.split.pane('b').locator('h3').textContent()).toMatch(/= cubic/);

  await lab.testId('split-path').selectOption('links[r1-r2].queue.type');
  await lab.testId('split-value-a').selectOption('droptail');
  await lab.testId('split-value-b').selectOption('red');
  await lab.testId('split-apply').click();
  await lab.page.waitForFunction(() =>
    /= red/.test(document.querySelector('[data-testid="split-pane-b"] h3')?.textContent ?? ''),
  );
  expect(await lab.testId('split-error-b').count()).toBe(0);
});

/** Presentation mode with the split view at 1024×768: both panes fit side by side, larger type. */
test('splitViewPresenting', async ({ lab }) => {
  await lab.page.setViewportSize({ width: 1024, height: 768 });
  await lab.open();
  await openSplitByKeyboard(lab);
  await lab.page.locator('.split-heading').click();
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  await lab.press(' ');
  await lab.waitForRun(() => window.__cclab.split()!.runs.every((r) => r.nowNs > 2e9));
  await lab.press(' ');
  await lab.waitForRun(() => window.__cclab.split()!.mode === 'paused');
  const lay = await paneLayout(lab);
  expect(lay.a.right <= lay.b.left && lay.scrollWidth <= lay.pageWidth, JSON.stringify(lay)).toBeTruthy();
  await lab.page.waitForTimeout(400);
  await lab.screenshot('split-view-presenting-1024x768');
  const r = await new AxeBuilder({ page: lab.page }).analyze();
  expect(
    r.violations.map((v) => v.id),
    'axe violations in the split view while presenting',
  ).toEqual([]);
});

/** A split view worker that fails is replaced: both runs go back to zero together and the lab says which run. */
test('splitViewRecoversAFailedWorker', async ({ lab }) => {
  await lab.open();
  await openSplitByKeyboard(lab);
  await lab.split.playButton.click();
  await lab.waitForRun(() => window.__cclab.split()!.runs.every((r) => r.nowNs > 1e9));
  await lab.page.evaluate(() => window.__cclab.splitWorkerFault(1, 'throw'));
  await lab.page.getByText(/Split view, run B: The simulation was restarted/).waitFor();
  await lab.waitForRun(() => {
    const s = window.__cclab.split()!;
    return s.mode === 'paused' && s.runs.every((r) => r.status === 'paused' && r.nowNs === 0);
  });
  // and they play on together
  await lab.split.playButton.click();
  await lab.waitForRun(() => window.__cclab.split()!.runs.every((r) => r.nowNs > 0.5e9));
});
