import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { ARTIFACTS } from '../pages/Lab';

/**
 * A researcher opens the Reproductions gallery, finds every study, opens seed 002's Table 4.2
 * (a short entry: 3 points × 3 seeds) with the keyboard, reads the recorded table (paper and ours)
 * and the notes, runs it on the worker pool (progress, then the verdicts and a plot — the same
 * numbers as recorded, since the engine is deterministic), loads one of its points into the
 * editor over edited work (asked first, undoable), and cancels a longer entry.
 */
test('openRunAndLoadAReproduction', async ({ lab }) => {
  await lab.open();
  const page = lab.page;
  const before = await lab.scenario();
  // some work in the editor: a host added in the middle of the view (one undo step)
  await lab.canvas.svg.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+H');
  const edited = await lab.scenario();
  expect(edited.nodes.length).toBe(before.nodes.length + 1);

  // the header button, by keyboard
  const toggle = page.getByRole('button', { name: 'Reproductions', exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Reproductions' });
  await panel.waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const title = panel.getByRole('heading', { name: 'Reproductions', level: 2 });
  await title.waitFor();
  // the focus moves into the drawer: Tab goes to its close button, then to the first entry
  expect(await title.evaluate((h) => h === document.activeElement)).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
    /^Tables 4\.3–4\.4: Ch\. 4 dumbbell/,
  );
  // every study has a heading; studies 000, 001 and 002 have entries
  for (const s of ['000', '001', '002', '003', '004'])
    await panel.getByRole('heading', { level: 3, name: new RegExp(`^Seed ${s}:`) }).waitFor();
  const study = (s: string): Locator => page.getByRole('region', { name: new RegExp(`^Seed ${s}:`) });
  expect(await study('000').getByRole('button').count(), 'seed 000 entries').toBeGreaterThanOrEqual(7);
  expect(await study('001').getByRole('button').count(), 'seed 001 entries').toBeGreaterThanOrEqual(5);
  expect(await study('002').getByRole('button').count(), 'seed 002 entries').toBeGreaterThanOrEqual(8);
  await panel.screenshot({ path: `${ARTIFACTS}reproductions-list.png` });

  // open an entry with the keyboard: its heading takes the focus
  await panel.getByRole('button', { name: /Table 4\.2: TCP with two UDP flows/ }).focus();
  await page.keyboard.press('Enter');
  const heading = panel.getByRole('heading', { level: 3, name: /^Table 4\.2:/ });
  await heading.waitFor();
  expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);
  await panel.getByText('seed 002 · command line: npx cclab reproduce seed-002-table-4-2').waitFor();
  // the estimate before running, from the recorded run's events
  await panel
    .getByText(/3 points × 3 seeds = 9 runs · estimated .* on \d+ workers? \(6\.3 M simulated events recorded\)/)
    .waitFor();
  // the notes on ambiguities
  await panel.getByRole('heading', { name: 'Ambiguities and choices' }).waitFor();
  await panel.getByText(/Tprop = 300 ms without saying whether it is one-way or round-trip/).waitFor();

  // the recorded result at once, labelled as recorded: paper beside ours, and the claims
  const recorded = panel.getByRole('region', { name: 'Recorded result' });
  await recorded.waitFor();
  const table = recorded.getByRole('table');
  expect(await table.getByRole('columnheader').allTextContents()).toEqual([
    'Point',
    'Metric',
    'Paper',
    'Ours',
    'Verdict',
  ]);
  const row = table.getByRole('row', { name: /UDP 2 × 6 Mb\/s \(120 % load\)/ });
  expect(await row.textContent()).toMatch(/value lost/);
  const recordedOurs = await row.getByRole('cell').nth(2).textContent();
  expect(recordedOurs).toMatch(/^[\d.]+ ± [\d.]+$/);
  expect(await recorded.getByTestId('reproduction-claim').count()).toBe(3);
  await panel.screenshot({ path: `${ARTIFACTS}reproductions-recorded.png` });

  // run it on the pool: progress, then this run's verdicts and plots
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await panel.getByRole('progressbar', { name: 'Reproduction progress' }).waitFor();
  const status = panel.getByTestId('reproduction-status');
  await status.filter({ hasText: /^Done: 9 runs in [\d.]+ s$/ }).waitFor({ timeout: 180_000 });
  console.log(`    ${await status.textContent()}`);
  const ours = panel.getByRole('region', { name: 'This run' });
  const claims = ours.getByTestId('reproduction-claim');
  expect(await claims.count()).toBe(3);
  for (const c of await claims.allTextContents()) expect(c).toMatch(/^agrees /);
  // the CLI's wording of the reason
  await ours.getByText(/^tcpGoodput@over [\d.e+]+ < 0\.1000 × tcpGoodput@under [\d.e+]+$/).waitFor();
  // deterministic engine: this run's numbers are the recorded ones
  const oursRow = ours.getByRole('table').getByRole('row', { name: /UDP 2 × 6 Mb\/s \(120 % load\)/ });
  expect(await oursRow.getByRole('cell').nth(2).textContent()).toBe(recordedOurs);
  // one plot per metric; each point's mean with its 95 % interval (three seeds)
  const charts = ours.getByTestId('reproduction-chart');
  expect(await charts.count()).toBe(6);
  const goodput = charts.filter({ hasText: 'UDP goodput (one flow)' });
  expect(await goodput.getByTestId('reproduction-point').count()).toBe(3);
  expect(await goodput.getByTestId('reproduction-ci-bar').count()).toBe(3);
  await ours.screenshot({ path: `${ARTIFACTS}reproductions-run.png` });

  // load the 120 % point into the editor: edited work → asked first; undo brings the work back
  await panel.getByLabel('Point to load').selectOption({ label: 'UDP 2 × 6 Mb/s (120 % load)' });
  await panel.getByRole('button', { name: 'Load scenario' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Replace the scenario in the editor?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep my work' }).click();
  expect((await lab.scenario()).nodes.length).toBe(edited.nodes.length);
  await panel.getByRole('button', { name: 'Load scenario' }).click();
  await ask.getByRole('button', { name: 'Replace' }).click();
  const loaded = await lab.scenario();
  expect(loaded.name).toBe('Seed 002 Table 4.2: 1 TCP + 2 UDP on a long-delay link');
  expect(loaded.flows.find((f) => f.id === 'f1')?.app.params?.rate).toBe('6Mbps');
  await page.getByTestId('scenario-title').filter({ hasText: 'Seed 002 Table 4.2' }).waitFor();
  await page.screenshot({ path: `${ARTIFACTS}reproductions-loaded.png` });
  await lab.canvas.svg.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  expect((await lab.scenario()).nodes.length).toBe(edited.nodes.length);
  expect((await lab.scenario()).name).not.toBe(loaded.name);

  // a long entry shows its estimate as such, and Cancel stops it
  await panel.getByRole('button', { name: '← All reproductions' }).click();
  await panel.getByRole('button', { name: /Figs 4–5: Throughput and drops against buffer size/ }).click();
  await panel.getByText(/10 points × 3 seeds = 30 runs · estimated about .* — a long run/).waitFor();
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await status.filter({ hasText: /^Cancelled after \d+ of 30 runs$/ }).waitFor();

  // an entry with the paper's numbers: the recorded plots mark them beside ours
  await panel.getByRole('button', { name: '← All reproductions' }).click();
  await panel.getByRole('button', { name: /^Table 2: Bits received and drops/ }).click();
  const t2 = panel.getByRole('region', { name: 'Recorded result' });
  const drops = t2.getByTestId('reproduction-chart').filter({ hasText: 'Bottleneck drops' });
  await drops.waitFor();
  // unpaced: 145 (Table 2) and 50 (Table 3), contradictory and both shown; paced: 0
  expect(await drops.getByTestId('reproduction-paper-marker').count()).toBe(3);
  expect(await drops.getByTestId('reproduction-point').count()).toBe(2);
  await t2
    .getByRole('row', { name: /without pacing/ })
    .filter({ hasText: '145.0 (Table 2; text)' })
    .waitFor();
  await drops.screenshot({ path: `${ARTIFACTS}reproductions-paper-markers.png` });

  // Escape closes the panel and gives the focus back to its button
  await panel.getByRole('button', { name: '← All reproductions' }).focus();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  expect(await toggle.evaluate((b) => b === document.activeElement)).toBe(true);
});
