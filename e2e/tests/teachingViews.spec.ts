// Teaching views: the one-way delay chart for the bufferbloat preset's voice calls,
// charts that show only what a flow has, "—" for undefined figures, buffer-sizing rules for a link.
import { expect, test } from '../fixtures/test';
import type { Lab } from '../pages/Lab';

/** The series a chart's index lists: each one's key (`data-series`) and the points it drew. */
const series = (lab: Lab, chart: string): Promise<[string | undefined, number][]> =>
  lab.charts
    .chart(chart)
    .locator('.chart-index path')
    .evaluateAll((ps) => ps.map((p): [string | undefined, number] => [p.dataset.series, Number(p.dataset.points)]));

/**
 * One page, the bufferbloat preset: the Buffer sizing panel's rules for its bottleneck (set and
 * undone at 0 s), then a run of 3 s: the delay chart shows the four voice calls (UDP),
 * the cwnd and RTT charts have no entry for them, the Summary shows no NaN.
 */
test('bufferbloatTeachingViews', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('bufferbloat');
  await lab.waitForRun(() => window.__cclab.series().flows.length === 12);

  // Buffer sizing: a1 → b1 is 10 Mb/s, its flows' round trip 2 × (5 + 10 + 5) = 40 ms, so
  // C × RTT = 50 000 B = 50 packets of 1000 B; over √2 (two long-lived TCP flows) 35.4
  await lab.sizing.open();
  const rules = lab.testId('sizing-rules-table');
  await rules.waitFor();
  expect(await lab.testId('sizing-link').locator('option:checked').innerText()).toMatch(/^a1 → b1 · 10 Mb\/s/);
  const cell = (rule: string, col: string): Promise<string> =>
    rules.locator(`tr[data-rule="${rule}"] td[data-col="${col}"]`).innerText();
  expect(await cell('bdp', 'packets')).toBe('50.0');
  expect(await cell('bdp', 'bytes')).toBe('50000');
  expect(await cell('sqrtn', 'packets')).toBe('35.4');
  expect(await cell('current', 'packets')).toBe('500.0');
  // a typed RTT of 80 ms doubles the product; a bad one is named and blocks nothing else
  await lab.testId('sizing-rtt').fill('80');
  expect(await cell('bdp', 'packets')).toBe('100.0');
  await lab.testId('sizing-rtt').fill('-1');
  expect(await lab.sizing.panel.getByRole('alert').innerText()).toMatch(/RTT: enter a positive number/);
  await lab.testId('sizing-rtt').fill('');
  // "Use this buffer": an ordinary edit of the link (at 0 s, the scenario itself), undoable
  await lab.testId('sizing-use-bdp').click();
  const buffer = (): Promise<string | number | undefined> =>
    lab.page.evaluate(() => window.__cclab.scenario().links.find((l) => l.a === 'a1')?.buffer);
  expect(await buffer()).toBe('50 packets');
  expect(await cell('current', 'packets')).toBe('50.0');
  await lab.page.keyboard.press('Control+z');
  await lab.page.waitForFunction(
    () => window.__cclab.scenario().links.find((l) => l.a === 'a1')?.buffer === '500 packets',
  );
  await lab.sizing.close();

  // a run of 3 s at full speed (the FIFO is full after about 1 s)
  await lab.controls.speed.selectOption('Infinity');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs >= 3e9, undefined, 60000);
  await lab.controls.playButton.click();
  await lab.page.waitForTimeout(400);

  // the delay chart starts on the flows without an RTT: the four calls
  const delay = await series(lab, 'delay');
  const keys = delay.map(([k]) => k);
  for (const lane of ['fifo', 'codel', 'pie', 'fqcodel'])
    for (const kind of ['delayrange', 'delaymean', 'delayp95'])
      expect(keys, `${kind}:${lane}-voip in ${keys}`).toContain(`${kind}:${lane}-voip`);
  expect(keys.length, 'three series for each of the four calls').toBe(12);
  expect(
    delay.every(([, n]) => n >= 60),
    `3 s at 50 ms: 61 points or more each (${delay})`,
  ).toBeTruthy();
  // what the series hold: no packet beats its empty path (20 ms + 0.19 ms of serialization); the
  // FIFO's call waits over ten times that; FQ-CoDel's within a bulk packet's 0.83 ms of it
  const col = (flow: string, c: string): Promise<number[]> =>
    lab.page.evaluate(([f, k]) => window.__cclab.flowColumn(f, k), [flow, c]);
  const finite = (xs: number[]): number[] => xs.filter(Number.isFinite);
  for (const lane of ['fifo', 'fqcodel'])
    expect(Math.min(...finite(await col(`${lane}-voip`, 'delayMinMs'))), `${lane} ≥ its path`).toBeGreaterThanOrEqual(
      20.19,
    );
  const lastMean = async (f: string): Promise<number | undefined> => finite(await col(f, 'delayRunMeanMs')).at(-1);
  expect(await lastMean('fifo-voip'), `FIFO call ${await lastMean('fifo-voip')} ms`).toBeGreaterThan(201.9);
  expect(await lastMean('fqcodel-voip'), `FQ-CoDel call ${await lastMean('fqcodel-voip')} ms`).toBeLessThan(
    20.19 + 0.83,
  );
  await lab.screenshot('teaching-delay-chart');

  // cwnd: the eight TCP flows' cwnd and ssthresh, nothing for the calls; RTT likewise
  const cwnd = (await series(lab, 'cwnd')).map(([k]) => k);
  expect(cwnd.length).toBe(16);
  expect(
    cwnd.some((k) => k?.endsWith('-voip')),
    `no cwnd entry for a call: ${cwnd}`,
  ).toBe(false);
  expect(await lab.charts.chart('cwnd').locator('[data-testid$="-voip"]').count()).toBe(0);
  await lab.testId('delay-chart-view').selectOption('rtt');
  const rtt = (await series(lab, 'rtt')).map(([k]) => k);
  expect(rtt.length).toBe(8);
  expect(
    rtt.some((k) => k?.endsWith('-voip')),
    `no RTT entry for a call: ${rtt}`,
  ).toBe(false);

  // the Summary: no NaN, Infinity or undefined anywhere
  const summary = await lab.testId('summary').innerText();
  expect(summary).not.toMatch(/NaN|Infinity|undefined/);
  expect(await lab.testId('summary-jain').innerText()).toMatch(/^0\.\d{3}$/);

  // a scenario of one UDP flow: the cwnd and RTT charts say in one line why they are empty, and
  // Jain's index (undefined for one flow) reads "—"
  const udp = await lab.page.evaluate(() => {
    const s = window.__cclab.scenario();
    const f = s.flows[0];
    return window.__cclab.encode({
      ...s,
      flows: [{ id: 'call', from: f.from, to: f.to, transport: { type: 'udp' }, app: { type: 'cbr' } }],
    });
  });
  // a link pasted into the open lab opens there (docs/lab.md, Share): no reload
  await lab.page.evaluate((h) => (location.hash = `#s=${h}`), udp);
  await lab.waitForRun(() => window.__cclab.series().flows.length === 1);
  expect(await lab.testId('chart-cwnd-empty').innerText()).toMatch(/No flow here has a congestion window/);
  expect(await lab.testId('chart-rtt-empty').innerText()).toMatch(/No flow here measures a round-trip time/);
  await lab.controls.stepButton.click();
  await lab.page.waitForFunction(() => document.querySelector('[data-testid="summary-jain"]')?.textContent === '—');
});
