import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures/test';

/** The page's window with the requestAnimationFrame counter `stillNetworkRequestsNoFrames` installs. */
type CountingFrames = typeof window & { __rafCalls: number };

/** Keyboard: place nodes, select all, delete, undo and redo. Shift-drag selects several. */
test('keyboardEditingWithUndoRedo', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('__empty');
  await lab.page.waitForFunction(() => window.__cclab.scenario().nodes.length === 0);
  await lab.canvas.svg.focus();
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
  await lab.canvas.linkHit('r1-r2').click({ force: true });
  await lab.inspector.set('link-delay', '-3');
  await lab.notices.problems.waitFor();
  expect(await lab.notices.problems.innerText()).toMatch(/links\[0\]\.delay/);
  expect(await lab.inspector.link.innerText()).toMatch(/not a non-negative duration/);
  await lab.waitForRun(() => window.__cclab.run().status === 'error');
  expect(await lab.controls.playButton.isDisabled()).toBe(true);
  await lab.screenshot('impossible-parameter');
  await lab.inspector.set('link-delay', '30');
  await lab.waitForRun(() => window.__cclab.run().status !== 'error');
  expect(await lab.notices.problems.count()).toBe(0);
});

/** Batch mode runs to the end as fast as possible with a progress bar; the charts hold the whole run. */
test('batchRunToTheEnd', async ({ lab }) => {
  await lab.open();
  await lab.controls.resetButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.controls.batchButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60000);
  const run = await lab.run();
  expect(run.nowNs).toBe(60e9);
  const f = (await lab.series()).flows[0];
  expect(f.t.at(-1), 'samples cover the whole minute').toBeGreaterThanOrEqual(59.9);
  // Chart export: CSV of the cwnd chart downloads with one row per sample.
  const csv = await lab.charts.exportText('cwnd', 'csv');
  expect(csv.split('\n')[0]).toMatch(
    /^t \(s\),f0 cwnd \(segments\),f0 ssthresh \(segments\),f1 cwnd \(segments\),f1 ssthresh \(segments\)$/,
  );
  expect(csv.split('\n').length).toBeGreaterThan(1000);
  expect(await lab.charts.exportText('queue', 'svg')).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // Exported charts stand alone: the title above, a legend entry (label and unit) per series below.
  const cwndText = await lab.charts.exportText('cwnd', 'svg');
  expect(cwndText).toMatch(/data-export="title"[^>]*>Congestion window</);
  for (const label of ['f0 cwnd (segments)', 'f0 ssthresh (segments)', 'f1 cwnd (segments)', 'f1 ssthresh (segments)'])
    expect(cwndText, `the exported legend names ${label}`).toContain(`>${label}</text>`);
  const [png] = await Promise.all([lab.page.waitForEvent('download'), lab.testId('chart-throughput-png').click()]);
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  await lab.screenshot('batch-done');
});

/** Slow motion: packets are visibly on the wire and move between frames. */
test('slowMotionShowsPacketsTravelling', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('0.01');
  await lab.page.waitForTimeout(800);
  const a = await lab.live();
  expect(a.flight, 'packets are on the wire').toBeGreaterThan(0);
  // The glyphs drawn move: the same packet is further along its link, at a new place, draw after draw.
  const motion = await lab.canvas.packetMotion(30);
  expect(motion.glyphs, 'packet glyphs are drawn').toBeGreaterThan(0);
  expect(motion.forward, `packets advance between frames (${JSON.stringify(motion)})`).toBeGreaterThan(20);
  expect(motion.backward, 'no packet goes backwards').toBe(0);
  const t0 = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(1000);
  const t1 = (await lab.run()).nowNs;
  const rate = (t1 - t0) / 1e9;
  expect(rate, `about 10 ms of simulated time per second (got ${rate})`).toBeGreaterThan(0.003);
  expect(rate, `about 10 ms of simulated time per second (got ${rate})`).toBeLessThan(0.03);
  await lab.screenshot('slow-motion');
});

/**
 * A paused, unchanging network costs no animation frames (an always-running drawing loop kept the
 * compositor busy over a still picture); playing draws packets every frame; a pause, once the last
 * drop marks have faded, is still again — and an edit while paused is drawn.
 */
test('stillNetworkRequestsNoFrames', async ({ lab }) => {
  const page = lab.page;
  // counts the page's requestAnimationFrame calls (React and the charts use some too: allow a few)
  await page.addInitScript(() => {
    const w = window as CountingFrames;
    const raf = w.requestAnimationFrame.bind(w);
    w.__rafCalls = 0;
    w.requestAnimationFrame = (cb) => {
      w.__rafCalls++;
      return raf(cb);
    };
  });
  await lab.open();
  const framesIn = async (ms: number): Promise<number> => {
    const before = await page.evaluate(() => (window as CountingFrames).__rafCalls);
    await page.waitForTimeout(ms);
    return (await page.evaluate(() => (window as CountingFrames).__rafCalls)) - before;
  };
  await page.waitForTimeout(500);
  const pausedAtZero = await framesIn(1000);
  expect(pausedAtZero, `a paused network asked for ${pausedAtZero} frames in 1 s`).toBeLessThanOrEqual(3);
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.glyphs().length > 0);
  const playing = await framesIn(1000);
  expect(playing, `a playing network asked for only ${playing} frames in 1 s`).toBeGreaterThanOrEqual(20);
  await lab.controls.playButton.click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await page.waitForTimeout(1500); // drop marks fade in 0.9 s
  const pausedLater = await framesIn(1000);
  expect(pausedLater, `paused mid-run, the network asked for ${pausedLater} frames in 1 s`).toBeLessThanOrEqual(3);
  // a view change while paused is drawn: the overlay follows the camera (its box is set as it draws)
  const overlayBox = (): Promise<string> =>
    page
      .locator('canvas.live-overlay')
      .evaluate((c: HTMLCanvasElement) => `${c.style.left} ${c.style.top} ${c.style.width} ${c.style.height}`);
  const before = await overlayBox();
  expect(await page.evaluate(() => window.__cclab.glyphs().length), 'the paused run shows its packets').toBeGreaterThan(
    0,
  );
  const box = await lab.canvas.box();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(
    (b) => {
      const c = document.querySelector<HTMLCanvasElement>('canvas.live-overlay');
      if (!c) throw new Error('the live overlay is gone');
      return `${c.style.left} ${c.style.top} ${c.style.width} ${c.style.height}` !== b;
    },
    before,
    { timeout: 5000 },
  );
});
