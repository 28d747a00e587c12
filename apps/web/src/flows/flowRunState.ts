/**
 * Whether a flow is waiting to start, running or stopped at a simulated time: from its own start
 * and stop times and the scenario's start/stop events (`{ at, flow, action }`) at or before then.
 * As the engine has it (TimedChanges / FlowRuntime): a start event starts a flow that has not
 * started or stopped, a stop event stops it for good.
 */
import type { ScenarioInput } from '@cclab/engine';
import { seconds } from '../run/liveChanges';

export type FlowRunState = 'waiting' | 'running' | 'stopped';

export function flowRunState(s: ScenarioInput, flowId: string, nowNs: number): FlowRunState {
  const flow = s.flows.find((f) => f.id === flowId);
  if (!flow) return 'stopped';
  let startNs = seconds(flow.start ?? 0) * 1e9;
  let stopNs = flow.stop === undefined ? Infinity : seconds(flow.stop) * 1e9;
  for (const e of s.events ?? []) {
    if (e.flow !== flowId || e.action === undefined) continue;
    const t = seconds(e.at) * 1e9;
    if (e.action === 'start') startNs = Math.min(startNs, t);
    else stopNs = Math.min(stopNs, t);
  }
  if (stopNs <= nowNs) return 'stopped';
  return startNs <= nowNs ? 'running' : 'waiting';
}
