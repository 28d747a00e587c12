/**
 * Sample files to import, served from the repository's top-level public/samples/ (the lab's static
 * files live in public/). sampleFiles.test.ts loads each through the validator its import uses,
 * so a format change that breaks a sample fails the test.
 */
export type SampleKind = 'scenario' | 'sweep' | 'trace' | 'exercise';

export interface SampleFile {
  /** File name in public/samples/. */
  file: string;
  kind: SampleKind;
  /** Link text. */
  label: string;
  /** Where the lab imports it (the link's tooltip). */
  importedBy: string;
}

export const SAMPLE_FILES: readonly SampleFile[] = [
  {
    file: 'bufferbloat.cclab.json',
    kind: 'scenario',
    label: 'scenario',
    importedBy: 'the bufferbloat preset as a scenario file: Import in the header, or drop it on the page',
  },
  {
    file: 'bottleneck-buffer.sweep.json',
    kind: 'sweep',
    label: 'sweep',
    importedBy: 'a sweep file (buffer × congestion control): Sweep → “Import a sweep file…”, or `cclab sweep`',
  },
  {
    file: 'step-12-2mbps.mahimahi',
    kind: 'trace',
    label: 'Mahimahi trace',
    importedBy:
      'the shipped 12 ↔ 2 Mb/s step trace: a link’s channel “Delivery trace (Mahimahi)” → “Import Mahimahi trace…”',
  },
  {
    file: 'sample-bufferbloat-codel.exercise.json',
    kind: 'exercise',
    label: 'exercise',
    importedBy: 'an exercise file (a copy of “Bufferbloat and CoDel”): Exercises → “Import exercise file…”',
  },
];

/** The URL a sample downloads from (the lab is built with a relative base). */
export function sampleUrl(s: SampleFile): string {
  return `${import.meta.env.BASE_URL}samples/${s.file}`;
}
