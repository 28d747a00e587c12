import { expect, test } from '../fixtures/test';
import { crowdedChartHeads, overlappingHeadControls } from '../fixtures/layoutChecks';

/**
 * Seed 000 in the lab: the one-click LbLCA linear-chain preset runs live; its feedback packets
 * travel the reverse links as packets of their own; the queue chart draws each router's
 * shared-buffer occupancy against b_l and b_u and, in another view, the ports' sending and
 * target rates; the Buffer-sizing panel plots the model's minimum buffers against capacity and
 * the occupancy at those buffers against the set points.
 */
test('lblcaPresetChartsOccupancyRatesAndFeedback', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('seed000-linear-3');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Seed 000 linear chain'));
  const sc = await lab.scenario();
  expect(sc.nodes.filter((n) => n.kind === 'router').map((n) => [n.id, n.buffer])).toEqual([
    ['B1', '400 packets'],
    ['B2', '400 packets'],
    ['B3', '400 packets'],
  ]);
  expect(sc.links[0].queue?.type).toBe('lblca');
  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  // feedback packets are on the wire (the worker ships them with the flow slot after the last flow)
  await lab.waitForRun(() => window.__cclab.live().control > 0, undefined, 30000);
  await lab.waitForRun(() => window.__cclab.portColumn('B1->B2', 'disc:occupancyShare').length >= 10, undefined, 30000);
  if ((await lab.run()).status === 'playing') await lab.controls.playButton.click(); // pause
  const col = (c: string): Promise<number[]> =>
    lab.page.evaluate((name) => window.__cclab.portColumn('B1->B2', name), c);
  // the set points are the ns-2 preset's (Algorithm 2): b_l 0.1, b_u 0.9, every sample
  expect((await col('disc:lowerSetPoint')).every((v) => v === 0.1)).toBeTruthy();
  expect((await col('disc:upperSetPoint')).every((v) => v === 0.9)).toBeTruthy();
  // the occupancy is a share of the router's buffer; the port is shaped to at most its line rate
  expect(
    (await col('disc:occupancyShare')).every((v) => v === null || Number.isNaN(v) || (v >= 0 && v <= 1)),
  ).toBeTruthy();
  expect((await col('disc:sendRateBps')).some((v) => v > 0 && v <= 200e6)).toBeTruthy();
  // the queue chart shows B1's occupancy against the set points (constant lines: dashed) ...
  await lab.testId('queue-chart-port').selectOption('B1->B2');
  const views = await lab
    .testId('queue-chart-view')
    .evaluate((el: HTMLSelectElement) => [...el.options].map((o) => [o.value, o.text]));
  const occupancyView = views.find(([, text]) => text.includes('Router occupancy'));
  if (!occupancyView) throw new Error(`no occupancy view: ${JSON.stringify(views)}`);
  await lab.testId('queue-chart-view').selectOption(occupancyView[0]);
  const legend = await lab.charts.chart('queue').innerText();
  expect(legend).toMatch(/Router occupancy Θ\/B/);
  expect(legend).toMatch(/Lower set point b_l/);
  expect(legend).toMatch(/Upper set point b_u/);
  await lab.screenshot('lblca-occupancy');
  // ... and, in another view, the port's sending and target rates
  const ratesView = views.find(([, text]) => text.includes('Sending rate'));
  if (!ratesView) throw new Error(`no rates view: ${JSON.stringify(views)}`);
  await lab.testId('queue-chart-view').selectOption(ratesView[0]);
  const rates = await lab.charts.chart('queue').innerText();
  expect(rates).toMatch(/Sending rate s/);
  expect(rates).toMatch(/Target rate ts/);
  await lab.screenshot('lblca-rates');
});

