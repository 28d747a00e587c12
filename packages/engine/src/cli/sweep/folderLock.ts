/**
 * One process at a time per sweep output folder. Two sweeps resuming into one folder at once
 * would both run the runs missing from its log and both append them (27 lines for 24 runs);
 * `sweep merge` writing into a folder a sweep is filling would mix them too.
 * The folder's `sweep.lock` names the process holding it (pid, host, start); a second process
 * finding it is refused, naming the folder and that process. A lock left by a process that has
 * ended (killed, Ctrl-C) on this host is taken over. The lock file is written in full under
 * another name and then linked into place, so it is never seen half written.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { fsErrorText } from '../userFiles.js';
import { OutputError } from '../outputFiles.js';

export const LOCK = 'sweep.lock';

interface LockOwner {
  pid: number;
  host: string;
  started: string;
}

/** Another process holds the folder; the message is the line to print. */
export class FolderBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderBusyError';
  }
}

/** Whether process `pid` of this host is running (EPERM: it is, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8').slice(0, 4096)) as Partial<LockOwner>;
    if (typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.started === 'string') return o as LockOwner;
  } catch {
    // unreadable or not ours
  }
  return null;
}

/**
 * Takes the lock of output folder `dir` (which must exist) for output option `what`; `release()`
 * gives it back. Throws FolderBusyError when a running process holds it, OutputError when the
 * lock file cannot be written.
 */
export function lockFolder(dir: string, what: string): { release(): void } {
  const file = join(dir, LOCK);
  const me: LockOwner = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    writeFileSync(tmp, JSON.stringify(me) + '\n');
  } catch (e) {
    throw new OutputError(`${what} ${dir}: cannot write ${file}: ${fsErrorText(e)}`);
  }
  const busy = (owner: LockOwner | null) =>
    new FolderBusyError(
      owner
        ? `${dir} is in use by another cclab process (pid ${owner.pid} on ${owner.host}, since ${owner.started}): ` +
            `wait for it to finish, or give another --out; if that process is gone, delete ${file}`
        : `${dir} is locked (${file} exists): wait for the process using it, or delete ${file} if there is none`,
    );
  const same = (a: LockOwner | null, b: LockOwner) => a !== null && a.pid === b.pid && a.started === b.started;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new OutputError(`${what} ${dir}: cannot write ${file}: ${fsErrorText(e)}`);
      }
      const owner = readOwner(file);
      if (owner === null || owner.host !== me.host || alive(owner.pid) || attempt >= 3) throw busy(owner);
      // its process has ended: move that lock aside, and take over if it was still that one (two
      // processes taking over at once: the second moves the first one's fresh lock, sees it and
      // puts it back)
      const aside = `${file}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
      try {
        renameSync(file, aside);
      } catch {
        continue; // gone meanwhile: try again
      }
      const moved = readOwner(aside);
      if (!same(moved, owner)) {
        try {
          linkSync(aside, file);
        } catch {
          // a third process has taken it: it is in use either way
        }
        unlinkSync(aside);
        throw busy(moved);
      }
      unlinkSync(aside);
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      // only our own lock
      if (same(readOwner(file), me))
        try {
          unlinkSync(file);
        } catch {
          // nothing to release
        }
    },
  };
}
