import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/** Keyboard: place nodes, select all, delete, undo and redo. Shift-drag selects several. */
test('keyboardEditingWithUndoRedo', async ({ lab }) => {
  await lab.open();
  await lab.testId('preset').selectOption('__empty');
  await lab.page.waitForFunction(() => window.__cclab.scenario().nodes.length === 0);
  await lab.testId('topology').focus();
  await lab.press('Shift+H');
  await lab.press('Shift+H');
  await lab.press('Shift+R');
  expect((await lab.scenario()).nodes.map((n) => n.id)).toEqual(['h1', 'h2', 'r1']);
  // Rubber band around everything, then Delete.
  const box = await lab.canvas.box();
  await lab.page.keyboard.down('Shift');
  await lab.canvas.drag({ x: box.x + 5, y: box.y + 5 }, { x: box.x + box.width - 60, y: box.y + box.height - 5 });
  await lab.page.keyboard.up('Shift');
  expect((await lab.page.evaluate(() => window.__cclab.selection())).nodes.sort()).toEqual(['h1', 'h2', 'r1']);
  await lab.press('Delete');
  expect((await lab.scenario()).nodes.length).toBe(0);
  await lab.press('Control+z');
  expect((await lab.scenario()).nodes.length).toBe(3);
  await lab.press('Control+Shift+Z');
  expect((await lab.scenario()).nodes.length).toBe(0);
  await lab.testId('undo').click();
  expect((await lab.scenario()).nodes.length).toBe(3);
});

/** An impossible parameter is named next to its field; the run is blocked until it is fixed. */
test('impossibleParameterIsNamedAndBlocksTheRun', async ({ lab }) => {
  await lab.open();
  await lab.page.locator('[data-testid="link-r1-r2"] .link-hit').click({ force: true });
  await lab.testId('link-delay').fill('-3');
  await lab.testId('link-delay').press('Enter');
  await lab.testId('problems').waitFor();
  expect(await lab.testId('problems').innerText()).toMatch(/links\[0\]\.delay/);
  expect(await lab.testId('link-inspector').innerText()).toMatch(/not a non-negative duration/);
  await lab.waitForRun(() => window.__cclab.run().status === 'error');
  expect(await lab.testId('play').isDisabled()).toBe(true);
  await lab.screenshot('impossible-parameter');
  await lab.testId('link-delay').fill('30');
  await lab.testId('link-delay').press('Enter');
  await lab.waitForRun(() => window.__cclab.run().status !== 'error');
  expect(await lab.testId('problems').count()).toBe(0);
});

/** Batch mode runs to the end as fast as possible with a progress bar; the charts hold the whole run. */
test('batchRunToTheEnd', async ({ lab }) => {
  await lab.open();
  await lab.testId('reset').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.testId('batch').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60000);
  const run = await lab.run();
  expect(run.nowNs).toBe(60e9);
  const f = (await lab.series()).flows[0];
  expect(f.t.at(-1) >= 59.9, 'samples cover the whole minute').toBeTruthy();
  // Chart export: CSV of the cwnd chart downloads with one row per sample.
  const [download] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-cwnd-csv').click()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^t \(s\),f0 cwnd \(segments\),f0 ssthresh \(segments\),f1 cwnd \(segments\),f1 ssthresh \(segments\)$/);
  expect(csv.split('\n').length > 1000).toBeTruthy();
  const [svg] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-queue-svg').click()]);
  expect(await readFile(await svg.path(), 'utf8')).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // Exported charts stand alone: the title above, a legend entry (label and unit) per series below.
  const [cwndSvg] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-cwnd-svg').click()]);
  const cwndText = await readFile(await cwndSvg.path(), 'utf8');
  expect(cwndText).toMatch(/data-export="title"[^>]*>Congestion window</);
  for (const label of ['f0 cwnd (segments)', 'f0 ssthresh (segments)', 'f1 cwnd (segments)', 'f1 ssthresh (segments)'])
    expect(cwndText.includes(`>${label}</text>`), `the exported legend names ${label}`).toBeTruthy();
  const [png] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-throughput-png').click()]);
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  await lab.screenshot('batch-done');
});

/** Slow motion: packets are visibly on the wire and move between frames. */
test('slowMotionShowsPacketsTravelling', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.testId('speed').selectOption('0.01');
  await lab.page.waitForTimeout(800);
  const a = await lab.live();
  expect(a.flight > 0, 'packets are on the wire').toBeTruthy();
  // The glyphs drawn move: the same packet is further along its link, at a new place, draw after draw.
  const motion = await lab.canvas.packetMotion(30);
  expect(motion.glyphs > 0, 'packet glyphs are drawn').toBeTruthy();
  expect(motion.forward > 20, `packets advance between frames (${JSON.stringify(motion)})`).toBeTruthy();
  expect(motion.backward, 'no packet goes backwards').toBe(0);
  const t0 = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(1000);
  const t1 = (await lab.run()).nowNs;
  const rate = (t1 - t0) / 1e9;
  expect(rate > 0.003 && rate < 0.03, `about 10 ms of simulated time per second (got ${rate})`).toBeTruthy();
  await lab.screenshot('slow-motion');
});

/**
 * A paused, unchanging network costs no animation frames (an always-running drawing loop kept the
 * compositor busy over a still picture); playing draws packets every frame; a pause, once the last
 * drop marks have faded, is still again — and an edit while paused is drawn.
 */
test('stillNetworkRequestsNoFrames', async ({ context, baseUrl }) => {
  const page = await context.newPage();
  // counts the page's requestAnimationFrame calls (React and the charts use some too: allow a few)
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.__rafCalls = 0;
    window.requestAnimationFrame = (cb) => {
      window.__rafCalls++;
      return raf(cb);
    };
  });
  const lab = new Lab(page, baseUrl);
  await lab.open();
  const framesIn = async (ms) => {
    const before = await page.evaluate(() => window.__rafCalls);
    await page.waitForTimeout(ms);
    return (await page.evaluate(() => window.__rafCalls)) - before;
  };
  await page.waitForTimeout(500);
  const pausedAtZero = await framesIn(1000);
  expect(pausedAtZero <= 3, `a paused network asked for ${pausedAtZero} frames in 1 s`).toBeTruthy();
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.glyphs().length > 0);
  const playing = await framesIn(1000);
  expect(playing >= 20, `a playing network asked for only ${playing} frames in 1 s`).toBeTruthy();
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await page.waitForTimeout(1500); // drop marks fade in 0.9 s
  const pausedLater = await framesIn(1000);
  expect(pausedLater <= 3, `paused mid-run, the network asked for ${pausedLater} frames in 1 s`).toBeTruthy();
  // a view change while paused is drawn: the overlay follows the camera (its box is set as it draws)
  const overlayBox = () =>
    page
      .locator('canvas.live-overlay')
      .evaluate((c) => `${c.style.left} ${c.style.top} ${c.style.width} ${c.style.height}`);
  const before = await overlayBox();
  expect((await page.evaluate(() => window.__cclab.glyphs().length)) > 0, 'the paused run shows its packets').toBeTruthy();
  const box = await lab.canvas.box();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(
    (b) => {
      const c = document.querySelector('canvas.live-overlay');
      return `${c.style.left} ${c.style.top} ${c.style.width} ${c.style.height}` !== b;
    },
    before,
    { timeout: 5000 },
  );
});
