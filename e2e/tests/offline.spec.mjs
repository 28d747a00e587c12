// Works in any classroom: once visited, the lab works offline (a service worker caches the built
// app), offers a new build with "Reload", and offers to install itself.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabPage } from '../fixtures/LabPage.mjs';
import { serveStatic } from '../fixtures/server.mjs';

// the runner blocks service workers in other specs (they cost every page load a precache)
export const serviceWorkers = 'allow';

const dist = new URL('../../apps/web/dist/', import.meta.url).pathname;

/** Waits until a service worker controls the page and has cached the build; returns the cache names. */
async function waitForOfflineReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return page.evaluate(() => caches.keys());
}

/**
 * Visit once, go offline, reload: the page comes from the service worker's cache and the default
 * scenario loads and runs (its simulation worker is a cached file too). The web manifest names
 * the app and lists its icons, each of which is served.
 */
export async function worksOfflineOnceVisited({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  const cachesOnline = await waitForOfflineReady(lab.page);
  assert.equal(cachesOnline.length, 1, `one cache for this build: ${cachesOnline}`);
  assert.match(cachesOnline[0], /^cclab-[0-9a-f]{16}$/);

  const manifest = await lab.page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]').href;
    const m = await (await fetch(href)).json();
    const icons = [];
    for (const i of m.icons) icons.push({ ...i, status: (await fetch(new URL(i.src, href))).status });
    return { ...m, icons };
  });
  assert.equal(manifest.short_name, 'cclab');
  assert.equal(manifest.display, 'standalone');
  const sizes = manifest.icons.map((i) => i.sizes);
  for (const s of ['192x192', '512x512']) assert.ok(sizes.includes(s), `an icon of ${s}: ${sizes}`);
  for (const i of manifest.icons) assert.equal(i.status, 200, `${i.src} is served`);

  await context.setOffline(true);
  const nav = await lab.page.reload();
  assert.ok(nav.fromServiceWorker(), 'offline, the page comes from the service worker');
  await lab.page.waitForFunction(() => window.__cclab !== undefined);
  assert.equal((await lab.scenario()).name, 'Two-flow dumbbell');
  // a reload opens paused at 0 s like any opening; Play runs it from the cached worker
  await lab.play();
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 1e9);
  const series = await lab.series();
  assert.ok(series.flows[0].t.length > 5, 'the default scenario runs offline and draws its charts');
  assert.equal(await lab.page.evaluate(() => navigator.onLine), false, 'the browser is offline');
  await lab.screenshot('offline-reloaded');
  await context.setOffline(false);
}

/**
 * A new build deployed while the lab is open: its service worker installs and waits, the page
 * says "A new version of cclab is available" with Reload; Reload switches to it (the old build's
 * cache is deleted) and the lab reloads. Nothing switches without the click.
 */
export async function newBuildIsOfferedWithReload({ context }) {
  const dir = await mkdtemp(join(tmpdir(), 'cclab-deploy-'));
  await cp(dist, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const server = await serveStatic(dir);
  try {
    const lab = new LabPage(await context.newPage(), server.url);
    await lab.open();
    const [first] = await waitForOfflineReady(lab.page);
    assert.equal(await lab.testId('update-notice').count(), 0, 'the first visit is not an update');

    // deploy: a new build is a new sw.js (its version names its files' contents)
    const sw = await readFile(join(dir, 'sw.js'), 'utf8');
    const oldVersion = first.replace('cclab-', '');
    await writeFile(join(dir, 'sw.js'), sw.replace(`'${oldVersion}'`, `'${oldVersion}next'`));
    await lab.page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await lab.testId('update-notice').waitFor({ timeout: 30000 });
    assert.match(await lab.testId('update-notice').innerText(), /new version of cclab is available/);
    assert.deepEqual(await lab.page.evaluate(() => caches.keys()).then((k) => k.sort()), [
      first,
      `cclab-${oldVersion}next`,
    ]);
    await lab.page.waitForTimeout(500);
    assert.ok(await lab.testId('update-notice').isVisible(), 'the old build runs on until Reload');
    await lab.screenshot('offline-update-notice');

    await Promise.all([lab.page.waitForEvent('load'), lab.testId('update-reload').click()]);
    await lab.page.waitForFunction(() => window.__cclab !== undefined);
    assert.deepEqual(await lab.page.evaluate(() => caches.keys()), [`cclab-${oldVersion}next`], 'old cache deleted');
    assert.equal(await lab.testId('update-notice').count(), 0);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The browser's install prompt (`beforeinstallprompt`) shows an Install button that opens it once. */
export async function installButtonOpensTheBrowsersPrompt({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  assert.equal(await lab.testId('install-app').count(), 0, 'no button before the browser offers to install');
  await lab.page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    e.prompt = () => {
      window.__prompted = (window.__prompted ?? 0) + 1;
      return Promise.resolve({ outcome: 'accepted' });
    };
    window.dispatchEvent(e);
    window.__installDefaultPrevented = e.defaultPrevented;
  });
  assert.equal(await lab.page.evaluate(() => window.__installDefaultPrevented), true, "the browser's own bar waits");
  await lab.testId('install-app').click();
  assert.equal(await lab.page.evaluate(() => window.__prompted), 1);
  assert.equal(await lab.testId('install-app').count(), 0, 'a prompt is shown once');
}
