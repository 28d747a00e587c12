import type { ScenarioInput } from '@cclab/engine';
import { defaultScenarioForTests } from '../fixtures/scenarios';
import { expect, test, watchErrors } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/** The default scenario under another name. */
function named(name: string): ReturnType<typeof defaultScenarioForTests> {
  return { ...defaultScenarioForTests(), name };
}

/** Adds the page errors and console errors of `context`'s pages to `errors` (the fixture watches only its own context). */

/** Imports a scenario as a file, the way a user does (the file picker). */
async function importScenario(lab: Lab, scenario: ScenarioInput): Promise<void> {
  await lab.testId('import-file').setInputFiles({
    name: 'work.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await lab.page.waitForFunction((n) => window.__cclab.scenario().name === n, scenario.name);
}

/** Opens Recent work from the Open… list and returns the names listed, newest first. */
async function recentNames(lab: Lab): Promise<string[]> {
  await lab.controls.openPreset('__recent');
  await lab.recent.panel.waitFor();
  return lab.page.locator('[data-testid="recent-entry"] .recent-name').allTextContents();
}

/**
 * A valid link opened over the user's work, two tabs with different work, an
 * invalid edit and a new empty network, each followed by closing the tabs and coming back: nothing
 * is lost; Recent work lists it and opens it again.
 */
test('nothingTheUserMadeIsLost', async ({ browser, baseUrl, errors }) => {
  // one browser profile (storage shared between its tabs), as a user's browser is
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  watchErrors(context, errors);
  try {
    // 1. A valid link opened in the tab that holds imported work.
    const a = new Lab(await context.newPage(), baseUrl);
    await a.open();
    await importScenario(a, named('Lecture 7 network'));
    const hash = await a.page.evaluate((s) => window.__cclab.encode(s), named('Sent by a colleague'));
    await a.page.evaluate((h) => (location.hash = `#s=${h}`), hash);
    await a.page.waitForFunction(() => window.__cclab.scenario().name === 'Sent by a colleague');

    // 2. A second tab imports other work.
    const b = new Lab(await context.newPage(), baseUrl);
    await b.open();
    await importScenario(b, named('Homework draft'));
    await b.page.waitForTimeout(700); // past the autosave delay
    await a.page.waitForTimeout(700);
    await a.page.close({ runBeforeUnload: true });
    await b.page.close({ runBeforeUnload: true });

    // Back again: the newest work opens; the rest is in Recent work.
    const c = new Lab(await context.newPage(), baseUrl);
    await c.open();
    expect((await c.scenario()).name, 'a new tab opens the newest work').toBe('Homework draft');
    const names = await recentNames(c);
    for (const n of ['Homework draft', 'Sent by a colleague', 'Lecture 7 network'])
      expect(names, `“${n}” is in Recent work: ${names.join(', ')}`).toContain(n);
    // and opens again in one click
    await c.page
      .locator('[data-testid="recent-entry"]', { hasText: 'Lecture 7 network' })
      .getByTestId('recent-open')
      .click();
    await c.page.waitForFunction(() => window.__cclab.scenario().name === 'Lecture 7 network');
    expect(await c.scenario()).toStrictEqual(named('Lecture 7 network'));

    // 3. An invalid edit, then a new empty network, then close and reopen.
    await c.canvas.linkHit('r1-r2').click({ force: true });
    await c.inspector.set('link-delay', '-3');
    await c.page.waitForTimeout(700);
    c.page.once('dialog', (dialog) => dialog.accept()); // "Replace your edited network…?"
    await c.controls.openPreset('__empty');
    await c.page.waitForFunction(() => window.__cclab.scenario().nodes.length === 0);
    await c.page.waitForTimeout(700);
    await c.page.close({ runBeforeUnload: true });

    const d = new Lab(await context.newPage(), baseUrl);
    await d.open();
    expect((await d.scenario()).name, 'the last valid work opens, not a blank').toBe('Lecture 7 network');
    const notice = d.page.locator('[data-notice="draft"]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Untitled network/);
    await notice.getByTestId('notice-recent').click();
    await d.recent.panel.waitFor();
    const lecture = d.page
      .locator('[data-testid="recent-entry"]', { hasText: 'Lecture 7 network' })
      .filter({ has: d.page.getByTestId('recent-draft') });
    expect(await lecture.getByTestId('recent-draft').textContent(), 'the invalid edit is its draft').toMatch(/delay/);
    await lecture.getByTestId('recent-open-draft').click();
    await d.page.waitForFunction(() => window.__cclab.scenario().links.some((l) => l.delay === '-3ms'));
    await d.notices.problems.waitFor();
    await d.screenshot('recent-work-draft-reopened');
  } finally {
    await context.close();
  }
});
