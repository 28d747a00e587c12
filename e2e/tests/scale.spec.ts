import { expect, test } from '../fixtures/test';
// The lab at scale: two large scenarios (e2e/fixtures/scaleScenario.mjs) played at
// Max speed, measured, and written up in e2e/artifacts/performance-scale.md against the targets: no
// main-thread task over 100 ms, Pause within 200 ms, per-frame work flat over the run, memory bounded.
// A report, not a timed test: the assertions are the ones a loaded machine cannot make flaky (Pause
// works within seconds, per-frame work does not grow without bound, memory stays under a generous
// bound, the level of detail is said on screen). CI plays each scenario CI_SECONDS; set
// CCLAB_SCALE_MINUTES (e.g. 10) for the long measurement quoted in docs/performance.md, which also
// plays a 5,000-node network (the scenario-size limit).
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext } from '@playwright/test';
import { Lab, ARTIFACTS } from '../pages/Lab';
import { scaleScenario } from '../fixtures/scaleScenario.mjs';
import { browserMemory, clickPause, cpuMetrics, installPageProbes, longestTasksByCpu } from '../fixtures/scaleProbe';

type Size = { nodes: number; flows: number };
type Scenario = ReturnType<typeof scaleScenario>;

/** One measurement window of play (wall seconds from `atS` back to the previous window's end). */
interface MeasureWindow {
  atS: number;
  simS: number;
  fps: number;
  mainMsPerFrame: number;
  mainMsPerS: number;
  scriptMsPerFrame: number;
  longTasks: number;
  longestTaskMs: number;
  heapMB: number;
  memory: ReturnType<typeof browserMemory>;
  status: string;
}

/** What the page showed of a large network: the level-of-detail notes (null where not shown). */
interface Shown {
  packetNote: string | null;
  cwndNote: string | null;
  pager: string | null;
}

/** One scenario played and measured. */
interface Measured {
  size: Size;
  scenario: Scenario;
  openS: number;
  windows: MeasureWindow[];
  tasks: Awaited<ReturnType<typeof longestTasksByCpu>>;
  pause: Awaited<ReturnType<typeof clickPause>>;
  shown: Shown;
}

/** The growth of per-frame work and the tab's largest memory, as checkBounds found them. */
interface Bounds {
  growth: number;
  tab: number;
}

const CI_SECONDS = 20;
const LONG_MINUTES = Number(process.env.CCLAB_SCALE_MINUTES ?? 0);
const PLAY_S = LONG_MINUTES > 0 ? LONG_MINUTES * 60 : CI_SECONDS;
/** Ends of the measurement windows (wall s of play): every 5 s for the first minute, then every 30 s. */
const WINDOW_ENDS = Array.from({ length: Math.floor(PLAY_S / 5) }, (_, i) => (i + 1) * 5).filter(
  (t) => t <= 60 || t % 30 === 0,
);
/**
 * Seconds of the Chrome trace at the end of play from which the longest tasks by CPU time are
 * read: 3 in CI; 20 in the long run, since a major garbage collection or a whole-document paint
 * comes every few seconds at 5,000 nodes and a 3 s trace can miss them all.
 */
const TRACE_S = LONG_MINUTES > 0 ? 20 : 3;
const SCENARIOS = [
  { nodes: 500, flows: 100 },
  { nodes: 2000, flows: 1000 },
  ...(LONG_MINUTES > 0 ? [{ nodes: 5000, flows: 1000 }] : []),
];
/** Generous bounds for the assertions (the targets are in the report). */
const GROWTH_BOUND = 3;
const TAB_MEMORY_BOUND_MB = 4096;

/** Opens `scenario` from a file (too large for a link) and waits until it is ready at 0 s. */
async function openFile(lab: Lab, scenario: Scenario): Promise<void> {
  await lab.testId('import-file').setInputFiles({
    name: 'scale.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await lab.page.waitForFunction((name) => window.__cclab.scenario().name === name, scenario.name, {
    timeout: 120_000,
    polling: 500,
  });
  // building a 2,000-node network takes the worker several seconds; the page says "Loading…"
  await lab.waitForRun(() => window.__cclab.run().status === 'paused', undefined, 300_000);
}

