import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Output of validation/ns2/dumbbell.tcl (one JSON object). */
export interface Ns2DumbbellResult {
  params: Record<string, string>;
  flows: {
    id: number;
    kind: string;
    throughputBps: number;
    bottleneckDrops: number;
    ackedPackets?: number;
    retransmits?: number;
    timeouts?: number;
  }[];
  aggregateThroughputBps: number;
  jain: number;
  bottleneck: { arrivals: number; departures: number; drops: number; meanQueuePackets: number };
  trace: [number, number, number][];
}

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../../..');

/**
 * Folder holding ns2/dumbbell.tcl: $CCLAB_VALIDATION_DIR, the shared validation folder next to
 * the repository, or the copy committed with the fixtures (packages/engine/test/fixtures).
 */
export function validationDir(): string | null {
  const candidates = [
    process.env.CCLAB_VALIDATION_DIR,
    resolve(repoRoot, '../shared/validation'),
    resolve(repoRoot, 'packages/engine/test/fixtures'),
  ].filter(Boolean) as string[];
  return candidates.find((d) => existsSync(join(d, 'ns2', 'dumbbell.tcl'))) ?? null;
}

export function ns2Available(): boolean {
  const r = spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
}

/** Runs an ns-2 script with key=value args; returns the parsed JSON and the wall time. */
export function runNs2(script: string, args: Record<string, string>): { result: Ns2DumbbellResult; wallS: number } {
  const t0 = performance.now();
  const out = execFileSync('ns', [script, ...Object.entries(args).map(([k, v]) => `${k}=${v}`)], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // ns-2's diagnostics (Queue/DRR prints every hash collision) are not part of the result
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallS = (performance.now() - t0) / 1000;
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`ns ${script} printed no JSON`);
  return { result: JSON.parse(line) as Ns2DumbbellResult, wallS };
}
