// Link impairments by clicking: a lecturer makes the bottleneck bursty and jittery for a lesson on
// lossy paths, reads what the loss chain amounts to, and is told by name what does not fit.
import { expect, test } from '../fixtures/test';

test('burstLossAndJitterByClicking', async ({ lab }) => {
  await lab.open();
  await lab.canvas.linkHit('r1-r2').click({ force: true });
  await lab.inspector.link.waitFor();
  const fold = lab.testId('link-impairments');
  // closed while the link has none, and says what it holds
  expect(await fold.getAttribute('open')).toBeNull();
  await fold.locator('summary').click();
  await lab.inspector.set('link-burst-p', '0.05');
  // p without r: the chain is incomplete, and the field that is missing is named
  await expect(lab.inspector.link).toContainText('burstLoss.r');
  await lab.inspector.set('link-burst-r', '0.25');
  // P(bad) = 0.05 / 0.3 = 1/6 of packets lost, bad periods of 1/0.25 = 4 packets
  await expect(lab.testId('link-burst-summary')).toHaveText(
    '≈ 16.7 % of packets lost; a bad period lasts 4.0 packets on average',
  );
  await lab.inspector.set('link-jitter', '5');
  await lab.testId('link-jitter-distribution').selectOption('normal');
  await lab.testId('link-reorder').check();
  await lab.inspector.set('link-duplicate', '0.01');
  const link = (await lab.scenario()).links.find((l) => l.a === 'r1' && l.b === 'r2')!;
  expect(link.impairments).toEqual({
    burstLoss: { p: 0.05, r: 0.25 },
    jitter: '5ms',
    jitterDistribution: 'normal',
    reorder: true,
    duplicate: 0.01,
  });
  await lab.screenshot('link-impairments');

  // a chain that can never recover is refused by name, beside its field
  await lab.inspector.set('link-burst-r', '0');
  await expect(lab.inspector.link).toContainText('with r = 0 the chain never leaves its bad state');
  await lab.waitForRun(() => window.__cclab.run().status === 'error');
  await lab.inspector.set('link-burst-r', '0.25');
  await lab.waitForRun(() => window.__cclab.run().status !== 'error');

  // the run goes through with them: batch to the end
  await lab.controls.batchButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', undefined, 90000);
});
