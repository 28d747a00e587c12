/**
 * The seed 000 Ch. 4 dumbbell's α (TCP share of the ten sources, thesis §4.4.1), shown beside the
 * built-in scenarios while that template is open: picking α regenerates the flows
 * (engine `withCh4Alpha`: source i is TCP for i < α·10), an undoable edit like any other.
 */
import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { CH4_ALPHAS, ch4DumbbellAlpha, withCh4Alpha } from '@cclab/engine';
import { useLab } from '../lab';

export function Ch4AlphaControl() {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const alpha = useMemo(() => ch4DumbbellAlpha(scenario), [scenario]);
  const id = useId();
  if (alpha === null) return null;
  // an edited dumbbell may hold an α outside the thesis's 0.2–1.0 (0 or 0.1): offer it too
  const options = CH4_ALPHAS.some((a) => a === alpha) ? [...CH4_ALPHAS] : [alpha, ...CH4_ALPHAS];
  return (
    <div
      className="alpha-control"
      data-testid="ch4-alpha-control"
      title="Seed 000 Ch. 4: α is the share of the ten sources that are TCP (the rest send UDP); picking one regenerates the flows"
    >
      <label htmlFor={id}>TCP share α</label>
      <select
        id={id}
        className="preset-select"
        data-testid="ch4-alpha"
        value={String(alpha)}
        onChange={(e) => {
          const next = Number(e.target.value);
          lab.scenario.getState().apply((s) => withCh4Alpha(s, next));
        }}
      >
        {options.map((a) => (
          <option
            key={a}
            value={String(a)}
            title={`${Math.round(a * 10)} TCP and ${10 - Math.round(a * 10)} UDP sources`}
          >
            {a}
          </option>
        ))}
      </select>
    </div>
  );
}
