import { describe, expect, it } from 'vitest';
import { defaultScenario, validateScenario } from '@cclab/engine';
import { createScenarioStore } from './scenarioStore';
import {
  addFlow,
  addLink,
  addNode,
  deleteItems,
  deleteItemsReport,
  emptyScenario,
  linkKey,
  moveNodes,
  renameNode,
  setLinkDirectionsSeparate,
  simulationKey,
  updateLink,
  updateLinkReverse,
} from './scenarioEdits';

function buildDumbbell() {
  const store = createScenarioStore(emptyScenario());
  const st = () => store.getState();
  for (const [kind, x, y] of [
    ['host', 0, 0],
    ['host', 0, 100],
    ['router', 200, 50],
    ['router', 400, 50],
    ['host', 600, 0],
    ['host', 600, 100],
  ] as const) {
    st().apply((s) => addNode(s, kind, x, y).scenario);
  }
  for (const [a, b] of [
    ['h1', 'r1'],
    ['h2', 'r1'],
    ['r1', 'r2'],
    ['r2', 'h3'],
    ['r2', 'h4'],
  ])
    st().apply((s) => addLink(s, a!, b!));
  st().apply((s) => addFlow(s, 'h1', 'h3').scenario);
  st().apply((s) => addFlow(s, 'h2', 'h4').scenario);
  return store;
}

