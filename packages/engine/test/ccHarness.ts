import { Simulation } from '../src/Simulation.js';
import { dumbbell } from '../src/scenario/builders.js';
import type { TransportSpec } from '../src/scenario/types.js';

/** A small harness for congestion-control scenario tests: a dumbbell, stepped and inspected. */
export interface DumbbellRun {
  sim: Simulation;
  /** Runs to `t` seconds. */
  runTo(t: number): void;
  /** Bottleneck (r1→r2) queue length now, packets. */
  queueNow(): number;
  /** Time-average bottleneck queue over [t0, t1] seconds (runs the simulation to t1). */
  meanQueue(t0: number, t1: number): number;
  /** Bottleneck drops so far. */
  drops(): number;
  /** Bytes of flow i that left the bottleneck so far. */
  departedBytes(i: number): number;
  /** Congestion window of flow i now, segments. */
  cwnd(i: number): number;
  /** Algorithm-specific metrics of flow i. */
  extra(i: number): Record<string, number>;
}

export interface DumbbellOpts {
  rate?: string;
  delay?: string;
  buffer?: string;
  accessRate?: string;
  accessDelay?: string;
  accessDelays?: string[];
  duration?: string;
  queue?: { type: string; params?: Record<string, unknown> };
  /** Random loss probability on the bottleneck (r1→r2 and back). */
  lossRate?: number;
  seed?: number;
}

export function tcpFlow(
  cc: string,
  ccParams?: Record<string, unknown>,
  params?: Record<string, unknown>,
): TransportSpec {
  return { type: 'tcp', cc, ...(ccParams ? { ccParams } : {}), ...(params ? { params } : {}) };
}

export function runDumbbell(flows: { transport: TransportSpec; start?: string }[], o: DumbbellOpts = {}): DumbbellRun {
  const scenario = dumbbell({
    name: 'cc test',
    flows,
    bottleneckRate: o.rate ?? '10Mbps',
    bottleneckDelay: o.delay ?? '20ms',
    bottleneckBuffer: o.buffer ?? '100 packets',
    ...(o.queue ? { bottleneckQueue: o.queue } : {}),
    accessRate: o.accessRate ?? '100Mbps',
    accessDelay: o.accessDelay ?? '5ms',
    ...(o.accessDelays ? { accessDelays: o.accessDelays } : {}),
    duration: o.duration ?? '100s',
    probeInterval: '100ms',
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
  });
  if (o.lossRate !== undefined) scenario.links[0]!.lossRate = o.lossRate;
  const sim = new Simulation(scenario);
  const port = sim.probedPorts[0]!;
  const runTo = (t: number) => {
    sim.runUntil(Math.round(t * 1e9));
  };
  return {
    sim,
    runTo,
    queueNow: () => port.disc.lengthPackets,
    meanQueue(t0, t1) {
      runTo(t0);
      port.disc.meanLengthPackets();
      const i0 = port.disc.integralPacketNs;
      runTo(t1);
      port.disc.meanLengthPackets();
      return (port.disc.integralPacketNs - i0) / ((t1 - t0) * 1e9);
    },
    drops: () => port.disc.stats.drops,
    departedBytes: (i) => port.departureBytesOf(i),
    cwnd: (i) => sim.flows[i]!.sender.congestion()!.cwnd,
    extra: (i) => sim.flows[i]!.sender.congestion()!.extra ?? {},
  };
}
