/**
 * A short, bounded rendering of any value for an error message: strings and keys are cut before
 * they are quoted, containers show at most a few entries two levels deep, so a 1 MiB value or an
 * array nested 6,000 deep yields a message of a few dozen characters (never a stack overflow).
 */

/** Longest rendering of a value in a message, in characters. */
export const MAX_ECHO_CHARS = 60;

export function describeValue(v: unknown, max = MAX_ECHO_CHARS): string {
  const s = render(v, 2, max + 1);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** A string quoted as JSON, cut to about `max` characters first. */
export function quote(s: string, max = MAX_ECHO_CHARS): string {
  return s.length > max ? JSON.stringify(s.slice(0, max - 1)).slice(0, -1) + '…"' : JSON.stringify(s);
}

function render(v: unknown, depth: number, budget: number): string {
  if (typeof v === 'string') return quote(v, budget);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (v === undefined) return 'nothing';
  if (typeof v !== 'object') return typeof v;
  if (depth === 0) return Array.isArray(v) ? '[…]' : '{…}';
  const parts: string[] = [];
  let used = 2;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && used < budget; i++) {
      const p = render(v[i], depth - 1, budget - used);
      parts.push(p);
      used += p.length + 2;
    }
    return `[${parts.join(', ')}${parts.length < v.length ? ', …' : ''}]`;
  }
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length && used < budget; i++) {
    const k = keys[i]!;
    const p = `${quote(k, 20)}: ${render((v as Record<string, unknown>)[k], depth - 1, budget - used)}`;
    parts.push(p);
    used += p.length + 2;
  }
  return `{${parts.join(', ')}${parts.length < keys.length ? ', …' : ''}}`;
}
