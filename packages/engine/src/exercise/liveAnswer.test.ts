import { describe, expect, it } from 'vitest';
import type { ScenarioEvent, ScenarioInput } from '../scenario/types.js';
import {
  builtinExercises,
  checkAnswer,
  ExerciseError,
  fieldValue,
  makeAnswerFrom,
  makeScenario,
  measure,
  parseExercise,
  type ExerciseFile,
  type MakeTask,
} from './index.js';

const bloat = parseExercise(builtinExercises.find((e) => e.id === 'bufferbloat-codel')!);
const fair = parseExercise(builtinExercises.find((e) => e.id === 'fair-queueing-unresponsive')!);
const tameIt = bloat.file.tasks[1] as MakeTask;
const makeFair = fair.file.tasks[1] as MakeTask;

/** What the lab records when the bottleneck's discipline is changed at `at` while the run plays (run/liveChanges.ts). */
const liveQueue = (at: string, type: string): ScenarioEvent[] => [
  { at, link: 'r1-r2', direction: 'r1->r2', queue: { type } },
  { at, link: 'r1-r2', direction: 'r2->r1', queue: { type } },
];
const withEvents = (sc: ScenarioInput, events: ScenarioEvent[]): ScenarioInput => ({ ...sc, version: 2, events });

describe('a make-it-happen answer read from the scenario as the student left it', () => {
  it('a live task takes the change recorded during the run (CoDel from 4.6 s tames the queue of the last 5 s)', () => {
    const lab = withEvents(bloat.scenario, liveQueue('4.6s', 'codel'));
    const r = makeAnswerFrom(tameIt, bloat.scenario, lab);
    expect(r).toEqual({ answer: { kind: 'make', set: {}, events: liveQueue('4.6s', 'codel') } });
    const check = checkAnswer(bloat, {}, 1, (r as { answer: never }).answer);
    expect(check.feedback).toMatch(/^Goal reached/);
    expect(check.correct).toBe(true);
    // the same change read at t = 0 only (what the check did before): DropTail all along, not reached
    expect(checkAnswer(bloat, {}, 1, { kind: 'make', set: {} }).feedback).toMatch(/^Not yet: Mean sojourn/);
  });

  it('takes only the recorded changes of the editable fields', () => {
    const others: ScenarioEvent[] = [
      { at: '2s', link: 'r1-r2', rate: '100Mbps' },
      { at: '3s', flow: 'f0', cc: 'bbr' },
      { at: '4s', link: 's0-r1', direction: 's0->r1', queue: { type: 'red' } },
      { at: '5s', link: 'r1-r2', rate: '1Mbps', delay: '1ms' },
    ];
    const lab = withEvents(bloat.scenario, [...others, ...liveQueue('4.6s', 'codel')]);
    const r = makeAnswerFrom(tameIt, bloat.scenario, lab) as { answer: { events: ScenarioEvent[] } };
    expect(r.answer.events).toEqual(liveQueue('4.6s', 'codel'));
    // and the checker itself reduces what it is sent to those fields
    const s = makeScenario(tameIt, bloat.scenario, {}, lab.events) as ScenarioInput;
    expect(s.events).toEqual(liveQueue('4.6s', 'codel'));
  });

  it('the b→a direction counts for links[…].queue while it follows the link’s queue, not once it has its own', () => {
    const back: ScenarioEvent[] = [{ at: '1s', link: 'r1-r2', direction: 'r2->r1', queue: { type: 'red' } }];
    expect(makeAnswerFrom(tameIt, bloat.scenario, withEvents(bloat.scenario, back))).toEqual({
      answer: { kind: 'make', set: {}, events: back },
    });
    const own = structuredClone(bloat.scenario);
    own.links.find((l) => l.a === 'r1' && l.b === 'r2')!.reverse = { queue: { type: 'sfq' } };
    expect(makeAnswerFrom(tameIt, own, withEvents(own, back))).toEqual({ answer: { kind: 'make', set: {} } });
  });

  it('a task that is not live refuses a live change of its field, with the time and how to fix it', () => {
    const lab = withEvents(fair.scenario, liveQueue('4.6s', 'drr'));
    expect(makeAnswerFrom(makeFair, fair.scenario, lab)).toEqual({
      refused:
        'Your change of bottleneck queue discipline is recorded as a live change at 4.60 s; this task asks for it from the start — use “Apply from 0 s” next to the field in the inspector, or press “Reset scenario” and set it before pressing Play.',
    });
    // the checker refuses it too if it is sent one
    const c = checkAnswer(fair, {}, 1, { kind: 'make', set: {}, events: lab.events });
    expect(c.correct).toBe(false);
    expect(c.feedback).toMatch(/^Your change of bottleneck queue discipline is recorded as a live change at 4\.60 s/);
    // a live change of something else is not its business
    const other = withEvents(fair.scenario, [{ at: '3s', link: 'r1-r2', rate: '20Mbps' }]);
    const set = { 'links[r1-r2].queue': { type: 'drr' } };
    const lab2 = {
      ...other,
      links: other.links.map((l) => (l.a === 'r1' && l.b === 'r2' ? { ...l, queue: { type: 'drr' } } : l)),
    };
    expect(makeAnswerFrom(makeFair, fair.scenario, lab2)).toEqual({ answer: { kind: 'make', set } });
  });

  it('a scenario that is not the exercise’s any more is refused, not checked', () => {
    const other = structuredClone(fair.scenario);
    other.links = other.links.filter((l) => !(l.a === 'r1' && l.b === 'r2'));
    const r = makeAnswerFrom(makeFair, fair.scenario, other) as { refused: string };
    expect(r.refused).toMatch(
      /^The scenario in the editor has no bottleneck queue discipline \(links\[r1-r2\]\.queue\)/,
    );
  });
});

