/**
 * The one scenario state. The editor, inspector and flows panel edit it; the URL, autosave and
 * export are serialisations of it. Every structural edit is undoable; continuous gestures (a
 * drag) take one checkpoint when they start.
 *
 * Beside the scenario the store keeps what is only about looking at it: the selection, the tool
 * and the camera (pan and zoom of the editor). Moving the camera changes no scenario, so it makes
 * no undo step and no autosave; `serialize()` writes the camera into `view.transform` when the
 * scenario is saved, exported or shared, and a scenario that comes with one (an old file or link,
 * an autosave) opens with its camera.
 */
import { create } from 'zustand';
import type { ScenarioInput } from '@cclab/engine';
import { readTransform } from '../editor/viewTransform';

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
  /** Pan and zoom of the editor; null until the canvas fits the network to the view. */
  camera: ViewTransform | null;
  /**
   * Set while a run is going: makes an edit at the current simulated time (run/liveChanges.ts):
   * the settings it changes become timed events; `cur` itself when it changes nothing there; or
   * null to let the edit be made to the scenario and restart the run as usual.
   */
  liveEdit: ((cur: ScenarioInput, edit: (s: ScenarioInput) => ScenarioInput | null) => ScenarioInput | null) | null;
  /**
   * Applies an edit; with history (the default) it can be undone. During a run an edit of a setting
   * becomes a live change (`liveEdit`) unless `live: false` says it is an edit of the scenario itself
   * (a recorded change made the value from time zero, or removed).
   */
  apply(edit: (s: ScenarioInput) => ScenarioInput | null, opts?: { history?: boolean; live?: boolean }): boolean;
  /** Saves the current scenario as an undo point (before a continuous gesture). */
  checkpoint(): void;
  /** Replaces the whole scenario (import, preset, link); undoable. */
  replace(s: ScenarioInput): void;
  /** The scenario as last opened (start-up, preset, file, link): edits since make it differ. */
  openedAs: ScenarioInput;
  undo(): void;
  redo(): void;
  select(sel: Partial<Selection>, additive?: boolean): void;
  setTool(t: Tool): void;
  setCamera(t: ViewTransform | null): void;
  /** The scenario with the current camera in `view.transform`, for saving, export and links. */
  serialize(): ScenarioInput;
}

export function createScenarioStore(initial: ScenarioInput) {
  return create<ScenarioState>((set, get) => ({
    scenario: withoutCamera(initial),
    past: [],
    future: [],
    selection: EMPTY_SELECTION,
    tool: 'select',
    camera: readTransform(initial.view),
    liveEdit: null,
    openedAs: withoutCamera(initial),
    apply(edit, opts) {
      const cur = get().scenario;
      const live = opts?.live === false ? null : (get().liveEdit?.(cur, edit) ?? null);
      const next = live ?? edit(cur);
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
      // a new object every time, so that opening the same scenario again is seen as an open
      const opened = { ...withoutCamera(s) };
      set({
        openedAs: opened,
        scenario: opened,
        camera: readTransform(s.view),
        past: [...get().past, get().scenario].slice(-HISTORY_LIMIT),
        future: [],
        selection: EMPTY_SELECTION,
      });
    },
    undo() {
      const { past, scenario, future } = get();
      const prev = past[past.length - 1];
      if (!prev) return;
      set({ scenario: prev, past: past.slice(0, -1), future: [scenario, ...future] });
      set({ selection: pruneSelection(get().selection, get().scenario) });
    },
    redo() {
      const { past, scenario, future } = get();
      const next = future[0];
      if (!next) return;
      set({ scenario: next, past: [...past, scenario], future: future.slice(1) });
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
    setCamera(t) {
      set({ camera: t });
    },
    serialize() {
      const { scenario, camera } = get();
      return withCamera(scenario, camera);
    },
  }));
}

/** The scenario with `camera` in `view.transform` (as it is saved, exported and shared). */
export function withCamera(scenario: ScenarioInput, camera: ViewTransform | null): ScenarioInput {
  return camera ? { ...scenario, view: { ...(scenario.view ?? {}), transform: { ...camera } } } : scenario;
}

/** The scenario without its stored camera (which the store keeps apart). */
export function withoutCamera(s: ScenarioInput): ScenarioInput {
  if (!s.view || !('transform' in s.view)) return s;
  const { transform: _camera, ...rest } = s.view;
  if (Object.keys(rest).length > 0) return { ...s, view: rest };
  const { view: _view, ...noView } = s;
  return noView;
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
