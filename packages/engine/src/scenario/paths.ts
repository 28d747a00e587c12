/** A path into a scenario document: object keys and array indices, e.g. ['links', 2, 'rate']. */
export type PathSegment = string | number;

/** Formats a path like `links[2].rate` (keys longer than 40 characters are cut). */
export function formatPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const k of path) {
    if (typeof k === 'number') s += `[${k}]`;
    else {
      const name = String(k).length > 40 ? String(k).slice(0, 39) + '…' : String(k);
      s += s === '' ? name : `.${name}`;
    }
  }
  return s === '' ? '(scenario)' : s;
}

/**
 * The places where the document's structure is wrong (from the schema and the bounds walk), so
 * that the later checks can go on with every part that is sound: a bad link does not hide a bad
 * flow. A path is sound when no problem was found at it, above it or below it.
 */
export class StructureMap {
  /** Formatted paths with a problem. */
  private readonly at = new Set<string>();
  /** Formatted paths with a problem somewhere below. */
  private readonly above = new Set<string>();

  add(path: readonly PropertyKey[]): void {
    this.at.add(formatPath(path));
    for (let i = 0; i < path.length; i++) this.above.add(formatPath(path.slice(0, i)));
  }

  /** True when nothing was found wrong at, above or below `path`. */
  sound(...path: PathSegment[]): boolean {
    if (this.above.has(formatPath(path))) return false;
    for (let i = 0; i <= path.length; i++) if (this.at.has(formatPath(path.slice(0, i)))) return false;
    return true;
  }

  /** True when `path` itself or a place above it is broken (its own value cannot be read). */
  brokenAtOrAbove(...path: PathSegment[]): boolean {
    for (let i = 0; i <= path.length; i++) if (this.at.has(formatPath(path.slice(0, i)))) return true;
    return false;
  }
}
