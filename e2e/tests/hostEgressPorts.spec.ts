// Host egress ports can be charted: a queue building at a sending host shows, not a flat 0.
import { defaultScenarioForTests } from '../fixtures/scenarios';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/**
 * s0's access link is 5 Mb/s, slower than the 10 Mb/s bottleneck, with a 1000-packet buffer: f0's
 * NewReno grows its window far past the path's ≈ 25-packet BDP (5 Mb/s × 60 ms RTT / 1500 B),
 * and the excess waits at s0's egress. Checking "s0->r1" under Charted ports (scenario
 * settings) probes that port: the queue chart offers it and its queue is far above 0.
 */
test('hostEgressPortCanBeCharted', async ({ lab, context, baseUrl }) => {
  const s = defaultScenarioForTests();
  const access = s.links.find((l) => l.a === 's0' && l.b === 'r1');
  if (!access) throw new Error('the default scenario has no link s0-r1');
  access.rate = '5Mbps';
  s.duration = '20s';
  delete s.probes?.ports;
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const hash = await first.page.evaluate((x) => window.__cclab.encode(x), s);
  await first.page.close();
  await lab.open(`#s=${hash}`);
  await lab.testId('charted-ports').locator('summary').click();
  const box = lab.testId('charted-port-s0->r1');
  expect(await box.isChecked(), 'a host egress port is not charted by default').toBe(false);
  expect(await lab.testId('charted-port-r1->r2').isChecked(), 'router ports are').toBe(true);
  await box.check();
  const probes = (await lab.scenario()).probes?.ports;
  for (const port of ['s0->r1', 'r1->r2']) expect(probes, `probes.ports = ${JSON.stringify(probes)}`).toContain(port);
  await lab.controls.batchButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 60000);
  const options = await lab.testId('queue-chart-port').locator('option').allTextContents();
  expect(options, `the queue chart offers s0->r1 (${options.join(', ')})`).toContain('s0->r1');
  const q = await lab.page.evaluate(() => window.__cclab.portColumn('s0->r1', 'queuePackets'));
  expect(q.length, 'the port is sampled through the run').toBeGreaterThan(100);
  const peak = Math.max(...q);
  expect(peak, `the sender's queue builds (peak ${peak} packets, BDP ≈ 25)`).toBeGreaterThan(50);
  await lab.testId('queue-chart-port').selectOption('s0->r1');
  await lab.screenshot('host-egress-queue');
});
