// Host egress ports can be charted: a queue building at a sending host shows, not a flat 0.
import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';
import { defaultScenarioForTests } from '../fixtures/scenarios.mjs';

/**
 * s0's access link is 5 Mb/s, slower than the 10 Mb/s bottleneck, with a 1000-packet buffer: f0's
 * NewReno grows its window far past the path's ≈ 25-packet BDP (5 Mb/s × 60 ms RTT / 1500 B),
 * and the excess waits at s0's egress. Checking "s0->r1" under Charted ports (scenario
 * settings) probes that port: the queue chart offers it and its queue is far above 0.
 */
export async function hostEgressPortCanBeCharted({ context, baseUrl }) {
  const s = defaultScenarioForTests();
  s.links.find((l) => l.a === 's0' && l.b === 'r1').rate = '5Mbps';
  s.duration = '20s';
  delete s.probes.ports;
  const first = new LabPage(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((x) => window.__cclab.encode(x), s);
  await first.page.close();
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open(`#s=${hash}`);
  await lab.testId('charted-ports').locator('summary').click();
  const box = lab.testId('charted-port-s0->r1');
  assert.equal(await box.isChecked(), false, 'a host egress port is not charted by default');
  assert.equal(await lab.testId('charted-port-r1->r2').isChecked(), true, 'router ports are');
  await box.check();
  const probes = (await lab.scenario()).probes.ports;
  assert.ok(probes.includes('s0->r1') && probes.includes('r1->r2'), `probes.ports = ${JSON.stringify(probes)}`);
  await lab.testId('batch').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60000);
  const options = await lab.testId('queue-chart-port').locator('option').allTextContents();
  assert.ok(options.includes('s0->r1'), `the queue chart offers s0->r1 (${options.join(', ')})`);
  const q = await lab.page.evaluate(() => window.__cclab.portColumn('s0->r1', 'queuePackets'));
  assert.ok(q.length > 100, 'the port is sampled through the run');
  const peak = Math.max(...q);
  assert.ok(peak > 50, `the sender's queue builds (peak ${peak} packets, BDP ≈ 25)`);
  await lab.testId('queue-chart-port').selectOption('s0->r1');
  await lab.screenshot('host-egress-queue');
}
