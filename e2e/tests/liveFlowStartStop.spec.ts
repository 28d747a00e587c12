// Live changes: starting or stopping a flow while a run is going applies at the current
// simulated time; the run goes on and the change is a timed event of the scenario.
import { expect, test } from '../fixtures/test';
import { expectClockNeverWentBack } from '../pages/Lab';

/**
 * "Stop flow now" in flow f0's inspector at t ≈ 5 s: the scenario gains `{ at: t, flow: f0,
 * action: stop }`, the clock never goes back, f0's throughput is 0 from shortly after t (its last
 * segments drain within a second: the bottleneck buffer is 50 packets at 10 Mb/s, 60 ms), while
 * f1 carries on; the inspector then says the flow is stopped (a stopped flow cannot restart).
 */
test('stopAFlowMidRun', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 5e9 && window.__cclab.run().status === 'playing');
  const s0 = await lab.scenario();
  const [f0, f1] = s0.flows.map((f) => f.id);
  await lab.testId(`flow-${f0}`).click();
  await lab.inspector.flow.waitFor();
  const tClick = (await lab.run()).nowNs;
  await lab.testId('flow-stop-now').click();
  const readings = await lab.controls.clockReadings(1200);
  expectClockNeverWentBack(readings);
  expect(readings[0], 'the run did not restart').toBeGreaterThanOrEqual(tClick);
  expect((await lab.run()).status).toBe('playing');

  const s = await lab.scenario();
  expect(s.version).toBe(2);
  const stop = s.events?.find((e) => e.flow === f0 && e.action === 'stop');
  if (!stop) throw new Error(`a stop event for ${f0}: ${JSON.stringify(s.events)}`);
  const atS = Number(String(stop.at).replace('s', ''));
  // applied where the run was when clicked: not before the click, and no later than the clock the
  // page showed once it had been running on for a while after it (not at a restart, not at the end)
  const last = readings[readings.length - 1];
  const when = `stop at ${atS} s, clicked at ${tClick / 1e9} s, clock ${last / 1e9} s after`;
  expect(atS * 1e9, when).toBeGreaterThanOrEqual(tClick);
  expect(atS * 1e9, when).toBeLessThanOrEqual(last);
  expect(s.flows[0].stop, "the flow's own stop time is unchanged").toBe(s0.flows[0].stop);
  await lab.testId('flow-live').getByText('Stopped').waitFor();
  expect(await lab.testId('flow-stop-now').count()).toBe(0);

  await lab.waitForRun((t) => window.__cclab.run().nowNs > (t + 4) * 1e9, atS, 30000);
  const series = await lab.series();
  /** Flow `f`'s (time, throughput) samples after `from` seconds. */
  const after = (f: number, from: number): [number, number][] =>
    series.flows[f].t.map((t, i): [number, number] => [t, series.flows[f].throughputBps[i]]).filter(([t]) => t > from);
  const before0 = after(0, atS - 2).filter(([t]) => t < atS);
  expect(Math.max(...before0.map(([, v]) => v)), `${f0} was sending before the stop`).toBeGreaterThan(1e6);
  const late0 = after(0, atS + 1);
  expect(late0.length, `${late0.length} samples after the stop`).toBeGreaterThan(20);
  expect(
    late0.filter(([, v]) => v !== 0),
    `${f0} throughput after ${atS + 1} s (stopped at ${atS} s)`,
  ).toEqual([]);
  const late1 = after(1, atS + 1);
  expect(Math.max(...late1.map(([, v]) => v)), `${f1} goes on, and takes the bottleneck`).toBeGreaterThan(5e6);
  await lab.testId(`flow-${f0}`).click(); // deselect: the charts in full
  await lab.screenshot('lecture-flow-stopped-mid-run');
});
