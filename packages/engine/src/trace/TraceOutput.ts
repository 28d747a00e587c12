/** Receives a trace file's bytes in order, chunk by chunk (a file in the CLI, a Blob in the lab). */
export type TraceSink = (chunk: Uint8Array) => void;

/**
 * A trace file being written: a 64 KiB buffer flushed to the sink, and a size limit. A record
 * that would take the file past `maxBytes` is not written, nor is any after it (the file stays a
 * valid trace, cut at a record boundary); `omittedRecords` counts them.
 */
export class TraceOutput {
  private readonly buf = new Uint8Array(1 << 16);
  private pos = 0;
  /** Bytes accepted so far (flushed or buffered). */
  bytes = 0;
  records = 0;
  omittedRecords = 0;

  constructor(
    private readonly sink: TraceSink,
    readonly maxBytes: number,
  ) {}

  get truncated(): boolean {
    return this.omittedRecords > 0;
  }

  /**
   * Reserves `n` bytes for one record (or a file header, `isRecord` false) and returns the buffer
   * and the offset to write them at, or null when they do not fit under the limit (a record is
   * then counted as omitted).
   */
  reserve(n: number, isRecord = true): { buf: Uint8Array; at: number } | null {
    if (n > this.buf.length) throw new RangeError(`trace record of ${n} bytes exceeds the buffer`);
    if (this.omittedRecords > 0 || this.bytes + n > this.maxBytes) {
      if (isRecord) this.omittedRecords++;
      return null;
    }
    if (this.pos + n > this.buf.length) this.flush();
    const at = this.pos;
    this.pos += n;
    this.bytes += n;
    if (isRecord) this.records++;
    return { buf: this.buf, at };
  }

  /** Writes an ASCII line (the characters' codes must be below 128) plus a newline. */
  writeAsciiLine(line: string): void {
    const r = this.reserve(line.length + 1);
    if (r === null) return;
    for (let i = 0; i < line.length; i++) r.buf[r.at + i] = line.charCodeAt(i);
    r.buf[r.at + line.length] = 10;
  }

  flush(): void {
    if (this.pos > 0) this.sink(this.buf.slice(0, this.pos));
    this.pos = 0;
  }
}
