import { expect, test } from '../fixtures/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import type * as Engine from '@cclab/engine';
import type { FieldControl, TaskAnswer } from '@cclab/engine';
import { isBuildFresh } from '../../packages/engine/bin/buildFreshness.mjs';
import type { Lab } from '../pages/Lab';

declare global {
  interface Window {
    /** Every value the lab writes to its autosave key (this spec's init script records them). */
    __autosaves: string[];
  }
}

// The reference answers come from the engine's built-in exercise files, run here in Node (not read
// from the page): the simulated value of a predict task, the best option of a choose task, the
// `solution` of a make task.
const engineRoot = fileURLToPath(new URL('../../packages/engine/', import.meta.url));
if (!isBuildFresh(engineRoot))
  throw new Error('packages/engine/dist is older than its sources: run `npm run build:engine` first');
// the build of these sources (its freshness checked above), so it has their types
const engine = (await import(new URL('../../packages/engine/dist/index.js', import.meta.url).href)) as typeof Engine;
const { builtinExercises, parseExercise, variantValues, scenarioWith, referenceAnswers, fieldControlOf, getPath } =
  engine;

const shot = (name: string): string => new URL(`../artifacts/${name}.png`, import.meta.url).pathname;
const CHECK_MS = 120_000;

/** The unit menu's entry for a quantity's suffix as the scenario writes it ("80 packets", "20ms"). */
const UNIT_LABELS: Record<string, string> = {
  packets: 'packets',
  B: 'bytes',
  KB: 'KB',
  kbps: 'kb/s',
  Mbps: 'Mb/s',
  Gbps: 'Gb/s',
};
const DURATION_LABELS: Record<string, string> = { us: 'µs', ms: 'ms', s: 's' };

/** Polls a condition (every 50 ms, for at most 10 s). */
async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await cond()) return;
  throw new Error(`timed out waiting for ${what}`);
}

/** Types a number into a field and presses Enter. */
async function setNumber(input: Locator, value: unknown): Promise<void> {
  await input.fill(String(value));
  await input.press('Enter');
}

/** Sets a field the way a student does: picks from menus, types numbers, chooses units. */
async function setField(panel: Locator, testId: string, control: FieldControl | null, value: unknown): Promise<void> {
  if (!control) throw new Error(`no control for the field ${testId}`);
  const el = panel.getByTestId(testId);
  switch (control.kind) {
    case 'queue':
    case 'scheduler': {
      // the field holds a queue discipline's or a scheduler's spec
      const spec = value as { type: string; params?: Record<string, unknown> };
      await el.selectOption(spec.type);
      const params = Object.entries(spec.params ?? {});
      if (params.length === 0) return;
      const details = panel.getByTestId(`${testId}-params`);
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      for (const [k, v] of params) await setNumber(panel.getByTestId(`${testId}-param-${k}`), v);
      return;
    }
    case 'choice':
      await el.selectOption(String(value));
      return;
    case 'boolean':
      await el.setChecked(value === true);
      return;
    case 'number':
      await setNumber(el, value);
      return;
    case 'quantity': {
      const m = /^\s*([0-9.]+)\s*([A-Za-zµ]+)\s*$/.exec(String(value));
      expect(m, `${value} reads as a number and a unit`).not.toBeNull();
      const [, number, unit] = m!;
      const labels = control.quantity === 'duration' ? DURATION_LABELS : UNIT_LABELS;
      await el.fill(number);
      await panel.getByTestId(`${testId}-unit`).selectOption(labels[unit] ?? unit);
      await el.press('Enter');
      return;
    }
    default:
      throw new Error(`no clicks for a ${control.kind} field`);
  }
}

/** The progress the lab saves in localStorage (`cclab.exercises.v1`), as far as these tests read it. */
interface SavedProgress {
  progress?: Record<string, { tasks?: Record<number, { attempts?: number }> }>;
}

/** A task of an exercise: the exercise's id and the task's index. */
interface TaskAt {
  id: string;
  task: number;
}

