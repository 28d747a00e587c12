import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import type { ScenarioInput } from '@cclab/engine';
import type { ViewTransform } from '../../apps/web/src/state/scenarioStore';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/** A scenario file as the lab exports it: the camera goes in `view.transform`. */
interface ExportedScenario extends ScenarioInput {
  view?: { transform?: ViewTransform };
}

/** The page's window with the real `Storage.prototype.setItem` kept aside by `storageFullIsReportedWithExport`. */
type KeepsSetItem = typeof window & { __realSetItem: Storage['setItem'] };

/** The name of the scenario autosaved in localStorage (undefined when none is saved). */
function savedScenarioName(): string | undefined {
  const saved: Partial<ScenarioInput> = JSON.parse(localStorage.getItem('cclab:scenario:v1') ?? '{}');
  return saved.name;
}

/** What a browser that blocks site data does: reading `localStorage` or `sessionStorage` throws. */
function blockStorage(): void {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException(
          `Failed to read the '${name}' property from 'Window': Access is denied for this document.`,
          'SecurityError',
        );
      },
    });
  }
}

/** Clicks `button` and reads the scenario file it downloads. */
async function downloadedJson(lab: Lab, button: Locator): Promise<ExportedScenario> {
  const [download] = await Promise.all([lab.page.waitForEvent('download'), button.click()]);
  return JSON.parse(await readFile(await download.path(), 'utf8'));
}

/** Storage that throws on access: the lab opens the default scenario and runs, says once that autosave is off, and opens links. */
test('storageBlockedStillOpensAndRuns', async ({ lab, context, baseUrl }) => {
  await context.addInitScript(blockStorage);
  await lab.open();
  await lab.controls.play();
  expect((await lab.scenario()).name).toBe('Two-flow dumbbell');
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 0.5e9);
  const notice = lab.page.locator('[data-notice="autosave"]');
  expect(await notice.innerText()).toMatch(/Autosave is off.*Export/s);
  expect(await notice.innerText()).toMatch(/SecurityError/);
  await lab.screenshot('storage-blocked');

  // Edits work and do not repeat the notice; Export in the notice saves the work (with its camera).
  await lab.testId('scenario-name').fill('Kept only in this tab');
  await lab.page.waitForTimeout(1000);
  expect(await lab.notices.notice.count(), 'the notice is said once').toBe(1);
  const file = await downloadedJson(lab, notice.locator('[data-testid="notice-export"]'));
  expect(file.name).toBe('Kept only in this tab');
  expect(file.links).toStrictEqual((await lab.scenario()).links);
  expect(typeof file.view?.transform?.k).toBe('number');

  // A shared link opens in a browser without storage.
  const shared = { ...(await lab.scenario()), name: 'Shared into a locked-down browser', seed: 99 };
  const hash = await lab.page.evaluate((s) => window.__cclab.encode(s), shared);
  const other = new Lab(await context.newPage(), baseUrl);
  await other.open(`#s=${hash}&play`);
  expect(await other.page.evaluate(() => window.__cclab.startupSource)).toBe('link');
  expect(await other.scenario()).toStrictEqual(shared);
  await other.waitForRun(() => window.__cclab.run().status === 'playing');
});

