// Inputs that would hang, blank or freeze the lab (each as a user sent it), opened as share links. Each
// must end in a field-named error or a run that makes progress with bounded memory — never
// "Loading…" forever, a clock stuck at 0, or a blank page.
import type { BrowserContext } from '@playwright/test';
import type { ScenarioInput } from '@cclab/engine';
import LZString from 'lz-string';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

const DEFAULT_NAME = 'Two-flow dumbbell';

/** The default scenario (as the lab has it), changed by `change`, as link data. */
async function linkFor(baseUrl: string, context: BrowserContext, change: (s: ScenarioInput) => void): Promise<string> {
  const lab = new Lab(await context.newPage(), baseUrl);
  await lab.open();
  const s = await lab.scenario();
  await lab.page.close();
  change(s);
  return LZString.compressToEncodedURIComponent(JSON.stringify(s));
}

/**
 * Opens the link and waits for an outcome: either a notice naming `field`, or the run making
 * progress (the clock past 0.2 s). Returns which, and checks that the page is alive either way.
 */
async function outcome(lab: Lab, link: string, field: string): Promise<'error' | 'runs'> {
  await lab.open(`#s=${link}&play`);
  const result = await lab.page.waitForFunction(
    (f) => {
      const notices = [...document.querySelectorAll('[data-testid="notice"], [data-testid="problems"]')]
        .map((n) => n.textContent)
        .join('\n');
      if (notices.includes(f)) return 'error' as const;
      const r = window.__cclab.run();
      return r.nowNs > 0.2e9 && (r.status === 'playing' || r.status === 'done') ? ('runs' as const) : false;
    },
    field,
    { timeout: 20_000, polling: 100 },
  );
  const which = await result.jsonValue();
  if (which === false) throw new Error('waitForFunction resolved without an outcome');
  expect(await lab.canvas.svg.isVisible(), 'the lab is on screen').toBeTruthy();
  // The refused link opens the default scenario, which the worker then loads: "Loading…" may
  // show for a moment (longer on a busy machine), but it must end — the bug was that it never did.
  await lab.page.waitForFunction(
    () => document.querySelector('[data-testid="run-status"]')?.textContent !== 'Loading…',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
  return which;
}

/** `"duration": "1e999s"` is refused with the field named (it parsed to Infinity and hung). */
test('infiniteDurationIsNamed', async ({ lab, context, baseUrl }) => {
  const link = await linkFor(baseUrl, context, (s) => {
    s.duration = '1e999s';
  });
  expect(await outcome(lab, link, 'duration')).toBe('error');
  expect((await lab.scenario()).name).toBe(DEFAULT_NAME);
});

/** TFRC's `"initialRate": "1e999bps"` is refused with the field named (the clock stayed at 0). */
test('infiniteInitialRateIsNamed', async ({ lab, context, baseUrl }) => {
  const link = await linkFor(baseUrl, context, (s) => {
    s.flows[0].transport = { type: 'tfrc', params: { initialRate: '1e999bps' } };
  });
  expect(await outcome(lab, link, 'initialRate')).toBe('error');
});

/** A CBR source at 1e12 b/s (an event per simulated nanosecond): refused, or it runs and the clock moves. */
test('terabitCbrIsBounded', async ({ lab, context, baseUrl }) => {
  const link = await linkFor(baseUrl, context, (s) => {
    s.flows[0].transport = { type: 'udp', params: {} };
    s.flows[0].app = { type: 'cbr', params: { rate: 1e12 } };
  });
  const r = await outcome(lab, link, 'flows[0].app');
  if (r === 'runs') await lab.controls.playButton.click(); // Pause answers
  await lab.screenshot(`terabit-cbr-${r}`);
});

/** Sampling every microsecond: refused, or it runs with the page's memory bounded. */
test('microsecondProbesAreBounded', async ({ lab, context, baseUrl }) => {
  const link = await linkFor(baseUrl, context, (s) => {
    s.probes = { ...(s.probes ?? {}), interval: '1us' };
  });
  const r = await outcome(lab, link, 'probes.interval');
  if (r === 'runs') {
    await lab.page.waitForTimeout(5000);
    // performance.memory is Chromium's own (not in the DOM typings)
    const heap = await lab.page.evaluate(
      () => (performance as Performance & { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize,
    );
    expect(heap, `the page's heap stays bounded (${(heap / 1e6).toFixed(0)} MB)`).toBeLessThan(1e9);
    await lab.controls.playButton.click();
    await lab.waitForRun(() => window.__cclab.run().status === 'paused', undefined, 5000);
  }
});

/** `view` nested 20,000 deep in a short link (it blanked the page) and 3,000 deep (it left "Loading…"). */
test('deeplyNestedViewNeverBlanks', async ({ context, baseUrl }) => {
  const base = new Lab(await context.newPage(), baseUrl);
  await base.open();
  const s = await base.scenario();
  await base.page.close();
  for (const depth of [20_000, 3_000]) {
    // JSON.stringify overflows the stack at this depth: the nesting is written by hand
    const json = JSON.stringify(s).replace(/}$/, `,"view":{"deep":${'['.repeat(depth)}0${']'.repeat(depth)}}}`);
    const data = LZString.compressToEncodedURIComponent(json);
    if (depth === 20_000) expect(data.length, `a short link (${data.length} characters)`).toBeLessThan(2000);
    // a fresh page for each link
    const lab = new Lab(await context.newPage(), baseUrl);
    await outcome(lab, data, 'view');
    await lab.screenshot(`deep-view-${depth}`);
    await lab.page.close();
  }
});
