// Nodes and links can be reached by keyboard (the canvas is not a single tab stop).
import { expect, test } from '../fixtures/test';
import type { Point } from '../pages/Canvas';
import type { Lab, Scenario } from '../pages/Lab';

/** What `focused` saw: the focused node's or link's id (or null), whether it is the canvas, and its ring. */
interface Focus {
  node: string | null;
  link: string | null;
  canvas: boolean;
  ring: boolean;
}

/** What has the keyboard focus: a node, a link, the canvas, or something else; and whether its focus ring shows. */
function focused(lab: Lab): Promise<Focus> {
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
test('nodesAndLinksAreReachableByKeyboard', async ({ lab }) => {
  await lab.open();
  const sc = await lab.scenario();
  const nodeIds = sc.nodes.map((n) => n.id);
  await lab.canvas.svg.focus();
  await lab.press('Tab');
  let f = await focused(lab);
  expect(f.link !== null || f.node !== null, `Tab from the canvas reaches an item (${JSON.stringify(f)})`).toBeTruthy();
  expect(f.ring, 'the focused item shows its focus ring').toBeTruthy();
  await lab.press('Shift+Tab');
  expect((await focused(lab)).canvas, 'Shift+Tab goes back to the canvas').toBeTruthy();

  await lab.press('ArrowRight');
  f = await focused(lab);
  expect(f.node, 'an arrow key from the canvas goes to the first node').toBe(nodeIds[0]);
  expect(f.ring, 'with its focus ring').toBeTruthy();
  await lab.press('ArrowRight');
  expect((await focused(lab)).node).toBe(nodeIds[1]);

  await lab.press('Enter');
  await lab.inspector.node.waitFor();
  expect((await lab.page.evaluate(() => window.__cclab.selection())).nodes).toEqual([nodeIds[1]]);
  expect(await lab.inspector.node.getAttribute('aria-label')).toBe(`Node ${nodeIds[1]}`);
  const x0 = position((await lab.scenario()).nodes.find((n) => n.id === nodeIds[1])).x;
  await lab.press('ArrowRight');
  const x1 = position((await lab.scenario()).nodes.find((n) => n.id === nodeIds[1])).x;
  expect(x1 - x0, 'with a node selected the arrow keys still move it').toBe(10);
  expect((await focused(lab)).node, 'and the focus stays on it').toBe(nodeIds[1]);

  await lab.press('Escape');
  await lab.press('ArrowLeft');
  expect((await focused(lab)).node).toBe(nodeIds[0]);
  await lab.press('ArrowLeft');
  f = await focused(lab);
  const lastLink = await lab.page.evaluate(() =>
    [...document.querySelectorAll('[data-link]')].at(-1)!.getAttribute('data-link'),
  );
  expect(f.link, 'before the first node comes the last link (wrapping)').toBe(lastLink);
  await lab.press('Enter');
  await lab.inspector.link.waitFor();
  expect((await lab.page.evaluate(() => window.__cclab.selection())).links).toEqual([lastLink]);

  await lab.press('Escape');
  for (let i = 0; i < 3; i++) await lab.press('ArrowRight'); // wraps to r1, then r2, then s0
  const victim = nodeIds[2];
  expect((await focused(lab)).node).toBe(victim);
  const flowsFrom = sc.flows.filter((fl) => fl.from === victim || fl.to === victim).map((fl) => fl.id);
  expect(flowsFrom.length, 'a flow depends on the node').toBeGreaterThan(0);
  await lab.screenshot('keyboard-focus-ring');
  await lab.press('Delete');
  const after = await lab.scenario();
  expect(
    after.nodes.some((n) => n.id === victim),
    'Delete removes the focused node',
  ).toBe(false);
  expect(
    after.flows.some((fl) => flowsFrom.includes(fl.id)),
    'with the flows that depend on it',
  ).toBe(false);
  await lab.page.waitForFunction(() => document.activeElement?.closest?.('[data-testid="topology"]'));
  await lab.press('Control+z');
  const back = await lab.scenario();
  expect(
    back.nodes.some((n) => n.id === victim),
    'Ctrl+Z brings the node back',
  ).toBeTruthy();
  expect(back.flows.length).toBe(sc.flows.length);
});

/**
 * Tab order on the canvas: the canvas, then every node in scenario order, then every link in
 * scenario order (the order the arrow keys use), though the links come first in the SVG; Tab past
 * the last link leaves the canvas to what follows it, and Shift+Tab walks the same order back
 * (entering from after the canvas at the last link).
 */
test('tabGoesThroughNodesThenLinks', async ({ lab }) => {
  await lab.open();
  const sc = await lab.scenario();
  const expected = [
    ...sc.nodes.map((n) => `node ${n.id}`),
    ...(
      await lab.page.evaluate(() =>
        [...document.querySelectorAll<SVGGElement>('[data-link]')].map((l) => l.dataset.link),
      )
    ).map((id) => `link ${id}`),
  ];
  expect(expected.length).toBe(sc.nodes.length + sc.links.length);
  const name = (f: Focus): string =>
    f.node !== null ? `node ${f.node}` : f.link !== null ? `link ${f.link}` : f.canvas ? 'canvas' : 'outside';
  await lab.canvas.svg.focus();
  const forward: string[] = [];
  for (let i = 0; i <= expected.length; i++) {
    await lab.press('Tab');
    forward.push(name(await focused(lab)));
  }
  expect(forward, 'Tab: nodes, then links, then out of the canvas').toEqual([...expected, 'outside']);
  const outside = await lab.page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
  );
  const back: string[] = [];
  for (let i = 0; i <= expected.length; i++) {
    await lab.press('Shift+Tab');
    back.push(name(await focused(lab)));
  }
  expect(back, `Shift+Tab from ${outside}: the same order back`).toEqual([...expected.slice().reverse(), 'canvas']);
});

