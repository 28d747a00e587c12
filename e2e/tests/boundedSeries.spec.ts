import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';
import { defaultScenarioForTests } from '../fixtures/scenarios';

/**
 * `"probes": {"interval": "1us"}` must not grow the lab's series without bound (unbounded, it
 * reaches a 13 GB heap, a frozen page and a dead Cancel): the worker sends only the samples the
 * bounded series keep, so the page's heap stays small, the page answers, and Cancel stops the run.
 */
test('microsecondProbeIntervalStaysBoundedAndCancels', async ({ lab, context, baseUrl }) => {
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  // probes replaced whole, as the old spec did: every router egress port (no `ports`)
  const s = { ...defaultScenarioForTests(), probes: { interval: '1us' } };
  const hash = await first.page.evaluate((x) => window.__cclab.encode(x), s);
  await first.page.close();
  await lab.open(`#s=${hash}`);
  const cdp = await context.newCDPSession(lab.page);
  const heap0 = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await lab.controls.batchButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'batch');
  // run for a while: at 1 µs the engine samples a million times per simulated second
  const t0 = Date.now();
  let last = 0;
  while (Date.now() - t0 < 6000) {
    await lab.page.waitForTimeout(1000);
    const before = Date.now();
    const r = await lab.run();
    expect(Date.now() - before, 'the page answers within 2 s while the run goes on').toBeLessThan(2000);
    last = r.nowNs;
  }
  expect(last, 'the run advances').toBeGreaterThan(0);
  const heap1 = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  // a bound on memory, not a timing: the unbounded store grew by gigabytes within seconds
  expect(heap1 - heap0, `the page's heap grew by ${((heap1 - heap0) / 1e6).toFixed(1)} MB (< 100 MB)`).toBeLessThan(
    100e6,
  );
  const series = await lab.series();
  expect(series.maxPoints).toBe(2000);
  for (const f of series.flows)
    expect(f.t.length, `${f.id}: ${f.t.length} points, at most 2000`).toBeLessThanOrEqual(2000);
  expect(series.flows[0].t.length, 'the series hold the run so far').toBeGreaterThan(100);
  await lab.screenshot('bounded-series-1us');
  await lab.testId('cancel').click();
  await lab.waitForRun(() => ['paused', 'done'].includes(window.__cclab.run().status), undefined, 5000);
  const stopped = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(1000);
  expect((await lab.run()).nowNs, 'after Cancel the clock stands still').toBe(stopped);
  console.log(
    `    1 µs probes: ${(last / 1e9).toFixed(4)} s simulated in 6 s, ${series.flows[0].t.length} points per series, heap +${((heap1 - heap0) / 1e6).toFixed(1)} MB`,
  );
});
