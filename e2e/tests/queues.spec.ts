import type { BrowserContext } from '@playwright/test';
import { defaultScenarioForTests } from '../fixtures/scenarios';
import { expect, test } from '../fixtures/test';
import type { Box } from '../pages/Canvas';
import { Lab, type Scenario } from '../pages/Lab';

/** Selects the r1–r2 bottleneck by clicking the middle of the link. */
async function selectBottleneck(lab: Lab): Promise<void> {
  const a = await lab.canvas.nodeCentre('r1');
  const b = await lab.canvas.nodeCentre('r2');
  await lab.page.mouse.click((a.x + b.x) / 2, (a.y + b.y) / 2);
  await lab.inspector.link.waitFor();
}

/** Opens a scenario through a share link that plays on opening (`&play`). */
async function openScenario(context: BrowserContext, baseUrl: string, scenario: Scenario): Promise<Lab> {
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((s) => window.__cclab.encode(s), scenario);
  await first.page.close();
  const lab = new Lab(await context.newPage(), baseUrl);
  await lab.open(`#s=${hash}&play`);
  return lab;
}

/** Points the queue chart draws for a series (its index of what the canvas shows). */
function chartPoints(lab: Lab, series: string): Promise<number> {
  return lab.page.evaluate(
    (key) =>
      Number(
        document.querySelector(`[data-testid="chart-queue"] path[data-series="${key}"]`)?.getAttribute('data-points') ??
          0,
      ),
    series,
  );
}

/**
 * Counts the overlay canvas's opaque pixels close to each colour, inside a screen rectangle (all
 * of the canvas when none is given).
 */
function overlayPixels(lab: Lab, colors: string[], rect: Box | null = null): Promise<number[]> {
  return lab.page.evaluate(
    ({ colors, rect }) => {
      const cv = document.querySelector<HTMLCanvasElement>('canvas.live-overlay');
      if (!cv) throw new Error('no live overlay canvas');
      const box = cv.getBoundingClientRect();
      const k = cv.width / box.width;
      const r = rect ?? { x: box.x, y: box.y, width: box.width, height: box.height };
      const x0 = Math.max(0, Math.floor((r.x - box.x) * k));
      const y0 = Math.max(0, Math.floor((r.y - box.y) * k));
      const w = Math.min(cv.width - x0, Math.ceil(r.width * k));
      const h = Math.min(cv.height - y0, Math.ceil(r.height * k));
      if (w <= 0 || h <= 0) return colors.map(() => 0);
      const data = cv.getContext('2d')!.getImageData(x0, y0, w, h).data;
      const rgb = colors.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
      const counts = colors.map(() => 0);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 60) continue;
        rgb.forEach(([R, G, B], j) => {
          if (Math.abs(data[i] - R) + Math.abs(data[i + 1] - G) + Math.abs(data[i + 2] - B) < 40) counts[j]++;
        });
      }
      return counts;
    },
    { colors, rect },
  );
}

/** Overlay pixels by hue class: a mark's teal, a drop's purple (early), red (overflow) or black (forced). */
interface Hues {
  teal: number;
  purple: number;
  red: number;
  black: number;
}

/**
 * Counts the overlay's pixels by hue class inside a screen rectangle: glyphs fade (alpha, over
 * their white halo), so their colour is matched by hue and saturation rather than exactly.
 */
