// Issue 15, fixes found on the way: nodes and links could not be reached by keyboard (the canvas
// was one tab stop).
import assert from 'node:assert/strict';
import { LabPage } from '../fixtures/LabPage.mjs';

/** What has the keyboard focus: a node, a link, the canvas, or something else; and whether its focus ring shows. */
function focused(lab) {
  return lab.page.evaluate(() => {
    const el = document.activeElement;
    const ring = el?.querySelector?.(':scope > .focus-ring');
    return {
      node: el?.getAttribute?.('data-node') ?? null,
      link: el?.getAttribute?.('data-link') ?? null,
      canvas: el?.getAttribute?.('data-testid') === 'topology',
      ring: ring ? getComputedStyle(ring).display !== 'none' : false,
    };
  });
}

/**
 * The default dumbbell by keyboard only: Tab from the canvas reaches a link with a visible focus
 * ring; with nothing selected the arrow keys step through the nodes (scenario order r1, r2, s0, …)
 * and on to the links, wrapping; Enter selects the focused item and opens its inspector; with a
 * node selected the arrows still move it (10 px, the existing shortcut); Delete removes the
 * focused node with the flow that starts there, and Ctrl+Z brings both back.
 */
export async function nodesAndLinksAreReachableByKeyboard({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  const sc = await lab.scenario();
  const nodeIds = sc.nodes.map((n) => n.id);
  await lab.testId('topology').focus();
  await lab.press('Tab');
  let f = await focused(lab);
  assert.ok(f.link !== null || f.node !== null, `Tab from the canvas reaches an item (${JSON.stringify(f)})`);
  assert.ok(f.ring, 'the focused item shows its focus ring');
  await lab.press('Shift+Tab');
  assert.ok((await focused(lab)).canvas, 'Shift+Tab goes back to the canvas');

  await lab.press('ArrowRight');
  f = await focused(lab);
  assert.equal(f.node, nodeIds[0], 'an arrow key from the canvas goes to the first node');
  assert.ok(f.ring, 'with its focus ring');
  await lab.press('ArrowRight');
  assert.equal((await focused(lab)).node, nodeIds[1]);

  await lab.press('Enter');
  await lab.testId('node-inspector').waitFor();
  assert.deepEqual((await lab.page.evaluate(() => window.__cclab.selection())).nodes, [nodeIds[1]]);
  assert.equal(await lab.testId('node-inspector').getAttribute('aria-label'), `Node ${nodeIds[1]}`);
  const x0 = (await lab.scenario()).nodes.find((n) => n.id === nodeIds[1]).x;
  await lab.press('ArrowRight');
  const x1 = (await lab.scenario()).nodes.find((n) => n.id === nodeIds[1]).x;
  assert.equal(x1 - x0, 10, 'with a node selected the arrow keys still move it');
  assert.equal((await focused(lab)).node, nodeIds[1], 'and the focus stays on it');

  await lab.press('Escape');
  await lab.press('ArrowLeft');
  assert.equal((await focused(lab)).node, nodeIds[0]);
  await lab.press('ArrowLeft');
  f = await focused(lab);
  const lastLink = await lab.page.evaluate(() =>
    [...document.querySelectorAll('[data-link]')].at(-1).getAttribute('data-link'),
  );
  assert.equal(f.link, lastLink, 'before the first node comes the last link (wrapping)');
  await lab.press('Enter');
  await lab.testId('link-inspector').waitFor();
  assert.deepEqual((await lab.page.evaluate(() => window.__cclab.selection())).links, [lastLink]);

  await lab.press('Escape');
  for (let i = 0; i < 3; i++) await lab.press('ArrowRight'); // wraps to r1, then r2, then s0
  const victim = nodeIds[2];
  assert.equal((await focused(lab)).node, victim);
  const flowsFrom = sc.flows.filter((fl) => fl.from === victim || fl.to === victim).map((fl) => fl.id);
  assert.ok(flowsFrom.length > 0, 'a flow depends on the node');
  await lab.screenshot('keyboard-focus-ring');
  await lab.press('Delete');
  const after = await lab.scenario();
  assert.ok(!after.nodes.some((n) => n.id === victim), 'Delete removes the focused node');
  assert.ok(!after.flows.some((fl) => flowsFrom.includes(fl.id)), 'with the flows that depend on it');
  await lab.page.waitForFunction(() => document.activeElement?.closest?.('[data-testid="topology"]'));
  await lab.press('Control+z');
  const back = await lab.scenario();
  assert.ok(
    back.nodes.some((n) => n.id === victim),
    'Ctrl+Z brings the node back',
  );
  assert.equal(back.flows.length, sc.flows.length);
}

/**
 * Tab order on the canvas: the canvas, then every node in scenario order, then every link in
 * scenario order (the order the arrow keys use), though the links come first in the SVG; Tab past
 * the last link leaves the canvas to what follows it, and Shift+Tab walks the same order back
 * (entering from after the canvas at the last link).
 */
export async function tabGoesThroughNodesThenLinks({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  const sc = await lab.scenario();
  const expected = [
    ...sc.nodes.map((n) => `node ${n.id}`),
    ...(await lab.page.evaluate(() => [...document.querySelectorAll('[data-link]')].map((l) => l.dataset.link))).map(
      (id) => `link ${id}`,
    ),
  ];
  assert.equal(expected.length, sc.nodes.length + sc.links.length);
  const name = (f) =>
    f.node !== null ? `node ${f.node}` : f.link !== null ? `link ${f.link}` : f.canvas ? 'canvas' : 'outside';
  await lab.testId('topology').focus();
  const forward = [];
  for (let i = 0; i <= expected.length; i++) {
    await lab.press('Tab');
    forward.push(name(await focused(lab)));
  }
  assert.deepEqual(forward, [...expected, 'outside'], 'Tab: nodes, then links, then out of the canvas');
  const outside = await lab.page.evaluate(
    () => document.activeElement.getAttribute('aria-label') ?? document.activeElement.tagName,
  );
  const back = [];
  for (let i = 0; i <= expected.length; i++) {
    await lab.press('Shift+Tab');
    back.push(name(await focused(lab)));
  }
  assert.deepEqual(back, [...expected.slice().reverse(), 'canvas'], `Shift+Tab from ${outside}: the same order back`);
}
