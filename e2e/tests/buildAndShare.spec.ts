import { expect, test, watchErrors } from '../fixtures/test';
import type { ScenarioInput, ScenarioLink } from '@cclab/engine';
import type { Point } from '../pages/Canvas';
import { Lab } from '../pages/Lab';

/** Adds the page errors and console errors of `context`'s pages to `errors` (the fixture watches only its own context). */

/** Where node `id` stands in the scenario. */
function positionOf(s: ScenarioInput, id: string): Point {
  const n = s.nodes.find((x) => x.id === id);
  if (n?.x === undefined || n.y === undefined) throw new Error(`node ${id} has no position: ${JSON.stringify(n)}`);
  return { x: n.x, y: n.y };
}

/** The link from `a` to `b` in the scenario. */
function linkOf(s: ScenarioInput, a: string, b: string): ScenarioLink {
  const l = s.links.find((x) => x.a === a && x.b === b);
  if (!l) throw new Error(`no link ${a}-${b}`);
  return l;
}

/**
 * A person builds a dumbbell by dragging, adds two flows, runs it, watches cwnd grow and the
 * bottleneck queue fill, pauses, copies the link and opens it in a fresh browser.
 */
test('buildDumbbellRunAndShare', async ({ lab, browser, baseUrl, errors }) => {
  await lab.open();
  await lab.controls.openPreset('__empty');
  await lab.page.waitForFunction(() => window.__cclab.scenario().nodes.length === 0);

  // Hosts on the left and right, two routers in the middle.
  await lab.canvas.chooseTool('host');
  for (const [fx, fy] of [
    [0.12, 0.25],
    [0.12, 0.75],
    [0.88, 0.25],
    [0.88, 0.75],
  ])
    await lab.canvas.click(fx, fy);
  await lab.press('r');
  await lab.canvas.click(0.38, 0.5);
  await lab.canvas.click(0.62, 0.5);
  let s = await lab.scenario();
  expect(s.nodes.map((n) => `${n.kind}:${n.id}`)).toEqual([
    'host:h1',
    'host:h2',
    'host:h3',
    'host:h4',
    'router:r1',
    'router:r2',
  ]);

  // Connect by dragging from node to node.
  await lab.canvas.chooseTool('link');
  for (const [a, b] of [
    ['h1', 'r1'],
    ['h2', 'r1'],
    ['r1', 'r2'],
    ['r2', 'h3'],
    ['r2', 'h4'],
  ])
    await lab.canvas.connect(a, b);
  s = await lab.scenario();
  expect(s.links.map((l) => `${l.a}-${l.b}`)).toEqual(['h1-r1', 'h2-r1', 'r1-r2', 'r2-h3', 'r2-h4']);

  // Drag a router with the select tool: it moves, and one undo puts it back.
  await lab.canvas.chooseTool('select');
  const before = positionOf(s, 'r2');
  const c = await lab.canvas.nodeCentre('r2');
  await lab.canvas.drag(c, { x: c.x + 40, y: c.y + 30 });
  const moved = positionOf(await lab.scenario(), 'r2');
  expect(Math.abs(moved.x - before.x), 'the router followed the mouse').toBeGreaterThan(20);
  expect(Math.abs(moved.y - before.y), 'the router followed the mouse').toBeGreaterThan(15);
  await lab.press('Control+z');
  const back = positionOf(await lab.scenario(), 'r2');
  expect([back.x, back.y]).toEqual([before.x, before.y]);

  // Make the middle link the bottleneck: 4 Mb/s, 20 ms, 30-packet buffer.
  const a = await lab.canvas.nodeCentre('r1');
  const b = await lab.canvas.nodeCentre('r2');
  await lab.page.mouse.click((a.x + b.x) / 2, (a.y + b.y) / 2);
  await lab.inspector.link.waitFor();
  await lab.inspector.set('link-rate', '4');
  await lab.inspector.set('link-delay', '20');
  await lab.inspector.set('link-buffer', '30');
  s = await lab.scenario();
  const mid = linkOf(s, 'r1', 'r2');
  expect(mid.rate).toBe('4Mbps');
  expect(mid.delay).toBe('20ms');
  expect(mid.buffer).toBe('30 packets');

  // Give r2 → r1 (the ACKs' direction) its own buffer; "same both ways" removes it, undo restores it.
  await lab.testId('link-directions-separate').click();
  await lab.testId('link-reverse').waitFor();
  expect(await lab.testId('link-reverse').innerText()).toMatch(/r2 → r1/);
  await lab.inspector.set('link-reverse-buffer', '60');
  const reverse = { buffer: '60 packets', queue: { type: 'droptail', params: {} } };
  s = await lab.scenario();
  expect(linkOf(s, 'r1', 'r2').reverse).toEqual(reverse);
  await lab.screenshot('link-directions');
  await lab.testId('link-directions-same').click();
  expect('reverse' in linkOf(await lab.scenario(), 'r1', 'r2')).toBe(false);
  await lab.testId('undo').click();
  s = await lab.scenario();
  expect(linkOf(s, 'r1', 'r2').reverse).toEqual(reverse);
  expect(await lab.testId('link-reverse-buffer').inputValue()).toBe('60');

  // Two flows, h1→h3 and h2→h4, the second with Reno.
  await lab.testId('new-flow-from').selectOption('h1');
  await lab.testId('new-flow-to').selectOption('h3');
  await lab.testId('add-flow').click();
  await lab.testId('new-flow-from').selectOption('h2');
  await lab.testId('new-flow-to').selectOption('h4');
  await lab.testId('add-flow').click();
  await lab.inspector.flow.waitFor();
  await lab.testId('flow-cc').selectOption('reno');
  s = await lab.scenario();
  expect(s.flows.map((f) => `${f.id}:${f.from}->${f.to}:${f.transport.cc}`)).toEqual([
    'f1:h1->h3:newreno',
    'f2:h2->h4:reno',
  ]);
  await lab.screenshot('built-dumbbell');

  // Run from time zero at 5× and watch.
  await lab.controls.resetButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused' && window.__cclab.run().nowNs === 0);
  await lab.controls.speed.selectOption('5');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => {
    const f = window.__cclab.series().flows;
    return f.length === 2 && Math.max(...f[0].cwnd) > 20;
  });
  await lab.page.waitForFunction(
    () => Number(document.querySelector('[data-testid="queue-r1->r2"]')?.getAttribute('data-fill')) > 0.3,
    undefined,
    { timeout: 20000, polling: 50 },
  );
  // The cwnd chart draws the growing window.
  await lab.page.waitForFunction(
    () =>
      Number(
        document.querySelector('[data-testid="chart-cwnd"] path[data-series="cwnd:f1"]')?.getAttribute('data-points'),
      ) > 5,
    undefined,
    { timeout: 5000 },
  );
  await lab.screenshot('running-dumbbell');

  // Pause: the clock stops.
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.page.waitForTimeout(300); // frames already on their way from the worker land
  const t1 = (await lab.run()).nowNs;
  await lab.page.waitForTimeout(400);
  expect((await lab.run()).nowNs, 'the clock stands still while paused').toBe(t1);
  const clock = await lab.testId('sim-clock').getAttribute('data-now-ns');
  expect(Number(clock)).toBe(t1);

  // Copy the link and open it in a fresh browser (no storage shared).
  await lab.testId('copy-link').click();
  await lab.notices.toast.waitFor();
  const link = await lab.page.evaluate(async () => {
    try {
      return await navigator.clipboard.readText();
    } catch {
      return location.href;
    }
  });
  expect(link).toMatch(/#s=/);
  const original = await lab.scenario();
  const camera = await lab.page.evaluate(() => window.__cclab.camera());
  expect(linkOf(original, 'r1', 'r2').reverse?.buffer).toBe('60 packets');
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  watchErrors(fresh, errors);
  try {
    const other = new Lab(await fresh.newPage(), baseUrl);
    await other.page.goto(link);
    await other.page.waitForFunction(() => window.__cclab !== undefined);
    expect(await other.page.evaluate(() => window.__cclab.startupSource)).toBe('link');
    expect(await other.scenario(), 'the link restores exactly the same scenario and seed').toEqual(original);
    expect(await other.page.evaluate(() => window.__cclab.camera()), 'and the same view').toEqual(camera);
    await other.waitForRun(() => window.__cclab.run().status === 'playing' || window.__cclab.run().status === 'paused');
    await other.screenshot('opened-from-link');
  } finally {
    await fresh.close();
  }
});
