/// <reference lib="webworker" />
/**
 * The buffer-sizing worker: sizes each capacity of the form in turn (posting each row as it is
 * found), then the occupancy trace at the first capacity's minimum buffers.
 */
import { sizeOne, traceAt, type SizingForm, type SizingRow, type SizingTrace } from './sizingModel';

export type SizingReply =
  | { type: 'row'; id: number; row: SizingRow }
  | { type: 'trace'; id: number; trace: SizingTrace | null }
  | { type: 'failed'; id: number; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (ev: MessageEvent<{ id: number; form: SizingForm }>) => {
  const { id, form } = ev.data;
  try {
    let first: SizingRow | null = null;
    for (const c of form.capacitiesMbps) {
      const row = sizeOne(form, c);
      first ??= row;
      scope.postMessage({ type: 'row', id, row } satisfies SizingReply);
    }
    scope.postMessage({ type: 'trace', id, trace: first ? traceAt(form, first) : null } satisfies SizingReply);
  } catch (e) {
    scope.postMessage({ type: 'failed', id, message: (e as Error).message } satisfies SizingReply);
  }
};