/** A box on screen, as getBoundingClientRect gives it (px). */
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a node's drawing (glyph and caption) is on screen, by id. */
function nodeBoxes(lab: Lab): Promise<Record<string, Rect>> {
  return lab.page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<SVGGElement>('[data-testid="topology"] [data-node]')].map((g) => {
        const r = g.getBoundingClientRect();
        return [String(g.dataset.node), { left: r.left, top: r.top, right: r.right, bottom: r.bottom }];
      }),
    ),
  );
}

/** What has the keyboard focus on the canvas: a node id, a link id, or null. */
function focusedItem(lab: Lab): Promise<string | null | undefined> {
  return lab.page.evaluate(
    () => document.activeElement?.getAttribute('data-node') ?? document.activeElement?.getAttribute('data-link'),
  );
}

/** A node's position in the scenario (nodes placed in the editor have one). */
function position(n: Scenario['nodes'][number] | undefined): Point {
  if (n?.x === undefined || n.y === undefined) throw new Error(`node ${n?.id} has no position`);
  return { x: n.x, y: n.y };
}

/**
 * Shift+H then Shift+R add two nodes in the middle of the view, clear of
 * every node (glyph and caption) and link and of each other, in view; a link drawn from the
 * keyboard — Tab to a node, L, the arrow keys to another (a dashed band from the first node to the
 * focused one, the canvas saying what to do), Enter — is one undo step; Esc cancels; with the
 * link tool chosen (L on the canvas), Enter on a node starts a link too.
 */
