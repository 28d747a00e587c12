import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ns2ReferenceArgs } from '../scenario/presets.js';
import { compareWithNs2, formatComparison } from '../validation/compareNs2.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { Simulation } from '../Simulation.js';
import { ns2Available, runNs2, validationDir, type Ns2DumbbellResult } from './ns2.js';

/**
 * `cclab validate-ns2 [NAME...]`: for each ns-2 reference the engine covers, reruns ns-2.35 (when
 * installed; otherwise uses the committed fixture) and the equivalent cclab scenario, and prints a
 * side-by-side table with the agreement verdicts (docs/validation.md).
 */
export function validateNs2(names: string[]): number {
  const vdir = validationDir();
  const live = ns2Available() && vdir !== null;
  const ids = names.length > 0 ? names : Object.keys(ns2ReferenceArgs);
  let failures = 0;
  const out = (s: string) => process.stdout.write(s + '\n');
  out(`ns-2 reference numbers: ${live ? 'rerun now with ns-2.35' : 'committed fixtures (ns not installed)'}`);
  for (const id of ids) {
    const args = ns2ReferenceArgs[id];
    if (!args) {
      out(`${id}: not an ns-2 reference covered by the engine (known: ${Object.keys(ns2ReferenceArgs).join(', ')})`);
      failures++;
      continue;
    }
    let ref: Ns2DumbbellResult;
    if (live) ref = runNs2(join(vdir, 'ns2', 'dumbbell.tcl'), args).result;
    else ref = JSON.parse(readFileSync(new URL(`../../test/fixtures/ns2/${id}.json`, import.meta.url), 'utf8')) as Ns2DumbbellResult;
    const summary = new Simulation(ns2DumbbellScenario(id, args)).run();
    const cmp = compareWithNs2(ref, summary);
    out('');
    out(formatComparison(id, cmp));
    if (!cmp.pass) failures++;
  }
  out('');
  out(failures === 0 ? 'all references agree within the tolerances' : `${failures} reference(s) outside the tolerances`);
  return failures === 0 ? 0 : 1;
}