function overlayHues(lab: Lab, rect: Box): Promise<Hues> {
  return lab.page.evaluate((r) => {
    const cv = document.querySelector<HTMLCanvasElement>('canvas.live-overlay');
    if (!cv) throw new Error('no live overlay canvas');
    const box = cv.getBoundingClientRect();
    const k = cv.width / box.width;
    const x0 = Math.max(0, Math.floor((r.x - box.x) * k));
    const y0 = Math.max(0, Math.floor((r.y - box.y) * k));
    const w = Math.min(cv.width - x0, Math.ceil(r.width * k));
    const h = Math.min(cv.height - y0, Math.ceil(r.height * k));
    const out: Hues = { teal: 0, purple: 0, red: 0, black: 0 };
    if (w <= 0 || h <= 0) return out;
    const d = cv.getContext('2d')!.getImageData(x0, y0, w, h).data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] < 40) continue;
      const [R, G, B] = [d[i] / 255, d[i + 1] / 255, d[i + 2] / 255];
      const max = Math.max(R, G, B);
      const min = Math.min(R, G, B);
      const sat = max === 0 ? 0 : (max - min) / max;
      if (max < 0.25) {
        out.black++;
        continue;
      }
      if (sat < 0.3) continue;
      let hue =
        max === R
          ? ((G - B) / (max - min)) * 60
          : max === G
            ? (2 + (B - R) / (max - min)) * 60
            : (4 + (R - G) / (max - min)) * 60;
      if (hue < 0) hue += 360;
      if (hue >= 170 && hue <= 190) out.teal++;
      else if (hue >= 255 && hue <= 285) out.purple++;
      else if (hue >= 350 || hue <= 12) out.red++;
    }
    return out;
  }, rect);
}

/** RED on the bottleneck, picked in the link inspector: the queue chart draws its average queue and both thresholds. */
test('redShowsAverageQueueAndThresholds', async ({ lab }) => {
  await lab.open();
  // picked before the run: the queue chart records the state of the discipline a run starts
  // with (a change mid-run is a timed event, and RED's state then has no columns)
  await lab.controls.resetButton.click();
  await selectBottleneck(lab);
  await lab.testId('link-queue').selectOption('red');
  // its generated form: RED's parameters with their defaults as placeholders
  expect(await lab.testId('queue-param-minThresh').count()).toBe(1);
  expect(await lab.testId('queue-param-gentle').getAttribute('type')).toBe('checkbox');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 6e9);
  expect(await lab.testId('queue-chart-port').inputValue()).toBe('r1->r2');
  expect(await lab.testId('queue-chart-view').inputValue()).toBe('backlog');
  // the canvas redraws every 250 ms: wait for one that includes the RED series
  await lab.page.waitForFunction(
    () =>
      ['disc:avgQueue', 'disc:minThresh', 'disc:maxThresh', 'backlog:f0', 'backlog:f1'].every(
        (k) =>
          Number(
            document.querySelector(`[data-testid="chart-queue"] path[data-series="${k}"]`)?.getAttribute('data-points'),
          ) > 50,
      ),
    undefined,
    { timeout: 10000 },
  );
  for (const k of ['disc:avgQueue', 'disc:minThresh', 'disc:maxThresh'])
    expect(await chartPoints(lab, k), `${k} is drawn`).toBeGreaterThan(50);
  const legend = await lab.charts.chart('queue').locator('.legend-item').allInnerTexts();
  for (const label of ['f0', 'f1', 'Average queue', 'Min threshold', 'Max threshold'])
    expect(legend, `legend lists ${label} (${legend.join(', ')})`).toContain(label);
  // the thresholds are RED's automatic ones: constant, min below max, the average moving between
  const col = (c: string): Promise<number[]> => lab.page.evaluate((c) => window.__cclab.portColumn('r1->r2', c), c);
  const [min, max, avg] = [await col('disc:minThresh'), await col('disc:maxThresh'), await col('disc:avgQueue')];
  expect(new Set(min).size).toBe(1);
  expect(new Set(max).size).toBe(1);
  expect(min[0], `0 < min ${min[0]} < max ${max[0]}`).toBeGreaterThan(0);
  expect(min[0], `0 < min ${min[0]} < max ${max[0]}`).toBeLessThan(max[0]);
  expect(Math.max(...avg), 'the average queue rises above the minimum threshold').toBeGreaterThan(min[0]);
  await lab.charts
    .chart('queue')
    .screenshot({ path: new URL('../artifacts/queue-chart-red.png', import.meta.url).pathname });
  await lab.screenshot('queue-red');
  // the drop probability has its own view
  const views = await lab.page.locator('[data-testid="queue-chart-view"] option').allInnerTexts();
  expect(
    views.some((v) => /probability/i.test(v)),
    `views: ${views.join(', ')}`,
  ).toBeTruthy();
});

