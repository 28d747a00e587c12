// The lab on a lecture-hall projector (1024×768 and 1280×720) in its three
// views — normal, presentation, split view + presentation — with the default scenario and the
// bufferbloat preset, each after a few seconds of a run. The layout is measured (layoutChecks.ts)
// and each view is written to e2e/artifacts/projector-run/ (a run's output, not committed); the
// committed screenshots in e2e/artifacts/projector/ are rewritten only with CCLAB_UPDATE_SCREENSHOTS=1
// (so a test run does not change the repository).
import { mkdir } from 'node:fs/promises';
import {
  axisProblems,
  coveredByKey,
  croppedInNetwork,
  layoutSettled,
  outsideWindow,
  overflowingSideways,
  overlappingShapes,
  unreachable,
} from '../fixtures/layoutChecks';
import { expect, test } from '../fixtures/test';
import type { Lab } from '../pages/Lab';

const SIZES: [number, number][] = [
  [1024, 768],
  [1280, 720],
];
const SHOTS = new URL(
  process.env.CCLAB_UPDATE_SCREENSHOTS === '1' ? '../artifacts/projector/' : '../artifacts/projector-run/',
  import.meta.url,
).pathname;
const CAPTIONS = '.node-label, .link-label';

async function shot(lab: Lab, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  // as the view opens: scrolled to the top (a click on the Summary's Split view button scrolls the sidebar)
  await lab.page.evaluate(() => document.querySelectorAll('.stage, .sidebar').forEach((e) => e.scrollTo(0, 0)));
  await lab.page.screenshot({ path: `${SHOTS}${name}.png` });
}

/** What every view shares: no node or caption cropped or under the key, no captions over each other, clean axes. */
async function networkAndCharts(lab: Lab, where: string): Promise<void> {
  expect(await croppedInNetwork(lab.page), `${where}: nodes and captions inside their view`).toEqual([]);
  expect(await coveredByKey(lab.page), `${where}: nothing under the glyph key`).toEqual([]);
  expect(await overlappingShapes(lab.page, CAPTIONS, CAPTIONS), `${where}: captions clear of each other`).toEqual([]);
  expect(await axisProblems(lab.page), `${where}: axis titles whole, clear of the ticks`).toEqual([]);
}

/** Normal view: may scroll, but every chart, the Summary and every tool can be brought into view. */
async function normalView(lab: Lab, where: string): Promise<void> {
  await networkAndCharts(lab, where);
  expect(
    await unreachable(lab.page, ['.toolbar button', '.chart', '[data-testid="summary"] h2', '.summary-scroll']),
    `${where}: everything can be scrolled into view`,
  ).toEqual([]);
  expect(await overflowingSideways(lab.page, ['.sidebar', '.stage']), `${where}: nothing cut sideways`).toEqual([]);
}

/** Presenting: the essentials fit the window and nothing scrolls. */
async function presentingFits(lab: Lab, where: string, essentials: string[]): Promise<void> {
  expect(await outsideWindow(lab.page, essentials), `${where}: the essentials inside the window`).toEqual([]);
  const scroll = await lab.page.evaluate(() => {
    const d = document.documentElement;
    const boxes = [...document.querySelectorAll('.stage, .split-view')].filter((e) => e.getClientRects().length > 0);
    return {
      page: d.scrollHeight - d.clientHeight,
      boxes: boxes.map((e) => e.scrollHeight - e.clientHeight),
    };
  });
  expect(
    scroll.page <= 0 && scroll.boxes.every((x) => x <= 1),
    `${where}: nothing scrolls (${JSON.stringify(scroll)})`,
  ).toBeTruthy();
  await networkAndCharts(lab, where);
}

async function playTo(lab: Lab, seconds: number): Promise<void> {
  await lab.controls.speed.selectOption('5');
  await lab.controls.playButton.click();
  await lab.waitForRun((t) => window.__cclab.run().nowNs >= t, seconds * 1e9);
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
}

