import type { ScenarioInput } from '@cclab/engine';
import { expect, test } from '../fixtures/test';
import type { Lab } from '../pages/Lab';

/** Waits until the run plays past `minNs`. */
async function playing(lab: Lab, minNs = 0.5e9): Promise<void> {
  await lab.waitForRun((t) => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > t, minNs);
}

/** After a notice about the run, the scenario is the same, Play is enabled and the clock moves again. */
async function playsAgain(lab: Lab, scenario: ScenarioInput): Promise<void> {
  expect(await lab.scenario(), 'the scenario is kept').toStrictEqual(scenario);
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  expect(await lab.controls.playButton.isDisabled(), 'Play is enabled').toBe(false);
  expect(await lab.controls.resetButton.isDisabled(), 'Reset is enabled').toBe(false);
  await lab.controls.playButton.click();
  await playing(lab, 0.3e9);
}

/** Waits for the notice about trouble with the run and returns its text. */
async function troubleNotice(lab: Lab, timeout: number): Promise<string> {
  const n = lab.page.locator('[data-notice="run-trouble"]');
  await n.waitFor({ timeout });
  return n.innerText();
}

/** The worker is terminated mid-run: the lab notices (no answer to its pings), restarts it, says so, and Play works again. */
test('terminatedWorkerIsRestarted', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await playing(lab, 1e9);
  const scenario = await lab.scenario();
  await lab.page.evaluate(() => window.__cclab.workerFault('kill'));
  const text = await troubleNotice(lab, 25_000);
  expect(text).toMatch(/The simulation was restarted \(it had reached t = \d+\.\d+ s\)/);
  expect(text).toMatch(/stopped responding \(no answer for 1\d s\)/);
  await lab.screenshot('worker-restarted');
  await playsAgain(lab, scenario);
});

/** A worker stuck in a loop during a batch run is replaced; Reset is not left at "Loading…" and the batch can run again. */
test('hungWorkerDuringBatchIsRestarted', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await playing(lab);
  const scenario = await lab.scenario();
  // Batch, and hang the worker as soon as the batch is under way: in the page, without a round
  // trip, since the rest of this run takes the worker well under a second (a round trip or a
  // trace snapshot between the click and the fault let the batch finish first)
  await lab.page.evaluate(async () => {
    document.querySelector<HTMLButtonElement>('[data-testid="batch"]')!.click();
    while (window.__cclab.run().status !== 'batch') await new Promise((r) => setTimeout(r, 1));
    window.__cclab.workerFault('hang');
  });
  // Reset while the worker is stuck: "Loading…" until the lab gives up on the worker, not forever.
  await lab.controls.resetButton.click();
  expect(await lab.controls.status.innerText()).toBe('Loading…');
  await troubleNotice(lab, 25_000);
  await playsAgain(lab, scenario);
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.controls.batchButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60_000);
  expect((await lab.run()).nowNs).toBe(60e9);
});

/** An uncaught exception inside the worker is noticed at once (its `error` event) and the worker replaced. */
test('workerExceptionIsRestartedAtOnce', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await playing(lab);
  const scenario = await lab.scenario();
  await lab.page.evaluate(() => window.__cclab.workerFault('throw'));
  const text = await troubleNotice(lab, 3000);
  expect(text).toMatch(/the simulation worker failed \(.*injected on purpose/);
  await playsAgain(lab, scenario);
});

/** An error thrown by the engine stops the run with its message; Replay and Reset work without an edit. */
test('engineErrorLeavesControlsUsable', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await playing(lab);
  await lab.page.evaluate(() => window.__cclab.workerFault('engine'));
  const text = await troubleNotice(lab, 3000);
  expect(text).toMatch(/stopped at t = \d+\.\d+ s because the engine reported an error/);
  expect(text).toMatch(/injected on purpose/);
  expect(await lab.controls.status.innerText()).toBe('Stopped by an error');
  expect(await lab.notices.problems.innerText()).toMatch(/The simulation stopped: an engine error injected on purpose/);
  await lab.screenshot('engine-error');
  const t = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(300);
  expect((await lab.run()).nowNs, 'the clock stands still').toBe(t);
  for (const id of ['play', 'reset']) expect(await lab.testId(id).isDisabled(), `${id} is enabled`).toBe(false);
  expect(await lab.controls.playButton.innerText()).toMatch(/Replay/);
  await lab.controls.playButton.click();
  await playing(lab, 0.2e9);
  expect(await lab.notices.problems.count(), 'the message goes with the new run').toBe(0);
});
