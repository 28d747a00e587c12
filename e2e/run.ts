// The whole end-to-end suite in two Playwright Test passes: first the specs that measure speed or
// answer within a time (project `alone`, playwright.config.ts), one test at a time on a quiet
// machine; then the rest (project `suite`) with E2E_JOBS workers (default 2). Both passes always
// run, so a failure in the first hides nothing of the second. At the end it prints the ten slowest
// spec files and the CPU-seconds its processes and browsers used, sampled from /proc (the suite is
// CPU-bound on a two-core machine: CPU-seconds say what a change to a test costs even when wall
// time does not).
//
//   tsx e2e/run.ts                 every test (npm run test:e2e builds the lab first)
//   tsx e2e/run.ts projector       the spec files whose path matches, as `playwright test` takes them
//   E2E_BENCH=1 tsx e2e/run.ts     the benchmarks instead (npm run bench:lab)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleDescendantsCpu } from './fixtures/processCpu';
import { slowestLine } from './fixtures/timingReporter';

const args = process.argv.slice(2);
const bench = process.env.E2E_BENCH === '1';
const passes = bench ? [['--project=bench']] : [['--project=alone'], ['--project=suite']];
const dir = mkdtempSync(join(tmpdir(), 'cclab-e2e-'));
const timings = join(dir, 'timings.jsonl');
const cli = new URL('../node_modules/@playwright/test/cli.js', import.meta.url).pathname;

const started = Date.now();
const cpuSampler = sampleDescendantsCpu();
let failed = false;
for (const pass of passes) {
  const child = spawn(process.execPath, [cli, 'test', ...pass, '--pass-with-no-tests', ...args], {
    stdio: 'inherit',
    env: { ...process.env, CCLAB_E2E_TIMINGS: timings },
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) failed = true;
}
const cpuSeconds = cpuSampler.stop();

const seconds = new Map<string, number>();
let lines: string[] = [];
try {
  lines = readFileSync(timings, 'utf8').trim().split('\n');
} catch {
  // no pass ran a test
}
for (const line of lines.filter(Boolean))
  for (const [file, s] of Object.entries(JSON.parse(line) as Record<string, number>))
    seconds.set(file, (seconds.get(file) ?? 0) + s);
rmSync(dir, { recursive: true, force: true });
if (seconds.size > 1) console.log(slowestLine(seconds));
const cpu = cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(0)} CPU-seconds`;
console.log(
  `e2e: ${failed ? 'FAILED' : 'passed'} (${((Date.now() - started) / 1000).toFixed(0)} s, ${process.env.E2E_JOBS ?? 2} at a time after the timing specs${cpu})`,
);
process.exit(failed ? 1 : 0);
