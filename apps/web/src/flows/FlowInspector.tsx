/** Everything about one flow: endpoints, transport and congestion control (forms from the registry), application, timing, colour. */
import { useId } from 'react';
import { getRegistry, type ScenarioFlow, type ScenarioInput, type ScenarioIssue } from '@cclab/engine';
import { useLab } from '../lab';
import { OKABE_ITO, flowColor } from '../palette';
import { updateFlow } from '../state/scenarioEdits';
import { clipText } from '../clipText';
import { NODE_CAPTION_CHARS } from '../editor/captions';
import { FieldIssues } from '../inspector/FieldIssues';
import { withParam } from '../inspector/QueueFields';
import { NumberInput } from '../inspector/NumberInput';
import { ParamForm } from '../inspector/ParamForm';
import { QuantityInput } from '../inspector/QuantityInput';
import { issuesAt } from '../inspector/useScenarioIssues';
import { transportTraits } from './transportTraits';
import { usesScheduler } from './usesScheduler';
import { LiveFlowAction } from './LiveFlowAction';
import { InspectorChanges } from '../run/RecordedChanges';

interface Props {
  flow: ScenarioFlow;
  index: number;
  scenario: ScenarioInput;
  issues: readonly ScenarioIssue[];
}

export function FlowInspector({ flow, index, scenario, issues }: Props) {
  const lab = useLab();
  const ids = { from: useId(), to: useId(), tr: useId(), cc: useId(), app: useId(), color: useId(), label: useId() };
  const reg = getRegistry();
  const p = `flows[${index}]`;
  const edit = (patch: Partial<ScenarioFlow>, history = true) =>
    lab.scenario.getState().apply((s) => updateFlow(s, flow.id, patch), { history });
  const hosts = scenario.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const traits = transportTraits(flow.transport.type);
  const tinfo = reg.transport.find((t) => t.id === flow.transport.type);
  const ccId = flow.transport.cc ?? 'newreno';
  const ccInfo = reg.cc.find((c) => c.id === ccId);
  const appInfo = reg.app.find((a) => a.id === flow.app.type);
  const color = flowColor(index, flow.color);
  const setTransport = (type: string) => {
    const t = transportTraits(type);
    const app = t.apps.includes(flow.app.type) ? flow.app : { type: t.apps[0] ?? flow.app.type, params: {} };
    edit({ transport: t.usesCc ? { type, cc: ccId, ccParams: {}, params: {} } : { type, params: {} }, app });
  };
  return (
    <section className="inspector-section flow-inspector" aria-label={`Flow ${flow.id}`} data-testid="flow-inspector">
      <h3>
        <span className="swatch" style={{ background: color }} /> Flow{' '}
        <span className="mono">{clipText(flow.id, NODE_CAPTION_CHARS)}</span>
      </h3>
      <InspectorChanges flow={flow.id} />
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.from}>From</label>
          <select
            id={ids.from}
            value={flow.from}
            data-testid="flow-from"
            onChange={(e) => edit({ from: e.target.value })}
          >
            {[...new Set([flow.from, ...hosts])].map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.to}>To</label>
          <select id={ids.to} value={flow.to} data-testid="flow-to" onChange={(e) => edit({ to: e.target.value })}>
            {[...new Set([flow.to, ...hosts])].map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldIssues
        issues={[
          ...issuesAt(issues, `${p}.from`),
          ...issuesAt(issues, `${p}.to`),
          ...issues.filter((i) => i.path === p),
        ]}
      />
      <div className="field">
        <label htmlFor={ids.tr}>Transport</label>
        <select
          id={ids.tr}
          value={flow.transport.type}
          data-testid="flow-transport"
          onChange={(e) => setTransport(e.target.value)}
        >
          {reg.transport.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {traits.usesCc && (
        <>
          <div className="field">
            <label htmlFor={ids.cc}>Congestion control</label>
            <select
              id={ids.cc}
              value={ccId}
              data-testid="flow-cc"
              onChange={(e) => edit({ transport: { ...flow.transport, cc: e.target.value, ccParams: {} } })}
            >
              {reg.cc.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {ccInfo && (
            <p className="muted small model-desc">
              {ccInfo.description} <cite>{ccInfo.citation}</cite>
            </p>
          )}
          <FieldIssues issues={issuesAt(issues, `${p}.transport.cc`)} />
          {ccInfo?.presets && (
            <div className="presets-row" role="group" aria-label="Parameter presets">
              {Object.entries(ccInfo.presets).map(([name, values]) => (
                <button
                  key={name}
                  type="button"
                  className="btn btn-small"
                  onClick={() => edit({ transport: { ...flow.transport, ccParams: { ...values } } })}
                >
                  {name}
                </button>
              ))}
            </div>
          )}
          {ccInfo && (
            <ParamForm
              specs={ccInfo.params}
              values={flow.transport.ccParams}
              path={`${p}.transport.ccParams`}
              issues={issues}
              testPrefix="cc-param"
              onChange={(k, v) =>
                edit({ transport: { ...flow.transport, ccParams: withParam(flow.transport.ccParams, k, v) } })
              }
            />
          )}
        </>
      )}
      {tinfo && tinfo.params.length > 0 && (
        <details className="subsection">
          <summary>{tinfo.name} parameters</summary>
          <ParamForm
            specs={tinfo.params}
            values={flow.transport.params}
            path={`${p}.transport.params`}
            issues={issues}
            testPrefix="transport-param"
            onChange={(k, v) =>
              edit({ transport: { ...flow.transport, params: withParam(flow.transport.params, k, v) } })
            }
          />
        </details>
      )}
      <div className="field">
        <label htmlFor={ids.app}>Application</label>
        <select
          id={ids.app}
          value={flow.app.type}
          data-testid="flow-app"
          onChange={(e) => edit({ app: { type: e.target.value, params: {} } })}
        >
          {reg.app.map((a) => (
            <option key={a.id} value={a.id} disabled={!traits.apps.includes(a.id)}>
              {a.name}
              {traits.apps.includes(a.id) ? '' : ' (needs another transport)'}
            </option>
          ))}
        </select>
      </div>
      <FieldIssues issues={issuesAt(issues, `${p}.app.type`)} />
      {appInfo && (
        <ParamForm
          specs={appInfo.params}
          values={flow.app.params}
          path={`${p}.app.params`}
          issues={issues}
          testPrefix="app-param"
          onChange={(k, v) => edit({ app: { ...flow.app, params: withParam(flow.app.params, k, v) } })}
        />
      )}
      <div className="field-row">
        <QuantityInput
          label="Start"
          kind="duration"
          value={flow.start}
          placeholder="0 s"
          testId="flow-start"
          onCommit={(v) => edit({ start: v })}
        />
        <QuantityInput
          label="Stop"
          kind="duration"
          value={flow.stop}
          placeholder="end of run"
          testId="flow-stop"
          onCommit={(v) => edit({ stop: v })}
        />
      </div>
      <FieldIssues issues={[...issuesAt(issues, `${p}.start`), ...issuesAt(issues, `${p}.stop`)]} />
      <LiveFlowAction flowId={flow.id} />
      <details
        className="subsection"
        open={usesScheduler(scenario) || flow.class !== undefined || flow.weight !== undefined}
      >
        <summary>Scheduling class and weight</summary>
        <p className="muted small">
          Schedulers (a link queue marked “scheduler”) sort packets into classes and share the link between them: strict
          priority serves class 0 first; DRR and WFQ share by weight when they schedule per flow.
          {usesScheduler(scenario) ? '' : ' No link uses a scheduler yet, so these have no effect.'}
        </p>
        <div className="field-row">
          <NumberInput
            label="Class"
            integer
            min={0}
            max={63}
            value={flow.class}
            placeholder="0"
            title="Traffic class 0–63 (priority band of prio: 0 is served first; the class of drr/wfq per class)"
            testId="flow-class"
            invalid={issuesAt(issues, `${p}.class`).length > 0}
            onCommit={(v) => edit({ class: v })}
          />
          <NumberInput
            label="Weight"
            min={0}
            value={flow.weight}
            placeholder="1"
            title="Share of the link relative to other flows (> 0) under weighted schedulers"
            testId="flow-weight"
            invalid={issuesAt(issues, `${p}.weight`).length > 0}
            onCommit={(v) => edit({ weight: v })}
          />
        </div>
        <FieldIssues issues={[...issuesAt(issues, `${p}.class`), ...issuesAt(issues, `${p}.weight`)]} />
      </details>
      <div className="field">
        <span className="field-label" id={ids.color}>
          Colour
        </span>
        <div className="color-row" role="radiogroup" aria-labelledby={ids.color}>
          {OKABE_ITO.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={`Colour ${c}`}
              className={`color-chip${color === c ? ' is-active' : ''}`}
              style={{ background: c }}
              onClick={() => edit({ color: c }, false)}
            />
          ))}
          <input
            type="color"
            aria-label="Custom colour"
            // the picker takes #rrggbb only; another colour shows as the palette's
            value={/^#[0-9a-f]{6}$/i.test(color) ? color : flowColor(index)}
            onChange={(e) => edit({ color: e.target.value }, false)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.label}>Label</label>
        <input
          id={ids.label}
          value={flow.label ?? ''}
          placeholder={flow.id}
          onChange={(e) => edit({ label: e.target.value || undefined }, false)}
        />
      </div>
    </section>
  );
}
