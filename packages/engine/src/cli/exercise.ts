/**
 * `cclab exercise list` (the built-in exercises, one a line) and `cclab exercise check FILE|ID`
 * (validate, run the reference solution, verify the checker accepts it and rejects a wrong answer).
 */
import { jsonShapeProblems } from '../core/jsonShape.js';
import {
  builtinExercises,
  EXERCISE_LIMITS,
  ExerciseError,
  findBuiltinExercise,
  parseExercise,
  parseExerciseText,
  verifyExercise,
  type Exercise,
} from '../exercise/index.js';
import { formatPath } from '../scenario/paths.js';
import { readUserFile, UserFileError } from './userFiles.js';

const USAGE = `usage:
  cclab exercise list                 list the built-in exercises (id, status, topic, title)
  cclab exercise check FILE|ID...     validate exercises and verify their reference solutions
  cclab exercise check --all          check every built-in exercise`;

/**
 * Nesting of an exercise file: its own fields take about 8 levels (tasks[0].options[0].set, a
 * queue object), an inline scenario 2 plus its own (at most 32, docs/scenario-format.md).
 */
export const EXERCISE_FILE_DEPTH = 40;

function load(source: string): Exercise {
  const builtin = findBuiltinExercise(source);
  if (builtin) return parseExercise(builtin);
  let text: string;
  try {
    // a file of ASCII holds as many bytes as characters: the character limit bounds the read
    text = readUserFile(source, EXERCISE_LIMITS.fileChars);
  } catch (e) {
    if (!(e instanceof UserFileError)) throw e;
    throw new ExerciseError([
      {
        path: '(file)',
        message: `${source} is neither a built-in exercise (see: cclab exercise list) nor a readable file: ${e.reason}`,
      },
    ]);
  }
  // nesting, non-finite numbers and __proto__ keys before the schema, which would recurse into a
  // value nested 100,000 deep until the stack overflows
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // parseExerciseText reports it
  }
  const shape = jsonShapeProblems(json, EXERCISE_FILE_DEPTH);
  if (shape.length > 0)
    throw new ExerciseError(
      shape.map((p) => ({ path: p.path.length > 0 ? formatPath(p.path) : '(exercise)', message: p.message })),
    );
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
