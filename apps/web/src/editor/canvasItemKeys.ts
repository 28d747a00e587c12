/**
 * Keyboard access to the nodes and links on the canvas. Each node and link is a tab stop (Tab and
 * Shift+Tab walk them; with nothing selected the arrow keys step to the next or previous one,
 * nodes first, then links), drawn with a focus ring. Enter selects the focused item (the
 * inspector opens); Delete/Backspace deletes it (selected first, then the global Delete shortcut in
 * useKeyboardShortcuts.ts removes the selection as usual). Arrow keys with nodes selected still
 * move them, as before.
 */
import type { KeyboardEvent } from 'react';
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

export function onCanvasItemKey(lab: Lab, e: KeyboardEvent<SVGSVGElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const st = lab.scenario.getState();
  const item = focusedItem(e.target);
  const k = e.key;
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