/** The attempts recorded for a task (the progress the lab saves in localStorage). */
function attempts(page: Page, id: string, task: number): Promise<number> {
  return page.evaluate(
    ({ id, task }) => {
      const saved: SavedProgress = JSON.parse(localStorage.getItem('cclab.exercises.v1') ?? '{}');
      return saved.progress?.[id]?.tasks?.[task]?.attempts ?? 0;
    },
    { id, task },
  );
}

/**
 * Presses Check (or Save) and waits for that check: the task's attempts go up by one (the lab
 * records every checked answer), then its feedback must match `expected`.
 */
async function check(panel: Locator, at: TaskAt, expected: RegExp): Promise<void> {
  const page = panel.page();
  const before = await attempts(page, at.id, at.task);
  await panel.getByRole('button', { name: /^(Check|Save)$/ }).click();
  await page.waitForFunction(
    ({ id, task, n }) => {
      const saved: SavedProgress = JSON.parse(localStorage.getItem('cclab.exercises.v1') ?? '{}');
      return (saved.progress?.[id]?.tasks?.[task]?.attempts ?? 0) > n;
    },
    { id: at.id, task: at.task, n: before },
    { timeout: CHECK_MS, polling: 100 },
  );
  await panel.getByTestId('task-feedback').filter({ hasText: expected }).waitFor();
}

/** A reference answer of one kind. */
type Answer<K extends TaskAnswer['kind']> = Extract<TaskAnswer, { kind: K }>;

/** The reference answers of a task of kind `kind` (referenceAnswers answers in the task's own kind). */
function answersOf<K extends TaskAnswer['kind']>(
  ref: { right: TaskAnswer; wrong: TaskAnswer },
  kind: K,
): { right: Answer<K>; wrong: Answer<K> } {
  if (ref.right.kind !== kind || ref.wrong.kind !== kind)
    throw new Error(`the reference answers of a ${kind} task are ${ref.right.kind} and ${ref.wrong.kind} answers`);
  return ref as { right: Answer<K>; wrong: Answer<K> };
}

/**
 * A student solves every task of every built-in exercise by clicking (and typing numbers and
 * words), with the reference answers: predictions typed, options picked, discipline, scheduler and
 * congestion-control pickers and number-with-unit fields set, explanations written. The first task
 * of each kind also gets a wrong answer first, and its message. No JSON is typed anywhere.
 */
