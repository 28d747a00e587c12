/**
 * What the lab's Sweep panel offers to vary and to measure, read from the current scenario and
 * the registry: each link's rate, delay, buffer, loss, jitter, duplication (and burst loss where it
 * has some), queue discipline and its parameters; each
 * flow's congestion control and its parameters (also for all flows at once); the duration. And
 * every result metric for each flow, the flows together or each port.
 */
import {
  resultMetrics,
  type MetricQuery,
  type ModelInfo,
  type ParamSpec,
  type Registry,
  type ScenarioInput,
} from '@cclab/engine';

export interface SweepField {
  /** Scenario path (`links[r1-r2].buffer`). */
  path: string;
  group: string;
  label: string;
  /** Appended to each number typed ("Mbps" → "10Mbps"); the plot's x axis shows it as the unit. */
  unit?: string;
  /** Enum and boolean fields: the choices. */
  options?: readonly string[];
  /** Values the field starts with, as typed in the values box. */
  suggested: string;
}

const linkId = (l: ScenarioInput['links'][number]) => l.id ?? `${l.a}-${l.b}`;

/** Fields of a registry model's parameters under `prefix` (e.g. `links[r1-r2].queue.params`). */
function paramFields(prefix: string, group: string, owner: string, model: ModelInfo | undefined): SweepField[] {
  if (!model) return [];
  return model.params.flatMap((p) => {
    const f = paramField(`${prefix}.${p.key}`, group, `${owner} ${model.name}: ${p.label}`, p);
    return f ? [f] : [];
  });
}

function paramField(path: string, group: string, label: string, p: ParamSpec): SweepField | null {
  const d = p.default;
  switch (p.kind) {
    case 'enum':
      return { path, group, label, options: p.options ?? [], suggested: (p.options ?? []).join(', ') };
    case 'boolean':
      return { path, group, label, options: ['true', 'false'], suggested: 'false, true' };
    case 'number':
    case 'integer': {
      const base = typeof d === 'number' ? d : 1;
      const vs =
        p.kind === 'integer' ? [Math.max(1, Math.round(base / 2)), base, base * 2] : [base / 2, base, base * 2];
      return { path, group, label: p.unit ? `${label} (${p.unit})` : label, suggested: [...new Set(vs)].join(', ') };
    }
    case 'duration': {
      const ms = typeof d === 'number' ? d * 1000 : 10;
      return { path, group, label, unit: 'ms', suggested: [ms / 2, ms, ms * 2].map(tidy).join(', ') };
    }
    case 'rate': {
      const mbps = typeof d === 'number' ? d / 1e6 : 1;
      return { path, group, label, unit: 'Mbps', suggested: [mbps / 2, mbps, mbps * 2].map(tidy).join(', ') };
    }
    case 'size': {
      const b = typeof d === 'number' ? d : 1500;
      return { path, group, label, unit: 'B', suggested: [b / 2, b, b * 2].map(Math.round).join(', ') };
    }
    case 'list':
      return null;
  }
}

const tidy = (x: number) => Number(x.toPrecision(6));

