import { groupThousands } from './core/limits.js';
import { Timer } from './core/Simulator.js';
import { formatSimTime, NoProgressError, PacketLimitError } from './core/SimulationError.js';
import type { Port } from './net/Port.js';
import type { FlowRuntime, Simulation } from './Simulation.js';

/**
 * Turns an engine limit reached during a run into an error that names the part of the scenario
 * responsible (the flow whose model spins at one instant; the port where packets pile up), so a
 * person knows what to change. Any other error is returned unchanged.
 */
export function explainRunError(sim: Simulation, e: unknown): unknown {
  const now = sim.sim.now;
  if (e instanceof NoProgressError) {
    const who = describeCulprit(sim, e.culprit);
    return new NoProgressError(`${e.message}${who ? ` (${who} keeps scheduling events there)` : ''}`, now, e.culprit);
  }
  if (e instanceof PacketLimitError) {
    const port = fullestPort(sim.network.ports);
    let where = '';
    if (port) {
      const held = port.disc.lengthPackets + port.onWireCount;
      const flow = topFlow(port, sim.flows);
      where = `: port ${port.name} holds ${groupThousands(held)} of them${flow ? `, most from flow ${flow}` : ''}; give it a smaller buffer or slow its sources down`;
    }
    return new PacketLimitError(
      `${e.message} at t = ${formatSimTime(now)}${where} (docs/scenario-format.md, "Limits")`,
      now,
    );
  }
  return e;
}

function describeCulprit(sim: Simulation, culprit: unknown): string | null {
  const target = culprit instanceof Timer ? culprit.target : culprit;
  for (const f of sim.flows) {
    if (target === f || target === f.app || target === f.sender || target === f.receiver) {
      const s = f.spec;
      return `flow ${s.id} (${s.app} over ${s.transport}${s.cc ? ` ${s.cc}` : ''})`;
    }
  }
  for (const p of sim.network.ports) if (target === p) return `port ${p.name}`;
  return null;
}

function fullestPort(ports: readonly Port[]): Port | null {
  let best: Port | null = null;
  let most = -1;
  for (const p of ports) {
    const held = p.disc.lengthPackets + p.onWireCount;
    if (held > most) {
      most = held;
      best = p;
    }
  }
  return best;
}

function topFlow(port: Port, flows: readonly FlowRuntime[]): string | null {
  const backlog = port.disc.flowBacklogPackets;
  let best = -1;
  for (let i = 0; i < backlog.length; i++) if (best < 0 || backlog[i]! > backlog[best]!) best = i;
  return best >= 0 && backlog[best]! > 0 ? (flows[best]?.spec.id ?? null) : null;
}
