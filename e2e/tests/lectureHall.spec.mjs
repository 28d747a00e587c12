// The lab in the lecture hall (issue 15): what an instructor does while the room watches.
import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';

/** Samples the simulated clock every animation frame for `ms` and returns the readings (ns). */
function clockReadings(lab, ms) {
  return lab.page.evaluate(async (ms) => {
    const out = [];
    const end = performance.now() + ms;
    while (performance.now() < end) {
      out.push(window.__cclab.run().nowNs);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return out;
  }, ms);
}

/**
 * Switching a flow from NewReno to CUBIC mid-run: the run goes on (the clock never goes back, the
 * trace so far is kept), the change is recorded as a timed event in the scenario at the simulated
 * time it applied, and a run from zero of the recorded scenario has the same trace.
 */
export async function switchCongestionControlMidRun({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('speed').selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9 && window.__cclab.run().status === 'playing');
  const before = await lab.series();
  const f0 = before.flows[0];
  await lab.testId(`flow-${f0.id}`).click();
  await lab.testId('flow-inspector').waitFor();
  const tClick = (await lab.run()).nowNs;
  await lab.testId('flow-cc').selectOption('cubic');
  const readings = await clockReadings(lab, 1500);
  for (let i = 1; i < readings.length; i++)
    assert.ok(readings[i] >= readings[i - 1], `the clock went back from ${readings[i - 1]} to ${readings[i]} ns`);
  assert.ok(readings[0] >= tClick, 'the run did not restart from zero');
  assert.equal((await lab.run()).status, 'playing');

  // the change is an event of the scenario at the time it applied; the flow itself is as it started
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(window.__cclab.scenario().events?.[0]?.at ?? ''));
  const s = await lab.scenario();
  assert.equal(s.version, 2);
  assert.equal(s.events.length, 1);
  assert.equal(s.events[0].flow, f0.id);
  assert.equal(s.events[0].cc, 'cubic');
  const atS = Number(s.events[0].at.replace('s', ''));
  assert.ok(atS * 1e9 >= tClick && atS < tClick / 1e9 + 2, `event at ${atS} s, clicked at ${tClick / 1e9} s`);
  assert.equal(s.flows[0].transport.cc ?? 'newreno', 'newreno');
  // the inspector shows what the flow runs now
  assert.equal(await lab.testId('flow-cc').inputValue(), 'cubic');

  // the trace before the change is kept, point for point
  const after = await lab.series();
  const n = before.flows[0].t.length;
  assert.ok(after.flows[0].t.length > n);
  assert.deepEqual(after.flows[0].t.slice(0, n), before.flows[0].t, 'times before the change kept');
  assert.deepEqual(after.flows[0].cwnd.slice(0, n), before.flows[0].cwnd, 'cwnd before the change kept');
  await lab.testId(`flow-${f0.id}`).click(); // deselect: the charts in full
  await lab.screenshot('lecture-cc-switch-mid-run');

  // the recorded scenario, run again from zero, draws the same cwnd
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  const live = await lab.series();
  await lab.testId('reset').click();
  await lab.testId('speed').selectOption('Infinity');
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  const replay = await lab.series();
  const m = Math.min(live.flows[0].t.length, replay.flows[0].t.length) - 1;
  assert.ok(m > n + 5);
  const diff = replay.flows[0].cwnd.findIndex((c, i) => i < m && c !== live.flows[0].cwnd[i]);
  assert.equal(diff, -1, `replay differs from t = ${replay.flows[0].t[diff]} s (change at ${atS} s)`);
}