describe('the scenario store', () => {
  it('builds a runnable dumbbell from editor actions', () => {
    const s = buildDumbbell().getState().scenario;
    expect(s.nodes.map((n) => n.id)).toEqual(['h1', 'h2', 'r1', 'r2', 'h3', 'h4']);
    expect(s.flows.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(() => validateScenario(s)).not.toThrow();
  });

  it('undoes and redoes every edit in order', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    const full = st().scenario;
    st().undo();
    expect(st().scenario.flows).toHaveLength(1);
    st().undo();
    st().undo();
    expect(st().scenario.links).toHaveLength(4);
    st().redo();
    st().redo();
    st().redo();
    expect(st().scenario).toEqual(full);
    st().undo();
    st().apply((s) => ({ ...s, name: 'branch' }));
    expect(st().future).toEqual([]);
  });

  it('makes a drag one undo step (checkpoint, then moves without history)', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    const before = st().scenario;
    st().checkpoint();
    for (let i = 1; i <= 10; i++)
      st().apply((s) => moveNodes(s, new Map([['r1', { x: 200 + i * 5, y: 50 }]])), { history: false });
    expect(st().scenario.nodes.find((n) => n.id === 'r1')!.x).toBe(250);
    st().undo();
    expect(st().scenario.nodes).toEqual(before.nodes);
  });

  it('pans and zooms without touching the scenario: no undo step, nothing to autosave', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    const scenario = st().scenario;
    const past = st().past.length;
    for (let i = 0; i < 50; i++) st().setCamera({ x: i, y: -i, k: 1 + i / 100 });
    // the same object: the autosave and address-bar effects (keyed on it) are not re-armed
    expect(st().scenario).toBe(scenario);
    expect(st().past).toHaveLength(past);
    expect(st().camera).toEqual({ x: 49, y: -49, k: 1.49 });
    // undo restores the network, not the camera
    st().undo();
    expect(st().camera).toEqual({ x: 49, y: -49, k: 1.49 });
    expect(st().scenario.flows).toHaveLength(1);
  });

  it('saves, exports and shares the camera with the scenario, and reopens it from old files', () => {
    const old = { ...defaultScenario(), view: { transform: { x: 5, y: 6, k: 2 }, charts: ['cwnd'] } };
    const store = createScenarioStore(old);
    const st = () => store.getState();
    expect(st().camera).toEqual({ x: 5, y: 6, k: 2 });
    expect(st().scenario.view).toEqual({ charts: ['cwnd'] });
    st().setCamera({ x: 1, y: 2, k: 0.5 });
    expect(st().serialize().view).toEqual({ charts: ['cwnd'], transform: { x: 1, y: 2, k: 0.5 } });
    // a scenario without a camera (a preset, an imported file) is fitted anew
    st().replace(defaultScenario());
    expect(st().camera).toBeNull();
    expect(st().serialize()).toEqual(defaultScenario());
    st().replace({ ...defaultScenario(), view: { transform: { x: 7, y: 8, k: 3 } } });
    expect(st().camera).toEqual({ x: 7, y: 8, k: 3 });
    expect('view' in st().scenario).toBe(false);
  });

  it('deleting a router removes its links and the flows routed through it; undo brings them back', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    const before = st().scenario;
    expect(before.flows.map((f) => [f.id, f.from, f.to])).toEqual([
      ['f1', 'h1', 'h3'],
      ['f2', 'h2', 'h4'],
    ]);
    st().select({ nodes: ['r1'] });
    const r = deleteItemsReport(st().scenario, st().selection);
    // both flows enter at h1/h2, whose only way out was r1
    expect(r.removedFlows).toEqual([
      { id: 'f1', reason: 'unreachable' },
      { id: 'f2', reason: 'unreachable' },
    ]);
    st().apply(() => r.scenario);
    expect(st().scenario.links.map(linkKey)).toEqual(['r2-h3', 'r2-h4']);
    expect(st().scenario.nodes.map((n) => n.id)).not.toContain('r1');
    expect(st().scenario.flows).toEqual([]);
    expect(st().selection.nodes).toEqual([]);
    st().undo();
    expect(st().scenario).toEqual(before);
  });

  it('a flow that can take another route stays; one pinned to an explicit path through the router goes', () => {
    // h1 - a - h2 and h1 - b - h2: two disjoint routes
    let s = emptyScenario();
    for (const [kind, id] of [
      ['host', 'h'],
      ['host', 'h'],
      ['router', 'r'],
      ['router', 'r'],
    ] as const)
      s = addNode(s, kind, id === 'h' ? 0 : 100, 0).scenario;
    for (const [a, b] of [
      ['h1', 'r1'],
      ['r1', 'h2'],
      ['h1', 'r2'],
      ['r2', 'h2'],
    ])
      s = addLink(s, a!, b!)!;
    s = addFlow(s, 'h1', 'h2').scenario;
    s = addFlow(s, 'h1', 'h2').scenario;
    s = { ...s, flows: s.flows.map((f) => (f.id === 'f2' ? { ...f, path: ['h1', 'r1', 'h2'] } : f)) };
    const viaR1 = deleteItemsReport(s, { nodes: ['r1'] });
    expect(viaR1.scenario.flows.map((f) => f.id)).toEqual(['f1']);
    expect(viaR1.removedFlows).toEqual([{ id: 'f2', reason: 'path' }]);
    // deleting a link of the explicit path takes that flow too; the other reroutes
    const linkR1H2 = deleteItemsReport(s, { links: ['r1-h2'] });
    expect(linkR1H2.removedFlows).toEqual([{ id: 'f2', reason: 'path' }]);
    // cutting both routes leaves f1 with nowhere to go
    const both = deleteItemsReport(s, { links: ['r1-h2', 'r2-h2'] });
    expect(both.removedFlows).toEqual([
      { id: 'f1', reason: 'unreachable' },
      { id: 'f2', reason: 'path' },
    ]);
    expect(() => validateScenario(viaR1.scenario)).not.toThrow();
  });

  it('deleting the bottleneck link of the dumbbell takes the flows that crossed it', () => {
    const s = defaultScenario();
    const r = deleteItemsReport(s, { links: ['r1-r2'] });
    expect(r.removedFlows.map((f) => f.id)).toEqual(['f0', 'f1']);
    expect(r.scenario.flows).toEqual([]);
    expect(r.scenario.nodes).toHaveLength(s.nodes.length);
  });

  it('deleting a host removes its flows; probes of removed links go too', () => {
    const s0 = { ...defaultScenario() };
    const s = deleteItems(s0, { nodes: ['s0'] });
    expect(s.flows.map((f) => f.id)).toEqual(['f1']);
    expect(s.probes?.ports).toEqual(['r1->r2']);
    expect(deleteItems(s0, { links: ['r1-r2'] }).probes?.ports).toEqual([]);
  });

  it('refuses self-links and duplicate links in either direction', () => {
    const s = buildDumbbell().getState().scenario;
    expect(addLink(s, 'r1', 'r1')).toBeNull();
    expect(addLink(s, 'r2', 'r1')).toBeNull();
    expect(addLink(s, 'h1', 'nope')).toBeNull();
    expect(addLink(s, 'h1', 'h2')!.links).toHaveLength(6);
  });

  it('renaming a node updates links, flows and probes', () => {
    const s = renameNode(defaultScenario(), 'r1', 'left')!;
    expect(s.links[0]).toMatchObject({ a: 'left', b: 'r2' });
    expect(s.probes?.ports).toEqual(['left->r2']);
    expect(() => validateScenario(s)).not.toThrow();
    expect(renameNode(s, 'left', 'r2')).toBeNull();
    expect(renameNode(s, 'left', '  ')).toBeNull();
  });

  it('gives a link separate b→a settings and takes them away again, undoably', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    const mid = () => st().scenario.links.find((l) => linkKey(l) === 'r1-r2')!;
    st().apply((s) => updateLink(s, 'r1-r2', { buffer: '30 packets', lossRate: 0.01 }));
    const shared = st().scenario;
    // Separate starts as a copy of a→b, so the simulation is unchanged until an edit.
    expect(st().apply((s) => setLinkDirectionsSeparate(s, 'r1-r2', true))).toBe(true);
    expect(mid().reverse).toEqual({ buffer: '30 packets', queue: { type: 'droptail', params: {} }, lossRate: 0.01 });
    expect(st().apply((s) => setLinkDirectionsSeparate(s, 'r1-r2', true))).toBe(false);
    st().apply((s) =>
      updateLinkReverse(s, 'r1-r2', {
        buffer: '60 packets',
        queue: { type: 'droptail', params: { dropFrom: 'front' } },
      }),
    );
    st().apply((s) => updateLinkReverse(s, 'r1-r2', { lossRate: undefined }));
    expect(mid().buffer).toBe('30 packets');
    expect(mid().reverse).toEqual({ buffer: '60 packets', queue: { type: 'droptail', params: { dropFrom: 'front' } } });
    expect(() => validateScenario(st().scenario)).not.toThrow();
    const separate = st().scenario;
    // Back to shared: `reverse` is gone (not left empty); one undo brings it back.
    st().apply((s) => setLinkDirectionsSeparate(s, 'r1-r2', false));
    expect('reverse' in mid()).toBe(false);
    expect(mid()).toEqual(shared.links.find((l) => linkKey(l) === 'r1-r2'));
    st().undo();
    expect(st().scenario).toEqual(separate);
    st().redo();
    expect('reverse' in mid()).toBe(false);
    // Issues of the b→a direction are reported under links[i].reverse.
    const bad = updateLinkReverse(separate, 'r1-r2', { buffer: '-5 packets' });
    const i = bad.links.findIndex((l) => linkKey(l) === 'r1-r2');
    expect(() => validateScenario(bad)).toThrow(`links[${i}].reverse.buffer`);
  });

  it('multi-selection toggles with the additive flag', () => {
    const store = buildDumbbell();
    const st = () => store.getState();
    st().select({ nodes: ['h1'] });
    st().select({ nodes: ['h2'] }, true);
    st().select({ links: ['r1-r2'] }, true);
    expect(st().selection).toEqual({ nodes: ['h1', 'h2'], links: ['r1-r2'], flows: [] });
    st().select({ nodes: ['h1'] }, true);
    expect(st().selection.nodes).toEqual(['h2']);
  });

  it('layout, labels and colours do not change the simulation key; rates do', () => {
    const s = defaultScenario();
    const k = simulationKey(s);
    expect(simulationKey(moveNodes(s, new Map([['r1', { x: 1, y: 2 }]])))).toBe(k);
    expect(
      simulationKey({
        ...s,
        view: { transform: { x: 1, y: 1, k: 1 } },
        flows: s.flows.map((f) => ({ ...f, color: '#000' })),
      }),
    ).toBe(k);
    expect(simulationKey(updateLink(s, 'r1-r2', { rate: '5Mbps' }))).not.toBe(k);
  });
});
