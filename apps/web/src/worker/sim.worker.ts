/// <reference lib="webworker" />
/**
 * The simulation worker: owns the engine, receives ToWorker commands and posts one Frame per
 * tick (about one animation frame) with its typed arrays transferred, never copied.
 */
import { SimController } from './SimController';
import { PROTOCOL_VERSION, type Frame, type FromWorker, type ToWorker } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const ctl = new SimController(() => performance.now());
let timer: ReturnType<typeof setTimeout> | null = null;
let runId = 0;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

function postFrame(): void {
  const f: Frame = ctl.frame();
  post(f, [
    f.flowSamples.buffer,
    f.portSamples.buffer,
    f.ueSamples.buffer,
    f.events.buffer,
    f.drops.buffer,
    f.flight.buffer,
    f.queues.buffer,
    f.queueBytes.buffer,
    f.util.buffer,
    f.portDrops.buffer,
    f.bsServed.buffer,
  ]);
}

function loop(): void {
  timer = null;
  let more = false;
  try {
    more = ctl.tick();
  } catch (e) {
    post({ v: 1, type: 'crashed', runId, message: (e as Error).message });
    ctl.pause();
    return;
  }
  postFrame();
  if (more) timer = setTimeout(loop, ctl.status === 'batch' ? 0 : 15);
}

function kick(): void {
  if (timer === null) timer = setTimeout(loop, 0);
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.v !== PROTOCOL_VERSION) {
    post({ v: 1, type: 'crashed', runId, message: `protocol version ${String(msg.v)} is not ${PROTOCOL_VERSION}` });
    return;
  }
  switch (msg.type) {
    case 'load': {
      runId = msg.runId;
      const r = ctl.load(msg.runId, msg.scenario);
      if (r.ok) {
        post({ v: 1, type: 'loaded', runId, meta: r.meta });
        postFrame();
      } else post({ v: 1, type: 'invalid', runId, issues: r.issues });
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
      postFrame();
      break;
    case 'step':
      ctl.step();
      postFrame();
      break;
    case 'batch':
      ctl.batch();
      kick();
      break;
  }
};
