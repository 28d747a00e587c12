import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExerciseSummaryData } from '../../apps/web/src/exercises/exerciseSummary';
import { expect, test, watchErrors } from '../fixtures/test';
import { ARTIFACTS, Lab } from '../pages/Lab';

/** Where a screenshot of a panel goes (e2e/artifacts/<name>.png). */
const shot = (name: string): string => join(ARTIFACTS, `${name}.png`);

/** Adds the page errors and console errors of `context`'s pages to `errors` (the fixture watches only its own context). */

/** What the test reads of an exported exercise file. */
interface ExportedExercise {
  id: string;
  tasks: { metric?: unknown }[];
}

/**
 * A student works through "Slow start and the first loss": a wrong prediction gets feedback that
 * says which way it is off, a hint is revealed, a wrong then a right choice (checked by running the
 * simulation in a worker), the progress survives a reload, and the exercise link opens the same
 * random parameters in a fresh browser context.
 */
test('studentWorksThroughAnExercise', async ({ lab, browser, baseUrl, errors }) => {
  await lab.open();
  const page = lab.page;
  await page.getByRole('button', { name: 'Exercises', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Exercises' });
  await panel.waitFor();
  // grouped by topic with progress; every built-in is offered (the wireless one is ready since the base station landed)
  await panel.getByRole('heading', { name: 'TCP basics' }).waitFor();
  expect(await panel.getByRole('button', { name: 'Wireless scheduling and fairness' }).count()).toBe(1);
  await panel.screenshot({ path: shot('exercises-list') });

  await panel.getByRole('button', { name: 'Slow start and the first loss' }).click();
  const view = panel.getByTestId('exercise-view');
  await view.waitFor();
  const variant = await view.getAttribute('data-variant');
  const prompt = await panel.locator('.task-prompt').textContent();
  const delay = /delay is (\d+ms)/.exec(prompt ?? '')?.[1];
  if (!delay) throw new Error(`the prompt names the student's bottleneck delay: ${prompt}`);
  // the editor holds the exercise's scenario with this student's delay
  const sc = await lab.scenario();
  expect(sc.links.find((l) => l.a === 'r1' && l.b === 'r2')?.delay).toBe(delay);

  // predict: a wildly high answer is told it is too high, by how much; the value is not shown
  await panel.getByLabel('Your answer (s)').fill('30');
  await panel.getByRole('button', { name: 'Check' }).click();
  const feedback = panel.getByTestId('task-feedback');
  await feedback.filter({ hasText: 'Too high' }).waitFor({ timeout: 60_000 });
  expect(await feedback.textContent()).toMatch(/Too high by more than a factor of two/);
  expect(await panel.locator('.task-observed').count()).toBe(0);

  // hints one at a time
  await panel.getByRole('button', { name: 'Show a hint (1 of 3)' }).click();
  const hints = panel.getByRole('list', { name: 'Hints' });
  expect(await hints.getByRole('listitem').count()).toBe(1);
  expect(await hints.textContent()).toMatch(/doubles it every round trip/);
  // the next one, with this student's delay filled in
  await panel.getByRole('button', { name: 'Show a hint (2 of 3)' }).click();
  expect(await hints.getByRole('listitem').count()).toBe(2);
  expect(await hints.textContent()).toMatch(new RegExp(`2 × \\(${delay} \\+ 5 ms \\+ 5 ms\\)`));
  await panel.getByRole('button', { name: 'Show a hint (3 of 3)' }).waitFor();
  await panel.screenshot({ path: shot('exercise-wrong-and-hint') });

  // choose: the small buffer is wrong (with the value it gave), the large one right
  await panel.getByRole('button', { name: 'Next task' }).click();
  await panel.getByLabel('20 packets').check();
  await panel.getByRole('button', { name: 'Check' }).click();
  await feedback.filter({ hasText: 'another option gives a higher one' }).waitFor({ timeout: 60_000 });
  expect(await feedback.textContent()).toMatch(/With “20 packets” the Packets lost \(f0\) is \d+ packets/);
  await panel.getByLabel('150 packets').check();
  await panel.getByRole('button', { name: 'Check' }).click();
  await feedback.filter({ hasText: /^Right\./ }).waitFor({ timeout: 60_000 });
  await panel.getByRole('button', { name: 'Task 2 (done)' }).waitFor();
  await panel.screenshot({ path: shot('exercise-right') });

  // progress and answers survive a reload
  await page.reload();
  await page.waitForFunction(() => window.__cclab !== undefined);
  const panelAgain = page.getByRole('region', { name: 'Exercises' });
  await panelAgain.getByTestId('exercise-view').waitFor();
  expect(await panelAgain.getByTestId('exercise-view').getAttribute('data-variant')).toBe(variant);
  await panelAgain.getByRole('button', { name: 'Task 2 (done)' }).waitFor();
  expect(await panelAgain.getByLabel('150 packets').isChecked()).toBe(true);
  await panelAgain.getByRole('button', { name: 'Task 1' }).click();
  expect(await panelAgain.getByLabel('Your answer (s)').inputValue()).toBe('30');
  await panelAgain.getByRole('button', { name: '← All exercises' }).click();
  const item = panelAgain.getByRole('listitem').filter({ hasText: 'Slow start and the first loss' });
  expect(await item.textContent()).toMatch(/1\/3/);

  // the exercise link restores the same random parameters in a fresh context (no saved progress)
  await panelAgain.getByRole('button', { name: 'Slow start and the first loss' }).click();
  await panelAgain.getByRole('button', { name: 'Copy exercise link' }).click();
  const link = await panelAgain.getByTestId('exercise-link').inputValue();
  expect(link).toMatch(new RegExp(`#ex=slow-start-first-loss&v=${variant}$`));
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  watchErrors(fresh, errors);
  try {
    const other = new Lab(await fresh.newPage(), baseUrl);
    await other.page.goto(link);
    const otherView = other.page.getByRole('region', { name: 'Exercises' }).getByTestId('exercise-view');
    await otherView.waitFor();
    expect(await otherView.getAttribute('data-variant')).toBe(variant);
    expect(await otherView.locator('.task-prompt').textContent()).toMatch(new RegExp(`delay is ${delay}`));
    await other.page.waitForFunction(() => window.__cclab !== undefined);
    const sc2 = await other.scenario();
    expect(sc2.links.find((l) => l.a === 'r1' && l.b === 'r2')?.delay).toBe(delay);
    await other.page.screenshot({ path: shot('exercise-link-fresh') });
  } finally {
    await fresh.close();
  }

  // the summary: export JSON
  await panelAgain.getByRole('button', { name: 'Task 3' }).click();
  await panelAgain.getByRole('button', { name: 'Finish and see the summary' }).click();
  const summary = panelAgain.getByTestId('exercise-summary');
  await summary.waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('button', { name: 'Export summary (JSON)' }).click(),
  ]);
  const data: ExerciseSummaryData = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.exercise).toBe('slow-start-first-loss');
  expect(String(data.variant)).toBe(variant);
  expect(data.parameters.delay).toBe(delay);
  expect(data.tasks.map((t) => [t.task, t.correct, t.attempts])).toEqual([
    ['ramp-time', false, 1],
    ['buffer-overshoot', true, 2],
    ['why', false, 0],
  ]);
  await panelAgain.screenshot({ path: shot('exercise-summary') });
});

