import { expect, test } from '../fixtures/test';

/**
 * First visit: the built-in two-flow dumbbell opens ready at time zero (nothing runs by itself, so
 * what the visitor changes first is the scenario); Play draws a sawtooth within seconds.
 */
test('firstVisitShowsSawtooth', async ({ lab }) => {
  await lab.open();
  const s = await lab.scenario();
  expect(s.name).toBe('Two-flow dumbbell');
  expect(s.flows.length).toBe(2);
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(500);
  expect((await lab.run()).nowNs, 'nothing ran by itself').toBe(0);
  expect(await lab.controls.status.textContent()).toBe('Ready at 0 s');
  await lab.controls.play();
  // wait until flow f0's cwnd has been cut at least once (a sawtooth tooth)
  await lab.waitForRun(
    () => {
      const f = window.__cclab.series().flows[0];
      if (!f || f.cwnd.length < 10) return false;
      let peak = 0;
      for (const c of f.cwnd) {
        peak = Math.max(peak, c);
        if (c < peak * 0.7 && peak > 10) return true;
      }
      return false;
    },
    undefined,
    30000,
  );
  const run = await lab.run();
  expect(run.status).toBe('playing');
  expect(run.nowNs).toBeGreaterThan(0);
  const series = await lab.series();
  expect(series.markers, 'fast-retransmit markers were recorded').toBeGreaterThan(0);
  // The canvas redraws at most every 250 ms (staggered per chart), so it may be a redraw or two
  // behind the series store: wait until it has drawn at least the samples that showed the
  // sawtooth. A chart that stopped redrawing never gets there.
  const stored = (await lab.series()).flows[0].cwnd.length;
  await lab.waitForRun(
    (n) =>
      Number(
        document.querySelector('[data-testid="chart-cwnd"] path[data-series="cwnd:f0"]')?.getAttribute('data-points') ??
          0,
      ) >= n,
    stored,
    3000,
  );
  await lab.screenshot('first-visit');
});