async function solveEveryBuiltin(lab: Lab, panel: Locator): Promise<void> {
  const wrongShown = new Set<string>();
  let checks = 0;
  for (const file of builtinExercises) {
    const ex = parseExercise(file);
    if (await panel.getByRole('button', { name: '← All exercises' }).isVisible())
      await panel.getByRole('button', { name: '← All exercises' }).click();
    await panel.getByRole('button', { name: file.title, exact: true }).click();
    const view = panel.getByTestId('exercise-view');
    await view.waitFor();
    const values = variantValues(ex, Number(await view.getAttribute('data-variant')));
    const sc = scenarioWith(ex, values);
    for (const [i, task] of file.tasks.entries()) {
      const at = { id: file.id, task: i };
      await panel.getByRole('button', { name: `Task ${i + 1}`, exact: true }).click();
      await panel.locator(`[data-testid="exercise-task"][data-kind="${task.kind}"]`).waitFor();
      const ref = referenceAnswers(ex, values, task);
      if (typeof ref === 'string') throw new Error(`${file.id} ${task.id}: ${ref}`);
      const firstOfKind = !wrongShown.has(task.kind);
      wrongShown.add(task.kind);
      switch (task.kind) {
        case 'predict': {
          const { right, wrong } = answersOf(ref, 'predict');
          const input = panel.getByLabel(/^Your answer/);
          if (firstOfKind) {
            await input.fill(String(Number(wrong.value.toPrecision(6))));
            await check(panel, at, /^Too (high|low)/);
            checks++;
          }
          await input.fill(String(Number(right.value.toPrecision(6))));
          await check(panel, at, /^Right: the simulation gives/);
          break;
        }
        case 'choose': {
          const { right, wrong } = answersOf(ref, 'choose');
          const label = (id: string): string => {
            const option = task.options.find((o) => o.id === id);
            if (!option) throw new Error(`${file.id} ${task.id}: no option ${id}`);
            return option.label;
          };
          if (firstOfKind) {
            await panel.getByLabel(label(wrong.option), { exact: true }).check();
            await check(panel, at, /another option gives a (higher|lower) one/);
            checks++;
          }
          await panel.getByLabel(label(right.option), { exact: true }).check();
          await check(panel, at, /^Right\. With/);
          break;
        }
        case 'make': {
          const { right } = answersOf(ref, 'make');
          if (firstOfKind) {
            await check(panel, at, /^Not yet:/); // the exercise's scenario as it is misses the goal
            checks++;
            await panel.screenshot({ path: shot('exercises-by-clicking-make-wrong') });
          }
          for (const [path, value] of Object.entries(right.set)) {
            const k = task.editable.findIndex((e) => e.path === path);
            await setField(panel, `editable-${k}`, fieldControlOf(sc, path), value);
            // what the student set is what the lab's scenario now holds
            await until(
              async () => isDeepStrictEqual(getPath(await lab.scenario(), path)[0], value),
              `${file.id} ${path}`,
            );
          }
          await check(panel, at, /^Goal reached/);
          if (file.id === 'pacing-small-buffer') await panel.screenshot({ path: shot('exercises-by-clicking-params') });
          break;
        }
        case 'explain': {
          const { right } = answersOf(ref, 'explain');
          const text = panel.getByLabel('Your explanation');
          if (firstOfKind) {
            await panel.getByRole('button', { name: 'Save' }).click();
            await panel
              .getByTestId('task-feedback')
              .filter({ hasText: /^write at least \d+ words/ })
              .waitFor();
            checks++;
          }
          await text.fill(right.text);
          await check(panel, at, /^Kept with your work/);
          break;
        }
      }
      checks++;
      await panel.getByRole('button', { name: `Task ${i + 1} (done)`, exact: true }).waitFor();
    }
  }
  expect([...wrongShown].sort()).toEqual(['choose', 'explain', 'make', 'predict']);
  expect(checks, `${checks} checks`).toBeGreaterThan(builtinExercises.length * 2);
}

/**
 * Refusals are not attempts and touch nothing: a buffer typed as words is refused under its field
 * in the field's words, the lab's scenario stays as it was and no autosave is written with it, and
 * Check then says why instead of counting an attempt; a prediction that is not a number likewise.
 * A change made while the run plays counts for the task that says it may (bufferbloat's CoDel
 * switch) and is refused, with the time and how to fix it, by one that asks for it from the start.
 */
