/**
 * What the Sweep panel runs: one parameter of the current scenario (the form), a shipped sweep
 * file (packages/engine/sweeps: the seed 004 grids among them) or a sweep file the user imports.
 * A file whose points run longer than a minute starts at 10 s a point (an override the panel shows).
 */
import { useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { SHIPPED_SWEEPS, summarizeSweepFile, type SweepFileChoice } from './sweepFiles';
import { sweepStore } from './sweepSetup';

/** The value of the "Import a sweep file…" entry of the Sweep select. */
const IMPORT = '__import';
/** Seconds a point of a sweep file may run before the lab proposes a shorter duration. */
export const LONG_POINT_S = 60;
/** The duration the lab proposes for such a file's points, s. */
export const LAB_POINT_S = 10;

/** The grid file of a seed 004 preset, by the preset scenario's name. */
const GRID_OF_SCENARIO: Readonly<Record<string, string>> = {
  'Seed 004 Fair topology': 'seed004-fair',
  'Seed 004 Random topology': 'seed004-random',
};

/** Chooses a sweep file (null: the form), proposing LAB_POINT_S a point for a long one. */
export function chooseSweepFile(file: SweepFileChoice | null): void {
  if (!file) return sweepStore.getState().setFile(null);
  let durationS: number | null = null;
  try {
    const d = summarizeSweepFile(file).durationS;
    if (d !== null && d > LONG_POINT_S) durationS = LAB_POINT_S;
  } catch {
    // the file section reports the file's problems
  }
  sweepStore.getState().setFile(file, { durationS, seeds: null });
}

export function SweepSourcePicker({ running }: { running: boolean }) {
  const id = useId();
  const file = useStore(sweepStore, (s) => s.file);
  const [imported, setImported] = useState<SweepFileChoice | null>(null);
  const importRef = useRef<HTMLInputElement>(null);
  const scenarioName = useStore(useLab().scenario, (s) => s.scenario.name ?? '');
  const grid = SHIPPED_SWEEPS.find((f) => f.id === GRID_OF_SCENARIO[scenarioName]);
  const importFile = async (f: File) => {
    const text = await f.text();
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (e) {
      sweepStore.setState({ problems: [`${f.name}: not valid JSON: ${(e as Error).message}`], status: 'failed' });
      return;
    }
    if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
      sweepStore.setState({ problems: [`${f.name}: a sweep file is a JSON object`], status: 'failed' });
      return;
    }
    const choice: SweepFileChoice = { id: f.name, shipped: false, definition: definition as Record<string, unknown> };
    setImported(choice);
    chooseSweepFile(choice);
  };
  const files = imported ? [...SHIPPED_SWEEPS, imported] : SHIPPED_SWEEPS;
  return (
    <div className="sweep-form">
      <label htmlFor={id}>Sweep</label>
      <select
        id={id}
        data-testid="sweep-source"
        value={file?.id ?? ''}
        disabled={running}
        onChange={(e) => {
          if (e.target.value === IMPORT) {
            importRef.current?.click();
            return;
          }
          chooseSweepFile(files.find((f) => f.id === e.target.value) ?? null);
        }}
      >
        <option value="">One parameter of the current scenario</option>
        <optgroup label="Sweep files">
          {files.map((f) => (
            <option key={f.id} value={f.id}>
              {f.shipped ? `${f.id} (built in)` : f.id}
            </option>
          ))}
          <option value={IMPORT}>Import a sweep file…</option>
        </optgroup>
      </select>
      <input
        ref={importRef}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        data-testid="sweep-import"
        aria-label="Import a sweep file"
        tabIndex={-1}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void importFile(f);
        }}
      />
      {grid && !file && (
        <button
          type="button"
          className="btn sweep-grid-suggest"
          disabled={running}
          onClick={() => chooseSweepFile(grid)}
          title={`${grid.id}.json: this topology's {Reno, Vegas, FAST, QUIC-TCP} × {RR, max-SNR, Qlen, Qdelay} grid`}
        >
          Run this topology’s 16-configuration grid ({grid.id})
        </button>
      )}
    </div>
  );
}
