/**
 * `cclab exercise list` (the built-in exercises, one a line) and `cclab exercise check FILE|ID`
 * (validate, run the reference solution, verify the checker accepts it and rejects a wrong answer).
 */
import { readFileSync } from 'node:fs';
import {
  builtinExercises,
  ExerciseError,
  findBuiltinExercise,
  parseExercise,
  parseExerciseText,
  verifyExercise,
  type Exercise,
} from '../exercise/index.js';

const USAGE = `usage:
  cclab exercise list                 list the built-in exercises (id, status, topic, title)
  cclab exercise check FILE|ID...     validate exercises and verify their reference solutions
  cclab exercise check --all          check every built-in exercise`;

function load(source: string): Exercise {
  const builtin = findBuiltinExercise(source);
  if (builtin) return parseExercise(builtin);
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (e) {
    throw new ExerciseError([
      {
        path: '(file)',
        message: `${source} is neither a built-in exercise (see: cclab exercise list) nor a readable file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      },
    ]);
  }
  return parseExerciseText(text);
}

export function exercise(args: string[]): number {
  const [sub, ...rest] = args;
  const out = (s: string) => process.stdout.write(s + '\n');
  const err = (s: string) => process.stderr.write(s + '\n');
  if (sub === 'list') {
    for (const e of builtinExercises)
      out(`${e.id.padEnd(30)} ${(e.status ?? 'ready').padEnd(7)} ${e.topic.padEnd(34)} ${e.title}`);
    return 0;
  }
  if (sub === 'check') {
    const sources = rest.includes('--all')
      ? builtinExercises.map((e) => e.id)
      : rest.filter((a) => !a.startsWith('--'));
    if (sources.length === 0) {
      err(USAGE);
      return 2;
    }
    let failed = 0;
    for (const source of sources) {
      let ex: Exercise;
      try {
        ex = load(source);
      } catch (e) {
        if (!(e instanceof ExerciseError)) throw e;
        err(`${source}: invalid exercise\n${e.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
        failed++;
        continue;
      }
      const v = verifyExercise(ex);
      out(`${v.ok ? 'ok  ' : 'FAIL'} ${ex.file.id}`);
      for (const l of v.lines) out(`  ${l.ok ? 'ok  ' : 'FAIL'} ${l.where}: ${l.message}`);
      if (!v.ok) failed++;
    }
    if (failed) err(`${failed} of ${sources.length} exercise${sources.length === 1 ? '' : 's'} failed`);
    return failed ? 1 : 0;
  }
  err(USAGE);
  return 2;
}
