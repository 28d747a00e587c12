import { expect, test } from '../fixtures/test';
// The lecture kit: the Demos list opens each demo by a click, paused at 0 s with its
// teacher's note; a demo plays; a live-change button of the note is recorded at the run's time;
// edited work is kept unless replaced; presentation mode folds the note to a corner; axe-clean.
// One page does it all (docs/testing.md: every e2e context costs CI seconds).
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { Lab } from '../pages/Lab';

const DEMOS: [id: string, name: string][] = [
  ['slow-start', 'Demo: slow start and the sawtooth'],
  ['rtt-unfairness', 'Demo: RTT unfairness'],
  ['bufferbloat', 'Demo: bufferbloat — FIFO vs CoDel'],
  ['cubic-vs-newreno', 'Demo: CUBIC vs NewReno on a long fat pipe'],
  ['bbr-vs-cubic', 'Demo: BBR vs CUBIC in a shallow buffer'],
  ['incast', 'Demo: incast'],
  ['xcp', 'Demo: XCP vs TCP'],
  ['bursty-loss', 'Demo: bursty loss against random loss'],
  ['wireless-schedulers', 'Demo: base station schedulers — max-SNR vs proportional fair'],
];

/** axe-core on what this feature adds (the whole page is accessibility.spec.mjs's: it takes 15 s here). */
async function noAxeViolations(page: Page, name: string, selector: string): Promise<void> {
  const r = await new AxeBuilder({ page }).include(selector).analyze();
  const lines = r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(lines, `${name}: axe violations`).toEqual([]);
}

const note = (lab: Lab): Locator => lab.page.getByRole('region', { name: 'Teacher’s note' });

test('demosOpenPausedWithTheirNotes', async ({ lab }) => {
  await lab.page.setViewportSize({ width: 1024, height: 768 });
  await lab.open();

  // D opens the list (keyboard), and it is axe-clean
  await lab.press('d');
  await lab.demos.panel.waitFor();
  expect(await lab.page.locator('[data-testid^="demo-open-"]').count()).toBe(DEMOS.length);
  await noAxeViolations(lab.page, 'Demos panel', '#demos-panel');

  for (const [id, name] of DEMOS) {
    await lab.demos.open();
    await lab.testId(`demo-open-${id}`).click();
    // one click: the panel closes, the demo is loaded paused at 0 s, its note is shown
    await lab.demos.panel.waitFor({ state: 'detached' });
    await lab.waitForRun((n) => window.__cclab.scenario().name === n, name);
    await lab.page.waitForSelector('[data-testid="run-status"][data-status="paused"]');
    expect(await lab.controls.status.textContent(), `${id} opens ready at 0 s`).toBe('Ready at 0 s');
    expect((await lab.run()).nowNs, `${id} has not started`).toBe(0);
    expect(await note(lab).textContent(), `${id} shows its note`).toMatch(/Ask the room/);
    // it plays: a short while at the default speed is enough to see time pass without problems
    await lab.controls.playButton.click();
    await lab.waitForRun(() => window.__cclab.run().nowNs > 0.2e9);
    await lab.controls.playButton.click(); // pause
    await lab.waitForRun(() => window.__cclab.run().status !== 'playing');
    expect((await lab.run()).issues, `${id} runs without problems`).toEqual([]);
  }
  await noAxeViolations(lab.page, 'teacher’s note', '[data-testid="demo-note"]');
  await noAxeViolations(lab.page, 'header', '.app-header');

  // a live change from the note, mid-run: recorded as a timed event at the run's time, the run goes on
  await lab.demos.toggle.click();
  await lab.testId('demo-open-bufferbloat').click();
  await lab.waitForRun(() => window.__cclab.scenario().name?.startsWith('Demo: bufferbloat'));
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 1e9);
  const change = note(lab).getByRole('button', { name: 'Switch the CoDel lane to FQ-CoDel' });
  await change.click();
  await lab.waitForRun(() => (window.__cclab.scenario().events ?? []).length === 1);
  const events = (await lab.scenario()).events ?? [];
  const at = parseFloat(String(events[0].at));
  expect(at, `recorded at the run's time (${events[0].at})`).toBeGreaterThanOrEqual(1);
  // one change for the whole link (set the same both ways, it stays so)
  expect(events.map((e) => [e.link, e.direction, e.queue?.type])).toEqual([['a2-b2', undefined, 'fq-codel']]);
  expect((await lab.scenario()).links.find((l) => l.a === 'a2')?.queue?.type, 'the scenario keeps its start').toBe(
    'codel',
  );
  await lab.waitForRun((t) => window.__cclab.run().nowNs > t * 1e9 + 0.3e9, at);
  expect((await lab.run()).status, 'the run went on').toBe('playing');
  expect(await change.isDisabled(), 'the change shows as in effect').toBeTruthy();
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status !== 'playing');

  // presentation mode: the sidebar's note gives way to a folded one in the network view's corner
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  const toggle = lab.testId('demo-note-toggle');
  expect(await toggle.getAttribute('aria-expanded'), 'folded while presenting').toBe('false');
  const box = await note(lab).boundingBox();
  const view = await lab.page.locator('.editor').boundingBox();
  if (!box || !view) throw new Error('the teacher’s note and the network view are on screen');
  expect(box.width < 260 && box.height < 60, `a small corner button (${JSON.stringify(box)})`).toBeTruthy();
  expect(
    box.x >= view.x - 1 && box.x + box.width <= view.x + view.width + 1 && box.y >= view.y - 1,
    'in the network view’s corner',
  ).toBeTruthy();
  // folded, it covers nothing the audience reads: no entry of the glyph key, no node, no caption
  const covered = await lab.page.evaluate((b) => {
    const hit = (r: DOMRect): boolean =>
      r.left < b.x + b.width && b.x < r.right && r.top < b.y + b.height && b.y < r.bottom;
    return [...document.querySelectorAll<HTMLElement | SVGElement>('.drop-legend-item, [data-node], .link-label')]
      .filter((e) => e.getClientRects().length > 0 && hit(e.getBoundingClientRect()))
      .map((e) => e.dataset.node ?? e.textContent);
  }, box);
  expect(covered, 'the folded note covers no key entry, node or caption').toEqual([]);
  await toggle.click();
  expect(
    await note(lab)
      .getByRole('button', { name: /Switch the FIFO lane to CoDel/ })
      .isVisible(),
  ).toBeTruthy();
  await noAxeViolations(lab.page, 'note in presentation mode', '[data-testid="demo-note"]');
  await lab.screenshot('demos-presenting-note');
  await toggle.click();
  await lab.press('p');
  await lab.page.waitForSelector('.app:not(.presenting)');

  // edited work (the live change) is not replaced without asking; Keep my work keeps it
  await lab.demos.toggle.click();
  await lab.testId('demo-open-xcp').click();
  const ask = lab.page.getByRole('alertdialog', { name: 'Replace the scenario in the editor?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep my work' }).click();
  expect((await lab.scenario()).events, 'the work is kept').toHaveLength(1);
  await lab.testId('demo-open-xcp').click();
  await ask.getByRole('button', { name: 'Replace' }).click();
  await lab.waitForRun(() => window.__cclab.scenario().name === 'Demo: XCP vs TCP');
  // Ctrl+Z brings the edited bufferbloat back, with its recorded change
  await lab.press('Control+z');
  await lab.waitForRun(() => window.__cclab.scenario().name?.startsWith('Demo: bufferbloat'));
  expect((await lab.scenario()).events).toHaveLength(1);
});
