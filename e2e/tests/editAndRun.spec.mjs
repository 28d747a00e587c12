import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';

/** Keyboard: place nodes, select all, delete, undo and redo. Shift-drag selects several. */
export async function keyboardEditingWithUndoRedo({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('preset').selectOption('__empty');
  await lab.page.waitForFunction(() => window.__cclab.scenario().nodes.length === 0);
  await lab.testId('topology').focus();
  await lab.press('Shift+H');
  await lab.press('Shift+H');
  await lab.press('Shift+R');
  assert.deepEqual(
    (await lab.scenario()).nodes.map((n) => n.id),
    ['h1', 'h2', 'r1'],
  );
  // Rubber band around everything, then Delete.
  const box = await lab.canvasBox();
  await lab.page.keyboard.down('Shift');
  await lab.drag({ x: box.x + 5, y: box.y + 5 }, { x: box.x + box.width - 60, y: box.y + box.height - 5 });
  await lab.page.keyboard.up('Shift');
  assert.deepEqual((await lab.page.evaluate(() => window.__cclab.selection())).nodes.sort(), ['h1', 'h2', 'r1']);
  await lab.press('Delete');
  assert.equal((await lab.scenario()).nodes.length, 0);
  await lab.press('Control+z');
  assert.equal((await lab.scenario()).nodes.length, 3);
  await lab.press('Control+Shift+Z');
  assert.equal((await lab.scenario()).nodes.length, 0);
  await lab.testId('undo').click();
  assert.equal((await lab.scenario()).nodes.length, 3);
}

/** An impossible parameter is named next to its field; the run is blocked until it is fixed. */
export async function impossibleParameterIsNamedAndBlocksTheRun({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.page.locator('[data-testid="link-r1-r2"] .link-hit').click({ force: true });
  await lab.testId('link-delay').fill('-3');
  await lab.testId('link-delay').press('Enter');
  await lab.testId('problems').waitFor();
  assert.match(await lab.testId('problems').innerText(), /links\[0\]\.delay/);
  assert.match(await lab.testId('link-inspector').innerText(), /not a non-negative duration/);
  await lab.waitForRun(() => window.__cclab.run().status === 'error');
  assert.equal(await lab.testId('play').isDisabled(), true);
  await lab.screenshot('impossible-parameter');
  await lab.testId('link-delay').fill('30');
  await lab.testId('link-delay').press('Enter');
  await lab.waitForRun(() => window.__cclab.run().status !== 'error');
  assert.equal(await lab.testId('problems').count(), 0);
}

/** Batch mode runs to the end as fast as possible with a progress bar; the charts hold the whole run. */
export async function batchRunToTheEnd({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('reset').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.testId('batch').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60000);
  const run = await lab.run();
  assert.equal(run.nowNs, 60e9);
  const f = (await lab.series()).flows[0];
  assert.ok(f.t.at(-1) >= 59.9, 'samples cover the whole minute');
  // Chart export: CSV of the cwnd chart downloads with one row per sample.
  const [download] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-cwnd-csv').click()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  assert.match(
    csv.split('\n')[0],
    /^t \(s\),f0 cwnd \(segments\),f0 ssthresh \(segments\),f1 cwnd \(segments\),f1 ssthresh \(segments\)$/,
  );
  assert.ok(csv.split('\n').length > 1000);
  const [svg] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-queue-svg').click()]);
  assert.match(await readFile(await svg.path(), 'utf8'), /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // Exported charts stand alone: the title above, a legend entry (label and unit) per series below.
  const [cwndSvg] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-cwnd-svg').click()]);
  const cwndText = await readFile(await cwndSvg.path(), 'utf8');
  assert.match(cwndText, /data-export="title"[^>]*>Congestion window</);
  for (const label of ['f0 cwnd (segments)', 'f0 ssthresh (segments)', 'f1 cwnd (segments)', 'f1 ssthresh (segments)'])
    assert.ok(cwndText.includes(`>${label}</text>`), `the exported legend names ${label}`);
  const [png] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-throughput-png').click()]);
  const bytes = await readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  await lab.screenshot('batch-done');
}

/** Slow motion: packets are visibly on the wire and move between frames. */
export async function slowMotionShowsPacketsTravelling({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await lab.testId('speed').selectOption('0.01');
  await lab.page.waitForTimeout(800);
  const a = await lab.live();
  assert.ok(a.flight > 0, 'packets are on the wire');
  // The glyphs drawn move: the same packet is further along its link, at a new place, draw after draw.
  const motion = await lab.packetMotion(30);
  assert.ok(motion.glyphs > 0, 'packet glyphs are drawn');
  assert.ok(motion.forward > 20, `packets advance between frames (${JSON.stringify(motion)})`);
  assert.equal(motion.backward, 0, 'no packet goes backwards');
  const t0 = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(1000);
  const t1 = (await lab.run()).nowNs;
  const rate = (t1 - t0) / 1e9;
  assert.ok(rate > 0.003 && rate < 0.03, `about 10 ms of simulated time per second (got ${rate})`);
  await lab.screenshot('slow-motion');
}

/**
 * A paused, unchanging network costs no animation frames (an always-running drawing loop kept the
 * compositor busy over a still picture); playing draws packets every frame; a pause, once the last
 * drop marks have faded, is still again — and an edit while paused is drawn.
 */
export async function stillNetworkRequestsNoFrames({ context, baseUrl }) {
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
  const lab = new LabPage(page, baseUrl);
  await lab.open();
  const framesIn = async (ms) => {
    const before = await page.evaluate(() => window.__rafCalls);
    await page.waitForTimeout(ms);
    return (await page.evaluate(() => window.__rafCalls)) - before;
  };
  await page.waitForTimeout(500);
  const pausedAtZero = await framesIn(1000);
  assert.ok(pausedAtZero <= 3, `a paused network asked for ${pausedAtZero} frames in 1 s`);
  await lab.play();
  await lab.waitForRun(() => window.__cclab.glyphs().length > 0);
  const playing = await framesIn(1000);
  assert.ok(playing >= 20, `a playing network asked for only ${playing} frames in 1 s`);
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await page.waitForTimeout(1500); // drop marks fade in 0.9 s
  const pausedLater = await framesIn(1000);
  assert.ok(pausedLater <= 3, `paused mid-run, the network asked for ${pausedLater} frames in 1 s`);
  // a view change while paused is drawn: the overlay follows the camera (its box is set as it draws)
  const overlayBox = () =>
    page
      .locator('canvas.live-overlay')
      .evaluate((c) => `${c.style.left} ${c.style.top} ${c.style.width} ${c.style.height}`);
  const before = await overlayBox();
  assert.ok((await page.evaluate(() => window.__cclab.glyphs().length)) > 0, 'the paused run shows its packets');
  const box = await lab.canvasBox();
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
}
