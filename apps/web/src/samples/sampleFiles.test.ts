// The sample files in public/samples/ load without problems through the validators their imports
// use (scenario: parseScenarioJson, as Import does; sweep: the sweep panel's summarizeSweepFile and
// withOverrides → parseSweep; trace: parseMahimahiTrace, as a link's trace import does; exercise:
// parseExerciseText, as the Exercises panel's import does), and the lab links every one of them.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinExercises, parseExerciseText, parseMahimahiTrace, parseSweep } from '@cclab/engine';
import { parseScenarioJson } from '../codec/scenarioFile';
import { summarizeSweepFile, withOverrides } from '../sweep/sweepFiles';
import { SAMPLE_FILES, type SampleKind } from './sampleFiles';

const dir = new URL('../../../../public/samples/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, dir), 'utf8');
const sample = (kind: SampleKind) => SAMPLE_FILES.find((s) => s.kind === kind)!.file;

describe('sample files in public/samples', () => {
  it('are exactly the files the lab links, one of each kind', () => {
    expect(readdirSync(dir).sort()).toEqual(SAMPLE_FILES.map((s) => s.file).sort());
    expect(SAMPLE_FILES.map((s) => s.kind).sort()).toEqual(['exercise', 'scenario', 'sweep', 'trace']);
  });

  it('the scenario opens as Import opens a file', () => {
    const r = parseScenarioJson(text(sample('scenario')), 'file');
    expect(r.ok ? [] : r.issues).toEqual([]);
  });

  it('the sweep file runs as the sweep panel runs an imported file', () => {
    const definition = JSON.parse(text(sample('sweep'))) as Record<string, unknown>;
    const choice = { id: sample('sweep'), shipped: false, definition };
    const summary = summarizeSweepFile(choice);
    // the file's grid: buffer over 4 log-spaced values × cc ∈ {newreno, cubic}, 3 seeds
    expect(summary.points).toBe(4 * 2);
    expect(summary.seeds).toBe(3);
    expect(parseSweep(withOverrides(choice, { durationS: 20, seeds: 2 })).points).toHaveLength(8);
  });

  it('the Mahimahi trace imports as a link’s trace import reads it', () => {
    const r = parseMahimahiTrace(text(sample('trace')));
    if (!r.ok) throw new Error(r.error);
    // 12 Mb/s for 5 s is one 1504-byte opportunity every millisecond (1504·8 bit/ms = 12.032 Mb/s)
    expect(r.timesMs.slice(0, 5000)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    // then 2 Mb/s for 5 s: 2.0053e6 bit/s · 5 s / 12 032 bit ≈ 833 opportunities; the period is 10 s
    const slow = r.timesMs.filter((t) => t > 5000 && t < 10000).length;
    expect(Math.abs(slow - 833)).toBeLessThanOrEqual(1);
    expect(r.timesMs.at(-1)).toBe(10000);
  });

  it('the exercise imports as the Exercises panel imports a file, beside (not over) the built-in one', () => {
    const ex = parseExerciseText(text(sample('exercise')));
    expect(ex.file.tasks.length).toBeGreaterThan(0);
    expect(builtinExercises.map((e) => e.id)).not.toContain(ex.file.id);
  });
});
