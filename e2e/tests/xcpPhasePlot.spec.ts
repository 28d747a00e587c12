import { expect, test } from '../fixtures/test';

/**
 * Seed 003 in the lab: the one-click XCP-beside-TCP preset runs live and the Chiu–Jain phase plot
 * draws the two chosen flows' trajectory toward the fairness and efficiency lines.
 */
test('xcpPresetDrawsThePhasePlot', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('seed003-fig6-aimd-30s');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Seed 003 Fig. 6'));
  const sc = await lab.scenario();
  expect(sc.flows.map((f) => f.id)).toEqual(['xcp0', 'xcp1', 'xcp2', 'tcp']);
  expect(sc.flows[0].transport.params?.xcp).toBe(true);
  expect(sc.links[0].queue?.type).toBe('xcp');
  await lab.testId('phase-flow-2').selectOption({ label: 'xcp1' });
  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  // the plot has drawn a few seconds of trajectory (the status line counts the points it drew)
  await lab.waitForRun(
    () => Number(document.querySelector('[data-testid="phase-status"]')?.getAttribute('data-points') ?? 0) >= 20,
    undefined,
    30000,
  );
  const status = await lab.testId('phase-status').innerText();
  const ratio = Number(status.split('=')[1]);
  // the two XCP flows converge to equal shares: seed 003's max-ratio index near 1
  expect(ratio, `max-ratio index ${status}`).toBeGreaterThanOrEqual(1);
  expect(ratio, `max-ratio index ${status}`).toBeLessThan(1.5);
  // the canvas is not blank: some pixels carry the trajectory's dark blue
  const inked = await lab.page.evaluate(() => {
    const cv = document.querySelector<HTMLCanvasElement>('[data-testid="chart-phase"] canvas');
    const ctx = cv?.getContext('2d');
    if (!cv || !ctx) throw new Error('the phase plot has no 2-d canvas');
    const px = ctx.getImageData(0, 0, cv.width, cv.height).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] < 90 && px[i + 1] < 110 && px[i + 2] > 110) n++;
    return n;
  });
  expect(inked, `trajectory pixels: ${inked}`).toBeGreaterThan(20);
  const text = await lab.charts.exportText('phase', 'svg');
  expect(text).toMatch(/data-line="fairness"/);
  expect(text).toMatch(/data-line="efficiency"/);
  expect(text).toMatch(/data-series="trajectory"/);
  await lab.screenshot('xcp-phase-plot');
  // the XCP router's variables (φ, h, input rate in bit/s; ξ_p, ξ_n) are chartable at its port
  const port = await lab.testId('queue-chart-port').inputValue();
  const phi = await lab.page.evaluate((p) => window.__cclab.portColumn(p, 'disc:phiBps'), port);
  expect(phi.length, `φ recorded at ${port}: ${phi.length} points`).toBeGreaterThan(20);
  expect(
    phi.some((v) => v > 0) && phi.some((v) => v < 0),
    'φ is positive while the flows ramp up and negative once the queue must drain',
  ).toBeTruthy();
  const views = await lab.page.locator('[data-testid="queue-chart-view"] option').allInnerTexts();
  const rateView = views.find((v) => v.includes('φ (aggregate feedback)'));
  if (!rateView) throw new Error(`no view charts φ: ${views.join(' | ')}`);
  await lab.testId('queue-chart-view').selectOption({ label: rateView });
  await lab.page.waitForFunction(
    () =>
      Number(
        document
          .querySelector('[data-testid="chart-queue"] path[data-series="disc:phiBps"]')
          ?.getAttribute('data-points'),
      ) > 20,
    undefined,
    { timeout: 10000 },
  );
  await lab.page
    .locator('[data-testid="chart-queue"]')
    .screenshot({ path: new URL('../artifacts/queue-chart-xcp.png', import.meta.url).pathname });
});