/** Opens a scale scenario in a page of its own, plays it at Max, measures it, pauses and closes it. */
async function playAndMeasure(
  { browser, context, baseUrl }: { browser: Browser; context: BrowserContext; baseUrl: string },
  size: Size,
): Promise<Measured> {
  const lab = new Lab(await context.newPage(), baseUrl);
  await installPageProbes(lab.page);
  await lab.open();
  const scenario = scaleScenario(size);
  const t0 = Date.now();
  await openFile(lab, scenario);
  const openS = (Date.now() - t0) / 1000;
  const cdp = await context.newCDPSession(lab.page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await lab.controls.speed.selectOption('Infinity');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'playing');
  const playAt = await lab.page.evaluate(() => performance.now());
  const windows: MeasureWindow[] = [];
  let prev = { cpu: await cpuMetrics(cdp), frames: await lab.page.evaluate(() => window.__scale.frames) };
  const start = Date.now();
  let from = 0;
  for (const to of WINDOW_ENDS) {
    await lab.page.waitForTimeout(Math.max(0, start + to * 1000 - Date.now()));
    const cpu = await cpuMetrics(cdp);
    const page = await lab.page.evaluate(
      ([from, to]) => ({
        frames: window.__scale.frames,
        nowNs: window.__cclab.run().nowNs,
        status: window.__cclab.run().status,
        longTasks: window.__scale.longTasks.filter(([t]) => t >= from && t < to).map(([, d]) => d),
      }),
      [playAt + from * 1000, playAt + to * 1000],
    );
    const frames = page.frames - prev.frames;
    const span = to - from;
    from = to;
    windows.push({
      atS: to,
      simS: page.nowNs / 1e9,
      fps: frames / span,
      mainMsPerFrame: (cpu.thread - prev.cpu.thread) / Math.max(1, frames),
      mainMsPerS: (cpu.thread - prev.cpu.thread) / span,
      scriptMsPerFrame: (cpu.script - prev.cpu.script) / Math.max(1, frames),
      longTasks: page.longTasks.length,
      longestTaskMs: Math.max(0, ...page.longTasks),
      heapMB: cpu.heapMB,
      memory: browserMemory(),
      status: page.status,
    });
    prev = { cpu, frames: page.frames };
  }
  const tasks = await longestTasksByCpu(browser, lab.page, TRACE_S * 1000);
  // what a person sees: how much of the network and of the flows is drawn
  const shown: Shown = await lab.page.evaluate(() => ({
    packetNote: document.querySelector('[data-testid="packet-count-note"]')?.textContent ?? null,
    cwndNote: document.querySelector('[data-testid="chart-cwnd-flows"] summary')?.textContent ?? null,
    pager: document.querySelector('[data-testid="summary-pager-flows"] [aria-live]')?.textContent ?? null,
  }));
  // a large network's gauges are not described in the DOM while it plays (thousands of attribute
  // writes cost whole-document repaints: LiveOverlay.tsx) …
  const packetsWhilePlaying = await lab.page.evaluate(() =>
    [...document.querySelectorAll('[data-queue-port]')].reduce(
      (n, g) => n + Number(g.getAttribute('data-packets') ?? 0),
      0,
    ),
  );
  await lab.screenshot(`scale-${size.nodes}-nodes-playing`);
  const pause = await clickPause(lab);
  // the page keeps answering: the click took effect and the clock stands still
  expect(pause.status, `Pause shows "Paused" (${JSON.stringify(pause)})`).toBe('Paused');
  const still = await lab.page.evaluate(() => window.__cclab.run().nowNs);
  expect(still, 'the clock stands still after Pause').toBe(pause.nowNs);
  // a large network's packets are counts per link (drawn while paused and at speeds up to 2×)
  if (scenario.links.length > 200) {
    expect(shown.packetNote ?? '').toMatch(/Packets drawn per link as a count above 200 links/);
    await lab.waitForRun(() => window.__cclab.live().wire > 0, undefined, 30_000);
    const live = await lab.live();
    expect(live.flight, 'no packet is drawn one by one above 200 links').toBe(0);
    // … and are, once it rests: every gauge's data-packets is the live queue of its port
    expect(packetsWhilePlaying, 'no gauge described while playing').toBe(0);
    const queued = live.queues.reduce((a, b) => a + b, 0);
    expect(queued, 'the paused network has packets queued').toBeGreaterThan(0);
    await expect
      .poll(() =>
        lab.page.evaluate(() => {
          const q = window.__cclab.live().queues;
          return [...document.querySelectorAll('[data-queue-port]')].every(
            (g) => Number(g.getAttribute('data-packets')) === (q[Number(g.getAttribute('data-queue-port'))] ?? 0),
          );
        }),
      )
      .toBe(true);
  }
  if (scenario.flows.length > 16) {
    expect(shown.cwndNote).toBe(`Showing 16 of ${scenario.flows.length.toLocaleString('en-US')} flows`);
    expect(
      shown.pager?.includes(`Flows 1–50 of ${scenario.flows.length.toLocaleString('en-US')}`),
      `the Summary shows its first page of flows (${shown.pager})`,
    ).toBeTruthy();
  }
  await lab.page.close();
  return { size, scenario, openS, windows, tasks, pause, shown };
}

