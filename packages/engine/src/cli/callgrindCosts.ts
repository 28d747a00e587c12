/**
 * Reading Valgrind's callgrind output (`--dump-instr=yes`) and V8's perf map (`--perf-basic-prof`)
 * for `cclab bench --per-event`: what each JIT-compiled JavaScript function costs in instructions
 * and simulated cache misses. Callgrind cannot name V8's generated code (it has no symbols); the
 * perf map V8 writes to /tmp/perf-PID.map gives each code object's address range and name, so the
 * per-instruction costs are summed per range here.
 *
 * The format (Valgrind manual, "Callgrind Format Specification"): `events:` names the cost
 * columns; with `positions: instr line` each cost line starts with an instruction address —
 * absolute (`0x4a0`), relative to the previous one (`+3`, `-0x10`) or the same (`*`) — then a line
 * number, then the costs (missing trailing ones are 0). The cost line after a `calls=` line is the
 * inclusive cost of that call, already counted in the callee's own lines: it moves the position
 * but is not self cost.
 */

/** Self costs by event name (`Ir`, `D1mr`, ...), summed over a set of instructions. */
export type Costs = Record<string, number>;

export interface CallgrindProfile {
  /** Event names in column order. */
  readonly events: readonly string[];
  /** Every instruction's self costs, in file order (an address may repeat). */
  readonly addresses: number[];
  readonly costs: number[][];
  /** The object file (`ob=`) each instruction belongs to. */
  readonly objects: string[];
}

function position(token: string, previous: number): number {
  if (token === '*') return previous;
  if (token.startsWith('+')) return previous + Number(token.slice(1));
  if (token.startsWith('-')) return previous - Number(token.slice(1));
  return Number(token);
}

/** Parses callgrind output written with `--dump-instr=yes` (positions `instr` or `instr line`). */
export function parseCallgrind(text: string): CallgrindProfile {
  let events: string[] | null = null;
  let positions = 1;
  const addresses: number[] = [];
  const costs: number[][] = [];
  const objects: string[] = [];
  let address = 0;
  let object = '?';
  const objectNames = new Map<string, string>();
  let callCostNext = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('positions:')) {
      positions = line.slice(10).trim().split(/\s+/).length;
      continue;
    }
    if (line.startsWith('events:')) {
      events = line.slice(7).trim().split(/\s+/);
      continue;
    }
    if (line.startsWith('ob=')) {
      // compressed names: "(3) /path" defines id 3, "(3)" refers to it
      const m = /^\((\d+)\)\s*(.*)$/.exec(line.slice(3).trim());
      if (m === null) object = line.slice(3).trim();
      else if (m[2] !== '') objectNames.set(m[1]!, (object = m[2]!));
      else object = objectNames.get(m[1]!) ?? `(${m[1]})`;
      continue;
    }
    if (line.startsWith('calls=')) {
      callCostNext = true;
      continue;
    }
    const c = line.charAt(0);
    if (events === null || !(c === '+' || c === '-' || c === '*' || (c >= '0' && c <= '9'))) continue;
    const parts = line.trim().split(/\s+/);
    address = position(parts[0]!, address);
    if (callCostNext) {
      callCostNext = false;
      continue;
    }
    const row = new Array<number>(events.length).fill(0);
    for (let k = 0; k < events.length && positions + k < parts.length; k++) row[k] = Number(parts[positions + k]);
    addresses.push(address);
    costs.push(row);
    objects.push(object);
  }
  if (events === null) throw new Error('not callgrind output: no "events:" line');
  return { events, addresses, costs, objects };
}

/** One code object of a V8 perf map: `START SIZE NAME`, hexadecimal. */
export interface CodeRange {
  readonly start: number;
  readonly size: number;
  readonly name: string;
}

export function parsePerfMap(text: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.*)$/.exec(line);
    if (m !== null) ranges.push({ start: parseInt(m[1]!, 16), size: parseInt(m[2]!, 16), name: m[3]! });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/**
 * A code object's name, shorter: the function's name with V8's tier marker after it (`*` =
 * optimized by TurboFan, `~` = interpreted or baseline) and its file's base name (a bundle chunk's
 * without the content hash) with line and column (the command line's bundle is one line).
 */
export function functionKey(name: string): string {
  const m = /^JS:([*~^+]?)(\S*) (?:file:\/\/)?\S*?([^/\s]+?)(?:-[A-Z0-9]{8})?\.(?:c?js|mjs|ts):(\d+(?::\d+)?)$/.exec(
    name,
  );
  return m === null ? name : `${m[2] || '(anonymous)'}${m[1]} ${m[3]}:${m[4]}`;
}

/**
 * Self costs per function: each instruction's costs go to the code object of the perf map
 * containing its address, or to `native <object file>` when none does (Node, V8's C++ runtime,
 * the garbage collector, libc).
 */
export function costsByFunction(profile: CallgrindProfile, ranges: readonly CodeRange[]): Map<string, Costs> {
  const out = new Map<string, Costs>();
  const starts = ranges.map((r) => r.start);
  for (let i = 0; i < profile.addresses.length; i++) {
    const a = profile.addresses[i]!;
    // last range starting at or before a
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= a) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const r = found >= 0 ? ranges[found]! : null;
    const key =
      r !== null && a < r.start + r.size ? functionKey(r.name) : `native ${profile.objects[i]!.split('/').pop()}`;
    let c = out.get(key);
    if (c === undefined) out.set(key, (c = Object.fromEntries(profile.events.map((e) => [e, 0]))));
    const row = profile.costs[i]!;
    for (let k = 0; k < profile.events.length; k++) c[profile.events[k]!]! += row[k]!;
  }
  return out;
}

/** The sum of every instruction's self costs. */
export function totalCosts(profile: CallgrindProfile): Costs {
  const t: Costs = Object.fromEntries(profile.events.map((e) => [e, 0]));
  for (const row of profile.costs) for (let k = 0; k < profile.events.length; k++) t[profile.events[k]!]! += row[k]!;
  return t;
}
