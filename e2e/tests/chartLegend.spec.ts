// The cwnd legend is not cut off with more than ≈ 4 flows.
import { manyFlowScenario } from '../fixtures/scenarios';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

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
  const legend = lab.charts.chart('cwnd').locator('.chart-legend');
  // the legend says there is more than its visible rows show, and its button scrolls to the rest
  const more = lab.charts.chart('cwnd').getByTestId('legend-more');
  await more.waitFor();
  await lab.screenshot('cwnd-legend-10-flows-more');
  const hiddenAtFirst = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
  expect(hiddenAtFirst, `the legend counts the entries below its visible rows (${hiddenAtFirst})`).toBeGreaterThan(0);
  // press it until it goes (it vanishes as the last rows come into view)
  for (let i = 0; i < 20; i++) {
    const pressed = await lab.page.evaluate(async () => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="chart-cwnd"] [data-testid="legend-more"]');
      if (!b) return false;
      b.click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return true;
    });
    if (!pressed) break;
  }
  expect(await more.count(), 'scrolled to the end, nothing is left below').toBe(0);
  const last = await lab.charts.legend('ssthresh:f9').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const holder = el.closest('.chart-legend');
    if (!holder) throw new Error(`${el.getAttribute('data-testid')} is not inside a chart legend`);
    const box = holder.getBoundingClientRect();
    return r.bottom <= box.bottom + 0.5 && r.top >= box.top - 0.5;
  });
  expect(last, 'after the button the last flow is in view').toBeTruthy();
  for (let i = 0; i < 10; i++) {
    for (const kind of ['cwnd', 'ssthresh']) {
      const entry = lab.charts.legend(`${kind}:f${i}`);
      await entry.scrollIntoViewIfNeeded();
      const hit = await entry.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const holder = el.closest('.chart-legend');
        if (!holder) throw new Error(`${el.getAttribute('data-testid')} is not inside a chart legend`);
        const box = holder.getBoundingClientRect();
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
  await lab.charts.legend('cwnd:f9').click();
  expect(await lab.charts.legend('cwnd:f9').getAttribute('aria-pressed')).toBe('false');
  const markerKey = lab.testId('marker-key');
  if ((await markerKey.count()) > 0) {
    await markerKey.scrollIntoViewIfNeeded();
    const inside = await markerKey.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const holder = el.closest('.chart-legend');
      if (!holder) throw new Error(`${el.getAttribute('data-testid')} is not inside a chart legend`);
      const box = holder.getBoundingClientRect();
      return r.right <= box.right + 0.5 && r.left >= box.left - 0.5;
    });
    expect(inside, 'the marker key wraps inside the legend').toBeTruthy();
  }
  expect(await legend.count()).toBe(1);
  await legend.scrollIntoViewIfNeeded();
  await lab.screenshot('cwnd-legend-10-flows');
});
