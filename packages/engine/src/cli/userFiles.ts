/**
 * Reading the files a user names on the command line (scenarios, sweeps and the scenario files
 * they name, exercises, a sweep's output folder). Only a regular file is read, and its size is
 * checked before a byte of it is: `/dev/zero`, a FIFO or a terminal would otherwise be read until
 * the process is killed (4.4 GB in 20 s) or wait forever. The file is
 * opened without blocking (O_NONBLOCK: opening a FIFO waits for a writer otherwise) and its type
 * and size are taken from the open descriptor, so a file swapped between a check and the read
 * cannot slip through. Limits: docs/cli.md, "Input files".
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { groupThousands } from '../core/limits.js';

/** A file that cannot be read; `reason` says why in a few words ("ENOENT", "a FIFO, not a regular file"). */
export class UserFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot read ${file}: ${reason}`);
    this.name = 'UserFileError';
  }
}

/** What a file that is not a regular one is, for a message. */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a file';
}

/** An error's code and its words: "ENOSPC (no space left on device)", or the message. */
export function fsErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (!err.code) return err.message;
  const words = /^[A-Z]+: ([^,]+),/.exec(err.message)?.[1];
  return words ? `${err.code} (${words})` : err.code;
}

/**
 * The text of `file` (UTF-8) when it is a regular file of at most `maxBytes` bytes; otherwise a
 * UserFileError naming the file and the problem. Never blocks on a FIFO or reads a device.
 */
export function readUserFile(file: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (e) {
    throw new UserFileError(file, fsErrorText(e));
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UserFileError(file, `it is ${kindOf(st)}, not a regular file`);
    if (st.size > maxBytes)
      throw new UserFileError(file, `it is ${groupThousands(st.size)} bytes; at most ${groupThousands(maxBytes)}`);
    // read to the end, but never more than the limit (the file may grow while it is read)
    let buf = Buffer.allocUnsafe(st.size + 1);
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        if (n > maxBytes)
          throw new UserFileError(file, `it grew past ${groupThousands(maxBytes)} bytes while being read`);
        const bigger = Buffer.allocUnsafe(Math.min(2 * buf.length, maxBytes + 1));
        buf.copy(bigger, 0, 0, n);
        buf = bigger;
      }
      let got: number;
      try {
        got = readSync(fd, buf, n, buf.length - n, null);
      } catch (e) {
        throw new UserFileError(file, fsErrorText(e));
      }
      if (got === 0) break;
      n += got;
    }
    return buf.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}
