import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// the modules `run` needs, not ../index.js: the CLI bundle evaluates every module it imports at
// start-up, and the public API also builds the exercise and sweep schemas (docs/performance.md)
import { SimulationError } from '../core/SimulationError.js';
import { MAX_LIVE_PACKETS } from '../net/Packet.js';
import { presets } from '../scenario/presets.js';
import { validateScenario } from '../scenario/validate.js';
import { Simulation } from '../Simulation.js';
import { formatSummary } from './format.js';
import { describeError, loadScenario } from './scenarioFile.js';
import { openTraceFiles, TRACE_VALUE_OPTIONS } from './traceFiles.js';

const USAGE = `usage:
  cclab --version                                  print the version
  cclab run <scenario.json> [--json] [--csv DIR]   run a scenario and print its summary
  cclab run --preset ID [--json] [--csv DIR]       run a built-in scenario
            [--max-packets N]                      stop when more than N packets are alive (default 2000000)
            [--trace-ns2 FILE] [--trace-pcap FILE]  packet traces (ns-2 format, pcap) of ports
            [--trace-ports a->b,...] [--trace-limit SIZE]  (default: the probed ports, 100MB per file)
  cclab validate <scenario.json>                   check a scenario file
  cclab presets [--write DIR]                      list built-in scenarios (and write them as files)
  cclab schema                                     print the scenario JSON Schema
  cclab bench [--runs N] [--no-ns2] [--no-startup]  speed benchmark, interleaved (vs ns-2 when installed)
  cclab bench --queues [--runs N] [--only a,b]     each queue discipline against DropTail
  cclab bench --compare A.json B.json ... [--runs N]  scenario files timed against the first
  cclab bench --growth [--seed004-seconds S]       cost growth with flows, rate, hops (docs/performance.md)
  cclab bench --per-event [--queue Q] [--flows N | --scenario FILE] [--from S] [--to S] [--functions]
                                                   instructions and cache misses per event (valgrind)
  cclab bench --wireless                           base station's per-event cost against plain ports
  cclab trace [NAME]                               list the shipped delivery traces, or print one (Mahimahi format)
  cclab validate-ns2 [--all] [NAME...]             rerun ns-2 references and compare
  cclab validate-ns2 --random N [--seed S] [--max-flows K]  N random dumbbell cases against ns-2 now
  cclab validate-ns3 [--fixtures] [--all] [NAME...] rerun ns-3.37 references and compare
  cclab validate-ns3 --ablate                      what each ns-3 emulation setting is worth (docs/validation.md)
  cclab translate ns2|ns3 [SCRIPT] key=value ...   the scenario equivalent to one harness run
  cclab reproduce --list | ID [--json] [--csv DIR] reproduce a figure or table of a seed study
  cclab reproduce --docs [ID...]                   rerun entries, record results, regenerate docs/reproductions.md
  cclab sweep FILE [--jobs N] [--out DIR] [--shard i/N]   run a sweep on every core (docs/sweeps.md)
  cclab sweep merge DIR... --out DIR               combine the shard folders of one sweep
  cclab exercise list                              list the built-in exercises, one a line
  cclab exercise check FILE|ID... | --all          validate an exercise and verify its reference solution
  cclab demo list                                  list the lecture demos (id, title, point)
  cclab demo check ID... | --all                   run a demo's first 20 s and check its point
  cclab buffer-size --topology T --lambda R ...    minimum LbLCA router buffers (seed 000 §6.2.1; --help)`;

