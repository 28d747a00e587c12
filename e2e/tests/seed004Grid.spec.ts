import { expect, test } from '../fixtures/test';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ARTIFACTS } from '../pages/Lab';

/** axe-core on one part of the page: no violations. */
async function noAxeViolations(page: Page, selector: string): Promise<void> {
  const r = await new AxeBuilder({ page }).include(selector).analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
    [],
  );
}

/**
 * Seed 004's 16-configuration grid ({Reno, Vegas, FAST, QUIC-TCP} × {RR, max-SNR, Qlen, Qdelay})
 * as one batch in the lab: one click from the Reproductions entry opens the Sweep panel with the
 * shipped sweep file; at 2 s a point the batch shows progress (runs, points, time left), is
 * cancelled, runs again with one seed and fills three scheme × scheduler tables (Jain, aggregate,
 * utility), exported as CSV. The seed 004 preset offers the same grid from the Sweep panel.
 */
test('seed004GridRunsAsABatchInTheLab', async ({ lab }) => {
  await lab.open();
  const page = lab.page;

  await page.getByRole('button', { name: 'Reproductions', exact: true }).click();
  const gallery = page.getByRole('region', { name: 'Reproductions' });
  await gallery.getByRole('button', { name: /^Figs 4–10: Fair topology/ }).click();
  await gallery.getByRole('button', { name: 'Run the grid in the Sweep panel' }).click();

  const panel = page.getByRole('region', { name: 'Sweep' });
  await panel.waitFor();
  expect(await gallery.count(), 'the gallery makes way for the Sweep panel').toBe(0);
  expect(await panel.getByTestId('sweep-source').inputValue()).toBe('seed004-fair');
  const file = panel.getByTestId('sweep-file');
  await file.getByText('scheme: reno, vegas, fast, quic-tcp').waitFor();
  await file.getByText('scheduler: rr, max-snr, qlen, qdelay').waitFor();
  // the file's 500 s a point is proposed as 10 s in the lab
  expect(await panel.getByLabel('Duration (s)').inputValue()).toBe('10');
  await panel.getByLabel('Duration (s)').fill('2');
  await panel.getByLabel('Seeds').fill('2');
  await file.getByText('16 points × 2 seeds = 32 runs', { exact: false }).waitFor();

  // first batch: progress, then Cancel
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  const status = panel.getByTestId('sweep-status');
  await status.filter({ hasText: /^[1-9]\d*\/32 runs · about \d+ s left/ }).waitFor({ timeout: 120_000 });
  await panel
    .getByTestId('sweep-points-done')
    .filter({ hasText: / of 16 points complete$/ })
    .waitFor();
  await panel.screenshot({ path: `${ARTIFACTS}seed004-grid-progress.png` });
  await panel.getByRole('button', { name: 'Cancel' }).click();
  const text = await status.textContent();
  const m = /^Cancelled after (\d+) of 32 runs$/.exec(text ?? '');
  expect(m && Number(m[1]) < 32, `cancelled: ${text}`).toBeTruthy();
  await page.waitForTimeout(1500);
  expect(await status.textContent(), 'no run finishes after the cancel').toBe(text);

  // again, one seed: all 16 configurations
  await panel.getByLabel('Seeds').fill('1');
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  await status.filter({ hasText: 'Done: 16 runs' }).waitFor({ timeout: 240_000 });
  await panel.getByTestId('sweep-points-done').filter({ hasText: '16 of 16 points complete' }).waitFor();
  const grids = panel.getByTestId('sweep-grid');
  expect(await grids.count()).toBe(3);
  for (let i = 0; i < 3; i++) {
    const cells = grids.nth(i).getByTestId('sweep-grid-cell');
    expect(await cells.count()).toBe(16);
    const values = await cells.allTextContents();
    expect(
      values.every((v) => Number.isFinite(Number(v))),
      `grid ${i}: every cell a number: ${values.join(' ')}`,
    ).toBeTruthy();
  }
  const jain = grids.nth(0);
  expect(await jain.locator('thead th').allTextContents()).toEqual([
    'scheme \\ scheduler',
    'rr',
    'max-snr',
    'qlen',
    'qdelay',
  ]);
  expect(await jain.locator('tbody th').allTextContents()).toEqual(['reno', 'vegas', 'fast', 'quic-tcp']);
  // Jain's index of 11 flows lies in [1/11, 1]
  for (const v of (await jain.getByTestId('sweep-grid-cell').allTextContents()).map(Number))
    expect(v >= 1 / 11 && v <= 1, `Jain ${v}`).toBeTruthy();
  await noAxeViolations(page, '[data-testid="sweep-panel"]');
  await grids.nth(0).scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${ARTIFACTS}seed004-grid-done.png` });

  // the table as CSV: one line per scheme × scheduler
  const [download] = await Promise.all([page.waitForEvent('download'), jain.getByTestId('sweep-grid-csv').click()]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(csv[0]).toBe('scheme,scheduler,metric,unit,n,mean,ci95');
  expect(csv.length).toBe(17);
  expect(csv[1]).toMatch(/^reno,rr,jain,,1,0\.\d+,$/);
  expect(csv[16]).toMatch(/^quic-tcp,qdelay,jain,,1,0\.\d+,$/);
});

/** The seed 004 presets offer their grid from the Sweep panel's form. */
test('seed004PresetOffersItsGrid', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('seed004-random');
  await lab.page.getByRole('button', { name: 'Sweep', exact: true }).click();
  const panel = lab.page.getByRole('region', { name: 'Sweep' });
  await panel.waitFor();
  await panel.getByRole('button', { name: 'Run this topology’s 16-configuration grid (seed004-random)' }).click();
  expect(await panel.getByTestId('sweep-source').inputValue()).toBe('seed004-random');
  await panel.getByTestId('sweep-file').getByText('16 points × 2 seeds = 32 runs', { exact: false }).waitFor();
  // back to the one-parameter form
  await panel.getByTestId('sweep-source').selectOption('');
  await panel.getByLabel('Parameter').waitFor();
});

/**
 * The UE SNR chart per TDMA slot: the channel as the scheduler saw it, every 10 ms, with the
 * served UE's line; and the served UE slot by slot (round robin: 1, 2, 3, 1, … while all queue).
 */
test('perSlotSnrChart', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('wireless-cell');
  // the preset's run loads asynchronously: read its status only once it is the preset's run (its
  // meta has the three UEs; read before, the status is the default scenario's, and the preset's
  // run would never be started)
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Wireless cell'));
  await lab.waitForRun(
    () => window.__cclab.series().ues.length === 3 && ['paused', 'playing'].includes(window.__cclab.run().status),
  );
  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.series().ues.every((u) => u.t.length >= 20), undefined, 30000);
  await lab.controls.playButton.click(); // pause
  const chart = lab.charts.chart('snr');
  await lab.testId('snr-chart-view').selectOption('snr');
  await chart.getByTestId('legend-slot:snr:BS:served').waitFor();
  const rows = (await lab.charts.exportText('snr', 'csv')).trim().split('\n');
  expect(rows[0]).toMatch(/^t \(s\),UE1 \(dB\),UE2 \(dB\),UE3 \(dB\),served UE's SNR \(dB\)$/);
  const t = rows.slice(1).map((r) => Number(r.split(',')[0]));
  expect(t.length, `${t.length} slots`).toBeGreaterThan(100);
  // one row per 10 ms slot
  t.forEach((x, i) => expect(Math.abs(x - i * 0.01), `slot ${i} at ${x}`).toBeLessThan(1e-9));
  // the served line sits on one UE's SNR whenever a UE was served
  for (const r of rows.slice(1)) {
    const [, a, b, c, served] = r.split(',');
    if (served !== '') expect([a, b, c], `served ${served} among ${a} ${b} ${c}`).toContain(served);
  }
  await noAxeViolations(lab.page, '[data-testid="chart-snr"]');
  await lab.screenshot('per-slot-snr');
  await lab.testId('snr-chart-view').selectOption('served');
  await chart.getByTestId('legend-slot:served:BS').waitFor();
  await chart.screenshot({ path: `${ARTIFACTS}per-slot-served.png` });
});
