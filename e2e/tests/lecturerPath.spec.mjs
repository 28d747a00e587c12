import assert from 'node:assert/strict';
import { assertClockNeverWentBack, LabPage } from '../fixtures/LabPage.mjs';
import { defaultScenarioForTests } from '../fixtures/scenarios.mjs';

const BOTTLENECK = 'r1-r2';

/** The bottleneck's caption as drawn on the canvas ("10 Mb/s · 20 ms"). */
function caption(lab) {
  return lab.page.locator(`[data-testid="link-${BOTTLENECK}"] .link-label`).textContent();
}

async function selectBottleneck(lab) {
  await lab.page.locator(`[data-testid="link-${BOTTLENECK}"] .link-hit`).click({ force: true });
  await lab.testId('link-inspector').waitFor();
}

async function setQuantity(lab, id, text) {
  await lab.testId(id).fill(text);
  await lab.testId(id).press('Enter');
}

/**
 * The lecturer's path: a link opens ready at time zero; what is prepared before Play
 * changes the scenario itself (no recorded changes, captions and inspector agree); a change during
 * the run is recorded at its moment, shown in the inspector and beside the timeline, the link staying
 * "same both ways"; "Apply from 0 s" makes it the scenario's own value without sending the clock
 * back; the shared link reopens exactly that scenario.
 */
export async function prepareWhilePausedChangeLiveApplyFromStartShare({ context, browser, baseUrl }) {
  const first = new LabPage(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((s) => window.__cclab.encode(s), defaultScenarioForTests());
  await first.page.close();

  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open(`#s=${hash}`);
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(600);
  assert.equal((await lab.run()).nowNs, 0, 'a link opens ready at 0 s, not running');

  // Preparing while paused at 0: the scenario's own values change.
  await selectBottleneck(lab);
  await setQuantity(lab, 'link-rate', '5');
  await setQuantity(lab, 'link-delay', '30');
  await setQuantity(lab, 'link-buffer', '120');
  await lab.page.waitForTimeout(300);
  let s = await lab.scenario();
  let link = s.links.find((l) => (l.id ?? `${l.a}-${l.b}`) === BOTTLENECK);
  assert.deepEqual([link.rate, link.delay, link.buffer], ['5Mbps', '30ms', '120 packets']);
  assert.equal((s.events ?? []).length, 0, 'no recorded changes from preparing');
  assert.equal((await lab.run()).nowNs, 0);
  assert.equal(await caption(lab), '5 Mb/s · 30 ms', 'the caption says what the inspector says');
  assert.equal(await lab.testId('inspector-changes').count(), 0);

  // Play, then change the queue discipline during the run: a recorded change at that moment.
  await lab.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 3e9);
  await lab.testId('link-queue').selectOption('codel');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
  s = await lab.scenario();
  const [change] = s.events;
  assert.equal(change.link, BOTTLENECK);
  assert.equal(change.queue.type, 'codel');
  assert.equal(change.direction, undefined, 'one change for both directions');
  assert.match(String(change.at), /^\d+(\.\d{1,3})?s$/, `a readable time, whole milliseconds: ${change.at}`);
  link = s.links.find((l) => (l.id ?? `${l.a}-${l.b}`) === BOTTLENECK);
  assert.equal(link.queue?.type ?? 'droptail', 'droptail', 'the run still starts with DropTail');
  assert.equal(link.reverse, undefined, 'the link stays the same both ways');
  assert.equal(await lab.testId('link-directions-same').getAttribute('class'), 'is-active');
  await lab.testId('inspector-changes').waitFor();
  assert.match(await lab.testId('inspector-changes').textContent(), /queue discipline codel/);
  assert.equal(await lab.testId('link-queue').inputValue(), 'codel', 'the inspector shows the state at the playhead');
  await lab
    .testId('toast')
    .getByText(/Live change at .* recorded/)
    .waitFor();
  // the timeline lists it too
  await lab.testId('timeline-changes').click();
  assert.equal(await lab.page.locator('.timeline-changes-list [data-testid="recorded-change"]').count(), 1);

  // Pause, then make it the scenario's value from 0 s: the clock stays, the change is gone.
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(300);
  const tBefore = (await lab.run()).nowNs;
  await lab.testId('inspector-changes').getByTestId('apply-from-start').click();
  const readings = await lab.clockReadings(1500);
  assertClockNeverWentBack([tBefore, ...readings]);
  assert.equal(readings.at(-1), tBefore, 'the run re-simulated to where it was');
  s = await lab.scenario();
  link = s.links.find((l) => (l.id ?? `${l.a}-${l.b}`) === BOTTLENECK);
  assert.equal(link.queue.type, 'codel', 'CoDel from time zero');
  assert.equal(link.reverse, undefined);
  assert.deepEqual(s.events, []);
  assert.equal(await lab.testId('inspector-changes').count(), 0);
  // the charts are the CoDel run's from zero: the bottleneck charts CoDel's sojourn
  await lab.waitForRun(() =>
    window.__cclab.series().ports.some((p) => p.name === 'r1->r2' && p.columns.some((n) => n.startsWith('disc:'))),
  );

  // Share and reopen: the same scenario.
  await lab.testId('copy-link').click();
  await lab.testId('toast').getByText('Link copied').waitFor();
  const url = await lab.page.evaluate(() => navigator.clipboard.readText());
  const original = await lab.scenario();
  const fresh = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const other = new LabPage(await fresh.newPage(), baseUrl);
    await other.page.goto(url);
    await other.page.waitForFunction(() => window.__cclab !== undefined);
    assert.deepEqual(await other.scenario(), original, 'the link reopens the scenario identical');
    await other.waitForRun(() => window.__cclab.run().status === 'paused');
    assert.equal((await other.run()).nowNs, 0, 'and ready at 0 s');
    // A lecturer who wants the room's links to start at once says so in the scenario's settings.
    await lab.page.keyboard.press('Escape');
    await lab.testId('scenario-link-plays').check();
    await lab.testId('copy-link').click();
    const playing = await lab.page.evaluate(() => navigator.clipboard.readText());
    assert.match(playing, /&play$/);
    const started = new LabPage(await fresh.newPage(), baseUrl);
    await started.page.goto(playing);
    await started.page.waitForFunction(() => window.__cclab !== undefined);
    await started.waitForRun(() => window.__cclab.run().nowNs > 0.5e9);
  } finally {
    await fresh.close();
  }
}

/** A live change undone with Remove goes away and the run re-simulates without it. */
export async function removeARecordedChange({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 2e9);
  await selectBottleneck(lab);
  await setQuantity(lab, 'link-rate', '2');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
  assert.equal(await caption(lab), '2 Mb/s · 20 ms', 'the caption follows the playhead');
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.testId('inspector-changes').getByTestId('remove-change').click();
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 0);
  await lab.waitForRun(() => window.__cclab.run().seekingToNs === null && window.__cclab.run().status === 'paused');
  assert.equal(await caption(lab), '10 Mb/s · 20 ms');
  assert.equal(await lab.testId('link-rate').inputValue(), '10');
  // Ctrl+Z brings it back
  await lab.page.locator('body').click({ position: { x: 5, y: 300 } });
  await lab.press('Control+z');
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
}
