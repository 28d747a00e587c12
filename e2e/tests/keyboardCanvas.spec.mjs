// Nodes and links can be reached by keyboard (the canvas is not a single tab stop).
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

/** Where a node's drawing (glyph and caption) is on screen, by id. */
function nodeBoxes(lab) {
  return lab.page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="topology"] [data-node]')].map((g) => {
        const r = g.getBoundingClientRect();
        return [g.dataset.node, { left: r.left, top: r.top, right: r.right, bottom: r.bottom }];
      }),
    ),
  );
}

/** What has the keyboard focus on the canvas: a node id, a link id, or null. */
function focusedItem(lab) {
  return lab.page.evaluate(
    () => document.activeElement?.getAttribute('data-node') ?? document.activeElement?.getAttribute('data-link'),
  );
}

/**
 * Shift+H then Shift+R add two nodes in the middle of the view, clear of
 * every node (glyph and caption) and link and of each other, in view; a link drawn from the
 * keyboard — Tab to a node, L, the arrow keys to another (a dashed band from the first node to the
 * focused one, the canvas saying what to do), Enter — is one undo step; Esc cancels; with the
 * link tool chosen (L on the canvas), Enter on a node starts a link too.
 */
export async function linksAndNodesFromTheKeyboard({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  const before = await lab.scenario();
  await lab.testId('topology').focus();
  await lab.press('Shift+H');
  await lab.press('Shift+R');
  const placed = await lab.scenario();
  const [h, r] = placed.nodes.slice(before.nodes.length);
  assert.equal(h?.kind, 'host');
  assert.equal(r?.kind, 'router');
  await lab.page.waitForFunction(
    (ids) => ids.every((id) => document.querySelector(`[data-testid="node-${id}"]`)),
    [h.id, r.id],
  );
  const boxes = await nodeBoxes(lab);
  const view = await lab.page.locator('.workspace .canvas-box').boundingBox();
  const meet = (p, q) => p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  for (const n of [h, r]) {
    const b = boxes[n.id];
    for (const [id, o] of Object.entries(boxes))
      if (id !== n.id) assert.ok(!meet(b, o), `${n.id} (glyph and caption) clear of ${id}`);
    assert.ok(
      b.left >= view.x && b.top >= view.y && b.right <= view.x + view.width && b.bottom <= view.y + view.height,
      `${n.id} in view`,
    );
    // on no link: at least a node's radius (18) from every link's line
    for (const l of placed.links) {
      const a = placed.nodes.find((x) => x.id === l.a);
      const c = placed.nodes.find((x) => x.id === l.b);
      const t = Math.max(
        0,
        Math.min(1, ((n.x - a.x) * (c.x - a.x) + (n.y - a.y) * (c.y - a.y)) / ((c.x - a.x) ** 2 + (c.y - a.y) ** 2)),
      );
      const d = Math.hypot(n.x - a.x - t * (c.x - a.x), n.y - a.y - t * (c.y - a.y));
      assert.ok(d >= 18, `${n.id} is ${d.toFixed(1)} from link ${l.a}–${l.b}`);
    }
  }

  // Tab to the new host (canvas, then the nodes in scenario order), L: linking from it
  await lab.press('Escape');
  await lab.testId('topology').focus();
  for (let i = 0; i < placed.nodes.indexOf(h) + 1; i++) await lab.press('Tab');
  assert.equal(await focusedItem(lab), h.id);
  await lab.press('l');
  const hint = lab.testId('link-hint');
  assert.equal(await hint.getAttribute('role'), 'status', 'announced in a live region');
  assert.match(await hint.innerText(), new RegExp(`^Linking from ${h.id}: .*Enter.*Esc cancels`));
  assert.ok(await hint.isVisible(), 'shown on the canvas');
  assert.equal(await lab.testId('keyboard-link-band').count(), 0, 'no band while the first node has the focus');
  // the arrow keys go from node to node (the first node left out), the band follows
  await lab.press('ArrowRight');
  await lab.press('ArrowRight');
  const to = placed.nodes[1];
  assert.equal(await focusedItem(lab), to.id);
  const band = await lab
    .testId('keyboard-link-band')
    .evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
  assert.deepEqual(band, [h.x, h.y, to.x, to.y], `a band from ${h.id} to ${to.id}`);
  await lab.press('Enter');
  const linked = await lab.scenario();
  assert.equal(linked.links.length, placed.links.length + 1);
  assert.deepEqual([linked.links.at(-1).a, linked.links.at(-1).b], [h.id, to.id]);
  assert.equal(await hint.innerText(), `Linked ${h.id} to ${to.id}. Ctrl+Z undoes it.`);
  assert.deepEqual((await lab.page.evaluate(() => window.__cclab.selection())).links, [`${h.id}-${to.id}`]);
  assert.equal(await lab.testId('keyboard-link-band').count(), 0);
  // one undo step removes it, and only it
  await lab.press('Control+z');
  const undone = await lab.scenario();
  assert.deepEqual(undone.links, placed.links);
  assert.deepEqual(undone.nodes, placed.nodes);

  // Esc cancels
  assert.equal(await focusedItem(lab), to.id);
  await lab.press('l');
  await lab.press('ArrowRight');
  await lab.press('Escape');
  assert.equal(await hint.innerText(), `Link from ${to.id} cancelled.`);
  assert.deepEqual((await lab.scenario()).links, placed.links);
  assert.equal(await lab.testId('keyboard-link-band').count(), 0);

  // L on the canvas chooses the link tool (its tooltip says how to link by keyboard); Enter on a node starts a link
  assert.match(await lab.testId('tool-link').getAttribute('title'), /by keyboard, L on a focused node, then Enter/);
  await lab.testId('topology').focus();
  await lab.press('l');
  assert.equal(await lab.testId('tool-link').getAttribute('aria-pressed'), 'true');
  await lab.press('Tab');
  const first = placed.nodes[0];
  assert.equal(await focusedItem(lab), first.id);
  await lab.press('Enter');
  assert.match(await hint.innerText(), new RegExp(`^Linking from ${first.id}`));
  for (let i = 0; i < placed.nodes.indexOf(r); i++) await lab.press('Tab');
  assert.equal(await focusedItem(lab), r.id);
  await lab.press('Enter');
  const last = (await lab.scenario()).links.at(-1);
  assert.deepEqual([last.a, last.b], [first.id, r.id]);
}