test('bufferSizingPanelPlotsMinimumBuffersAndOccupancy', async ({ lab }) => {
  await lab.open();
  await lab.sizing.open();
  await lab.testId('sizing-capacities').fill('180, 200, 300');
  await lab.testId('sizing-run').click();
  await lab.testId('sizing-trace').waitFor({ timeout: 60000 });
  const rows = await lab
    .testId('sizing-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(rows.map((r) => r[0])).toEqual(['180', '200', '300']);
  // every router of the 3-router chain has a finite minimum buffer at every capacity
  for (const r of rows) for (const b of r.slice(1)) expect(Number(b), `buffer ${b}`).toBeGreaterThan(0);
  // three routers' minimum buffers against capacity; three occupancy lines plus b_l and b_u
  expect(await lab.testId('sizing-buffers').getAttribute('data-lines')).toBe('3');
  expect(await lab.testId('sizing-trace').getAttribute('data-lines')).toBe('5');
  await lab.screenshot('lblca-buffer-sizing');
});

/**
 * The Ch. 4 dumbbell's α control sits beside the built-in scenarios while that template is open:
 * picking α (TCP share of the ten sources, 0.2–1.0) regenerates the flows, undoably.
 */
test('ch4DumbbellAlphaControlRegeneratesTheFlows', async ({ lab }) => {
  await lab.open();
  // not offered for other scenarios
  expect(await lab.testId('ch4-alpha-control').count()).toBe(0);
  await lab.controls.openPreset('seed000-ch4-dumbbell');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Seed 000 Ch. 4 dumbbell'));
  const kinds = async (): Promise<string[]> => (await lab.scenario()).flows.map((f) => f.transport.type);
  expect(await lab.testId('ch4-alpha').inputValue()).toBe('0.8');
  expect(await kinds()).toEqual([...Array(8).fill('tcp'), 'udp', 'udp']);
  // the header keeps room for the scenario's name beside the α selector: at 1440 px it is drawn
  // at least 240 px wide (not "Se…"); at 1024 px the header wraps rather than squeezing it
  for (const [width, minTitle] of [
    [1440, 240],
    [1024, 240],
  ]) {
    await lab.page.setViewportSize({ width, height: 900 });
    const head = await lab.page.evaluate(() => {
      const title = document.querySelector('[data-testid="scenario-title"]');
      const header = document.querySelector('.app-header');
      if (!title || !header) throw new Error('no scenario title or header');
      const t = title.getBoundingClientRect();
      const items = [...header.children].map((c) => c.getBoundingClientRect());
      return { title: t.width, right: Math.max(...items.map((b) => b.right)) };
    });
    await lab.screenshot(`lblca-ch4-alpha-header-${width}`);
    expect(head.title, `at ${width} px the scenario title is ${head.title} px wide`).toBeGreaterThanOrEqual(minTitle);
    expect(head.right, `at ${width} px the header runs to ${head.right} px`).toBeLessThanOrEqual(width);
  }
  await lab.page.setViewportSize({ width: 1440, height: 900 });
  const options = await lab
    .testId('ch4-alpha')
    .evaluate((el: HTMLSelectElement) => [...el.options].map((o) => o.value));
  expect(options).toEqual(['0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1']);
  await lab.testId('ch4-alpha').selectOption('0.3');
  await lab.page.waitForFunction(() => window.__cclab.scenario().flows[3].id === 'udp3');
  expect(await kinds()).toEqual([...Array(3).fill('tcp'), ...Array(7).fill('udp')]);
  const sc = await lab.scenario();
  expect(sc.name).toMatch(/α = 0\.3/);
  expect(sc.flows.map((f) => f.id)).toEqual([
    'tcp0',
    'tcp1',
    'tcp2',
    'udp3',
    'udp4',
    'udp5',
    'udp6',
    'udp7',
    'udp8',
    'udp9',
  ]);
  // the new UDP flows send as the template's UDP flows do (CBR of 210-byte datagrams)
  expect(sc.flows[3].app.type).toBe('cbr');
  expect(sc.flows[3].app.params?.packetSize).toBe('182B');
  // the flows panel lists the regenerated flows
  await lab.page.getByText('udp3', { exact: true }).first().waitFor();
  // the run restarts with the new mix: three TCP flows deliver
  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs >= 3e9, undefined, 30000);
  await lab.screenshot('lblca-ch4-alpha');
  if ((await lab.run()).status === 'playing') await lab.controls.playButton.click();
  // undo brings α = 0.8 back
  await lab.press('Control+z');
  await lab.page.waitForFunction(() => window.__cclab.scenario().flows[3].id === 'tcp3');
  expect(await lab.testId('ch4-alpha').inputValue()).toBe('0.8');
  await lab.testId('ch4-alpha').selectOption('1');
  await lab.page.waitForFunction(() => window.__cclab.scenario().flows.every((f) => f.transport.type === 'tcp'));
});

/**
 * At 1024 px with the Ch. 4 dumbbell in the editor, the queue chart's port and view selectors
 * share its header with the PNG/SVG/CSV buttons without overlapping them (nor any other header item).
 */
test('ch4DumbbellChartHeadersFitAt1024', async ({ lab }) => {
  await lab.page.setViewportSize({ width: 1024, height: 768 });
  await lab.open();
  await lab.controls.openPreset('seed000-ch4-dumbbell');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Seed 000 Ch. 4 dumbbell'));
  // A loaded preset plays on only if the run before it was still playing (the first visit's run may
  // not have started yet, or may have ended; it depends on timing), so once the worker has loaded
  // the preset's run (its ten flows in the series) start it when it is not playing.
  await lab.page.waitForFunction(() => window.__cclab.series().flows.length === 10);
  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 0.5e9);
  await lab.testId('queue-chart-port').waitFor();
  expect(await crowdedChartHeads(lab.page), 'chart headers at 1024 px').toEqual([]);
  expect(await overlappingHeadControls(lab.page), 'controls in chart headers at 1024 px').toEqual([]);
  await lab.screenshot('lblca-ch4-charts-1024');
});
