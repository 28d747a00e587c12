/** UI-only state that is not part of the scenario: notices, toasts, chart choices. */
import { create } from 'zustand';
import type { Notice } from '../codec/startup';

export interface UiState {
  notices: (Notice & { id: number })[];
  toast: { id: number; text: string } | null;
  /** Extra information shown with the toast (the copied link, for copying by hand). */
  lastShareUrl: string | null;
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
