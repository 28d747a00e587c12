import { animationFrames, type FrameTiming } from '../fixtures/frameTiming';
import { cpuMetrics } from '../fixtures/scaleProbe';
import { expect, test } from '../fixtures/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { CDPSession } from '@playwright/test';
import { Lab } from '../pages/Lab';
import type { PacketMotion } from '../pages/Canvas';
import { bigScenario } from '../fixtures/bigScenario';

// The report goes to the test artifacts; docs/performance.md quotes one run of it.
const REPORT_DIR = new URL('../artifacts/', import.meta.url).pathname;
const REPORT = `${REPORT_DIR}performance-lab.md`;
const SECONDS = 4;

/** One speed's measurement: frames, main-thread CPU per frame, simulated rate and packet motion. */
interface FrameRateRow extends FrameTiming {
  motion: PacketMotion;
  mainMs: number;
  scriptMs: number;
  layoutMs: number;
}

async function measure(lab: Lab, cdp: CDPSession, speed: number): Promise<FrameRateRow> {
  await lab.controls.speed.selectOption(String(speed));
  await lab.page.waitForTimeout(500);
  const m0 = await cpuMetrics(cdp);
  const r = await animationFrames(lab.page, SECONDS);
  const m1 = await cpuMetrics(cdp);
  // After the timed window (so it does not weigh on it): do the drawn packets move?
  const motion = await lab.canvas.packetMotion(10);
  // Per frame: all main-thread CPU time (JS, style, layout, paint, commit, message handling), and
  // the JS and style+layout parts of it. CPU time, not wall time, so it holds up under load.
  return {
    ...r,
    motion,
    mainMs: (m1.thread - m0.thread) / r.frames,
    scriptMs: (m1.script - m0.script) / r.frames,
    layoutMs: (m1.layout - m0.layout) / r.frames,
  };
}