/**
 * The windows compared for growth: 5–10 s of play (the first 5 s hold the run's first paints) and
 * the one ending at 60 s, or the last one in a shorter run.
 */
function compared(windows: MeasureWindow[]): { early: MeasureWindow; late: MeasureWindow } {
  const early = windows.find((w) => w.atS === 10) ?? windows[0];
  const late = windows.find((w) => w.atS === 60) ?? windows[windows.length - 1];
  return { early, late };
}

/** The assertions a loaded machine cannot make flaky: bounded growth and memory, a run that advanced. */
function checkBounds(r: Measured): Bounds {
  const { windows } = r;
  // per-frame work: the steady part (after the first window, where the first paints of the run
  // land) may not grow without bound. CPU per frame moves with the frame rate under load, so the
  // bound is generous; the report compares against the 1.2× target.
  const { early, late } = compared(windows);
  const growth = late.mainMsPerFrame / Math.max(1, early.mainMsPerFrame);
  expect(
    growth,
    `${r.size.nodes} nodes: main-thread work per frame grew ${growth.toFixed(2)}× (${early.mainMsPerFrame.toFixed(1)} → ${late.mainMsPerFrame.toFixed(1)} ms)`,
  ).toBeLessThanOrEqual(GROWTH_BOUND);
  const tab = Math.max(...windows.map((w) => w.memory?.tabMB ?? 0));
  expect(tab, `${r.size.nodes} nodes: the tab's process used ${tab.toFixed(0)} MB`).toBeLessThanOrEqual(
    TAB_MEMORY_BOUND_MB,
  );
  expect(windows[windows.length - 1].simS, 'the simulation advanced').toBeGreaterThan(0);
  return { growth, tab };
}

const f1 = (x: number | null | undefined): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(1);
const f0 = (x: number | null | undefined): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(0);

/** The report's section for one scenario. */
function section(r: Measured, bounds: Bounds): string {
  const { size, windows, tasks, pause } = r;
  const rows = windows
    .map(
      (w) =>
        `| ${w.atS} | ${f1(w.simS)} | ${f1(w.fps)} | ${f1(w.mainMsPerFrame)} | ${f0(w.mainMsPerS)} | ${f1(w.scriptMsPerFrame)} | ${w.longTasks} | ${f0(w.longestTaskMs)} | ${f0(w.heapMB)} | ${f0(w.memory?.tabMB)} | ${f0(w.memory?.allMB)} |`,
    )
    .join('\n');
  const { early, late } = compared(windows);
  const last = windows[windows.length - 1];
  const worstCpu = tasks[0];
  const pauseMs = Math.max(pause.statusMs ?? Infinity, pause.clockMs);
  const tabs = windows.map((w) => w.memory?.tabMB ?? 0);
  const half = tabs.slice(Math.floor(tabs.length / 2));
  return `## ${size.nodes.toLocaleString('en-US')} nodes, ${size.flows.toLocaleString('en-US')} flows

${r.scenario.links.length.toLocaleString('en-US')} links; opened from a file in ${r.openS.toFixed(1)} s (to "Ready at 0 s"); played at Max for ${PLAY_S} s.
On screen: ${
    [r.shown.packetNote, r.shown.cwndNote, r.shown.pager]
      .filter(Boolean)
      .map((t) => `“${t}”`)
      .join(', ') || 'everything (no level of detail needed)'
  }.

| wall s | sim s | fps | main ms/frame (CPU) | main ms/s (CPU) | of which JS ms/frame | long tasks | longest (wall ms) | JS heap MB | tab RSS MB | all Chromium RSS MB |
|---|---|---|---|---|---|---|---|---|---|---|
${rows}

| target | measured | |
|---|---|---|
| no main-thread task over 100 ms while playing | longest task by CPU time ${f0(worstCpu?.cpuMs)} ms (wall ${f0(worstCpu?.wallMs)} ms), ${tasks.filter((t) => t.cpuMs > 100).length} over 100 ms in a ${TRACE_S} s trace at the end; longest long task by wall time ${f0(Math.max(...windows.map((w) => w.longestTaskMs)))} ms | ${(worstCpu?.cpuMs ?? 0) <= 100 ? 'met (CPU time)' : '**not met**'} |
| Pause within 200 ms | status "Paused" ${f0(pause.statusMs)} ms after the click, clock still from ${f0(pause.clockMs)} ms | ${pauseMs <= 200 ? 'met' : '**not met in this run**'} |
| per-frame work flat (late ≤ 1.2 × early) | ${f1(late.mainMsPerFrame)} ms in the window to ${late.atS} s vs ${f1(early.mainMsPerFrame)} ms in 5–10 s: ${bounds.growth.toFixed(2)}×${last !== late ? `; ${f1(last.mainMsPerFrame)} ms at the end (${last.atS} s)` : ''} | ${bounds.growth <= 1.2 ? 'met' : '**not met in this run**'} |
| memory bounded | tab process at most ${f0(bounds.tab)} MB; second half of the run ${f0(Math.min(...half))}–${f0(Math.max(...half))} MB | see docs/performance.md for the bound |
`;
}

