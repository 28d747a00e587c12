import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { LabPage } from '../fixtures/LabPage.mjs';

/** What a browser that blocks site data does: reading `localStorage` or `sessionStorage` throws. */
function blockStorage() {
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

async function downloadedJson(lab, button) {
  const [download] = await Promise.all([lab.page.waitForEvent('download'), button.click()]);
  return JSON.parse(await readFile(await download.path(), 'utf8'));
}

/** Storage that throws on access: the lab opens the default scenario and runs, says once that autosave is off, and opens links. */
export async function storageBlockedStillOpensAndRuns({ context, baseUrl }) {
  await context.addInitScript(blockStorage);
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  assert.equal((await lab.scenario()).name, 'Two-flow dumbbell');
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 0.5e9);
  const notice = lab.page.locator('[data-notice="autosave"]');
  assert.match(await notice.innerText(), /Autosave is off.*Export/s);
  assert.match(await notice.innerText(), /SecurityError/);
  await lab.screenshot('storage-blocked');

  // Edits work and do not repeat the notice; Export in the notice saves the work (with its camera).
  await lab.testId('scenario-name').fill('Kept only in this tab');
  await lab.page.waitForTimeout(1000);
  assert.equal(await lab.testId('notice').count(), 1, 'the notice is said once');
  const file = await downloadedJson(lab, notice.locator('[data-testid="notice-export"]'));
  assert.equal(file.name, 'Kept only in this tab');
  assert.deepEqual(file.links, (await lab.scenario()).links);
  assert.equal(typeof file.view.transform.k, 'number');

  // A shared link opens in a browser without storage.
  const shared = { ...(await lab.scenario()), name: 'Shared into a locked-down browser', seed: 99 };
  const hash = await lab.page.evaluate((s) => window.__cclab.encode(s), shared);
  const other = new LabPage(await context.newPage(), baseUrl);
  await other.open(`#s=${hash}&play`);
  assert.equal(await other.page.evaluate(() => window.__cclab.startupSource), 'link');
  assert.deepEqual(await other.scenario(), shared);
  await other.waitForRun(() => window.__cclab.run().status === 'playing');
}

/** Storage full: the failed autosave is reported with Export; the scenario stays; a later save that fits clears it. */
export async function storageFullIsReportedWithExport({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.page.waitForTimeout(700);
  assert.equal(await lab.testId('notice').count(), 0);
  await lab.page.evaluate(() => {
    const real = Storage.prototype.setItem;
    window.__realSetItem = real;
    Storage.prototype.setItem = function (k, v) {
      if (this === window.localStorage && v.length > 100)
        throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.", 'QuotaExceededError');
      return real.call(this, k, v);
    };
  });
  await lab.testId('scenario-name').fill('Too big for the quota');
  const notice = lab.page.locator('[data-notice="autosave"]');
  await notice.waitFor({ timeout: 3000 });
  assert.match(await notice.innerText(), /Autosave failed.*still open here/s);
  assert.match(await notice.innerText(), /storage for this page is full/);
  assert.equal((await lab.scenario()).name, 'Too big for the quota', 'the scenario stays in memory');
  await lab.screenshot('storage-full');
  const file = await downloadedJson(lab, notice.locator('[data-testid="notice-export"]'));
  assert.equal(file.name, 'Too big for the quota');

  await lab.page.evaluate(() => {
    Storage.prototype.setItem = window.__realSetItem;
  });
  await lab.testId('scenario-name').fill('Fits again');
  await lab.page.waitForFunction(() => !document.querySelector('[data-notice="autosave"]'), undefined, {
    timeout: 3000,
  });
  assert.match(await lab.testId('toast').innerText(), /Autosave works again/);
  const saved = await lab.page.evaluate(() => JSON.parse(localStorage.getItem('cclab:scenario:v1')).name);
  assert.equal(saved, 'Fits again');
}

/** An edit made just before the page is hidden or closed is saved at once, and a reload keeps it. */
export async function editJustBeforeLeavingIsKept({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.page.waitForFunction(() => location.hash.startsWith('#s='), undefined, { timeout: 3000 });
  const savedName = () => lab.page.evaluate(() => JSON.parse(localStorage.getItem('cclab:scenario:v1') ?? '{}').name);

  // pagehide: saved in the same task, not 400 ms later
  await lab.testId('scenario-name').fill('Edited, then the tab closed');
  assert.notEqual(await savedName(), 'Edited, then the tab closed');
  await lab.page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  assert.equal(await savedName(), 'Edited, then the tab closed');

  // visibilitychange to hidden (a phone switching apps, a tab in the background)
  await lab.testId('scenario-name').fill('Edited, then hidden');
  await lab.page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete document.visibilityState;
  });
  assert.equal(await savedName(), 'Edited, then hidden');

  // A reload at once: the address bar still holds the link written before the edit, yet the
  // edit is what opens.
  await lab.testId('scenario-name').fill('Edited, then reloaded at once');
  await lab.page.reload();
  await lab.page.waitForFunction(() => window.__cclab !== undefined);
  assert.equal((await lab.scenario()).name, 'Edited, then reloaded at once');
  assert.equal(await lab.page.evaluate(() => window.__cclab.startupSource), 'reload');
}
