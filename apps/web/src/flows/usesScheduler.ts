import { getRegistry, type QueueSpec, type ScenarioInput } from '@cclab/engine';

function classful(q: QueueSpec | undefined): boolean {
  if (!q) return false;
  return getRegistry().queue.find((m) => m.id === q.type)?.classful === true || classful(q.child);
}

/** Whether any link direction of the scenario queues with a scheduler (a classful discipline). */
export function usesScheduler(s: ScenarioInput): boolean {
  return s.links.some((l) => classful(l.queue) || classful(l.reverse?.queue));
}
