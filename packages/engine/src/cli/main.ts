import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// the modules `run` needs, not ../index.js: the CLI bundle evaluates every module it imports at
// start-up, and the public API also builds the exercise and sweep schemas (docs/performance.md)
import { presets } from '../presets/presets.js';
import { checkArgs, closest, COMMAND_SPECS, specFor, UsageError } from './cliOptions.js';
import { makeOutputFolder, OutputError, writeOutputFile } from './outputFiles.js';
import { runCommand } from './runCommand.js';
import { describeError, loadScenario } from './scenarioFile.js';
import { TRACE_VALUE_OPTIONS } from './traceFiles.js';
import { UserFileError } from './userFiles.js';

const USAGE = `usage:
  cclab --version                                  print the version
  cclab --help                                     print this summary
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
  cclab bench --floor [--runs N]                   the engine against the floor of its design (docs/cli.md)
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
  cclab sweep schema                               print the sweep file JSON Schema
  cclab exercise list                              list the built-in exercises, one a line
  cclab exercise check FILE|ID... | --all          validate an exercise and verify its reference solution
  cclab demo list                                  list the lecture demos (id, title, point)
  cclab demo check ID... | --all                   run a demo's first 20 s and check its point
  cclab buffer-size --topology T --lambda R ...    minimum LbLCA router buffers (seed 000 §6.2.1; --help)`;

function fail(msg: string): number {
  process.stderr.write(msg.endsWith('\n') ? msg : msg + '\n');
  return 2;
}

const COMMANDS = Object.keys(COMMAND_SPECS)
  .filter((c) => !c.includes(' '))
  .concat(['exercise', 'demo', 'buffer-size']);

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  // `cclab --help`, and --help after a command (buffer-size prints its own)
  if (cmd === '--help' || cmd === '-h' || cmd === 'help' || (cmd !== 'buffer-size' && args.includes('--help'))) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  // every command's options are checked before it runs (buffer-size checks its own)
  let rest = args;
  const found = cmd === undefined ? null : specFor(cmd, args);
  if (found && cmd !== 'buffer-size') {
    const sub = found.name.includes(' ') ? 1 : 0;
    try {
      rest = [...args.slice(0, sub), ...checkArgs(args.slice(sub), found.spec, found.name)];
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      return fail(e.message);
    }
  }
  try {
    return await command(cmd, rest);
  } catch (e) {
    // a file that cannot be written or read: one line naming it, never a stack trace
    if (e instanceof OutputError) {
      process.stderr.write(e.message + '\n');
      return 1;
    }
    if (e instanceof UserFileError) return fail(e.message);
    throw e;
  }
}

async function command(cmd: string | undefined, rest: string[]): Promise<number> {
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
    case 'run':
      return runCommand(positional, opt, flag, USAGE);
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
      if (dir !== undefined) makeOutputFolder(dir, '--write');
      for (const p of presets) {
        process.stdout.write(`${p.id.padEnd(36)} ${p.title}\n`);
        if (dir !== undefined)
          writeOutputFile(join(dir, `${p.id}.json`), JSON.stringify(p.scenario(), null, 2) + '\n', '--write');
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
    default: {
      const near =
        cmd === undefined
          ? null
          : closest(
              cmd,
              COMMANDS.filter((c) => c !== cmd),
            );
      return fail(
        cmd === undefined
          ? USAGE
          : `unknown command ${JSON.stringify(cmd)}${near ? `; did you mean ${near}?` : ''}\n${USAGE}`,
      );
    }
  }
}
