/**
 * Drawing a link from the keyboard. With a node focused (Tab or the arrow keys reach it), **L**
 * starts a link from it — as does **Enter** while the link tool is chosen (L with the canvas
 * focused chooses it) — then Tab or the arrow keys move to the other node (the arrows go from
 * node to node, skipping links) and **Enter** (or L) links the two; **Esc** cancels, and so does
 * leaving the canvas. Meanwhile a dashed rubber band runs from the first node to the focused one,
 * and a line on the canvas says what to do next (a live region: screen readers read it out). The
 * link is one edit (one undo removes it), made and selected as a dragged one is.
 */
import { useCallback, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Lab } from '../lab';
import { addLink, linkKey } from '../state/scenarioEdits';

export type KeyLinkAction =
  | { kind: 'start'; from: string }
  | { kind: 'finish'; from: string; to: string }
  | { kind: 'cancel' }
  /** Enter or L where there is no other node to link to (the first node itself, a link, the canvas). */
  | { kind: 'stay' }
  /** An arrow key while linking: the next (+1) or previous (−1) node. */
  | { kind: 'step'; delta: 1 | -1 }
  /** Not a key of keyboard linking: the canvas's other keys apply. */
  | { kind: 'pass' };

/**
 * What a key does for keyboard linking: `from` is the node a link is being drawn from (null: none
 * yet), `focused` the node with the keyboard focus (null: a link or the canvas), `linkTool` whether
 * the link tool is chosen.
 */
export function keyLinkAction(
  from: string | null,
  key: string,
  focused: string | null,
  linkTool: boolean,
): KeyLinkAction {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (from === null) {
    if (focused !== null && (k === 'l' || (k === 'Enter' && linkTool))) return { kind: 'start', from: focused };
    return { kind: 'pass' };
  }
  if (k === 'Escape') return { kind: 'cancel' };
  if (k === 'ArrowRight' || k === 'ArrowDown') return { kind: 'step', delta: 1 };
  if (k === 'ArrowLeft' || k === 'ArrowUp') return { kind: 'step', delta: -1 };
  if (k === 'Enter' || k === 'l') {
    if (focused === null || focused === from) return { kind: 'stay' };
    return { kind: 'finish', from, to: focused };
  }
  return { kind: 'pass' };
}

/** What the canvas says at each step (shown on it and read out). */
export const linkHints = {
  started: (from: string) =>
    `Linking from ${from}: Tab or the arrow keys to another node, then Enter (or L) to link; Esc cancels.`,
  stay: (from: string) => `Linking from ${from}: move to another node first (Tab or the arrow keys), then Enter.`,
  linked: (from: string, to: string) => `Linked ${from} to ${to}. Ctrl+Z undoes it.`,
  exists: (from: string, to: string) => `${from} and ${to} are already linked.`,
  cancelled: (from: string) => `Link from ${from} cancelled.`,
};

/** The node group a keyboard or focus event came from, if any. */
function nodeOf(target: EventTarget | null): string | null {
  return (target as Element | null)?.closest?.('[data-node]')?.getAttribute('data-node') ?? null;
}

/** Keyboard linking on one canvas: its state, the key and focus handlers, and what to draw. */
export function useKeyboardLink(lab: Lab) {
  const [from, setFrom] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [hint, setHint] = useState('');

  /** Handles a key on the canvas; true when it was keyboard linking's (the caller does nothing more). */
  const onKey = useCallback(
    (e: KeyboardEvent<SVGSVGElement>): boolean => {
      if (e.altKey || e.ctrlKey || e.metaKey) return false;
      const st = lab.scenario.getState();
      const here = nodeOf(e.target);
      const a = keyLinkAction(from, e.key, here, st.tool === 'link');
      if (a.kind === 'pass') return false;
      // these keys are linking's: not the editor's shortcuts (Escape deselecting, arrows moving nodes)
      e.preventDefault();
      e.stopPropagation();
      if (a.kind === 'start') {
        setFrom(a.from);
        setHint(linkHints.started(a.from));
      } else if (a.kind === 'cancel') {
        setHint(linkHints.cancelled(from!));
        setFrom(null);
      } else if (a.kind === 'stay') {
        setHint(linkHints.stay(from!));
      } else if (a.kind === 'step') {
        const nodes = [...e.currentTarget.querySelectorAll<SVGGElement>('[data-node]')].filter(
          (g) => g.getAttribute('data-node') !== from,
        );
        const i = nodes.findIndex((g) => g.getAttribute('data-node') === here);
        const next = nodes[i < 0 ? (a.delta > 0 ? 0 : nodes.length - 1) : (i + a.delta + nodes.length) % nodes.length];
        next?.focus();
      } else {
        // (the first node may have gone meanwhile: an undo)
        const gone = !st.scenario.nodes.some((n) => n.id === a.from);
        const ok = !gone && st.apply((s) => addLink(s, a.from, a.to));
        const said = gone
          ? linkHints.cancelled(a.from)
          : ok
            ? linkHints.linked(a.from, a.to)
            : linkHints.exists(a.from, a.to);
        if (ok) {
          const l = lab.scenario.getState().scenario.links.at(-1)!;
          st.select({ links: [linkKey(l)] });
        }
        setHint(said);
        lab.ui.getState().showToast(said);
        setFrom(null);
      }
      return true;
    },
    [lab, from],
  );

  const onFocus = useCallback((e: FocusEvent<SVGSVGElement>) => setFocused(nodeOf(e.target)), []);
  /** Leaving the canvas cancels a link being drawn. */
  const onBlur = useCallback(
    (e: FocusEvent<SVGSVGElement>) => {
      const to = e.relatedTarget as Node | null;
      if (to && e.currentTarget.contains(to)) return;
      setFocused(null);
      if (from !== null) {
        setHint(linkHints.cancelled(from));
        setFrom(null);
      }
    },
    [from],
  );

  return { from, target: from !== null && focused !== from ? focused : null, hint, onKey, onFocus, onBlur };
}