/** DRR with CoDel sub-queues: the bottleneck's gauge is stacked in both flows' colours. */
test('drrWithCodelChildrenStacksTheGaugeByFlow', async ({ lab }) => {
  await lab.open();
  // configure before the run (a change mid-run would be recorded as a timed event)
  await lab.controls.resetButton.click();
  await selectBottleneck(lab);
  // a 16-packet buffer: CoDel keeps a few packets queued, and a few must fill a visible part of the gauge
  await lab.inspector.set('link-buffer', '16');
  await lab.testId('link-queue').selectOption('drr');
  await lab.testId('link-child-queue').selectOption('codel');
  // the child's own form
  expect(await lab.testId('queue-param-child-target').count()).toBe(1);
  const q = (await lab.scenario()).links[0].queue;
  expect(q?.type).toBe('drr');
  expect(q?.child?.type).toBe('codel');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 4e9);
  // pause at a moment when both flows have packets queued at the bottleneck (step until one comes)
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(300); // the worker's last frame before the pause is applied
  let both = false;
  for (let i = 0; i < 200 && !both; i++) {
    const b = (await lab.live()).backlog['r1->r2'] ?? {};
    both = (b[0] ?? 0) >= 2 && (b[1] ?? 0) >= 2;
    if (!both) {
      // one probe interval on, and wait until the lab has applied that step's frame
      const t = (await lab.run()).nowNs;
      await lab.controls.stepButton.click();
      await lab.waitForRun((t0) => window.__cclab.run().nowNs > t0, t);
    }
  }
  expect(both, 'both flows have two or more packets queued at the bottleneck at some step').toBe(true);
  await lab.page.waitForTimeout(400); // the overlay draws the paused state, and mirrors it into data-backlog
  const gauge = lab.testId('queue-r1->r2');
  expect(await gauge.getAttribute('data-backlog')).toMatch(/^0:\d+ 1:\d+$/);
  const box = await gauge.locator('.queue-bg').boundingBox();
  if (!box) throw new Error('the r1->r2 gauge is not on screen');
  const [blue, orange] = await overlayPixels(lab, ['#0072B2', '#E69F00'], box);
  const colours = `the gauge shows both flow colours (f0 ${blue} px, f1 ${orange} px)`;
  expect(blue, colours).toBeGreaterThan(3);
  expect(orange, colours).toBeGreaterThan(3);
  // the tooltip counts drops by reason
  await gauge.hover();
  const title = await gauge.locator('title').textContent();
  expect(title).toMatch(/Egress queue r1->r2: DRR.* over CoDel/);
  expect(title).toMatch(/Queued: \d+ packets \(f0 \d+, f1 \d+\)/);
  expect(title).toMatch(/Drops: (\d+ [a-z-]+(, )?)+/);
  const clip = { x: box.x - 40, y: box.y - 40, width: box.width + 110, height: box.height + 80 };
  await lab.page.screenshot({ path: new URL('../artifacts/gauge-drr-codel.png', import.meta.url).pathname, clip });
  await lab.screenshot('queue-drr-codel');
});

