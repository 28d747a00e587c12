// End-to-end runner: serves the built lab, drives Debian's Chromium through playwright-core and
// runs every e2e/tests/*.spec.mjs (each exports named async test functions taking a context).
//
// Tests run one at a time, each in a fresh context. E2E_JOBS=N runs N at a time, each lane with its
// own Chromium (so clipboards and service workers never cross). The suite is mostly CPU-bound: on
// two cores two lanes save about an eighth of the time (docs/testing.md), so the default stays one. A spec that measures speed or answers within a time
// (`export const runAlone = true`) runs first, alone, whatever E2E_JOBS says. A test's console
// output is printed with its result, so lanes' reports never interleave. Service workers are
// blocked except in specs that export `serviceWorkers = 'allow'` (see launch below).
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { processTreeCpuSeconds } from './fixtures/processCpu.mjs';
import { chromium } from 'playwright-core';
import { serveStatic } from './fixtures/server.mjs';

const here = new URL('.', import.meta.url).pathname;
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
if (!existsSync(dist + 'index.html')) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
// benchmarks (a spec's `export const benchmark = true`, or a test function's `.benchmark = true`)
// measure speed and assert little else: `npm run bench:lab` runs them (E2E_BENCH=1), `npm test` does not
const BENCH = process.env.E2E_BENCH === '1';
const requested = Number(process.env.E2E_JOBS ?? 1);
if (!Number.isInteger(requested) || requested < 1 || requested > 8) {
  console.error(`E2E_JOBS must be a whole number from 1 to 8 (got ${process.env.E2E_JOBS})`);
  process.exit(2);
}
const JOBS = requested;

// each test's console output is kept with the test and printed with its result
const outputOf = new AsyncLocalStorage();
const print = console.log.bind(console);
console.log = (...args) => {
  const buf = outputOf.getStore();
  if (buf) buf.push(args.map((a) => (typeof a === 'string' ? a : String(a))).join(' '));
  else print(...args);
};

await mkdir(here + 'artifacts', { recursive: true });
const server = await serveStatic(dist);
const launch = async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium's new headless mode builds every window's omnibox pop-ups (two WebUI renderers
      // nobody sees): about 1.8 of a page load's 5.3 CPU-seconds, in each test's fresh context
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
  // The lab's service worker precaches the whole build when a page first loads, in every fresh
  // context: about a quarter of a page load's CPU. Only the specs that test it (`export const
  // serviceWorkers = 'allow'`) let it run; a context a test opens itself follows its spec.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: browser.serviceWorkers, ...options });
  return browser;
};

/** Every selected test, in file and export order: { title, name, fn, alone }. */
const tests = [];
let leftOut = 0;
const specs = (await readdir(here + 'tests')).filter((f) => f.endsWith('.spec.mjs')).sort();
for (const file of specs) {
  const mod = await import(here + 'tests/' + file);
  for (const [name, fn] of Object.entries(mod)) {
    if (typeof fn !== 'function') continue;
    const title = `${file.replace('.spec.mjs', '')} › ${name}`;
    if (only && !only.test(title)) continue;
    if ((mod.benchmark === true || fn.benchmark === true) !== BENCH) {
      leftOut++;
      continue;
    }
    tests.push({
      title,
      name,
      fn,
      alone: BENCH || mod.runAlone === true,
      serviceWorkers: mod.serviceWorkers ?? 'block',
    });
  }
}

let passed = 0;
let failed = 0;

/** Wall seconds spent in each spec file's tests, for the slowest-files list at the end. */
const specSeconds = new Map();

async function runOne(browser, { title, name, fn, serviceWorkers }) {
  // every context of this test, the runner's and those the test opens itself
  browser.serviceWorkers = serviceWorkers;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const errors = [];
  context.on('page', (p) => {
    p.on('pageerror', (e) => errors.push(String(e)));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
  });
  const out = [];
  const t0 = Date.now();
  let line;
  try {
    await outputOf.run(out, () => fn({ browser, context, baseUrl: server.url, errors }));
    if (errors.length) throw new Error(`page errors:\n  ${errors.join('\n  ')}`);
    passed++;
    line = `✓ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)`;
  } catch (e) {
    failed++;
    for (const [i, p] of context.pages().entries()) {
      await p.screenshot({ path: `${here}artifacts/FAILED-${name}-${i}.png` }).catch(() => {});
    }
    line = `✗ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n  ${String(e?.stack ?? e)
      .split('\n')
      .slice(0, 8)
      .join('\n  ')}`;
  } finally {
    await context.close();
  }
  const spec = title.split(' › ')[0];
  specSeconds.set(spec, (specSeconds.get(spec) ?? 0) + (Date.now() - t0) / 1000);
  print([line, ...out].join('\n'));
}

/** CPU-seconds of the runner and its browsers over the lanes run so far (null without /proc). */
let cpuSeconds = processTreeCpuSeconds() === null ? null : 0;

/** Runs `queue` on `lanes` browsers, each lane taking the next test when it is free. */
async function runLanes(queue, lanes) {
  if (queue.length === 0) return;
  const atStart = processTreeCpuSeconds();
  const browsers = await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, launch));
  let next = 0;
  await Promise.all(
    browsers.map(async (browser) => {
      while (next < queue.length) await runOne(browser, queue[next++]);
    }),
  );
  // measured before the browsers close: their processes' CPU is gone from /proc once they exit
  const used = processTreeCpuSeconds();
  if (used !== null && cpuSeconds !== null) cpuSeconds += used - atStart;
  await Promise.all(browsers.map((b) => b.close()));
}

const started = Date.now();
await runLanes(
  tests.filter((t) => t.alone),
  1,
);
await runLanes(
  tests.filter((t) => !t.alone),
  JOBS,
);
await server.close();
const slowest = [...specSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (slowest.length > 1)
  print(`slowest spec files: ${slowest.map(([f, sec]) => `${f} ${sec.toFixed(0)} s`).join(', ')}`);
const others = leftOut ? `; ${leftOut} ${BENCH ? 'tests' : 'benchmarks (npm run bench:lab)'} not run` : '';
print(
  `${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s, ${JOBS} at a time${cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(0)} CPU-seconds`}${others})`,
);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
