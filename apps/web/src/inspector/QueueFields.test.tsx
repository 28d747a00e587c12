// @vitest-environment jsdom
/**
 * The link inspector's queue picker against the registry: every discipline is offered with its
 * generated form; a scheduler gets a sub-queue picker with the child's own form; edits land in
 * the scenario (`queue.child`), cross-parameter problems show under the field; and the flow
 * inspector edits class and weight. Test-only disciplines stand in for real ones.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { defaultScenario, getRegistry, type ScenarioInput } from '@cclab/engine';
import { createLab, LabContext, type Lab } from '../lab';
import { registerQueueTestModels } from '../testing/queueTestModels';
import { Inspector } from './Inspector';

beforeAll(registerQueueTestModels);
afterEach(cleanup);

function labWith(s: ScenarioInput, select: { links?: string[]; flows?: string[] }): Lab {
  const worker = { postMessage() {}, onmessage: null, terminate() {} };
  const lab = createLab(s, () => worker);
  lab.scenario.getState().select({ nodes: [], links: select.links ?? [], flows: select.flows ?? [] });
  render(
    <LabContext.Provider value={lab}>
      <Inspector />
    </LabContext.Provider>,
  );
  return lab;
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLSelectElement & HTMLInputElement;
const bottleneck = (lab: Lab) => lab.scenario.getState().scenario.links[0]!;

describe('the queue picker', () => {
  it('offers every registered discipline, schedulers marked', () => {
    labWith(defaultScenario(), { links: ['r1-r2'] });
    const options = [...byTestId('link-queue').options].map((o) => o.value);
    expect(options).toEqual(getRegistry().queue.map((q) => q.id));
    expect([...byTestId('link-queue').options].find((o) => o.value === 'test-two-class')!.text).toMatch(/scheduler/);
  });

  it('a scheduler gets a sub-queue picker whose choice becomes queue.child, with the child’s own form', () => {
    const lab = labWith(defaultScenario(), { links: ['r1-r2'] });
    expect(screen.queryByTestId('link-child')).toBeNull();
    act(() => void fireEvent.change(byTestId('link-queue'), { target: { value: 'test-two-class' } }));
    expect(bottleneck(lab).queue).toEqual({ type: 'test-two-class', params: {} });
    // FIFO sub-queues until one is chosen
    expect(byTestId('link-child-queue').value).toBe('');
    act(() => void fireEvent.change(byTestId('link-child-queue'), { target: { value: 'test-threshold' } }));
    expect(bottleneck(lab).queue).toEqual({
      type: 'test-two-class',
      params: {},
      child: { type: 'test-threshold', params: {} },
    });
    // the child's parameter, with its default as placeholder, edits queue.child.params
    const thresh = byTestId('queue-param-child-thresh');
    expect(thresh.placeholder).toBe('5');
    act(() => {
      fireEvent.change(thresh, { target: { value: '-2' } });
      fireEvent.blur(thresh);
    });
    expect(bottleneck(lab).queue!.child).toEqual({ type: 'test-threshold', params: { thresh: -2 } });
    // the validator's complaint shows under the child's field
    expect(screen.getByTestId('link-child').textContent).toMatch(/thresh/);
    // back to FIFO sub-queues removes the child
    act(() => void fireEvent.change(byTestId('link-child-queue'), { target: { value: '' } }));
    expect(bottleneck(lab).queue).toStrictEqual({ type: 'test-two-class', params: {} });
  });

  it('a leaf discipline has no sub-queue picker, and choosing one drops a scheduler’s child', () => {
    const s = defaultScenario();
    s.links[0]!.queue = { type: 'test-two-class', child: { type: 'test-threshold' } };
    const lab = labWith(s, { links: ['r1-r2'] });
    expect(byTestId('link-child-queue').value).toBe('test-threshold');
    act(() => void fireEvent.change(byTestId('link-queue'), { target: { value: 'droptail' } }));
    expect(bottleneck(lab).queue).toStrictEqual({ type: 'droptail', params: {} });
    expect(screen.queryByTestId('link-child')).toBeNull();
  });

  it('per direction, the b→a box has its own scheduler and sub-queues', () => {
    const s = defaultScenario();
    s.links[0]!.reverse = { queue: { type: 'test-two-class' } };
    const lab = labWith(s, { links: ['r1-r2'] });
    act(() => void fireEvent.change(byTestId('link-reverse-child-queue'), { target: { value: 'droptail' } }));
    expect(bottleneck(lab).reverse!.queue).toEqual({ type: 'test-two-class', child: { type: 'droptail', params: {} } });
    expect(bottleneck(lab).queue).toBeUndefined();
  });
});

describe('the flow inspector’s scheduling fields', () => {
  it('edit class and weight, and show the validator’s problems under them', () => {
    const lab = labWith(defaultScenario(), { flows: ['f1'] });
    const cls = byTestId('flow-class');
    act(() => {
      fireEvent.change(cls, { target: { value: '3' } });
      fireEvent.blur(cls);
    });
    const w = byTestId('flow-weight');
    act(() => {
      fireEvent.change(w, { target: { value: '0' } });
      fireEvent.blur(w);
    });
    const f1 = lab.scenario.getState().scenario.flows[1]!;
    expect([f1.class, f1.weight]).toEqual([3, 0]);
    expect(screen.getByTestId('flow-inspector').textContent).toMatch(/weight.*must be > 0/);
  });

  it('say they have no effect until a link uses a scheduler', () => {
    labWith(defaultScenario(), { flows: ['f1'] });
    expect(screen.getByTestId('flow-inspector').textContent).toMatch(/No link uses a scheduler yet/);
    cleanup();
    const s = defaultScenario();
    s.links[0]!.queue = { type: 'test-two-class' };
    labWith(s, { flows: ['f1'] });
    expect(screen.getByTestId('flow-inspector').textContent).not.toMatch(/No link uses a scheduler yet/);
  });
});