/** A 12 Mb/s CBR flow of 1 000-byte packets into a 10 Mb/s link with a 100-packet buffer, for 10 s. */
function overload(): ScenarioInput {
  return {
    version: 2,
    duration: '10s',
    nodes: [
      { id: 's', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { a: 's', b: 'r', rate: '100Mbps', delay: '1ms', buffer: '1000 packets' },
      { a: 'r', b: 'd', rate: '10Mbps', delay: '1ms', buffer: '100 packets' },
    ],
    flows: [
      {
        id: 'f',
        from: 's',
        to: 'd',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '12Mbps', packetSize: '1000B' } },
      },
    ],
  };
}

describe('port metrics measured from a time on (`from`)', () => {
  it('count only [from, end]: a saturated 100-packet queue holds each packet about 99 × 0.8 ms', () => {
    const [sojourn, util, drops, wholeSojourn] = measure(overload(), [
      { metric: 'meanSojournMs', port: 'r->d', from: 5 },
      { metric: 'utilization', port: 'r->d', from: 5 },
      { metric: 'drops', port: 'r->d', from: 5 },
      { metric: 'meanSojournMs', port: 'r->d' },
    ]);
    // 1 000 B at 10 Mb/s is 0.8 ms; a packet admitted to the full 100-packet buffer has 98 to 100
    // packets' transmissions ahead of it (the one on the wire partly sent)
    expect(sojourn).toBeGreaterThanOrEqual(98 * 0.8);
    expect(sojourn).toBeLessThanOrEqual(100 * 0.8);
    expect(wholeSojourn).toBeLessThan(sojourn!); // the whole run includes the 0.4 s the queue took to fill
    expect(util).toBeCloseTo(1, 6);
    // 12 − 10 Mb/s in excess for 5 s = 10 Mbit = 1 250 packets of 8 000 bit dropped
    expect(Math.abs(drops! - 1250)).toBeLessThanOrEqual(2);
  });

  it('see a change recorded during the run: the link raised to 20 Mb/s at 5 s is 12/20 busy afterwards', () => {
    const sc = { ...overload(), events: [{ at: '5s', link: 'r-d', rate: '20Mbps' }] };
    const [util, drops, sojourn] = measure(sc, [
      { metric: 'utilization', port: 'r->d', from: 6 },
      { metric: 'drops', port: 'r->d', from: 6 },
      { metric: 'meanSojournMs', port: 'r->d', from: 6 },
    ]);
    expect(util).toBeCloseTo(0.6, 2);
    expect(drops).toBe(0);
    // the 100 queued packets drain in 100 × 8 000 bit / (20 − 12) Mb/s = 0.1 s; after that nobody waits
    expect(sojourn).toBeLessThan(0.5);
  });
});

