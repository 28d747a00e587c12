/**
 * Keyboard access to the nodes and links on the canvas. Each node and link is a tab stop, drawn
 * with a focus ring. Tab and Shift+Tab walk them in one order, the same as the arrow keys (with
 * nothing selected): the canvas, the nodes (scenario order), then the links (scenario order) —
 * the nodes first because they are what a network is built from and what flows and the
 * inspector name; each link's caption then reads "Link a to b" after both ends were met. The
 * links are drawn under the nodes (earlier in the SVG), which alone would put them first, so
 * Tab is steered here; leaving the canvas either way, the browser goes on as usual. Enter selects the focused item (the
 * inspector opens); Delete/Backspace deletes it (selected first, then the global Delete shortcut in
 * useKeyboardShortcuts.ts removes the selection as usual). Arrow keys with nodes selected still
 * move them, as before.
 */
import type { FocusEvent, KeyboardEvent } from 'react';
import type { Lab } from '../lab';

/** The node or link a keyboard event came from (its focused group on the canvas). */
function focusedItem(target: EventTarget | null): { node?: string; link?: string; el: SVGGElement } | null {
  const el = (target as Element | null)?.closest?.('[data-node],[data-link]') as SVGGElement | null;
  if (!el) return null;
  const node = el.getAttribute('data-node');
  const link = el.getAttribute('data-link');
  return node !== null ? { node, el } : link !== null ? { link, el } : null;
}

/** Items in keyboard order: nodes (scenario order), then links. */
export function itemOrder(svg: SVGSVGElement): SVGGElement[] {
  return [...svg.querySelectorAll<SVGGElement>('[data-node]'), ...svg.querySelectorAll<SVGGElement>('[data-link]')];
}

/** Index of the item to focus after `from` for a step of `delta`, wrapping around (from −1: the start). */
export function stepIndex(from: number, delta: number, count: number): number {
  if (count === 0) return -1;
  if (from < 0) return delta > 0 ? 0 : count - 1;
  return (((from + delta) % count) + count) % count;
}

/** The last keyboard stop inside the canvas in document order (where the browser enters it backwards). */
function lastInDocument(svg: SVGSVGElement): SVGGElement | null {
  const all = svg.querySelectorAll<SVGGElement>('[data-node],[data-link]');
  return all[all.length - 1] ?? null;
}

/** Tab and Shift+Tab on the canvas or one of its items, in keyboard order (see above). */
function onTab(e: KeyboardEvent<SVGSVGElement>, item: { el: SVGGElement } | null): void {
  const svg = e.currentTarget;
  const order: (SVGSVGElement | SVGGElement)[] = [svg, ...itemOrder(svg)];
  const from = item ? order.indexOf(item.el) : e.target === svg ? 0 : -1;
  if (from < 0) return;
  const to = from + (e.shiftKey ? -1 : 1);
  if (to >= 0 && to < order.length) {
    e.preventDefault();
    order[to]!.focus();
  } else if (to === order.length) {
    // out past the last link: from the canvas's last stop in the document, the browser's own Tab
    // goes on to what follows the canvas
    lastInDocument(svg)?.focus();
  }
}

/**
 * Shift+Tab into the canvas from what follows it lands (by document order) on the last node:
 * go to the last link instead, the end of the keyboard order. Only for keyboard focus (a click
 * on a node focuses that node).
 */
export function onCanvasFocus(e: FocusEvent<SVGSVGElement>): void {
  const svg = e.currentTarget;
  const from = e.relatedTarget as Node | null;
  if (!from || svg.contains(from) || !(svg.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING)) return;
  const target = e.target as Element;
  if (target !== lastInDocument(svg) || !target.matches(':focus-visible')) return;
  const last = itemOrder(svg).at(-1);
  if (last && last !== target) last.focus();
}

export function onCanvasItemKey(lab: Lab, e: KeyboardEvent<SVGSVGElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const st = lab.scenario.getState();
  const item = focusedItem(e.target);
  const k = e.key;
  if (k === 'Tab') {
    onTab(e, item);
    return;
  }
  if (k.startsWith('Arrow')) {
    if (st.selection.nodes.length > 0) return; // arrows move the selected nodes (global shortcut)
    const svg = e.currentTarget;
    const items = itemOrder(svg);
    const from = item ? items.indexOf(item.el) : -1;
    const next = items[stepIndex(from, k === 'ArrowRight' || k === 'ArrowDown' ? 1 : -1, items.length)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
    return;
  }
  if (!item) return;
  const select = () => st.select(item.node !== undefined ? { nodes: [item.node] } : { links: [item.link!] });
  if (k === 'Enter') {
    e.preventDefault();
    select();
  } else if (k === 'Delete' || k === 'Backspace') {
    // the focused item is what Delete removes; the global shortcut then deletes the selection
    const inSelection =
      item.node !== undefined ? st.selection.nodes.includes(item.node) : st.selection.links.includes(item.link!);
    if (!inSelection) select();
    const svg = e.currentTarget;
    // the deleted group leaves the page: keep the keyboard on the canvas
    requestAnimationFrame(() => {
      if (!item.el.isConnected) svg.focus();
    });
  }
}
