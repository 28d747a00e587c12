/** UI-only state that is not part of the scenario: notices, toasts, chart choices. */
import { create } from 'zustand';
import type { Notice } from '../codec/startup';
import type { PinnedRun } from '../compare/pinnedRun';
import type { SplitChoice } from '../compare/split/splitVariants';
import type { SplitSession } from '../compare/split/SplitSession';

export interface UiState {
  notices: (Notice & { id: number })[];
  toast: { id: number; text: string } | null;
  /** Extra information shown with the toast (the copied link, for copying by hand). */
  lastShareUrl: string | null;
  /** Presentation mode: full window, editing chrome hidden, everything scaled for a projector. */
  presentation: boolean;
  setPresentation(on: boolean): void;
  /** A run pinned for A/B comparison (drawn dashed under the current one), or null. */
  pinned: PinnedRun | null;
  setPinned(p: PinnedRun | null): void;
  /** The split view is open with this choice of what differs between A and B (null: closed). */
  split: SplitChoice | null;
  setSplit(c: SplitChoice | null): void;
  /** The split view's two runs while it shows them (keyboard shortcuts drive them). */
  splitSession: SplitSession | null;
  setSplitSession(s: SplitSession | null): void;
  /** Shows a notice; one with a `key` replaces the notice with the same key. */
  pushNotice(n: Notice): void;
  dismissNotice(id: number): void;
  dismissKey(key: string): void;
  showToast(text: string): void;
}

let seq = 1;

export function createUiStore() {
  return create<UiState>((set, get) => ({
    notices: [],
    toast: null,
    lastShareUrl: null,
    presentation: false,
    setPresentation(on) {
      set({ presentation: on });
    },
    pinned: null,
    setPinned(p) {
      set({ pinned: p });
    },
    split: null,
    setSplit(c) {
      set({ split: c });
    },
    splitSession: null,
    setSplitSession(s) {
      set({ splitSession: s });
    },
    pushNotice(n) {
      const others = n.key === undefined ? get().notices : get().notices.filter((x) => x.key !== n.key);
      set({ notices: [...others, { ...n, id: seq++ }] });
    },
    dismissNotice(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
    },
    dismissKey(key) {
      if (get().notices.some((n) => n.key === key)) set({ notices: get().notices.filter((n) => n.key !== key) });
    },
    showToast(text) {
      const id = seq++;
      set({ toast: { id, text } });
      setTimeout(() => {
        if (get().toast?.id === id) set({ toast: null });
      }, 3500);
    },
  }));
}

export type UiStore = ReturnType<typeof createUiStore>;