async function refusalsAndLiveChanges(lab: Lab, panel: Locator): Promise<void> {
  const page = lab.page;
  await panel.getByRole('button', { name: '← All exercises' }).click();
  const refusal = panel.getByTestId('task-refusal');

  // a buffer typed as words (the exercises were solved above: attempts and feedback must not change)
  await panel.getByRole('button', { name: 'The AIMD sawtooth and the buffer', exact: true }).click();
  await panel.getByRole('button', { name: /^Task 1\b/ }).click();
  await panel.getByTestId('make-fields').waitFor();
  const before = await lab.scenario();
  const tried = await attempts(page, 'aimd-sawtooth-buffer', 0);
  const feedback = await panel.getByTestId('task-feedback').textContent();
  const mark = await page.evaluate(() => window.__autosaves.length);
  await panel.getByTestId('editable-0').fill('oodles');
  await panel.getByTestId('editable-0').press('Enter');
  await panel.getByRole('alert').filter({ hasText: 'Enter a buffer size such as 100 packets.' }).waitFor();
  expect(await lab.scenario(), 'the refused entry did not reach the scenario').toEqual(before);
  await panel.getByRole('button', { name: 'Check' }).click();
  await refusal.filter({ hasText: /^Bottleneck buffer: Enter a buffer size such as 100 packets\./ }).waitFor();
  expect(await attempts(page, 'aimd-sawtooth-buffer', 0), 'a refusal is not an attempt').toBe(tried);
  expect(await panel.getByTestId('task-feedback').textContent()).toBe(feedback);
  await panel.screenshot({ path: shot('exercises-refused-entry') });
  // away and back: the field shows the scenario's value again and no longer holds the check up
  await panel.getByRole('button', { name: /^Task 2\b/ }).click();
  await panel.getByRole('button', { name: /^Task 1\b/ }).click();
  expect(await panel.getByTestId('editable-0').inputValue()).toBe('5');
  await check(panel, { id: 'aimd-sawtooth-buffer', task: 0 }, /^Not yet: Bottleneck utilisation is 0\.684/);
  // a valid entry goes in, and is what the autosave writes; no write ever held the words
  await panel.getByTestId('editable-0').fill('75');
  await panel.getByTestId('editable-0').press('Enter');
  await page.waitForFunction((mark) => window.__autosaves.slice(mark).some((v) => v.includes('75 packets')), mark);
  const writes = await page.evaluate((mark) => window.__autosaves.slice(mark), mark);
  expect(writes.filter((v) => v.includes('oodles')).length).toBe(0);

  // a prediction that is not a number
  await panel.getByRole('button', { name: '← All exercises' }).click();
  await panel.getByRole('button', { name: 'Bufferbloat and CoDel', exact: true }).click();
  await panel.getByRole('button', { name: /^Task 1\b/ }).click();
  const predicted = await attempts(page, 'bufferbloat-codel', 0);
  await panel.getByLabel('Your answer (ms)').fill('about 300');
  await panel.getByRole('button', { name: 'Check' }).click();
  await refusal.filter({ hasText: 'Enter your prediction as a number in ms, such as 12.5.' }).waitFor();
  expect(await attempts(page, 'bufferbloat-codel', 0)).toBe(predicted);

  // live: true — CoDel chosen during the run is what the check runs. The run is paused and taken
  // back to exactly 2 s first, so that the change lands at the same simulated moment however fast
  // the machine played (at a later moment the check's 15–20 s window can miss the goal)
  await panel.getByRole('button', { name: /^Task 2\b/ }).click();
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 2.5e9, undefined, 60_000);
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await lab.rewindTo(2e9);
  await panel.getByTestId('editable-0').selectOption('codel');
  // recorded where the rewound run stands (a millisecond on: the frame after the seek)
  await page.waitForFunction(() =>
    (window.__cclab.scenario().events ?? []).some(
      (e) => e.queue?.type === 'codel' && parseFloat(String(e.at)) >= 2 && parseFloat(String(e.at)) < 2.05,
    ),
  );
  const bottleneck = (await lab.scenario()).links.find((l) => l.a === 'r1' && l.b === 'r2');
  if (!bottleneck) throw new Error('the scenario has its r1–r2 link');
  expect(bottleneck.queue).toBe(undefined);
  await check(panel, { id: 'bufferbloat-codel', task: 1 }, /^Goal reached/);
  await panel.screenshot({ path: shot('exercises-live-accepted') });

  // not live — the same kind of change is refused, not counted, and says how to do it
  await panel.getByRole('button', { name: '← All exercises' }).click();
  await panel.getByRole('button', { name: 'Fair queueing vs FIFO with an unresponsive flow', exact: true }).click();
  await panel.getByRole('button', { name: /^Task 2\b/ }).click();
  const fairTried = await attempts(page, 'fair-queueing-unresponsive', 1);
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 1e9, undefined, 60_000);
  await panel.getByTestId('editable-0').selectOption('drr');
  await page.waitForFunction(() => (window.__cclab.scenario().events ?? []).some((e) => e.queue?.type === 'drr'));
  await lab.controls.playButton.click();
  await panel.getByRole('button', { name: 'Check' }).click();
  await refusal
    .filter({
      hasText:
        /^Your change of bottleneck queue discipline is recorded as a live change at \d+\.\d\d s; this task asks for it from the start — use “Apply from 0 s” next to the field in the inspector, or press “Reset scenario” and set it before pressing Play\.$/,
    })
    .waitFor();
  expect(await attempts(page, 'fair-queueing-unresponsive', 1)).toBe(fairTried);
  await panel.screenshot({ path: shot('exercises-live-refused') });
  // as the message says: Reset scenario, set it, check (an attempt, accepted)
  await panel.getByRole('button', { name: 'Reset scenario' }).click();
  await panel.getByTestId('editable-0').selectOption('drr');
  await check(panel, { id: 'fair-queueing-unresponsive', task: 1 }, /^Goal reached/);

  // the authoring form sets option values and a reference solution with the same controls and refusals
  await panel.getByRole('button', { name: '← All exercises' }).click();
  await panel.getByRole('button', { name: 'New exercise' }).click();
  const form = panel.getByTestId('exercise-author');
  await form.getByLabel('Title').fill('Disciplines');
  await form.getByLabel('Learning goal').fill('Compare disciplines.');
  await form.getByLabel('Kind of task').selectOption('choose');
  await form.getByRole('button', { name: 'Add task' }).click();
  await form.getByLabel('Prompt').fill('Which one keeps the queue shorter?');
  await form.getByLabel('Options vary').selectOption('links[r1-r2].queue');
  await form.getByTestId('author-0-option-1').selectOption('codel');
  await form.getByLabel('Kind of task').selectOption('make');
  await form.getByRole('button', { name: 'Add task' }).click();
  const make = form.getByTestId('author-task-1');
  await make.getByLabel('Prompt').fill('Fill the link.');
  await make.getByLabel('Editable field').selectOption('links[r1-r2].buffer');
  await make.getByLabel('Goal value').fill('0.9');
  await form.getByTestId('author-1-solution').fill('plenty');
  await form.getByTestId('author-1-solution').press('Enter');
  await make.getByRole('alert').filter({ hasText: 'Enter a buffer size such as 100 packets.' }).waitFor();
  await form.getByTestId('author-1-solution').fill('80');
  await form.getByTestId('author-1-solution').press('Enter');
  expect(await make.getByRole('alert').count()).toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Export exercise file' }).click(),
  ]);
  // the exported file, as far as it is checked here
  const file: { tasks: { options?: { set: unknown }[]; solution?: unknown }[] } = JSON.parse(
    await readFile(await download.path(), 'utf8'),
  );
  expect(file.tasks[0].options?.map((o) => o.set)).toEqual([
    { 'links[r1-r2].queue': { type: 'drr' } },
    { 'links[r1-r2].queue': { type: 'codel' } },
  ]);
  expect(file.tasks[1].solution).toEqual({ 'links[r1-r2].buffer': '80 packets' });
}

/** Both of the above in one page (one browser context: the lab loads once). */
test('exercisesByClicking', async ({ lab, context }) => {
  // every write of the autosave, to show that a refused entry never reaches it
  await context.addInitScript(() => {
    window.__autosaves = [];
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, v: string): void {
      if (k === 'cclab:scenario:v1') window.__autosaves.push(v);
      return set.call(this, k, v);
    };
  });
  await lab.open();
  await lab.page.getByRole('button', { name: 'Exercises', exact: true }).click();
  const panel = lab.page.getByRole('region', { name: 'Exercises' });
  const t0 = Date.now();
  await solveEveryBuiltin(lab, panel);
  const t1 = Date.now();
  await refusalsAndLiveChanges(lab, panel);
  console.log(
    `  every built-in task: ${((t1 - t0) / 1000).toFixed(1)} s; refusals and live changes: ${((Date.now() - t1) / 1000).toFixed(1)} s`,
  );
});