function fail(msg: string): number {
  process.stderr.write(msg.endsWith('\n') ? msg : msg + '\n');
  return 2;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const flag = (name: string) => rest.includes(name);
  const opt = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const positional = rest.filter(
    (a, i) =>
      !a.startsWith('--') &&
      !(i > 0 && ['--csv', '--preset', '--write', '--max-packets', ...TRACE_VALUE_OPTIONS].includes(rest[i - 1]!)),
  );
  switch (cmd) {
    case '--version': {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      };
      process.stdout.write(`cclab ${pkg.version}\n`);
      return 0;
    }
    case 'run': {
      const presetId = opt('--preset');
      const source = presetId ? `preset ${presetId}` : positional[0];
      if (!source) return fail(USAGE);
      const maxPackets = opt('--max-packets');
      const maxLivePackets = maxPackets === undefined ? MAX_LIVE_PACKETS : Number(maxPackets);
      if (!(Number.isInteger(maxLivePackets) && maxLivePackets >= 1 && maxLivePackets <= MAX_LIVE_PACKETS))
        return fail(`--max-packets ${maxPackets}: a whole number from 1 to ${MAX_LIVE_PACKETS}`);
      let sim: Simulation;
      try {
        if (presetId) {
          const p = presets.find((x) => x.id === presetId);
          if (!p) return fail(`unknown preset ${presetId} (see: cclab presets)`);
          sim = new Simulation(validateScenario(p.scenario()), { maxLivePackets });
        } else sim = new Simulation(loadScenario(source), { maxLivePackets });
      } catch (e) {
        return fail(describeError(e, source));
      }
      let traces: ReturnType<typeof openTraceFiles>;
      try {
        traces = openTraceFiles(sim, opt);
      } catch (e) {
        return fail(`${source}: ${(e as Error).message}`);
      }
      let summary;
      try {
        summary = sim.run();
      } catch (e) {
        if (!(e instanceof SimulationError)) throw e;
        process.stderr.write(describeError(e, source) + '\n');
        return 3;
      } finally {
        for (const line of traces?.close() ?? []) process.stderr.write(line + '\n');
      }
      const csvDir = opt('--csv');
      if (csvDir) {
        mkdirSync(csvDir, { recursive: true });
        for (const f of sim.flows) writeFileSync(join(csvDir, `flow-${f.spec.id}.csv`), f.series.toCsv());
        sim.probedPorts.forEach((p, i) =>
          writeFileSync(join(csvDir, `port-${p.name.replace('->', '_to_')}.csv`), sim.portSeries[i]!.toCsv()),
        );
        const ev = [
          't,flow,kind',
          ...sim.flowEvents().map((e) => `${e.tNs / 1e9},${sim.flows[e.flow]!.spec.id},${e.kind}`),
        ];
        writeFileSync(join(csvDir, 'events.csv'), ev.join('\n') + '\n');
        for (const bs of sim.network.baseStations)
          writeFileSync(join(csvDir, `slots-${bs.nodeId}.csv`), bs.slotSeries.toCsv());
      }
      process.stdout.write(flag('--json') ? JSON.stringify(summary, null, 2) + '\n' : formatSummary(summary) + '\n');
      return 0;
    }
    case 'validate': {
      const file = positional[0];
      if (!file) return fail(USAGE);
      try {
        const r = loadScenario(file);
        process.stdout.write(
          `${file}: valid — ${r.nodes.length} nodes, ${r.links.length} links, ${r.flows.length} flows, ${r.durationNs / 1e9} s\n`,
        );
        return 0;
      } catch (e) {
        return fail(describeError(e, file));
      }
    }
    case 'schema': {
      const { scenarioJsonSchema } = await import('./schema.js');
      process.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
      return 0;
    }
    case 'presets': {
      const dir = opt('--write');
      for (const p of presets) {
        process.stdout.write(`${p.id.padEnd(36)} ${p.title}\n`);
        if (dir) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, `${p.id}.json`), JSON.stringify(p.scenario(), null, 2) + '\n');
        }
      }
      return 0;
    }
    case 'bench': {
      if (rest.includes('--wireless')) return (await import('./benchWireless.js')).benchWireless(rest);
      const { bench } = await import('./bench.js');
      return bench(rest);
    }
    case 'trace': {
      const { tracePresets, tracePresetTimes } = await import('../router/channel/tracePresets.js');
      if (!positional[0]) {
        for (const t of tracePresets) process.stdout.write(`${t.id.padEnd(20)} ${t.description}\n`);
        return 0;
      }
      const times = tracePresetTimes(positional[0]);
      if (!times) return fail(`unknown trace ${positional[0]} (see: cclab trace)`);
      process.stdout.write(times.join('\n') + '\n');
      return 0;
    }
    case 'reproduce': {
      const { reproduce } = await import('./reproduce.js');
      return reproduce(rest);
    }
    case 'buffer-size': {
      const { bufferSize, BUFFER_SIZE_USAGE } = await import('./bufferSize.js');
      if (flag('--help')) {
        process.stdout.write(BUFFER_SIZE_USAGE + '\n');
        return 0;
      }
      return bufferSize(rest);
    }
    case 'sweep': {
      const { sweep } = await import('./sweep/sweepCommand.js');
      return sweep(rest);
    }
    case 'exercise': {
      const { exercise } = await import('./exercise.js');
      return exercise(rest);
    }
    case 'demo': {
      const { demo } = await import('./demo.js');
      return demo(rest);
    }
    case 'validate-ns2': {
      if (rest.includes('--random')) {
        const { validateNs2Random } = await import('./validateNs2Random.js');
        return validateNs2Random(rest);
      }
      const { validateNs2 } = await import('./validateNs2.js');
      return validateNs2(rest);
    }
    case 'validate-ns3': {
      const { validateNs3 } = await import('./validateNs3.js');
      return validateNs3(rest);
    }
    case 'translate': {
      const { translate } = await import('./translate.js');
      const r = translate(rest);
      if (r.code === 0) process.stdout.write(r.out + '\n');
      else process.stderr.write(r.out + '\n');
      return r.code;
    }
    default:
      return fail(USAGE);
  }
}
