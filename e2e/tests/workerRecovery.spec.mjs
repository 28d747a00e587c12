import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';

async function playing(lab, minNs = 0.5e9) {
  await lab.waitForRun((t) => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > t, minNs);
}

/** After a notice about the run, the scenario is the same, Play is enabled and the clock moves again. */
async function playsAgain(lab, scenario) {
  assert.deepEqual(await lab.scenario(), scenario, 'the scenario is kept');
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  assert.equal(await lab.testId('play').isDisabled(), false, 'Play is enabled');
  assert.equal(await lab.testId('reset').isDisabled(), false, 'Reset is enabled');
  await lab.testId('play').click();
  await playing(lab, 0.3e9);
}

async function troubleNotice(lab, timeout) {
  const n = lab.page.locator('[data-notice="run-trouble"]');
  await n.waitFor({ timeout });
  return n.innerText();
}

/** The worker is terminated mid-run: the lab notices (no answer to its pings), restarts it, says so, and Play works again. */
export async function terminatedWorkerIsRestarted({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await playing(lab, 1e9);
  const scenario = await lab.scenario();
  await lab.page.evaluate(() => window.__cclab.workerFault('kill'));
  const text = await troubleNotice(lab, 25_000);
  assert.match(text, /The simulation was restarted \(it had reached t = \d+\.\d+ s\)/);
  assert.match(text, /stopped responding \(no answer for 1\d s\)/);
  await lab.screenshot('worker-restarted');
  await playsAgain(lab, scenario);
}

/** A worker stuck in a loop during a batch run is replaced; Reset is not left at "Loading…" and the batch can run again. */
export async function hungWorkerDuringBatchIsRestarted({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await playing(lab);
  const scenario = await lab.scenario();
  await lab.testId('batch').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'batch');
  await lab.page.evaluate(() => window.__cclab.workerFault('hang'));
  // Reset while the worker is stuck: "Loading…" until the lab gives up on the worker, not forever.
  await lab.testId('reset').click();
  assert.equal(await lab.testId('run-status').innerText(), 'Loading…');
  await troubleNotice(lab, 25_000);
  await playsAgain(lab, scenario);
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.testId('batch').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60_000);
  assert.equal((await lab.run()).nowNs, 60e9);
}

/** An uncaught exception inside the worker is noticed at once (its `error` event) and the worker replaced. */
export async function workerExceptionIsRestartedAtOnce({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await playing(lab);
  const scenario = await lab.scenario();
  await lab.page.evaluate(() => window.__cclab.workerFault('throw'));
  const text = await troubleNotice(lab, 3000);
  assert.match(text, /the simulation worker failed \(.*injected on purpose/);
  await playsAgain(lab, scenario);
}

/** An error thrown by the engine stops the run with its message; Replay and Reset work without an edit. */
export async function engineErrorLeavesControlsUsable({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await playing(lab);
  await lab.page.evaluate(() => window.__cclab.workerFault('engine'));
  const text = await troubleNotice(lab, 3000);
  assert.match(text, /stopped at t = \d+\.\d+ s because the engine reported an error/);
  assert.match(text, /injected on purpose/);
  assert.equal(await lab.testId('run-status').innerText(), 'Stopped by an error');
  assert.match(await lab.testId('problems').innerText(), /The simulation stopped: an engine error injected on purpose/);
  await lab.screenshot('engine-error');
  const t = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(300);
  assert.equal((await lab.run()).nowNs, t, 'the clock stands still');
  for (const id of ['play', 'reset']) assert.equal(await lab.testId(id).isDisabled(), false, `${id} is enabled`);
  assert.match(await lab.testId('play').innerText(), /Replay/);
  await lab.testId('play').click();
  await playing(lab, 0.2e9);
  assert.equal(await lab.testId('problems').count(), 0, 'the message goes with the new run');
}
