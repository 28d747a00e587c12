import { expect, test } from '../fixtures/test';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { CDPSession } from '@playwright/test';
import { Lab } from '../pages/Lab';

// Benchmarks (tagged @bench): `npm run bench:lab` runs them (alone, on a quiet machine), `npm test` does not.

const REPORT_DIR = new URL('../artifacts/', import.meta.url).pathname;
const REPORT = `${REPORT_DIR}performance-batch.md`;
const PRESET = new URL('../../packages/engine/presets/ns2-bench-16flows-100mb.json', import.meta.url).pathname;
const ROUNDS = 3;

/** Wall and CPU seconds of one run. */
interface Seconds {
  wall: number;
  cpu: number;
}

/**
 * The engine alone in Node on the same scenario: a fresh process each time (cold, as the lab's
 * worker is), the TypeScript sources through tsx, timing only `Simulation.run`.
 */
function nodeEngineSeconds(): Seconds {
  const script = `
    import { readFileSync } from 'node:fs';
    import { Simulation } from './packages/engine/src/index.ts';
    const sim = new Simulation(JSON.parse(readFileSync(process.argv[1], 'utf8')));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    sim.run();
    const c = process.cpuUsage(c0);
    process.stdout.write(JSON.stringify({ wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 }));
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, PRESET], {
    cwd: new URL('../..', import.meta.url).pathname,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const seconds: Seconds = JSON.parse(r.stdout);
  return seconds;
}

/** CPU seconds used so far by the browser's renderer processes (the page and its workers). */
async function rendererCpuSeconds(cdp: CDPSession): Promise<number> {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return processInfo.filter((p) => p.type === 'renderer').reduce((s, p) => s + p.cpuTime, 0);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * The 100 s bench-16flows-100mb scenario as a batch run in the lab against the engine alone in
 * Node, interleaved, ROUNDS times each (a report in e2e/artifacts/performance-batch.md, not a
 * pass/fail threshold: machine load moves both).
 */
test('batchRunNearNodeSpeed', { tag: '@bench' }, async ({ browser, context, baseUrl }) => {
  const cdp = await browser.newBrowserCDPSession();
  const scenario: unknown = JSON.parse(await readFile(PRESET, 'utf8'));
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((s) => window.__cclab.encode(s), scenario);
  await first.page.close();
  const load0 = loadavg();
  const node: Seconds[] = [];
  const lab: Seconds[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    node.push(nodeEngineSeconds());
    const page = new Lab(await context.newPage(), baseUrl);
    await page.open(`#s=${hash}`);
    await page.waitForRun(() => window.__cclab.run().status !== 'idle');
    await page.controls.resetButton.click();
    await page.waitForRun(() => window.__cclab.run().status === 'paused' && window.__cclab.run().nowNs === 0);
    const cpu0 = await rendererCpuSeconds(cdp);
    const seconds = await page.page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector<HTMLElement>('[data-testid="batch"]')!.click();
      await new Promise<void>((resolve) => {
        const poll = () => (window.__cclab.run().status === 'done' ? resolve() : setTimeout(poll, 5));
        poll();
      });
      return (performance.now() - t0) / 1000;
    });
    const run = await page.run();
    expect(run.nowNs, 'the batch ran the whole 100 s').toBe(100e9);
    lab.push({ wall: seconds, cpu: (await rendererCpuSeconds(cdp)) - cpu0 });
    await page.page.close();
  }
  const load1 = loadavg();
  const f = (x: number): string => x.toFixed(2);
  const wall = (xs: Seconds[]): number[] => xs.map((x) => x.wall);
  const cpu = (xs: Seconds[]): number[] => xs.map((x) => x.cpu);
  const wallRatio = median(wall(lab)) / median(wall(node));
  const cpuRatio = median(cpu(lab)) / median(cpu(node));
  const report = [
    '# Batch run in the lab vs the engine in Node',
    '',
    `Scenario: bench-16flows-100mb (packages/engine/presets/ns2-bench-16flows-100mb.json, 100 s simulated), ${ROUNDS} rounds interleaved.`,
    'Lab: from the click on "Run to end" until the run reports done (headless Chromium); CPU time of the',
    "renderer processes over that time (Chrome DevTools Protocol SystemInfo.getProcessInfo): the worker, the page's",
    'main thread (frames, charts) and the rest of the renderer.',
    'Node: `Simulation.run` in a fresh process (the sources through tsx), wall and process CPU time.',
    'CPU time is what to read on a loaded machine: wall time there mostly measures the wait for a CPU.',
    '',
    '| | wall, runs (s) | wall, median (s) | CPU, runs (s) | CPU, median (s) |',
    '| --- | --- | --- | --- | --- |',
    `| lab batch | ${wall(lab).map(f).join(', ')} | ${f(median(wall(lab)))} | ${cpu(lab).map(f).join(', ')} | ${f(median(cpu(lab)))} |`,
    `| Node engine | ${wall(node).map(f).join(', ')} | ${f(median(wall(node)))} | ${cpu(node).map(f).join(', ')} | ${f(median(cpu(node)))} |`,
    '',
    `Ratio of medians lab / Node: CPU **${f(cpuRatio)}**, wall ${f(wallRatio)} (target ≤ 1.5).`,
    '',
    `Load average before: ${load0.map(f).join(' / ')}, after: ${load1.map(f).join(' / ')}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}).`,
    '',
  ].join('\n');
  await mkdir(REPORT_DIR, { recursive: true });
  await writeFile(REPORT, report);
  console.log(report);
});
