/**
 * Names encoded as small numbers in frames (event kinds, drop reasons). A name the table did
 * not list is appended rather than mapped to a neighbour, and `changed` tells the worker to send
 * the grown table with the next frame, so the lab shows every event as what it is.
 */
export class CodeTable {
  private readonly names: string[];
  changed = false;

  constructor(initial: readonly string[]) {
    this.names = [...initial];
  }

  code(name: string): number {
    let i = this.names.indexOf(name);
    if (i < 0) {
      i = this.names.length;
      this.names.push(name);
      this.changed = true;
    }
    return i;
  }

  /** The table as it is now (a copy). */
  list(): string[] {
    return [...this.names];
  }

  /** The whole table if it grew since the last call, else undefined. */
  takeChange(): string[] | undefined {
    if (!this.changed) return undefined;
    this.changed = false;
    return this.list();
  }
}