/** Plays the two scale scenarios at Max and writes e2e/artifacts/performance-scale.md. */
test('scaleLargeNetworks', async ({ browser, context, baseUrl }) => {
  // per scenario: PLAY_S of play, plus opening it (a 2,000-node network takes the worker a while to
  // build), a 3 s trace and the watch of Pause; the CI run took 108 s on a quiet machine
  test.setTimeout(SCENARIOS.length * (PLAY_S + 150) * 1000);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
  const loadBefore = load();
  const results: { r: Measured; bounds: Bounds }[] = [];
  for (const size of SCENARIOS) {
    const r = await playAndMeasure({ browser, context, baseUrl }, size);
    const bounds = checkBounds(r);
    results.push({ r, bounds });
    console.log(
      `    ${size.nodes} nodes: main ${r.windows
        .map((w) => w.mainMsPerFrame.toFixed(1))
        .join(
          ' ',
        )} ms/frame; pause ${f0(r.pause.statusMs)}/${f0(r.pause.clockMs)} ms; longest task ${f0(r.tasks[0]?.cpuMs)} ms CPU; tab ≤ ${f0(bounds.tab)} MB`,
    );
  }
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(
    `${ARTIFACTS}performance-scale.md`,
    `# Lab performance at scale

Measured by \`e2e/tests/scale.spec.ts\` (${LONG_MINUTES > 0 ? `long run: CCLAB_SCALE_MINUTES=${LONG_MINUTES}` : `the CI run: ${CI_SECONDS} s of play per scenario`}),
headless Chromium (software rendering), viewport 1440×900, ${cpus().length} logical CPUs (${cpus()[0]?.model ?? 'unknown CPU'}),
load average ${loadBefore} before and ${load()} after. Scenarios from \`e2e/fixtures/scaleScenario.mjs\`: routers in a binary tree
(a quarter of the nodes), hosts spread over them, bulk CUBIC and NewReno flows between random host pairs (seeded), every
link 10 Mb/s and 1 ms, probes every 100 ms.

"main ms/frame" is the page's main-thread CPU time (CDP \`Performance.getMetrics\` \`ThreadTime\`, thread-time clock) per
animation frame drawn; "long tasks" are the page's \`PerformanceObserver('longtask')\` entries (wall time: on a loaded machine
they include time spent waiting for a CPU); "tab RSS" is the resident memory of the lab's renderer process, which holds the
page and the simulation's Web Worker. A report, not a timed test: the suite fails only if Pause does not take effect, the
per-frame work grows more than ${GROWTH_BOUND}×, or the tab's process exceeds ${TAB_MEMORY_BOUND_MB} MB.

${results.map(({ r, bounds }) => section(r, bounds)).join('\n')}
Measured on ${new Date().toISOString().slice(0, 10)}.
`,
  );
});
