/** Header actions: presets and new, import (picker), export, copy link. */
import { useId, useRef } from 'react';
import { presets } from '@cclab/engine';
import { useLab } from '../lab';
import { emptyScenario } from '../state/scenarioEdits';
import { linkParam, PLAY_URL_PARAM, shareUrlFor } from '../codec/urlCodec';
import { hashWithSplit } from '../compare/split/splitLink';
import { importScenarioFile } from './importScenario';
import { exportScenarioFile } from './exportScenario';
import { Ch4AlphaControl } from './Ch4AlphaControl';
import { recentStore } from './RecentWork';

export function ScenarioMenu() {
  const lab = useLab();
  const fileRef = useRef<HTMLInputElement>(null);
  const presetId = useId();
  const st = () => lab.scenario.getState();
  const copyLink = async () => {
    const link = linkParam(st().serialize());
    if (!link.ok) {
      lab.ui.getState().pushNotice({
        kind: 'error',
        key: 'share-link',
        title:
          'This scenario is too large to share as a link, so no link was copied. Export it to a file and share the file instead.',
        issues: [{ path: '(link)', message: link.error }],
        canExport: true,
      });
      return;
    }
    lab.ui.getState().dismissKey('share-link');
    // with the split view open, the link opens it too (as its own "Copy split link" does)
    const split = lab.ui.getState().split;
    const address = new URL(shareUrlFor(location.href, link.param));
    if (split) address.hash = hashWithSplit(address.hash, split);
    // the scenario asks for links that start the run at once (Scenario settings)
    if (st().scenario.view?.play === true) address.hash += `&${PLAY_URL_PARAM}`;
    const url = address.toString();
    history.replaceState(null, '', url);
    lab.autosave.noteAddress(link.param);
    lab.ui.setState({ lastShareUrl: url });
    try {
      await navigator.clipboard.writeText(url);
      lab.ui
        .getState()
        .showToast(
          split
            ? 'Link copied — it holds the whole scenario and opens this split view.'
            : 'Link copied — it holds the whole scenario, seed and view.',
        );
    } catch {
      lab.ui.getState().showToast('The browser did not allow copying: the link is in the address bar and below.');
    }
  };
  return (
    <div className="scenario-menu" role="group" aria-label="Scenario">
      <label className="sr-only" htmlFor={presetId}>
        Open a built-in scenario
      </label>
      <select
        id={presetId}
        className="preset-select"
        data-testid="preset"
        value=""
        onChange={(e) => {
          const v = e.target.value;
          e.target.value = '';
          if (v === '__recent') return recentStore.setState({ open: true });
          const p = presets.find((x) => x.id === v);
          const title = v === '__empty' ? 'a new empty network' : `“${p?.title ?? v}”`;
          // work edited since it was opened is not replaced without asking (Undo would bring it
          // back, but a lecturer clicking through presets should not have to know that)
          const edited = st().scenario !== st().openedAs;
          if (edited && !window.confirm(`Replace your edited network with ${title}? (Undo, Ctrl+Z, brings it back.)`))
            return;
          if (v === '__empty') st().replace(emptyScenario());
          else if (p) st().replace(p.scenario());
        }}
      >
        <option value="" disabled>
          Open…
        </option>
        <option value="__recent">Recent work…</option>
        <option value="__empty">New empty network</option>
        <optgroup label="Built-in scenarios">
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </optgroup>
      </select>
      <Ch4AlphaControl />
      <button
        type="button"
        className="btn"
        data-testid="import"
        onClick={() => fileRef.current?.click()}
        title="Open a scenario JSON file (or drop one on the page)"
      >
        Import
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void importScenarioFile(lab, f);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="btn"
        data-testid="export"
        onClick={() => exportScenarioFile(lab)}
        title="Download the scenario as JSON"
      >
        Export
      </button>
      <button
        type="button"
        className="btn btn-primary"
        data-testid="copy-link"
        onClick={() => void copyLink()}
        title="Copy a link that opens exactly this scenario"
      >
        Copy link
      </button>
    </div>
  );
}
