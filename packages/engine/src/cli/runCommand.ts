/**
 * `cclab run <scenario.json> | --preset ID [--json] [--csv DIR] [--max-packets N] [--trace-ns2 FILE]
 * [--trace-pcap FILE] [--trace-ports a->b,...] [--trace-limit SIZE]`. Every output is planned and
 * checked before the run: two outputs naming one file are refused (exit 2), the CSV folder is
 * created and the trace files opened first, so a path that cannot be written ends the command
 * with one line naming it (exit 1, cli/outputFiles.ts) before simulated time is spent.
 */
import { join } from 'node:path';
// the modules `run` needs, not ../index.js: the CLI bundle evaluates every module it imports at
// start-up, and the public API also builds the exercise and sweep schemas (docs/performance.md)
import { SimulationError } from '../core/SimulationError.js';
import { MAX_LIVE_PACKETS } from '../net/Packet.js';
import { presets } from '../presets/presets.js';
import { validateScenario } from '../scenario/validate.js';
import { Simulation } from '../Simulation.js';
import { formatSummary } from './format.js';
import {
  checkDistinctOutputs,
  makeOutputFolder,
  OutputClashError,
  OutputError,
  writeOutputFile,
} from './outputFiles.js';
import { describeError, loadScenario } from './scenarioFile.js';
import { openTraceFiles, TRACE_FILE_OPTIONS } from './traceFiles.js';

/** The CSV files `--csv DIR` writes for a simulation, by name, with their contents (made when asked). */
export function csvFiles(sim: Simulation): { name: string; text: () => string }[] {
  return [
    ...sim.flows.map((f) => ({ name: `flow-${f.spec.id}.csv`, text: () => f.series.toCsv() })),
    ...sim.probedPorts.map((p, i) => ({
      name: `port-${p.name.replace('->', '_to_')}.csv`,
      text: () => sim.portSeries[i]!.toCsv(),
    })),
    {
      name: 'events.csv',
      text: () =>
        ['t,flow,kind', ...sim.flowEvents().map((e) => `${e.tNs / 1e9},${sim.flows[e.flow]!.spec.id},${e.kind}`)].join(
          '\n',
        ) + '\n',
    },
    ...sim.network.baseStations.map((bs) => ({ name: `slots-${bs.nodeId}.csv`, text: () => bs.slotSeries.toCsv() })),
  ];
}

export function runCommand(
  positional: readonly string[],
  opt: (name: string) => string | undefined,
  flag: (name: string) => boolean,
  usage: string,
): number {
  const err = (s: string) => process.stderr.write(s.endsWith('\n') ? s : s + '\n');
  const presetId = opt('--preset');
  if (presetId !== undefined && positional.length > 0) {
    err(`give a scenario file or --preset ${presetId}, not both`);
    return 2;
  }
  const source = presetId !== undefined ? `preset ${presetId}` : positional[0];
  if (!source) {
    err(usage);
    return 2;
  }
  const maxPackets = opt('--max-packets');
  const maxLivePackets = maxPackets === undefined ? MAX_LIVE_PACKETS : Number(maxPackets);
  if (!(Number.isInteger(maxLivePackets) && maxLivePackets >= 1 && maxLivePackets <= MAX_LIVE_PACKETS)) {
    err(`--max-packets ${maxPackets}: a whole number from 1 to ${MAX_LIVE_PACKETS}`);
    return 2;
  }
  let sim: Simulation;
  try {
    if (presetId !== undefined) {
      const p = presets.find((x) => x.id === presetId);
      if (!p) {
        err(`unknown preset ${presetId} (see: cclab presets)`);
        return 2;
      }
      sim = new Simulation(validateScenario(p.scenario()), { maxLivePackets });
    } else sim = new Simulation(loadScenario(source), { maxLivePackets });
  } catch (e) {
    err(describeError(e, source));
    return 2;
  }

  const csvDir = opt('--csv');
  const csv = csvDir === undefined ? [] : csvFiles(sim);
  try {
    checkDistinctOutputs([
      ...TRACE_FILE_OPTIONS.flatMap((o) => {
        const file = opt(o);
        return file === undefined ? [] : [{ what: o, file }];
      }),
      ...csv.map((f) => ({ what: `--csv ${csvDir}`, file: join(csvDir!, f.name) })),
    ]);
  } catch (e) {
    if (!(e instanceof OutputClashError)) throw e;
    err(e.message);
    return 2;
  }
  if (csvDir !== undefined) makeOutputFolder(csvDir, '--csv');
  let traces: ReturnType<typeof openTraceFiles>;
  try {
    traces = openTraceFiles(sim, opt);
  } catch (e) {
    if (e instanceof OutputError) throw e;
    err(`${source}: ${(e as Error).message}`);
    return 2;
  }
  let summary;
  try {
    summary = sim.run();
  } catch (e) {
    if (!(e instanceof SimulationError)) throw e;
    err(describeError(e, source));
    return 3;
  } finally {
    // a trace that failed to write ends the run (its OutputError is thrown on from here)
    for (const line of traces?.close() ?? []) err(line);
  }
  for (const f of csv) writeOutputFile(join(csvDir!, f.name), f.text(), `--csv ${csvDir}`);
  process.stdout.write(flag('--json') ? JSON.stringify(summary, null, 2) + '\n' : formatSummary(summary) + '\n');
  return 0;
}
