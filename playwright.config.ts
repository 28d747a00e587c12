// Playwright Test configuration for the end-to-end suite (e2e/): Debian's Chromium, never a
// downloaded browser; a fresh context per test; traces and screenshots kept when a test fails;
// no retries (a flaky test gets its cause fixed). `npm run test:e2e` runs it through e2e/run.ts,
// which runs the specs that measure speed first and alone, then the rest.
import { defineConfig, type Project } from '@playwright/test';

/** Specs that measure speed or answer within a time: run alone, one test at a time, on a quiet machine. */
export const ALONE = [
  'boundedSeries.spec.ts',
  'frameRate.spec.ts',
  'rewind.spec.ts',
  'scale.spec.ts',
  'splitView.spec.ts',
];

const jobs = Number(process.env.E2E_JOBS ?? 2);
if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8)
  throw new Error(`E2E_JOBS must be a whole number from 1 to 8 (got ${process.env.E2E_JOBS})`);

// Benchmarks (tests tagged @bench) measure speed and assert little else: `npm run bench:lab` runs
// them (E2E_BENCH=1); `npm test` does not.
const bench = process.env.E2E_BENCH === '1';
const projects: Project[] = bench
  ? [{ name: 'bench', grep: /@bench/, workers: 1, use: { trace: 'off' } }]
  : [
      // a trace records every action (DOM snapshots, a screencast): it would change what these
      // specs measure, so they keep only a screenshot when they fail
      { name: 'alone', testMatch: ALONE, grepInvert: /@bench/, workers: 1, use: { trace: 'off' } },
      { name: 'suite', testIgnore: ALONE, grepInvert: /@bench/ },
    ];

export default defineConfig({
  testDir: 'e2e/tests',
  testMatch: '*.spec.ts',
  outputDir: 'e2e/test-results',
  globalSetup: './e2e/fixtures/globalSetup.ts',
  workers: jobs,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  // a test that passes its time fails; long ones say so with test.setTimeout
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/fixtures/timingReporter.ts']],
  projects,
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    permissions: ['clipboard-read', 'clipboard-write'],
    // The lab's service worker precaches the whole build when a page first loads, in every fresh
    // context: about a quarter of a page load's CPU. Only the specs that test it allow it
    // (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    // DOM snapshots of each action, without the screencast (which made tests half as slow again)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
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
    },
  },
});