/**
 * An instructor writes an exercise over the current scenario (a predict task on a metric picked
 * from the list), previews it as a student, exports the file, and a fresh lab imports it.
 */
test('instructorAuthorsPreviewsExportsAndImports', async ({ lab, browser, baseUrl, errors }) => {
  await lab.open();
  const page = lab.page;
  await page.getByRole('button', { name: 'Exercises', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Exercises' });
  await panel.getByRole('button', { name: 'New exercise' }).click();
  const form = panel.getByTestId('exercise-author');
  await form.getByLabel('Title').fill('Queue at the default bottleneck');
  await form.getByLabel('Learning goal').fill('Relate the queue to the buffer.');
  await form.getByLabel('Kind of task').selectOption('predict');
  await form.getByRole('button', { name: 'Add task' }).click();
  // the still-empty prompt is named by field until it is written
  expect(await form.getByRole('list', { name: 'Still to fix' }).textContent()).toMatch(/tasks\[0\]\.prompt/);
  await form.getByLabel('Prompt').fill('Predict the mean queue at r1->r2, in packets.');
  await form.getByLabel('Metric to predict').selectOption('meanQueuePackets[r1->r2]');
  expect(await form.getByRole('list', { name: 'Still to fix' }).count()).toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Export exercise file' }).click(),
  ]);
  const file: ExportedExercise = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(file.id).toBe('queue-at-the-default-bottleneck');
  expect(file.tasks[0].metric).toEqual({ metric: 'meanQueuePackets', port: 'r1->r2' });
  await panel.screenshot({ path: shot('exercise-author') });

  await form.getByRole('button', { name: 'Preview as student' }).click();
  await panel.getByTestId('exercise-view').waitFor();
  expect(await panel.locator('.exercise-title').textContent()).toMatch(/Queue at the default bottleneck/);
  await panel.getByLabel('Your answer').fill('1000');
  await panel.getByRole('button', { name: 'Check' }).click();
  await panel.getByTestId('task-feedback').filter({ hasText: 'Too high' }).waitFor({ timeout: 60_000 });

  // a fresh lab imports the exported file
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  watchErrors(fresh, errors);
  try {
    const other = new Lab(await fresh.newPage(), baseUrl);
    await other.open();
    await other.page.getByRole('button', { name: 'Exercises', exact: true }).click();
    const panel2 = other.page.getByRole('region', { name: 'Exercises' });
    await panel2.getByTestId('exercise-import').setInputFiles(await download.path());
    await panel2.getByTestId('exercise-view').waitFor();
    expect(await panel2.locator('.exercise-title').textContent()).toMatch(/Queue at the default bottleneck/);
  } finally {
    await fresh.close();
  }
});
