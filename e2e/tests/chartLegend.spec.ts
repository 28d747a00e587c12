import { expect, test } from '../fixtures/test';
// The cwnd legend is not cut off with more than ≈ 4 flows.
import { Lab } from '../pages/Lab';
import { manyFlowScenario } from '../fixtures/scenarios';

/**
 * With 10 flows the cwnd chart has 20 legend entries (cwnd and ssthresh per flow) and the marker
 * key: a "+N ▾" button says how many entries lie below the visible rows and scrolls to them, and
 * every entry can be brought into view inside the legend (wrapping rows, scrolled if
 * needed) and is the element under the pointer there, so it can be clicked to hide its series.
 */
test('cwndLegendReachesEveryFlow', async ({ lab, context, baseUrl }) => {
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((x) => window.__cclab.encode(x), manyFlowScenario(10));
  await first.page.close();
  await lab.page.setViewportSize({ width: 1024, height: 768 });
  await lab.open(`#s=${hash}&play`);
  await lab.waitForRun(() => window.__cclab.series().flows.length === 10 && window.__cclab.run().nowNs > 2e9);
  const legend = lab.page.locator('[data-testid="chart-cwnd"] .chart-legend');
  // the legend says there is more than its visible rows show, and its button scrolls to the rest
  const more = lab.page.locator('[data-testid="chart-cwnd"] [data-testid="legend-more"]');
  await more.waitFor();
  await lab.screenshot('cwnd-legend-10-flows-more');
  const hiddenAtFirst = Number((await more.textContent()).match(/\d+/)[0]);
  expect(hiddenAtFirst > 0, `the legend counts the entries below its visible rows (${hiddenAtFirst})`).toBeTruthy();
  // press it until it goes (it vanishes as the last rows come into view)
  for (let i = 0; i < 20; i++) {
    const pressed = await lab.page.evaluate(async () => {
      const b = document.querySelector('[data-testid="chart-cwnd"] [data-testid="legend-more"]');
      if (!b) return false;
      b.click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return true;
    });
    if (!pressed) break;
  }
  expect(await more.count(), 'scrolled to the end, nothing is left below').toBe(0);
  const last = await lab.testId('legend-ssthresh:f9').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const box = el.closest('.chart-legend').getBoundingClientRect();
    return r.bottom <= box.bottom + 0.5 && r.top >= box.top - 0.5;
  });
  expect(last, 'after the button the last flow is in view').toBeTruthy();
  for (let i = 0; i < 10; i++) {
    for (const kind of ['cwnd', 'ssthresh']) {
      const entry = lab.testId(`legend-${kind}:f${i}`);
      await entry.scrollIntoViewIfNeeded();
      const hit = await entry.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const box = el.closest('.chart-legend').getBoundingClientRect();
        const under = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return {
          inside:
            r.top >= box.top - 0.5 &&
            r.bottom <= box.bottom + 0.5 &&
            r.left >= box.left - 0.5 &&
            r.right <= box.right + 0.5,
          under: under === el || el.contains(under),
        };
      });
      expect(hit.inside, `legend entry ${kind} f${i} lies inside the legend once scrolled to`).toBeTruthy();
      expect(hit.under, `legend entry ${kind} f${i} is the element under the pointer`).toBeTruthy();
    }
  }
  // the last flow's entry works: clicking it hides that series
  await lab.testId('legend-cwnd:f9').click();
  expect(await lab.testId('legend-cwnd:f9').getAttribute('aria-pressed')).toBe('false');
  const markerKey = lab.testId('marker-key');
  if ((await markerKey.count()) > 0) {
    await markerKey.scrollIntoViewIfNeeded();
    const inside = await markerKey.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const box = el.closest('.chart-legend').getBoundingClientRect();
      return r.right <= box.right + 0.5 && r.left >= box.left - 0.5;
    });
    expect(inside, 'the marker key wraps inside the legend').toBeTruthy();
  }
  expect((await legend.count()) === 1).toBeTruthy();
  await legend.scrollIntoViewIfNeeded();
  await lab.screenshot('cwnd-legend-10-flows');
});