/** Storage full: the failed autosave is reported with Export; the scenario stays; a later save that fits clears it. */
test('storageFullIsReportedWithExport', async ({ lab }) => {
  await lab.open();
  await lab.page.waitForTimeout(700);
  expect(await lab.notices.notice.count()).toBe(0);
  await lab.page.evaluate(() => {
    const real = Storage.prototype.setItem;
    (window as KeepsSetItem).__realSetItem = real;
    Storage.prototype.setItem = function (k, v) {
      if (this === window.localStorage && v.length > 100)
        throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.", 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
  await lab.testId('scenario-name').fill('Too big for the quota');
  const notice = lab.page.locator('[data-notice="autosave"]');
  await notice.waitFor({ timeout: 3000 });
  expect(await notice.innerText()).toMatch(/Autosave failed.*still open here/s);
  expect(await notice.innerText()).toMatch(/storage for this page is full/);
  expect((await lab.scenario()).name, 'the scenario stays in memory').toBe('Too big for the quota');
  await lab.screenshot('storage-full');
  const file = await downloadedJson(lab, notice.locator('[data-testid="notice-export"]'));
  expect(file.name).toBe('Too big for the quota');

  await lab.page.evaluate(() => {
    Storage.prototype.setItem = (window as KeepsSetItem).__realSetItem;
  });
  await lab.testId('scenario-name').fill('Fits again');
  await lab.page.waitForFunction(() => !document.querySelector('[data-notice="autosave"]'), undefined, {
    timeout: 3000,
  });
  expect(await lab.notices.toast.innerText()).toMatch(/Autosave works again/);
  const saved = await lab.page.evaluate(() => {
    const raw = localStorage.getItem('cclab:scenario:v1');
    if (raw === null) throw new Error('nothing is autosaved');
    const s: ScenarioInput = JSON.parse(raw);
    return s.name;
  });
  expect(saved).toBe('Fits again');
});

/**
 * In one task of the page: types `name` into the scenario's name field as a person would (the
 * input event React listens to), reads the autosaved name, makes the page leave (`pagehide`, or
 * `hidden`: a visibilitychange), and reads it again. Returns [the field's value, saved before,
 * saved after].
 */
function editThenLeave(lab: Lab, name: string, leave: 'pagehide' | 'hidden'): Promise<(string | undefined)[]> {
  return lab.page.evaluate(
    ([name, leave]) => {
      const saved = (): string | undefined =>
        (JSON.parse(localStorage.getItem('cclab:scenario:v1') ?? '{}') as { name?: string }).name;
      const input = document.querySelector<HTMLInputElement>('[data-testid="scenario-name"]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, name);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const before = saved();
      if (leave === 'pagehide') window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      else {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        Reflect.deleteProperty(document, 'visibilityState');
      }
      return [input.value, before, saved()];
    },
    [name, leave] as const,
  );
}

/** An edit made just before the page is hidden or closed is saved at once, and a reload keeps it. */
test('editJustBeforeLeavingIsKept', async ({ lab }) => {
  await lab.open();
  await lab.page.waitForFunction(() => location.hash.startsWith('#s='), undefined, { timeout: 3000 });
  const savedName = (): Promise<string | undefined> => lab.page.evaluate(savedScenarioName);

  // pagehide: saved in the same task, not 400 ms later. The edit, the reads and the event run in
  // one task of the page, so the autosave's 400-ms timer cannot fire between them however slow
  // the machine is.
  const closed = await editThenLeave(lab, 'Edited, then the tab closed', 'pagehide');
  expect(closed[0], 'the field took the edit').toBe('Edited, then the tab closed');
  expect(closed[1], 'not saved before the page left').not.toBe('Edited, then the tab closed');
  expect(closed[2], 'saved as it left').toBe('Edited, then the tab closed');
  // visibilitychange to hidden (a phone switching apps, a tab in the background)
  const hidden = await editThenLeave(lab, 'Edited, then hidden', 'hidden');
  expect(hidden[1], 'not saved before the page was hidden').not.toBe('Edited, then hidden');
  expect(hidden[2], 'saved as it was hidden').toBe('Edited, then hidden');
  expect(await savedName()).toBe('Edited, then hidden');

  // A reload at once: the address bar still holds the link written before the edit, yet the
  // edit is what opens.
  await lab.testId('scenario-name').fill('Edited, then reloaded at once');
  await lab.page.reload();
  await lab.page.waitForFunction(() => window.__cclab !== undefined);
  expect((await lab.scenario()).name).toBe('Edited, then reloaded at once');
  expect(await lab.page.evaluate(() => window.__cclab.startupSource)).toBe('reload');
});