test('linksAndNodesFromTheKeyboard', async ({ lab }) => {
  await lab.open();
  const before = await lab.scenario();
  await lab.canvas.svg.focus();
  await lab.press('Shift+H');
  await lab.press('Shift+R');
  const placed = await lab.scenario();
  const [h, r] = placed.nodes.slice(before.nodes.length);
  expect(h?.kind).toBe('host');
  expect(r?.kind).toBe('router');
  await lab.page.waitForFunction(
    (ids) => ids.every((id) => document.querySelector(`[data-testid="node-${id}"]`)),
    [h.id, r.id],
  );
  const boxes = await nodeBoxes(lab);
  const view = await lab.page.locator('.workspace .canvas-box').boundingBox();
  if (!view) throw new Error('the canvas box is not on screen');
  const meet = (p: Rect, q: Rect): boolean =>
    p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  for (const n of [h, r]) {
    const b = boxes[n.id];
    for (const [id, o] of Object.entries(boxes))
      if (id !== n.id) expect(meet(b, o), `${n.id} (glyph and caption) clear of ${id}`).toBe(false);
    expect(
      b.left >= view.x && b.top >= view.y && b.right <= view.x + view.width && b.bottom <= view.y + view.height,
      `${n.id} in view`,
    ).toBeTruthy();
    // on no link: at least a node's radius (18) from every link's line
    const p = position(n);
    for (const l of placed.links) {
      const a = position(placed.nodes.find((x) => x.id === l.a));
      const c = position(placed.nodes.find((x) => x.id === l.b));
      const t = Math.max(
        0,
        Math.min(1, ((p.x - a.x) * (c.x - a.x) + (p.y - a.y) * (c.y - a.y)) / ((c.x - a.x) ** 2 + (c.y - a.y) ** 2)),
      );
      const d = Math.hypot(p.x - a.x - t * (c.x - a.x), p.y - a.y - t * (c.y - a.y));
      expect(d, `${n.id} is ${d.toFixed(1)} from link ${l.a}–${l.b}`).toBeGreaterThanOrEqual(18);
    }
  }

  // Tab to the new host (canvas, then the nodes in scenario order), L: linking from it
  await lab.press('Escape');
  await lab.canvas.svg.focus();
  for (let i = 0; i < placed.nodes.indexOf(h) + 1; i++) await lab.press('Tab');
  expect(await focusedItem(lab)).toBe(h.id);
  await lab.press('l');
  const hint = lab.testId('link-hint');
  expect(await hint.getAttribute('role'), 'announced in a live region').toBe('status');
  expect(await hint.innerText()).toMatch(new RegExp(`^Linking from ${h.id}: .*Enter.*Esc cancels`));
  expect(await hint.isVisible(), 'shown on the canvas').toBe(true);
  expect(await lab.testId('keyboard-link-band').count(), 'no band while the first node has the focus').toBe(0);
  // the arrow keys go from node to node (the first node left out), the band follows
  await lab.press('ArrowRight');
  await lab.press('ArrowRight');
  const to = placed.nodes[1];
  expect(await focusedItem(lab)).toBe(to.id);
  const band = await lab
    .testId('keyboard-link-band')
    .evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
  expect(band, `a band from ${h.id} to ${to.id}`).toEqual([h.x, h.y, to.x, to.y]);
  await lab.press('Enter');
  const linked = await lab.scenario();
  expect(linked.links.length).toBe(placed.links.length + 1);
  expect([linked.links.at(-1)?.a, linked.links.at(-1)?.b]).toEqual([h.id, to.id]);
  expect(await hint.innerText()).toBe(`Linked ${h.id} to ${to.id}. Ctrl+Z undoes it.`);
  expect((await lab.page.evaluate(() => window.__cclab.selection())).links).toEqual([`${h.id}-${to.id}`]);
  expect(await lab.testId('keyboard-link-band').count()).toBe(0);
  // one undo step removes it, and only it
  await lab.press('Control+z');
  const undone = await lab.scenario();
  expect(undone.links).toEqual(placed.links);
  expect(undone.nodes).toEqual(placed.nodes);

  // Esc cancels
  expect(await focusedItem(lab)).toBe(to.id);
  await lab.press('l');
  await lab.press('ArrowRight');
  await lab.press('Escape');
  expect(await hint.innerText()).toBe(`Link from ${to.id} cancelled.`);
  expect((await lab.scenario()).links).toEqual(placed.links);
  expect(await lab.testId('keyboard-link-band').count()).toBe(0);

  // L on the canvas chooses the link tool (its tooltip says how to link by keyboard); Enter on a node starts a link
  expect(await lab.testId('tool-link').getAttribute('title')).toMatch(/by keyboard, L on a focused node, then Enter/);
  await lab.canvas.svg.focus();
  await lab.press('l');
  expect(await lab.testId('tool-link').getAttribute('aria-pressed')).toBe('true');
  await lab.press('Tab');
  const first = placed.nodes[0];
  expect(await focusedItem(lab)).toBe(first.id);
  await lab.press('Enter');
  expect(await hint.innerText()).toMatch(new RegExp(`^Linking from ${first.id}`));
  for (let i = 0; i < placed.nodes.indexOf(r); i++) await lab.press('Tab');
  expect(await focusedItem(lab)).toBe(r.id);
  await lab.press('Enter');
  const last = (await lab.scenario()).links.at(-1);
  expect([last?.a, last?.b]).toEqual([first.id, r.id]);
});
