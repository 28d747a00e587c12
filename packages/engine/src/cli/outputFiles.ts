/**
 * Writing what the command line produces (CSV folders, traces, sweep outputs, written presets):
 * every failure is an OutputError of one line naming the option, the path and the problem, which
 * `main` prints and ends with exit status 1 (a file where a folder is expected, /dev/full, a
 * folder under /proc: one line each, never a Node stack trace or a hang). Two outputs that name
 * one file are refused before anything runs. docs/cli.md, "Output files".
 */
import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fsErrorText } from './userFiles.js';

/** An output that cannot be written; the message is the line to print. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

/** Two outputs of one command name the same file; the message is the line to print. */
export class OutputClashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputClashError';
  }
}

/**
 * Creates the folder `dir` and any missing parents for output option `what` (e.g. "--csv"). Not
 * Node's recursive mkdir, which loops for ever on a path under /proc.
 */
export function makeOutputFolder(dir: string, what: string): void {
  const make = (d: string): void => {
    let st;
    try {
      st = statSync(d, { throwIfNoEntry: false });
    } catch (e) {
      throw new OutputError(`${what} ${dir}: cannot create the folder ${d}: ${fsErrorText(e)}`);
    }
    if (st) {
      if (!st.isDirectory())
        throw new OutputError(`${what} ${dir}: ${d === dir ? 'it' : d} exists and is not a folder`);
      return;
    }
    const parent = dirname(d);
    if (parent !== d) make(parent);
    try {
      mkdirSync(d);
    } catch (e) {
      // made meanwhile by another process: fine when it is a folder
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(d, { throwIfNoEntry: false })?.isDirectory())
        return;
      throw new OutputError(`${what} ${dir}: cannot create the folder ${d}: ${fsErrorText(e)}`);
    }
  };
  make(dir);
}

/** Writes `data` to `file` (replacing it) for output option `what`; an OutputError when it cannot. */
export function writeOutputFile(file: string, data: string | Uint8Array, what: string): void {
  try {
    writeFileSync(file, data);
  } catch (e) {
    throw new OutputError(`${what}: cannot write ${file}: ${fsErrorText(e)}`);
  }
}

/** A file written chunk by chunk (a packet trace); a failed write is an OutputError, later ones do nothing. */
export interface OutputStream {
  write(chunk: Uint8Array): void;
  close(): void;
  /** The write error, once one happened. */
  readonly error: OutputError | null;
}

/**
 * Opens `file` for writing for output option `what` (e.g. "--trace-pcap"). A FIFO waits for its
 * reader, as a shell redirection does (Wireshark reading a trace live).
 */
export function openOutputStream(file: string, what: string): OutputStream {
  let fd: number;
  try {
    fd = openSync(file, 'w');
  } catch (e) {
    throw new OutputError(`${what} ${file}: cannot open it for writing: ${fsErrorText(e)}`);
  }
  let error: OutputError | null = null;
  let open = true;
  return {
    get error() {
      return error;
    },
    write(chunk) {
      if (error) return;
      try {
        for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
      } catch (e) {
        error = new OutputError(`${what} ${file}: cannot write: ${fsErrorText(e)}`);
        throw error;
      }
    },
    close() {
      if (!open) return;
      open = false;
      try {
        closeSync(fd);
      } catch (e) {
        error ??= new OutputError(`${what} ${file}: cannot write: ${fsErrorText(e)}`);
      }
    },
  };
}

/** One output of a command: the option that names it and the file. */
export interface PlannedOutput {
  what: string;
  file: string;
}

/**
 * Refuses outputs that would write one file twice over: the same path, or two paths of one
 * existing file (a link). Throws OutputClashError naming both.
 */
export function checkDistinctOutputs(outputs: readonly PlannedOutput[]): void {
  const seen = new Map<string, PlannedOutput>();
  for (const o of outputs) {
    const keys = [`path ${resolve(o.file)}`];
    let st;
    try {
      st = statSync(o.file, { throwIfNoEntry: false, bigint: true });
    } catch {
      st = undefined; // not reachable (a parent is a file): writing it will say so
    }
    if (st) keys.push(`inode ${st.dev}:${st.ino}`);
    for (const k of keys) {
      const other = seen.get(k);
      if (other)
        throw new OutputClashError(
          `${other.what} and ${o.what} name the same file (${other.file === o.file ? o.file : `${other.file}, ${o.file}`}): give each output its own file`,
        );
      seen.set(k, o);
    }
  }
}
