/**
 * The one scenario state. The editor, inspector and flows panel edit it; the URL, autosave and
 * export are serialisations of it. Every structural edit is undoable; continuous gestures (a
 * drag) take one checkpoint when they start.
 */
import { create } from 'zustand';
import type { ScenarioInput } from '@cclab/engine';

export type Tool = 'select' | 'host' | 'router' | 'bs' | 'link';

export interface Selection {
  nodes: string[];
  links: string[];
  flows: string[];
}

export const EMPTY_SELECTION: Selection = { nodes: [], links: [], flows: [] };

export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

const HISTORY_LIMIT = 200;

export interface ScenarioState {
  scenario: ScenarioInput;
  past: ScenarioInput[];
  future: ScenarioInput[];
  selection: Selection;
  tool: Tool;
  /** Applies an edit; with history (the default) it can be undone. */
  apply(edit: (s: ScenarioInput) => ScenarioInput | null, opts?: { history?: boolean }): boolean;
  /** Saves the current scenario as an undo point (before a continuous gesture). */
  checkpoint(): void;
  /** Replaces the whole scenario (import, preset, link); undoable. */
  replace(s: ScenarioInput): void;
  undo(): void;
  redo(): void;
  select(sel: Partial<Selection>, additive?: boolean): void;
  setTool(t: Tool): void;
  setView(v: Record<string, unknown>): void;
}

export function createScenarioStore(initial: ScenarioInput) {
  return create<ScenarioState>((set, get) => ({
    scenario: initial,
    past: [],
    future: [],
    selection: EMPTY_SELECTION,
    tool: 'select',
    apply(edit, opts) {
      const cur = get().scenario;
      const next = edit(cur);
      if (next === null || next === cur) return false;
      if (opts?.history === false) set({ scenario: next });
      else set({ scenario: next, past: [...get().past, cur].slice(-HISTORY_LIMIT), future: [] });
      set({ selection: pruneSelection(get().selection, next) });
      return true;
    },
    checkpoint() {
      set({ past: [...get().past, get().scenario].slice(-HISTORY_LIMIT), future: [] });
    },
    replace(s) {
      set({
        scenario: s,
        past: [...get().past, get().scenario].slice(-HISTORY_LIMIT),
        future: [],
        selection: EMPTY_SELECTION,
      });
    },
    undo() {
      const { past, scenario, future } = get();
      const prev = past[past.length - 1];
      if (!prev) return;
      set({ scenario: withView(prev, scenario), past: past.slice(0, -1), future: [scenario, ...future] });
      set({ selection: pruneSelection(get().selection, get().scenario) });
    },
    redo() {
      const { past, scenario, future } = get();
      const next = future[0];
      if (!next) return;
      set({ scenario: withView(next, scenario), past: [...past, scenario], future: future.slice(1) });
      set({ selection: pruneSelection(get().selection, get().scenario) });
    },
    select(sel, additive) {
      const cur = get().selection;
      if (!additive) {
        set({ selection: { nodes: sel.nodes ?? [], links: sel.links ?? [], flows: sel.flows ?? [] } });
        return;
      }
      const toggle = (a: string[], b: string[] | undefined) => {
        if (!b) return a;
        const s = new Set(a);
        for (const x of b)
          if (s.has(x)) s.delete(x);
          else s.add(x);
        return [...s];
      };
      set({
        selection: {
          nodes: toggle(cur.nodes, sel.nodes),
          links: toggle(cur.links, sel.links),
          flows: toggle(cur.flows, sel.flows),
        },
      });
    },
    setTool(t) {
      set({ tool: t });
    },
    setView(v) {
      set({ scenario: { ...get().scenario, view: { ...(get().scenario.view ?? {}), ...v } } });
    },
  }));
}

/** Undo and redo restore the network, not the camera. */
function withView(target: ScenarioInput, current: ScenarioInput): ScenarioInput {
  return current.view ? { ...target, view: current.view } : target;
}

function pruneSelection(sel: Selection, s: ScenarioInput): Selection {
  const nodes = new Set(s.nodes.map((n) => n.id));
  const links = new Set(s.links.map((l) => l.id ?? `${l.a}-${l.b}`));
  const flows = new Set(s.flows.map((f) => f.id));
  const n = sel.nodes.filter((x) => nodes.has(x));
  const l = sel.links.filter((x) => links.has(x));
  const f = sel.flows.filter((x) => flows.has(x));
  return n.length === sel.nodes.length && l.length === sel.links.length && f.length === sel.flows.length
    ? sel
    : { nodes: n, links: l, flows: f };
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;