/** An ECN mark and a drop at the same RED port are drawn as different glyphs. */
test('ecnMarkIsDrawnDifferentlyFromADrop', async ({ context, baseUrl }) => {
  const s = defaultScenarioForTests();
  s.links[0].queue = { type: 'red', params: { ecn: true } };
  s.flows[0].transport = { type: 'tcp', cc: 'newreno', params: { ecn: true } };
  s.flows[1].start = '0s';
  const lab = await openScenario(context, baseUrl, s);
  await lab.controls.speed.selectOption('0.25');
  const kinds = new Set<string>();
  const t0 = Date.now();
  while (Date.now() - t0 < 30000) {
    for (const k of (await lab.live()).dropKinds) kinds.add(k);
    if ([...kinds].some((k) => k.startsWith('mark:')) && [...kinds].some((k) => !k.startsWith('mark:'))) break;
    await lab.page.waitForTimeout(50);
  }
  expect(
    [...kinds].some((k) => k.startsWith('mark:')),
    `marks seen: ${[...kinds].join(', ')}`,
  ).toBeTruthy();
  expect(
    [...kinds].some((k) => !k.startsWith('mark:')),
    `drops seen: ${[...kinds].join(', ')}`,
  ).toBeTruthy();
  // Beyond the bottleneck's gauge: drops just past its end, marks (teal rings) a little further
  // on. Watch the canvas there: a mark's pixels are teal, a drop's red (overflow), purple (early)
  // or black (forced), never teal. (Glyphs fade within 0.9 s, so each is caught when fresh.)
  const gauge = await lab.testId('queue-r1->r2').locator('.queue-bg').boundingBox();
  if (!gauge) throw new Error('the r1->r2 gauge is not on screen');
  const spot = { x: gauge.x + gauge.width, y: gauge.y - 14, width: 36, height: gauge.height + 28 };
  const most: Hues = { teal: 0, purple: 0, red: 0, black: 0 };
  let shot = false;
  const t1 = Date.now();
  while (Date.now() - t1 < 30000 && !(most.teal > 8 && most.purple + most.red + most.black > 8)) {
    const h = await overlayHues(lab, spot);
    for (const k of ['teal', 'purple', 'red', 'black'] as const) most[k] = Math.max(most[k], h[k]);
    if (!shot && h.teal > 8 && h.purple + h.red + h.black > 8) {
      shot = true;
      await lab.page.screenshot({
        path: new URL('../artifacts/mark-and-drop.png', import.meta.url).pathname,
        clip: { x: gauge.x - 30, y: gauge.y - 50, width: gauge.width + 120, height: gauge.height + 100 },
      });
    }
  }
  expect(most.teal, `an ECN mark is drawn as a teal ring (${JSON.stringify(most)})`).toBeGreaterThan(8);
  expect(
    most.purple + most.red + most.black,
    `a drop is drawn in another colour (${JSON.stringify(most)})`,
  ).toBeGreaterThan(8);
  // the port's tooltip counts marks apart from drops
  const reasons = (await lab.live()).reasons.find((r) => r.port === 'r1->r2');
  if (!reasons) throw new Error('no drop reasons for r1->r2');
  expect(Object.values(reasons.marks).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(Object.values(reasons.drops).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  await lab.screenshot('mark-and-drop-page');
});

/** The queue lessons' presets open from the scenario menu and run. */
test('queuePresetsOpenAndRun', async ({ lab }) => {
  await lab.open();
  const ids = await lab.controls.preset
    .locator('option')
    .evaluateAll((os: HTMLOptionElement[]) => os.map((o) => o.value));
  const wanted = ids.filter((id) => /^(bufferbloat|fair-queueing-|dctcp)/.test(id));
  for (const id of [
    'bufferbloat',
    'fair-queueing-fifo',
    'fair-queueing-drr',
    'fair-queueing-sfq',
    'fair-queueing-fq-codel',
    'dctcp',
  ])
    expect(wanted, `${id} is listed (${wanted.join(', ')})`).toContain(id);
  for (const id of wanted) {
    await lab.controls.openPreset(id);
    await lab.waitForRun(() => window.__cclab.run().status === 'paused' || window.__cclab.run().status === 'playing');
    if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
    await lab.waitForRun(() => window.__cclab.run().nowNs > 3e9, undefined, 30000);
    const r = await lab.run();
    expect(r.issues, `${id} is valid`).toEqual([]);
    const series = await lab.series();
    expect(series.ports.length, `${id} records its queues`).toBeGreaterThan(0);
    expect(series.ports[0].queue.length, `${id} records its queues`).toBeGreaterThan(10);
    await lab.page.waitForTimeout(600);
    await lab.screenshot(`preset-${id}`);
  }
});
