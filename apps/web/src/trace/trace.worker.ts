/// <reference lib="webworker" />
/** The Trace panel's worker: records one trace (recordTrace.ts) and posts the file as a Blob. */
import { TRACE_FILE_TYPES, recordTrace, type TraceRequest } from './recordTrace';

export type TraceWorkerReply =
  | { type: 'progress'; fraction: number }
  | {
      type: 'done';
      blob: Blob;
      bytes: number;
      records: number;
      endNs: number;
      durationNs: number;
      full: boolean;
    }
  | { type: 'failed'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: TraceWorkerReply) => scope.postMessage(m);

scope.onmessage = (ev: MessageEvent<TraceRequest>) => {
  const req = ev.data;
  let last = 0;
  try {
    const r = recordTrace(req, (fraction) => {
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      post({ type: 'progress', fraction });
    });
    const blob = new Blob(r.chunks as BlobPart[], { type: TRACE_FILE_TYPES[req.format].mime });
    post({
      type: 'done',
      blob,
      bytes: r.bytes,
      records: r.records,
      endNs: r.endNs,
      durationNs: r.durationNs,
      full: r.full,
    });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
