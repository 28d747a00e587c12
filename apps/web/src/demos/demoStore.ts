/**
 * The Demos panel's state: whether the drawer is open, a demo waiting for "Replace / Keep my
 * work", and whether the teacher's note is folded — in the sidebar while editing (open by
 * default) and in the network view's corner while presenting (folded by default).
 */
import { create } from 'zustand';

export interface DemoState {
  open: boolean;
  setOpen(open: boolean): void;
  /** A demo the user clicked over edited work: the panel asks first. */
  confirming: string | null;
  setConfirming(id: string | null): void;
  /** The note in the sidebar (editing) is folded. */
  noteFolded: boolean;
  setNoteFolded(folded: boolean): void;
  /** The note in the network view's corner (presentation mode) is unfolded. */
  stageNoteOpen: boolean;
  setStageNoteOpen(open: boolean): void;
}

export function createDemoStore() {
  return create<DemoState>((set) => ({
    open: false,
    setOpen: (open) => set({ open, confirming: null }),
    confirming: null,
    setConfirming: (confirming) => set({ confirming }),
    noteFolded: false,
    setNoteFolded: (noteFolded) => set({ noteFolded }),
    stageNoteOpen: false,
    setStageNoteOpen: (stageNoteOpen) => set({ stageNoteOpen }),
  }));
}

/** The lab's one demo store. */
export const demoStore = createDemoStore();
