/**
 * The options every `cclab` command accepts, checked before the command runs: an unknown option,
 * one given twice, one missing its value or a stray argument is refused (exit 2) with the closest
 * valid option suggested — "unknown option --jsno; did you mean --json?" — instead of being
 * ignored. `--name=value` is read as `--name value`. docs/cli.md.
 */

/** Bad command-line arguments; the message is the line to print. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface CommandSpec {
  /** Options without a value. */
  flags?: readonly string[];
  /** Options followed by one value. */
  values?: readonly string[];
  /** Options followed by one or more values, up to the next option (`bench --compare A B C`). */
  lists?: readonly string[];
  /** Most arguments that are not options (default 0). */
  maxPositional?: number;
}

const TRACE_VALUES = ['--trace-ns2', '--trace-pcap', '--trace-ports', '--trace-limit'];

/** Each command (and `sweep` / `exercise` subcommand) and what it takes. */
export const COMMAND_SPECS: Record<string, CommandSpec> = {
  '--version': {},
  run: { flags: ['--json'], values: ['--csv', '--preset', '--max-packets', ...TRACE_VALUES], maxPositional: 1 },
  validate: { maxPositional: 1 },
  presets: { values: ['--write'] },
  schema: {},
  bench: {
    flags: [
      ...['--no-ns2', '--no-startup', '--queues', '--growth', '--scaling', '--per-event', '--functions'],
      ...['--wireless', '--floor', '--cold'],
    ],
    values: [
      ...['--runs', '--only', '--seed004-seconds', '--queue', '--flows', '--scenario', '--from', '--to', '--reps'],
      // the bench's own child processes
      ...['--per-event-child', '--scenario-child', '--queue-child', '--floor-child'],
    ],
    lists: ['--compare'],
  },
  trace: { maxPositional: 1 },
  'validate-ns2': { flags: ['--all'], values: ['--random', '--seed', '--max-flows'], maxPositional: Infinity },
  'validate-ns3': { flags: ['--fixtures', '--all', '--ablate'], maxPositional: Infinity },
  translate: { maxPositional: Infinity },
  reproduce: { flags: ['--list', '--json', '--docs'], values: ['--csv', '--seeds'], maxPositional: Infinity },
  sweep: { flags: ['--dry-run', '--quiet'], values: ['--jobs', '--out', '--shard'], maxPositional: 1 },
  'sweep merge': { flags: ['--partial'], values: ['--out'], maxPositional: Infinity },
  'sweep schema': {},
  'exercise list': {},
  'exercise check': { flags: ['--all'], maxPositional: Infinity },
  // `cclab demo`'s subcommands and their options
  'demo list': {},
  'demo check': { flags: ['--all'], maxPositional: Infinity },
};

/** Optimal string alignment distance (Levenshtein with adjacent transpositions: "jsno" → "json" is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** The known word closest to `word` when it is close enough to be a slip (a third of its letters, at least 2). */
export function closest(word: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const dist = editDistance(word.replace(/^-+/, ''), k.replace(/^-+/, ''));
    if (dist < bestD) [best, bestD] = [k, dist];
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.replace(/^-+/, '').length / 3)) ? best : null;
}

/** "unknown option --jsno; did you mean --json?", or the list of valid options when none is close. */
export function unknownOption(option: string, known: readonly string[], command: string): string {
  const near = closest(option, known);
  if (near) return `unknown option ${option}; did you mean ${near}?`;
  return known.length === 0
    ? `unknown option ${option} (cclab ${command} takes no options)`
    : `unknown option ${option} (cclab ${command} takes ${known.join(', ')})`;
}

const looksLikeOption = (a: string) => /^-[^\d.]/.test(a);

/**
 * Checks `args` (what follows the command) against `spec`; returns them with `--name=value`
 * split in two. Throws UsageError naming the first problem.
 */
export function checkArgs(args: readonly string[], spec: CommandSpec, command: string): string[] {
  const flags = spec.flags ?? [];
  const values = spec.values ?? [];
  const lists = spec.lists ?? [];
  const known = [...flags, ...values, ...lists];
  const out: string[] = [];
  const seen = new Set<string>();
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    let a = args[i]!;
    if (a === '--') {
      // the rest are arguments, whatever they look like
      positional += args.length - i - 1;
      out.push(...args.slice(i));
      break;
    }
    if (!looksLikeOption(a)) {
      if (++positional > (spec.maxPositional ?? 0))
        throw new UsageError(
          (spec.maxPositional ?? 0) === 0
            ? `unexpected argument ${JSON.stringify(a)} (cclab ${command} takes none)`
            : `unexpected argument ${JSON.stringify(a)} (cclab ${command} takes at most ${spec.maxPositional})`,
        );
      out.push(a);
      continue;
    }
    let inlineValue: string | undefined;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 2) [a, inlineValue] = [a.slice(0, eq), a.slice(eq + 1)];
    if (!known.includes(a)) throw new UsageError(unknownOption(a, known, command));
    if (seen.has(a)) throw new UsageError(`${a} is given twice`);
    seen.add(a);
    out.push(a);
    if (flags.includes(a)) {
      if (inlineValue !== undefined) throw new UsageError(`${a} takes no value (got ${a}=${inlineValue})`);
      continue;
    }
    if (inlineValue !== undefined) {
      if (inlineValue === '') throw new UsageError(`${a} needs a value`);
      out.push(inlineValue);
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || (next.startsWith('--') && next.length > 2))
      throw new UsageError(`${a} needs a value${lists.includes(a) ? ' (one or more)' : ''}`);
    out.push(next);
    i++;
    if (lists.includes(a))
      while (i + 1 < args.length && !looksLikeOption(args[i + 1]!) && args[i + 1] !== '--') out.push(args[++i]!);
  }
  return out;
}

/** The spec of `cmd` (with its subcommand for `sweep` and `exercise`) and the name to print. */
export function specFor(cmd: string, rest: readonly string[]): { spec: CommandSpec; name: string } | null {
  for (const sub of ['merge', 'schema', 'list', 'check']) {
    const name = `${cmd} ${sub}`;
    if (rest[0] === sub && COMMAND_SPECS[name]) return { spec: COMMAND_SPECS[name], name };
  }
  const spec = COMMAND_SPECS[cmd];
  return spec ? { spec, name: cmd } : null;
}