async function presenting(lab: Lab, on: boolean): Promise<void> {
  await lab.page.locator('.app').click({ position: { x: 2, y: 2 } }); // the page, not a form field, has the key
  await lab.press('p');
  await lab.page.waitForSelector(on ? '.app.presenting' : '.app:not(.presenting)');
}

/**
 * Both scenarios at both sizes in all three views: nodes and captions inside their view and clear
 * of the key and of each other, axis titles whole and clear of the ticks; normal view scrolls to
 * every chart and the Summary; presenting, network, charts, clock and controls fit the window;
 * split view + presenting, both panes and the whole B − A table in the window.
 */
test('projectorLayouts', async ({ lab }) => {
  await lab.page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  await lab.open();
  for (const preset of ['default', 'bufferbloat']) {
    if (preset !== 'default') {
      await lab.controls.openPreset(preset);
      await lab.waitForRun(() => /Bufferbloat/.test(window.__cclab.scenario().name ?? ''));
    }
    await playTo(lab, 3);
    for (const [w, h] of SIZES) {
      const size = `${w}x${h}`;
      await lab.page.setViewportSize({ width: w, height: h });
      await layoutSettled(lab.page);
      await shot(lab, `${preset}-normal-${size}`);
      await normalView(lab, `${preset} normal ${size}`);
      // the same scrolled to its end: the charts and the Summary (headless Chromium draws no scrollbars)
      await lab.page.evaluate(() => document.querySelectorAll('.stage, .sidebar').forEach((e) => e.scrollTo(0, 1e6)));
      await lab.page.screenshot({ path: `${SHOTS}${preset}-normal-scrolled-${size}.png` });
      await presenting(lab, true);
      await layoutSettled(lab.page);
      await presentingFits(lab, `${preset} presenting ${size}`, [
        '.network-view',
        '.chart',
        '[data-testid="play"]',
        '[data-testid="step"]',
        '[data-testid="speed"]',
        '.clock-text',
        '[data-testid="timeline-slider"]',
      ]);
      await shot(lab, `${preset}-presenting-${size}`);
      await presenting(lab, false);
    }

    await lab.split.openButton.click();
    await expect(lab.split.playButton).toBeEnabled({ timeout: 20000 });
    await presenting(lab, true);
    await lab.testId('split-speed').selectOption('5');
    await lab.split.playButton.click();
    await lab.waitForRun(() => window.__cclab.split()?.runs.every((r) => r.nowNs >= 3e9));
    await lab.split.playButton.click();
    await lab.waitForRun(() => window.__cclab.split()?.mode === 'paused');
    await lab.split.table.waitFor();
    for (const [w, h] of SIZES) {
      const size = `${w}x${h}`;
      await lab.page.setViewportSize({ width: w, height: h });
      await layoutSettled(lab.page);
      const where = `${preset} split presenting ${size}`;
      await presentingFits(lab, where, [
        '[data-testid="split-pane-a"]',
        '[data-testid="split-pane-b"]',
        '[data-testid="split-table"]',
        '[data-testid="split-play"]',
        '[data-testid="split-clock"]',
      ]);
      // the table whole, without scrolling its own box either
      const region = await lab.split.table.evaluate((t) => {
        const r = t.parentElement;
        if (!r) throw new Error('the split table has no parent');
        return { over: r.scrollHeight - r.clientHeight, rows: t.querySelectorAll('tbody tr').length };
      });
      // one row per flow (its goodput, delay and loss as A → B), then Jain's index and the total
      const flows = (await lab.scenario()).flows.length;
      const all = `${where}: all ${region.rows} rows (of ${flows} flows + 2) in view (${region.over} px more)`;
      expect(region.over, all).toBeLessThanOrEqual(1);
      expect(region.rows, all).toBe(flows + 2);
      await shot(lab, `${preset}-split-presenting-${size}`);
    }
    await presenting(lab, false);
    await lab.testId('split-leave').click();
    await lab.split.panel.waitFor({ state: 'detached' });
    await lab.page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  }
});
