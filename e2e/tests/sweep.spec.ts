import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../fixtures/test';
import { ARTIFACTS, Lab } from '../pages/Lab';

/**
 * A researcher opens the Sweep panel on the default dumbbell, sweeps the bottleneck buffer over
 * three values with two seeds each, reads the plot (three means with 95 % bands), exports the
 * numbers, shares the sweep by link, and cancels a longer second sweep.
 */
test('sweepBottleneckBufferAndCancel', async ({ lab, context, baseUrl }) => {
  await lab.open();
  const page = lab.page;
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Sweep' });
  await panel.waitFor();

  await panel.getByLabel('Parameter').selectOption('links[r1-r2].buffer');
  await panel.getByLabel(/^Values/).fill('10, 25, 50');
  await panel.getByLabel('Seeds').fill('2');
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  await panel.getByTestId('sweep-status').filter({ hasText: 'Done: 6 runs' }).waitFor({ timeout: 180_000 });

  // one chart per metric (default: aggregate goodput and the bottleneck's mean queue)
  const charts = panel.getByTestId('sweep-chart');
  expect(await charts.count()).toBe(2);
  const queue = charts.filter({ hasText: 'Mean queue' });
  expect(await queue.getByTestId('sweep-point').count()).toBe(3);
  expect(await queue.getByTestId('sweep-ci-band').count()).toBe(1);
  expect(await queue.getByTestId('sweep-ci-bar').count()).toBe(3);
  // the band has area: two seeds with jittered starts do not give identical queues
  const band = await queue.getByTestId('sweep-ci-band').evaluate((el: SVGGraphicsElement) => {
    const b = el.getBBox();
    return { width: b.width, height: b.height };
  });
  expect(band.width, `CI band ${JSON.stringify(band)}`).toBeGreaterThan(100);
  expect(band.height, `CI band ${JSON.stringify(band)}`).toBeGreaterThan(0);
  // a bigger DropTail buffer holds a longer standing queue: the means rise (SVG y grows downwards)
  const cy = await queue.getByTestId('sweep-point').evaluateAll((els) => els.map((e) => Number(e.getAttribute('cy'))));
  expect(cy[0], `means rise with the buffer: cy ${cy}`).toBeGreaterThan(cy[1]);
  expect(cy[1], `means rise with the buffer: cy ${cy}`).toBeGreaterThan(cy[2]);
  await panel.screenshot({ path: join(ARTIFACTS, 'sweep-panel.png') });

  // the chart's CSV: header with units and the interval, one row per buffer
  const [download] = await Promise.all([page.waitForEvent('download'), queue.getByTestId('sweep-chart-csv').click()]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(csv[0]).toBe('point,links[r1-r2].buffer,metric,unit,n,mean,sd,ci95,ci_low,ci_high,min,max');
  expect(csv.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([
    'p0,10 packets,meanQueuePackets[r1->r2],packets,2',
    'p1,25 packets,meanQueuePackets[r1->r2],packets,2',
    'p2,50 packets,meanQueuePackets[r1->r2],packets,2',
  ]);

  // the sweep travels in the link: a fresh page opens the panel with the same sweep
  await panel.getByRole('button', { name: 'Copy sweep link' }).click();
  const url = page.url();
  expect(url).toMatch(/#s=.*&sweep=/);
  const other = new Lab(await context.newPage(), baseUrl);
  await other.page.goto(url);
  const panel2 = other.page.getByRole('region', { name: 'Sweep' });
  await panel2.waitFor();
  expect(await panel2.getByLabel(/^Values/).inputValue()).toBe('10, 25, 50');
  expect(await panel2.getByLabel('Parameter').inputValue()).toBe('links[r1-r2].buffer');
  await other.page.close();

  // a second, longer sweep is cancelled part-way: the count stops where it was. It is long
  // (200 runs) so that it cannot finish between the first result and the click on a fast machine.
  await panel.getByLabel(/^Values/).fill('5, 10, 20, 40, 80');
  await panel.getByLabel('Seeds').fill('40');
  await panel.getByRole('button', { name: 'Run sweep' }).click();
  await panel
    .getByTestId('sweep-status')
    .filter({ hasText: /^[1-9]\d*\/200 runs/ })
    .waitFor({ timeout: 120_000 });
  await panel.getByRole('button', { name: 'Cancel' }).click();
  const status = panel.getByTestId('sweep-status');
  const text = await status.textContent();
  const m = /^Cancelled after (\d+) of 200 runs$/.exec(text ?? '');
  if (!m) throw new Error(`cancelled: ${text}`);
  expect(Number(m[1]), `cancelled: ${text}`).toBeLessThan(200);
  await page.waitForTimeout(1500);
  expect(await status.textContent(), 'no run finishes after the cancel').toBe(text);
  expect(await panel.getByRole('button', { name: 'Run sweep' }).isEnabled()).toBe(true);
  await lab.screenshot('sweep-cancelled');
});
