// Teaching views: the one-way delay chart for the bufferbloat preset's voice calls,
// charts that show only what a flow has, "—" for undefined figures, buffer-sizing rules for a link.
import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';

const series = (lab, chart) =>
  lab.page
    .locator(`[data-testid="chart-${chart}"] .chart-index path`)
    .evaluateAll((ps) => ps.map((p) => [p.dataset.series, Number(p.dataset.points)]));

/**
 * One page, the bufferbloat preset: the Buffer sizing panel's rules for its bottleneck (set and
 * undone at 0 s), then a run of 3 s: the delay chart shows the four voice calls (UDP),
 * the cwnd and RTT charts have no entry for them, the Summary shows no NaN.
 */
export async function bufferbloatTeachingViews({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('preset').selectOption('bufferbloat');
  await lab.waitForRun(() => window.__cclab.series().flows.length === 12);

  // Buffer sizing: a1 → b1 is 10 Mb/s, its flows' round trip 2 × (5 + 10 + 5) = 40 ms, so
  // C × RTT = 50 000 B = 50 packets of 1000 B; over √2 (two long-lived TCP flows) 35.4
  await lab.testId('sizing-toggle').click();
  const rules = lab.testId('sizing-rules-table');
  await rules.waitFor();
  assert.match(await lab.testId('sizing-link').locator('option:checked').innerText(), /^a1 → b1 · 10 Mb\/s/);
  const cell = (rule, col) => rules.locator(`tr[data-rule="${rule}"] td[data-col="${col}"]`).innerText();
  assert.equal(await cell('bdp', 'packets'), '50.0');
  assert.equal(await cell('bdp', 'bytes'), '50000');
  assert.equal(await cell('sqrtn', 'packets'), '35.4');
  assert.equal(await cell('current', 'packets'), '500.0');
  // a typed RTT of 80 ms doubles the product; a bad one is named and blocks nothing else
  await lab.testId('sizing-rtt').fill('80');
  assert.equal(await cell('bdp', 'packets'), '100.0');
  await lab.testId('sizing-rtt').fill('-1');
  assert.match(await lab.testId('sizing-panel').getByRole('alert').innerText(), /RTT: enter a positive number/);
  await lab.testId('sizing-rtt').fill('');
  // "Use this buffer": an ordinary edit of the link (at 0 s, the scenario itself), undoable
  await lab.testId('sizing-use-bdp').click();
  const buffer = () => lab.page.evaluate(() => window.__cclab.scenario().links.find((l) => l.a === 'a1').buffer);
  assert.equal(await buffer(), '50 packets');
  assert.equal(await cell('current', 'packets'), '50.0');
  await lab.page.keyboard.press('Control+z');
  await lab.page.waitForFunction(
    () => window.__cclab.scenario().links.find((l) => l.a === 'a1').buffer === '500 packets',
  );
  await lab.testId('sizing-toggle').click();

  // a run of 3 s at full speed (the FIFO is full after about 1 s)
  await lab.testId('speed').selectOption('Infinity');
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().nowNs >= 3e9, undefined, 60000);
  await lab.testId('play').click();
  await lab.page.waitForTimeout(400);

  // the delay chart starts on the flows without an RTT: the four calls
  const delay = await series(lab, 'delay');
  const keys = delay.map(([k]) => k);
  for (const lane of ['fifo', 'codel', 'pie', 'fqcodel'])
    for (const kind of ['delayrange', 'delaymean', 'delayp95'])
      assert.ok(keys.includes(`${kind}:${lane}-voip`), `${kind}:${lane}-voip in ${keys}`);
  assert.equal(keys.length, 12, 'three series for each of the four calls');
  assert.ok(
    delay.every(([, n]) => n >= 60),
    `3 s at 50 ms: 61 points or more each (${delay})`,
  );
  // what the series hold: no packet beats its empty path (20 ms + 0.19 ms of serialization); the
  // FIFO's call waits over ten times that; FQ-CoDel's within a bulk packet's 0.83 ms of it
  const col = (flow, c) => lab.page.evaluate(([f, k]) => window.__cclab.flowColumn(f, k), [flow, c]);
  const finite = (xs) => xs.filter(Number.isFinite);
  for (const lane of ['fifo', 'fqcodel'])
    assert.ok(Math.min(...finite(await col(`${lane}-voip`, 'delayMinMs'))) >= 20.19, `${lane} ≥ its path`);
  const lastMean = async (f) => finite(await col(f, 'delayRunMeanMs')).at(-1);
  assert.ok((await lastMean('fifo-voip')) > 201.9, `FIFO call ${await lastMean('fifo-voip')} ms`);
  assert.ok((await lastMean('fqcodel-voip')) < 20.19 + 0.83, `FQ-CoDel call ${await lastMean('fqcodel-voip')} ms`);
  await lab.screenshot('teaching-delay-chart');

  // cwnd: the eight TCP flows' cwnd and ssthresh, nothing for the calls; RTT likewise
  const cwnd = (await series(lab, 'cwnd')).map(([k]) => k);
  assert.equal(cwnd.length, 16);
  assert.ok(!cwnd.some((k) => k.endsWith('-voip')), `no cwnd entry for a call: ${cwnd}`);
  assert.equal(await lab.page.locator('[data-testid="chart-cwnd"] [data-testid$="-voip"]').count(), 0);
  await lab.testId('delay-chart-view').selectOption('rtt');
  const rtt = (await series(lab, 'rtt')).map(([k]) => k);
  assert.equal(rtt.length, 8);
  assert.ok(!rtt.some((k) => k.endsWith('-voip')), `no RTT entry for a call: ${rtt}`);

  // the Summary: no NaN, Infinity or undefined anywhere
  const summary = await lab.testId('summary').innerText();
  assert.doesNotMatch(summary, /NaN|Infinity|undefined/);
  assert.match(await lab.testId('summary-jain').innerText(), /^0\.\d{3}$/);

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
  assert.match(await lab.testId('chart-cwnd-empty').innerText(), /No flow here has a congestion window/);
  assert.match(await lab.testId('chart-rtt-empty').innerText(), /No flow here measures a round-trip time/);
  await lab.testId('step').click();
  await lab.page.waitForFunction(() => document.querySelector('[data-testid="summary-jain"]')?.textContent === '—');
}
