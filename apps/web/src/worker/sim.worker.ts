/// <reference lib="webworker" />
/**
 * The simulation worker: owns the engine, receives ToWorker commands and posts one Frame per
 * tick (about one animation frame) with its typed arrays transferred, never copied. Anything the
 * engine throws (a bug, a watchdog, a memory guard) is reported as `crashed` and the run stops
 * there; the worker itself stays usable. Pings are answered at once, which is how the lab tells
 * a busy worker from a dead one.
 */
import { SimController } from './SimController';
import { summaryEveryMs } from './pacing';
import { PROTOCOL_VERSION, type Frame, type FromWorker, type ToWorker, type WorkerFault } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const ctl = new SimController(() => performance.now());
let timer: ReturnType<typeof setTimeout> | null = null;
/**
 * Batch slices follow each other through a MessageChannel, not setTimeout(0): nested timers are
 * clamped to 4 ms (HTML timers spec), a quarter of a 12 ms slice spent idle. Messages from the
 * page are still handled between slices.
 */
const nextSlice = new MessageChannel();
let sliceQueued = false;
nextSlice.port1.onmessage = () => {
  sliceQueued = false;
  loop();
};
let runId = 0;
/** `seq` of the last command handled (echoed in frames as `ack`). */
let lastSeq = 0;
/** Set by the `engine` fault: the next slice throws. */
let failNextSlice = false;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

/** Wall time of the last summary sent (ms): a summary costs a sort of delays, so not every frame. */
let lastSummaryMs = -Infinity;
/** How long the last summary took to make (ms). */
let summaryCostMs = 0;

/**
 * Posts the state as it is now. `withSummary`: 'due' adds the summary when a playing run's is due (and
 * always otherwise); 'later' sends this frame without it at once and the summary in a frame of its
 * own right after, so the page learns the run stopped without waiting for the summary to be made
 * (at 5,000 nodes that takes longer than Pause may).
 */
function postFrame(withSummary: 'due' | 'later' = 'due'): void {
  const f: Frame = ctl.frame();
  f.ack = lastSeq;
  const t = performance.now();
  if (withSummary === 'later') setTimeout(() => postFrame('due'), 0);
  else if (ctl.status !== 'playing' || t - lastSummaryMs >= summaryEveryMs(summaryCostMs)) {
    // without the ports' per-flow maps, which the page never shows (pageSummary.ts)
    const summary = ctl.summary();
    if (summary) f.summary = summary;
    lastSummaryMs = t;
    summaryCostMs = performance.now() - t;
  }
  post(f, [
    f.flowSamples.buffer,
    f.portSamples.buffer,
    f.ueSamples.buffer,
    f.events.buffer,
    f.drops.buffer,
    f.flight.buffer,
    ...(f.wire ? [f.wire.buffer] : []),
    f.queues.buffer,
    f.queueBytes.buffer,
    f.backlog.buffer,
    f.util.buffer,
    f.portDrops.buffer,
    f.reasonCounts.buffer,
    f.bsServed.buffer,
    f.bsSlots.buffer,
  ]);
}

function crashed(e: unknown): void {
  const message = e instanceof Error ? e.message || e.name : String(e);
  ctl.pause();
  if (timer !== null) clearTimeout(timer);
  timer = null;
  post({ v: 1, type: 'crashed', runId, message, atNs: ctl.nowNs });
}

function loop(): void {
  timer = null;
  let more = false;
  try {
    if (failNextSlice) {
      failNextSlice = false;
      throw new Error('an engine error injected on purpose');
    }
    const seeking = ctl.seeking;
    more = ctl.tick();
    // a seek posts nothing until it is there, then says so and sends the run from zero
    if (seeking && ctl.seeking) more = true;
    else {
      if (seeking && ctl.meta) post({ v: 1, type: 'seeked', runId, meta: ctl.meta });
      postFrame();
    }
  } catch (e) {
    crashed(e);
    return;
  }
  if (more && (ctl.status === 'batch' || ctl.seeking || ctl.advancing)) {
    sliceQueued = true;
    nextSlice.port2.postMessage(null);
  } else if (more) timer = setTimeout(loop, 15);
}

function kick(): void {
  if (timer === null && !sliceQueued) timer = setTimeout(loop, 0);
}

function fault(kind: WorkerFault): void {
  if (kind === 'engine') failNextSlice = true;
  else if (kind === 'throw')
    setTimeout(() => {
      throw new Error('a fault injected on purpose (an uncaught exception in the worker)');
    }, 0);
  else for (;;); // a worker that never answers again
}

function handle(msg: ToWorker): void {
  switch (msg.type) {
    case 'load': {
      runId = msg.runId;
      post({ v: 1, type: 'busy', what: 'load' });
      const r = ctl.load(msg.runId, msg.scenario);
      if (r.ok) {
        post({ v: 1, type: 'loaded', runId, meta: r.meta });
        postFrame();
      } else post({ v: 1, type: 'invalid', runId, issues: r.issues });
      break;
    }
    case 'seek': {
      runId = msg.runId;
      post({ v: 1, type: 'busy', what: 'load' });
      const r = ctl.seek(msg.runId, msg.scenario, msg.toNs, msg.then);
      if (r.ok) kick();
      else post({ v: 1, type: 'invalid', runId, issues: r.issues });
      break;
    }
    case 'events': {
      if (msg.runId !== runId) break;
      const r = ctl.addEvents(msg.scenario);
      if (!r.ok) post({ v: 1, type: 'invalid', runId, issues: r.issues });
      else {
        post({ v: 1, type: 'eventsTimed', runId, times: r.times });
        postFrame();
      }
      break;
    }
    case 'play':
      ctl.play(msg.speed);
      kick();
      break;
    case 'speed':
      ctl.setSpeed(msg.speed);
      break;
    case 'pause':
    case 'cancel':
      ctl.pause();
      postFrame('later');
      break;
    case 'step':
      post({ v: 1, type: 'busy', what: 'step' });
      ctl.step();
      postFrame();
      break;
    case 'batch':
      ctl.batch();
      kick();
      break;
    case 'advance':
      ctl.advance(msg.toNs, msg.speed);
      kick();
      break;
    case 'ping':
      post({ v: 1, type: 'pong', seq: msg.seq });
      break;
    case 'fault':
      fault(msg.fault);
      break;
  }
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.v !== PROTOCOL_VERSION) {
    post({
      v: 1,
      type: 'crashed',
      runId,
      message: `protocol version ${String(msg.v)} is not ${PROTOCOL_VERSION}`,
      atNs: ctl.nowNs,
    });
    return;
  }
  if (msg.seq !== undefined) lastSeq = msg.seq;
  try {
    handle(msg);
  } catch (e) {
    crashed(e);
  }
};
