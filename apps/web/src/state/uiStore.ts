/** UI-only state that is not part of the scenario: notices, toasts, chart choices. */
import { create } from 'zustand';
import type { Notice } from '../codec/startup';

export interface UiState {
  notices: (Notice & { id: number })[];
  toast: { id: number; text: string } | null;
  /** Extra information shown with the toast (the copied link, for copying by hand). */
  lastShareUrl: string | null;
  pushNotice(n: Notice): void;
  dismissNotice(id: number): void;
  showToast(text: string): void;
}

let seq = 1;

export function createUiStore() {
  return create<UiState>((set, get) => ({
    notices: [],
    toast: null,
    lastShareUrl: null,
    pushNotice(n) {
      set({ notices: [...get().notices, { ...n, id: seq++ }] });
    },
    dismissNotice(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
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