export function sweepFields(sc: ScenarioInput, registry: Registry): SweepField[] {
  const out: SweepField[] = [];
  for (const l of sc.links) {
    const id = linkId(l);
    const g = `Link ${id}`;
    const at = `links[${id}]`;
    out.push(
      { path: `${at}.rate`, group: g, label: `${id} rate`, unit: 'Mbps', suggested: '5, 10, 20' },
      { path: `${at}.delay`, group: g, label: `${id} delay`, unit: 'ms', suggested: '10, 20, 50' },
      { path: `${at}.buffer`, group: g, label: `${id} buffer`, unit: ' packets', suggested: '10, 25, 50, 100' },
      { path: `${at}.lossRate`, group: g, label: `${id} random loss`, suggested: '0, 0.001, 0.01' },
      { path: `${at}.impairments.jitter`, group: g, label: `${id} jitter`, unit: 'ms', suggested: '0, 5, 20' },
      { path: `${at}.impairments.duplicate`, group: g, label: `${id} duplication`, suggested: '0, 0.01, 0.05' },
      {
        path: `${at}.queue.type`,
        group: g,
        label: `${id} queue discipline`,
        options: registry.queue.map((q) => q.id),
        suggested: 'droptail, red, codel',
      },
    );
    // the chain needs both p and r: p is offered where the link has a chain to vary
    if (l.impairments?.burstLoss)
      out.push({
        path: `${at}.impairments.burstLoss.p`,
        group: g,
        label: `${id} burst loss: good → bad`,
        suggested: '0.01, 0.05, 0.1',
      });
    const q = registry.queue.find((m) => m.id === (l.queue?.type ?? 'droptail'));
    out.push(...paramFields(`${at}.queue.params`, g, id, q));
  }
  const ccIds = registry.cc.map((c) => c.id);
  const ccs = new Set(sc.flows.map((f) => f.transport.cc).filter((c): c is string => c !== undefined));
  if (sc.flows.length > 1 && ccs.size > 0) {
    out.push({
      path: 'flows[*].transport.cc',
      group: 'All flows',
      label: 'congestion control of every flow',
      options: ccIds,
      suggested: 'newreno, cubic',
    });
    if (ccs.size === 1)
      out.push(
        ...paramFields(
          'flows[*].transport.ccParams',
          'All flows',
          'every flow',
          registry.cc.find((c) => ccs.has(c.id)),
        ),
      );
  }
  for (const f of sc.flows) {
    if (f.transport.cc === undefined) continue;
    const g = `Flow ${f.id}`;
    out.push({
      path: `flows[${f.id}].transport.cc`,
      group: g,
      label: `${f.id} congestion control`,
      options: ccIds,
      suggested: 'newreno, cubic',
    });
    out.push(
      ...paramFields(
        `flows[${f.id}].transport.ccParams`,
        g,
        f.id,
        registry.cc.find((c) => c.id === f.transport.cc),
      ),
    );
  }
  out.push({ path: 'duration', group: 'Scenario', label: 'duration', unit: 's', suggested: '10, 30, 60' });
  return out;
}

/** A metric the panel offers: a result metric with what it is measured on. */
export interface MetricChoice {
  key: string;
  label: string;
  unit: string;
  query: MetricQuery;
}

export function metricChoices(sc: ScenarioInput, registry: Registry): MetricChoice[] {
  // each port with its queue discipline (the reverse direction may have its own)
  const ports = sc.links.flatMap((l): [string, string][] => [
    [`${l.a}->${l.b}`, l.queue?.type ?? 'droptail'],
    [`${l.b}->${l.a}`, l.reverse?.queue?.type ?? l.queue?.type ?? 'droptail'],
  ]);
  const out: MetricChoice[] = [];
  for (const m of resultMetrics) {
    const unit = m.unit;
    if (m.id === 'queueProbe') {
      // a discipline's own state (RED's average queue, CoDel's sojourn, …), per port that has it
      for (const [p, type] of ports)
        for (const probe of registry.queue.find((q) => q.id === type)?.probes ?? [])
          out.push({
            key: `queueProbe:${probe.key}[${p}]`,
            label: `${probe.label} at ${p}`,
            unit: probe.unit,
            query: { metric: 'queueProbe', port: p, key: probe.key },
          });
      continue;
    }
    if (m.scope === 'flows') out.push({ key: m.id, label: `${m.label} (all flows)`, unit, query: { metric: m.id } });
    else if (m.scope === 'flow')
      for (const f of sc.flows)
        out.push({
          key: `${m.id}[${f.id}]`,
          label: `${m.label} of ${f.id}`,
          unit,
          query: { metric: m.id, flow: f.id },
        });
    else if (m.scope === 'port')
      for (const [p] of ports)
        out.push({ key: `${m.id}[${p}]`, label: `${m.label} at ${p}`, unit, query: { metric: m.id, port: p } });
    else out.push({ key: m.id, label: m.label, unit, query: { metric: m.id } });
  }
  return out;
}

/**
 * The values typed in the panel: comma-separated; numbers become numbers (the field's unit is
 * appended by the sweep), anything else stays text.
 */
export function parseValuesText(text: string): (string | number | boolean)[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) =>
      s === 'true' ? true : s === 'false' ? false : /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) ? Number(s) : s,
    );
}