/** Frame rate of the animated view for a 40-node, 20-flow scenario (a report, not a pass/fail threshold). */
test('frameRate40Nodes20Flows', async ({ lab, context, baseUrl }) => {
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((s) => window.__cclab.encode(s), bigScenario());
  await first.page.close();
  await lab.open(`#s=${hash}&play`);
  const s = await lab.scenario();
  expect(s.nodes.length).toBe(40);
  expect(s.flows.length).toBe(20);
  await lab.waitForRun(() => window.__cclab.run().status === 'playing');
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  const cdp = await context.newCDPSession(lab.page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const rows: ({ speed: number } & FrameRateRow)[] = [];
  for (const speed of [0.1, 1, 5]) rows.push({ speed, ...(await measure(lab, cdp, speed)) });
  await lab.screenshot('frame-rate-40-nodes');
  // a report, not a timing threshold (frame rates swing with machine load): the page must keep
  // animating and the simulation must keep advancing at every speed
  for (const r of rows) {
    expect(r.fps, `the page keeps animating at ${r.speed}×`).toBeGreaterThan(0);
    expect(r.simRate, `the simulation advances at ${r.speed}×`).toBeGreaterThan(0);
    // Packets are drawn up to 2× (MAX_ANIMATED_SPEED): the glyphs stand somewhere else in most
    // successive frames, and no packet goes backwards. At 0.1× a packet takes several frames to
    // cross a 10 ms link, so the same packets must be seen further along it frame after frame
    // (at 1× it crosses within a frame or two).
    if (r.speed <= 2) {
      const m = JSON.stringify(r.motion);
      expect(r.motion.glyphs, `packets are drawn at ${r.speed}×`).toBeGreaterThan(0);
      expect(r.motion.changed, `the packets drawn move at ${r.speed}× (${m})`).toBeGreaterThanOrEqual(
        r.motion.draws / 2,
      );
      expect(r.motion.backward, `no packet goes backwards at ${r.speed}× (${m})`).toBe(0);
      if (r.speed <= 0.1)
        expect(r.motion.forward, `packets advance frame by frame at ${r.speed}× (${m})`).toBeGreaterThan(20);
    }
  }
  const ua = await lab.page.evaluate(() => navigator.userAgent);
  const cores = await lab.page.evaluate(() => navigator.hardwareConcurrency);
  const table = rows
    .map(
      (r) =>
        `| ${r.speed}× | ${r.fps.toFixed(1)} | ${r.p95FrameMs.toFixed(1)} | ${r.worstFrameMs.toFixed(1)} | ${r.mainMs.toFixed(1)} | ${r.scriptMs.toFixed(1)} | ${r.layoutMs.toFixed(1)} | ${r.simRate.toFixed(2)} | ${r.packetsDrawn} |`,
    )
    .join('\n');
  await mkdir(REPORT_DIR, { recursive: true });
  await writeFile(
    REPORT,
    `# Lab performance: animation frame rate

Measured by \`e2e/tests/frameRate.spec.ts\` (part of \`npm run test:e2e\`), which writes this report to
\`e2e/artifacts/performance-lab.md\` on every run. It is a report, not a timed test: the suite only fails if the page stops animating, the simulation stops advancing, or the packets drawn stop moving forward (up to 2×, where packets are drawn).

**Scenario:** 40 nodes (4 routers in a chain, 36 hosts) and 20 TCP flows (NewReno, Reno, SACK, Tahoe)
crossing a 20 Mb/s core, opened from a share link, animated mode (packets on every link drawn each
frame, queue bars and link shading updated each frame, four D3 charts redrawn at most every 250 ms).

**Method:** in the page, count \`requestAnimationFrame\` callbacks for ${SECONDS} s of wall time at each speed;
"main ms/frame" is the page's main-thread CPU time over the same window (Chrome DevTools Protocol
\`Performance.getMetrics\`, \`ThreadTime\` with the thread-time clock) divided by the frames drawn, with its
JS and style+layout parts (\`ScriptDuration\`, \`RecalcStyleDuration\` + \`LayoutDuration\`); being CPU time it
varies much less with machine load than fps. "sim rate" is simulated seconds advanced per wall
second (the worker paces it to the chosen speed).

**Environment:** headless Chromium (\`--headless=new --disable-gpu\`, software rendering), viewport
1440×900, ${cores} logical CPUs (${cpus()[0]?.model ?? 'unknown CPU'}), load average before the run ${load}. ${ua.replace(/HeadlessChrome/, 'HeadlessChrome')}

| speed | fps | p95 frame (ms) | worst frame (ms) | main ms/frame | of which JS | of which style+layout | sim rate (s/s) | packets drawn (last frame) |
|---|---|---|---|---|---|---|---|---|
${table}

Target: 60 fps — ${rows.every((r) => r.fps >= 57) ? 'reached at every speed in this run' : `**not reached at every speed in this run** (slowest: ${Math.min(...rows.map((r) => r.fps)).toFixed(1)} fps)`}.
The simulation runs in a Web Worker, so the UI thread only draws, and each frame touches as little
of the page as possible: packets, drops, queue fills and link shading go to one canvas (only as
large as the network on screen) above a static, fixed-size SVG; the four charts are canvases
redrawn at most four times a second from data decimated to about two points per pixel column (SVG
and PNG exports are built by D3 from the same data); the ticking clock is its own relayout
boundary and React re-renders only the clock per frame. What is left per frame is mostly
Chromium's own work (handing the overlay's bitmap to the compositor, paint, layerize). Here the
worker, Chromium's software rasteriser and the page share two CPUs (and other jobs on the
machine), so fps varies between runs; main-thread ms per frame is the steadier number.

Measured on ${new Date().toISOString().slice(0, 10)}.
`,
  );
  console.log(
    '    ' + rows.map((r) => `${r.speed}×: ${r.fps.toFixed(1)} fps, ${r.mainMs.toFixed(1)} ms main/frame`).join('; '),
  );
});