describe('the exercise file says which changes may happen during the run', () => {
  const issues = (f: unknown) => {
    try {
      parseExercise(f);
      return [];
    } catch (e) {
      if (e instanceof ExerciseError) return e.issues.map((i) => `${i.path}: ${i.message}`);
      throw e;
    }
  };
  it('refuses live for a field a running simulation cannot change, and a field the lab has no control for', () => {
    const f = structuredClone(builtinExercises.find((e) => e.id === 'dccp-tcplike-long-delay')!) as ExerciseFile;
    const t = f.tasks[0] as MakeTask;
    t.live = true;
    t.editable.push({ path: 'links[r1-r2]', label: 'The whole link' });
    const out = issues(f);
    expect(out).toContain(
      'tasks[0].editable[0].path: flows[f0].transport.params.initialCwnd cannot change while the run plays (a running simulation changes a link\'s rate, delay, buffer, queue and lossRate and a flow\'s transport.cc): drop "live" or this field',
    );
    expect(
      out.some((i) =>
        i.startsWith('tasks[0].editable[3].path: the lab cannot tell what kind of value links[r1-r2] holds'),
      ),
    ).toBe(true);
  });

  it('refuses a hint answer that is not an answer of its task, and a window the metric cannot take', () => {
    const f = structuredClone(builtinExercises.find((e) => e.id === 'bufferbloat-codel')!) as ExerciseFile;
    f.tasks[1]!.hints = [{ text: 'Try this.', answer: { 'links[r1-r2].rate': '1Gbps' } }];
    (f.tasks[1] as MakeTask).goals[0]!.metric = { metric: 'meanQueuePackets', port: 'r1->r2', from: 15 };
    const slow = structuredClone(builtinExercises.find((e) => e.id === 'slow-start-first-loss')!) as ExerciseFile;
    slow.tasks[1]!.hints = [{ text: 'The big one.', answer: 'huge' }];
    slow.tasks[0]!.hints = [{ text: 'Count.', answerPer: { parameter: 'delay', answers: { '5ms': 0.2, '7ms': 0.2 } } }];
    expect(issues(f)).toEqual([
      'tasks[1].goals[0].metric.from: meanQueuePackets is measured over the whole run; of the port metrics meanSojournMs, utilization, drops, marks, portThroughputBps take "from"',
      'tasks[1].hints[0].answer: sets links[r1-r2].rate, which is not an editable field',
    ]);
    const words = structuredClone(slow);
    words.tasks[0]!.hints = [{ text: 'Count.', answer: 'about 0.2' } as never, 42 as never];
    expect(issues(words)).toEqual([
      'tasks[0].hints[0].answer: "about 0.2" is not a number',
      'tasks[0].hints[1]: must be the hint’s text, or { "text", "answer" }',
    ]);
    expect(issues(slow)).toEqual([
      'tasks[0].hints[0].answerPer.answers: gives no answer for delay=10ms',
      'tasks[0].hints[0].answerPer.answers: gives no answer for delay=15ms',
      'tasks[0].hints[0].answerPer.answers: "7ms" is not a value of delay',
      'tasks[1].hints[0].answer: "huge" is not an option (small, large)',
    ]);
  });
});

describe('reading an editable field', () => {
  it('an unset parameter is a field without a value, a missing flow no field at all', () => {
    const dccp = parseExercise(builtinExercises.find((e) => e.id === 'dccp-tcplike-long-delay')!);
    const path = 'flows[f0].transport.params.initialSsthresh';
    expect(fieldValue(dccp.scenario, path)).toEqual({ found: true, value: undefined });
    expect(fieldValue(dccp.scenario, 'flows[f9].transport.params.initialSsthresh')).toEqual({ found: false });
    const task = dccp.file.tasks[0] as MakeTask;
    expect(makeAnswerFrom(task, dccp.scenario, dccp.scenario)).toEqual({ answer: { kind: 'make', set: {} } });
  });
});
