// axe-core on the lab's views: zero violations, on every panel.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { Drawer } from '../pages/Drawer';

/** Violations on the page, or only within `include` (selectors: what changed since the whole page was checked). */
async function violations(page: Page, name: string, include: string[] = []): Promise<void> {
  const axe = new AxeBuilder({ page });
  for (const sel of include) axe.include(sel);
  const r = await axe.analyze();
  const lines = r.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  expect(lines, `${name}: axe violations`).toEqual([]);
}

/**
 * The editor (with a node, a link and a flow selected), presentation mode, a comparison, every
 * drawer (Exercises: the list and an open exercise; Reproductions: the list and an open entry;
 * Sweep; Trace; Buffer sizing), and the split view (and presenting). Each drawer is opened with
 * the mouse, which then rests on its header button: the hovered button is checked too.
 */
test('mainViewsHaveNoAxeViolations', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 1e9);
  await lab.press(' ');
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await violations(lab.page, 'editor');

  const r1 = await lab.canvas.nodeCentre('r1');
  await lab.page.mouse.click(r1.x, r1.y);
  await lab.inspector.node.waitFor();
  const editing = ['[data-testid="topology"]', '.sidebar'];
  await violations(lab.page, 'inspector (node)', editing);
  const a = await lab.canvas.nodeCentre('r1');
  const b = await lab.canvas.nodeCentre('r2');
  await lab.page.mouse.click((a.x + b.x) / 2, (a.y + b.y) / 2);
  await lab.inspector.link.waitFor();
  await violations(lab.page, 'inspector (link)', editing);
  const flow = (await lab.scenario()).flows[0].id;
  await lab.testId(`flow-${flow}`).click();
  await lab.inspector.flow.waitFor();
  await violations(lab.page, 'inspector (flow)', editing);

  await lab.press('Escape');
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  await violations(lab.page, 'presentation');
  await lab.press('p');
  await lab.page.waitForSelector('.app:not(.presenting)');

  await lab.page.getByRole('button', { name: 'Compare' }).click();
  await lab.testId('compare-table').waitFor();
  await violations(lab.page, 'compare', ['.sidebar']);

  // the drawers (each with the header, whose button the mouse rests on)
  await lab.exercises.open();
  await violations(lab.page, 'Exercises (list)', ['.app-header', '[data-testid="exercises-panel"]']);
  await lab.page.locator('.exercises-panel .link-button').first().click();
  await lab.testId('exercise-view').waitFor();
  await violations(lab.page, 'Exercises (an exercise)', ['[data-testid="exercises-panel"]']);
  await lab.exercises.close();
  await lab.reproductions.open();
  await violations(lab.page, 'Reproductions (list)', ['.app-header', '[data-testid="reproductions-panel"]']);
  await lab.page.locator('.reproduction-open').first().click();
  await lab.testId('reproduction-entry').waitFor();
  await violations(lab.page, 'Reproductions (an entry)', ['[data-testid="reproductions-panel"]']);
  await lab.reproductions.close();
  for (const [drawer, name] of [
    [new Drawer(lab.page, 'sweep'), 'Sweep'],
    [new Drawer(lab.page, 'trace'), 'Trace'],
    [lab.sizing, 'Buffer sizing'],
  ] as const) {
    await drawer.open();
    await violations(lab.page, name, ['.app-header', `[data-testid="${drawer.name}-panel"]`]);
    await drawer.close();
  }

  // the split view, and presenting it
  await lab.split.openButton.click();
  await expect(lab.split.playButton).toBeEnabled({ timeout: 20000 });
  await violations(lab.page, 'split view');
  await lab.page.locator('.split-heading').click();
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  await violations(lab.page, 'split view, presenting');
});
