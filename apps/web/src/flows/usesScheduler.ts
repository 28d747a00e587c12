import { getRegistry, type QueueSpec, type ScenarioInput } from '@cclab/engine';

/** A link queue is a scheduler when its root is (only a scheduler may have sub-queues). */
function classful(q: QueueSpec | undefined): boolean {
  return q !== undefined && getRegistry().queue.find((m) => m.id === q.type)?.classful === true;
}

/** Whether any link direction of the scenario queues with a scheduler (a classful discipline). */
export function usesScheduler(s: ScenarioInput): boolean {
  return s.links.some((l) => classful(l.queue) || classful(l.reverse?.queue));
}
