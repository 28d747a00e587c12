import type { ScenarioInput, ScenarioLink } from '@cclab/engine';
import { expect, test, watchErrors } from '../fixtures/test';
import { expectClockNeverWentBack, Lab } from '../pages/Lab';
import { defaultScenarioForTests } from '../fixtures/scenarios';

const BOTTLENECK = 'r1-r2';

/** Adds the page errors and console errors of `context`'s pages to `errors` (the fixture watches only its own context). */

/** The bottleneck's caption as drawn on the canvas ("10 Mb/s · 20 ms"). */
function caption(lab: Lab): Promise<string | null> {
  return lab.testId(`link-${BOTTLENECK}`).locator('.link-label').textContent();
}

async function selectBottleneck(lab: Lab): Promise<void> {
  await lab.canvas.linkHit(BOTTLENECK).click({ force: true });
  await lab.inspector.link.waitFor();
}

/** The bottleneck link of the scenario. */
function bottleneck(s: ScenarioInput): ScenarioLink {
  const link = s.links.find((l) => (l.id ?? `${l.a}-${l.b}`) === BOTTLENECK);
  if (!link) throw new Error(`the scenario has no link ${BOTTLENECK}`);
  return link;
}

/**
 * The lecturer's path: a link opens ready at time zero; what is prepared before Play
 * changes the scenario itself (no recorded changes, captions and inspector agree); a change during
 * the run is recorded at its moment, shown in the inspector and beside the timeline, the link staying
 * "same both ways"; "Apply from 0 s" makes it the scenario's own value without sending the clock
 * back; the shared link reopens exactly that scenario.
 */
test('prepareWhilePausedChangeLiveApplyFromStartShare', async ({ lab, context, browser, baseUrl, errors }) => {
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((s) => window.__cclab.encode(s), defaultScenarioForTests());
  await first.page.close();
  await lab.open(`#s=${hash}`);
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(600);
  expect((await lab.run()).nowNs, 'a link opens ready at 0 s, not running').toBe(0);

  // Preparing while paused at 0: the scenario's own values change.
  await selectBottleneck(lab);
  await lab.inspector.set('link-rate', '5');
  await lab.inspector.set('link-delay', '30');
  await lab.inspector.set('link-buffer', '120');
  await lab.page.waitForTimeout(300);
  let s = await lab.scenario();
  let link = bottleneck(s);
  expect([link.rate, link.delay, link.buffer]).toEqual(['5Mbps', '30ms', '120 packets']);
  expect((s.events ?? []).length, 'no recorded changes from preparing').toBe(0);
  expect((await lab.run()).nowNs).toBe(0);
  expect(await caption(lab), 'the caption says what the inspector says').toBe('5 Mb/s · 30 ms');
  expect(await lab.inspector.changes.count()).toBe(0);

  // Play, then change the queue discipline during the run: a recorded change at that moment.
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 3e9);
  await lab.testId('link-queue').selectOption('codel');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
  s = await lab.scenario();
  const change = s.events?.[0];
  if (!change) throw new Error('no recorded change');
  expect(change.link).toBe(BOTTLENECK);
  expect(change.queue?.type).toBe('codel');
  expect(change.direction, 'one change for both directions').toBe(undefined);
  expect(String(change.at), `a readable time, whole milliseconds: ${change.at}`).toMatch(/^\d+(\.\d{1,3})?s$/);
  link = bottleneck(s);
  expect(link.queue?.type ?? 'droptail', 'the run still starts with DropTail').toBe('droptail');
  expect(link.reverse, 'the link stays the same both ways').toBe(undefined);
  expect(await lab.testId('link-directions-same').getAttribute('class')).toBe('is-active');
  await lab.inspector.changes.waitFor();
  expect(await lab.inspector.changes.textContent()).toMatch(/queue discipline codel/);
  expect(await lab.testId('link-queue').inputValue(), 'the inspector shows the state at the playhead').toBe('codel');
  await lab.notices.toast.getByText(/Live change at .* recorded/).waitFor();
  // the timeline lists it too
  await lab.testId('timeline-changes').click();
  expect(await lab.page.locator('.timeline-changes-list [data-testid="recorded-change"]').count()).toBe(1);

  // Pause, then make it the scenario's value from 0 s: the clock stays, the change is gone.
  await lab.controls.playButton.click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(300);
  const tBefore = (await lab.run()).nowNs;
  await lab.inspector.changes.getByTestId('apply-from-start').click();
  const readings = await lab.controls.clockReadings(1500);
  expectClockNeverWentBack([tBefore, ...readings]);
  expect(readings.at(-1), 'the run re-simulated to where it was').toBe(tBefore);
  s = await lab.scenario();
  link = bottleneck(s);
  expect(link.queue?.type, 'CoDel from time zero').toBe('codel');
  expect(link.reverse).toBe(undefined);
  expect(s.events).toEqual([]);
  expect(await lab.inspector.changes.count()).toBe(0);
  // the charts are the CoDel run's from zero: the bottleneck charts CoDel's sojourn
  await lab.waitForRun(() =>
    window.__cclab.series().ports.some((p) => p.name === 'r1->r2' && p.columns.some((n) => n.startsWith('disc:'))),
  );

  // Share and reopen: the same scenario.
  await lab.testId('copy-link').click();
  await lab.notices.toast.getByText('Link copied').waitFor();
  const url = await lab.page.evaluate(() => navigator.clipboard.readText());
  const original = await lab.scenario();
  const fresh = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  watchErrors(fresh, errors);
  try {
    const other = new Lab(await fresh.newPage(), baseUrl);
    await other.page.goto(url);
    await other.page.waitForFunction(() => window.__cclab !== undefined);
    expect(await other.scenario(), 'the link reopens the scenario identical').toStrictEqual(original);
    await other.waitForRun(() => window.__cclab.run().status === 'paused');
    expect((await other.run()).nowNs, 'and ready at 0 s').toBe(0);
    // A lecturer who wants the room's links to start at once says so in the scenario's settings.
    await lab.page.keyboard.press('Escape');
    await lab.testId('scenario-link-plays').check();
    await lab.testId('copy-link').click();
    const playing = await lab.page.evaluate(() => navigator.clipboard.readText());
    expect(playing).toMatch(/&play$/);
    const started = new Lab(await fresh.newPage(), baseUrl);
    await started.page.goto(playing);
    await started.page.waitForFunction(() => window.__cclab !== undefined);
    await started.waitForRun(() => window.__cclab.run().nowNs > 0.5e9);
  } finally {
    await fresh.close();
  }
});

/** A live change undone with Remove goes away and the run re-simulates without it. */
test('removeARecordedChange', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 2e9);
  await selectBottleneck(lab);
  await lab.inspector.set('link-rate', '2');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
  expect(await caption(lab), 'the caption follows the playhead').toBe('2 Mb/s · 20 ms');
  await lab.controls.playButton.click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.inspector.changes.getByTestId('remove-change').click();
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 0);
  await lab.waitForRun(() => window.__cclab.run().seekingToNs === null && window.__cclab.run().status === 'paused');
  expect(await caption(lab)).toBe('10 Mb/s · 20 ms');
  expect(await lab.testId('link-rate').inputValue()).toBe('10');
  // Ctrl+Z brings it back
  await lab.page.locator('body').click({ position: { x: 5, y: 300 } });
  await lab.press('Control+z');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
});
