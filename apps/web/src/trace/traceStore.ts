/** The Trace panel's state: open or not, the form, and the recording in progress (one at a time). */
import { createStore } from 'zustand/vanilla';
import type { TraceFormat } from './recordTrace';

export type TraceStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface TraceState {
  open: boolean;
  format: TraceFormat;
  /** Chosen port names; null until the user chooses (then the probed ports are used). */
  ports: string[] | null;
  limitText: string;
  status: TraceStatus;
  fraction: number;
  /** What the last recording produced, or why it failed. */
  message: string;
}

export const DEFAULT_TRACE_LIMIT = '10MB';

export const traceStore = createStore<TraceState>()(() => ({
  open: false,
  format: 'pcap',
  ports: null,
  limitText: DEFAULT_TRACE_LIMIT,
  status: 'idle',
  fraction: 0,
  message: '',
}));
