// Works in any classroom: once visited, the lab works offline (a service worker caches the built
// app), offers a new build with "Reload", and offers to install itself.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serveStatic } from '../fixtures/server';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

// the runner blocks service workers in other specs (they cost every page load a precache)
test.use({ serviceWorkers: 'allow' });

const dist = new URL('../../apps/web/dist/', import.meta.url).pathname;

/** What the tests read of the web manifest. */
interface ManifestIcon {
  src: string;
  sizes: string;
}
interface WebManifest {
  short_name: string;
  display: string;
  icons: ManifestIcon[];
}

/** The page's window with what `installButtonOpensTheBrowsersPrompt` records of the install prompt. */
type PromptWatch = typeof window & { __prompted?: number; __installDefaultPrevented?: boolean };

/** Waits until a service worker controls the page and has cached the build; returns the cache names. */
async function waitForOfflineReady(page: Page): Promise<string[]> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return page.evaluate(() => caches.keys());
}

/**
 * Visit once, go offline, reload: the page comes from the service worker's cache and the default
 * scenario loads and runs (its simulation worker is a cached file too). The web manifest names
 * the app and lists its icons, each of which is served.
 */
test('worksOfflineOnceVisited', async ({ lab, context }) => {
  await lab.open();
  await lab.controls.play();
  const cachesOnline = await waitForOfflineReady(lab.page);
  expect(cachesOnline.length, `one cache for this build: ${cachesOnline}`).toBe(1);
  expect(cachesOnline[0]).toMatch(/^cclab-[0-9a-f]{16}$/);

  const manifest = await lab.page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) throw new Error('the page links no web manifest');
    const href = link.href;
    const m: WebManifest = await (await fetch(href)).json();
    const icons: (ManifestIcon & { status: number })[] = [];
    for (const i of m.icons) icons.push({ ...i, status: (await fetch(new URL(i.src, href))).status });
    return { ...m, icons };
  });
  expect(manifest.short_name).toBe('cclab');
  expect(manifest.display).toBe('standalone');
  const sizes = manifest.icons.map((i) => i.sizes);
  for (const s of ['192x192', '512x512']) expect(sizes, `an icon of ${s}: ${sizes}`).toContain(s);
  for (const i of manifest.icons) expect(i.status, `${i.src} is served`).toBe(200);

  await context.setOffline(true);
  const nav = await lab.page.reload();
  if (!nav) throw new Error('the reload got no response');
  expect(nav.fromServiceWorker(), 'offline, the page comes from the service worker').toBeTruthy();
  await lab.page.waitForFunction(() => window.__cclab !== undefined);
  expect((await lab.scenario()).name).toBe('Two-flow dumbbell');
  // a reload opens paused at 0 s like any opening; Play runs it from the cached worker
  await lab.controls.play();
  await lab.waitForRun(() => window.__cclab.run().status === 'playing' && window.__cclab.run().nowNs > 1e9);
  const series = await lab.series();
  expect(series.flows[0].t.length, 'the default scenario runs offline and draws its charts').toBeGreaterThan(5);
  expect(await lab.page.evaluate(() => navigator.onLine), 'the browser is offline').toBe(false);
  await lab.screenshot('offline-reloaded');
  await context.setOffline(false);
});

/**
 * A new build deployed while the lab is open: its service worker installs and waits, the page
 * says "A new version of cclab is available" with Reload; Reload switches to it (the old build's
 * cache is deleted) and the lab reloads. Nothing switches without the click.
 */
test('newBuildIsOfferedWithReload', async ({ context }) => {
  const dir = await mkdtemp(join(tmpdir(), 'cclab-deploy-'));
  await cp(dist, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const server = await serveStatic(dir);
  try {
    const lab = new Lab(await context.newPage(), server.url);
    await lab.open();
    const [first] = await waitForOfflineReady(lab.page);
    expect(await lab.notices.update.count(), 'the first visit is not an update').toBe(0);

    // deploy: a new build is a new sw.js (its version names its files' contents)
    const sw = await readFile(join(dir, 'sw.js'), 'utf8');
    const oldVersion = first.replace('cclab-', '');
    await writeFile(join(dir, 'sw.js'), sw.replace(`'${oldVersion}'`, `'${oldVersion}next'`));
    await lab.page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      if (!r) throw new Error('no service worker is registered');
      await r.update();
    });
    await lab.notices.update.waitFor({ timeout: 30000 });
    expect(await lab.notices.update.innerText()).toMatch(/new version of cclab is available/);
    expect(await lab.page.evaluate(() => caches.keys()).then((k) => k.sort())).toEqual([
      first,
      `cclab-${oldVersion}next`,
    ]);
    await lab.page.waitForTimeout(500);
    expect(await lab.notices.update.isVisible(), 'the old build runs on until Reload').toBeTruthy();
    await lab.screenshot('offline-update-notice');

    await Promise.all([lab.page.waitForEvent('load'), lab.testId('update-reload').click()]);
    await lab.page.waitForFunction(() => window.__cclab !== undefined);
    expect(await lab.page.evaluate(() => caches.keys()), 'old cache deleted').toEqual([`cclab-${oldVersion}next`]);
    expect(await lab.notices.update.count()).toBe(0);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

/** The browser's install prompt (`beforeinstallprompt`) shows an Install button that opens it once. */
test('installButtonOpensTheBrowsersPrompt', async ({ lab }) => {
  await lab.open();
  expect(await lab.testId('install-app').count(), 'no button before the browser offers to install').toBe(0);
  await lab.page.evaluate(() => {
    const w = window as PromptWatch;
    const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompted = (w.__prompted ?? 0) + 1;
        return Promise.resolve({ outcome: 'accepted' });
      },
    });
    w.dispatchEvent(e);
    w.__installDefaultPrevented = e.defaultPrevented;
  });
  expect(
    await lab.page.evaluate(() => (window as PromptWatch).__installDefaultPrevented),
    "the browser's own bar waits",
  ).toBe(true);
  await lab.testId('install-app').click();
  expect(await lab.page.evaluate(() => (window as PromptWatch).__prompted)).toBe(1);
  expect(await lab.testId('install-app').count(), 'a prompt is shown once').toBe(0);
});
