// axe-core on the lab's main views (issue 15): zero violations.
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { LabPage } from '../fixtures/LabPage.mjs';

async function violations(page, name) {
  const r = await new AxeBuilder({ page }).analyze();
  const lines = r.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  assert.deepEqual(lines, [], `${name}: axe violations`);
}

/** The editor as it opens, the inspector with a link and with a flow, presentation mode, and a comparison. */
export async function mainViewsHaveNoAxeViolations({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await lab.waitForRun(() => window.__cclab.run().nowNs > 1e9);
  await lab.press(' ');
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  await violations(lab.page, 'editor');

  const a = await lab.nodeCentre('r1');
  const b = await lab.nodeCentre('r2');
  await lab.page.mouse.click((a.x + b.x) / 2, (a.y + b.y) / 2);
  await lab.testId('link-inspector').waitFor();
  await violations(lab.page, 'inspector (link)');
  const flow = (await lab.scenario()).flows[0].id;
  await lab.testId(`flow-${flow}`).click();
  await lab.testId('flow-inspector').waitFor();
  await violations(lab.page, 'inspector (flow)');

  await lab.press('Escape');
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  await violations(lab.page, 'presentation');
  await lab.press('p');
  await lab.page.waitForSelector('.app:not(.presenting)');

  await lab.page.getByRole('button', { name: 'Compare' }).click();
  await lab.testId('compare-table').waitFor();
  await violations(lab.page, 'compare');
}
