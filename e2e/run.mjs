// End-to-end runner: serves the built lab, drives Debian's Chromium through playwright-core and
// runs every e2e/tests/*.spec.mjs (each exports named async test functions taking a context).
import { mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serveStatic } from './fixtures/server.mjs';

const here = new URL('.', import.meta.url).pathname;
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
if (!existsSync(dist + 'index.html')) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

await mkdir(here + 'artifacts', { recursive: true });
const server = await serveStatic(dist);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

let passed = 0;
let failed = 0;
const specs = (await readdir(here + 'tests')).filter((f) => f.endsWith('.spec.mjs')).sort();
for (const file of specs) {
  const mod = await import(here + 'tests/' + file);
  for (const [name, fn] of Object.entries(mod)) {
    if (typeof fn !== 'function') continue;
    const title = `${file.replace('.spec.mjs', '')} › ${name}`;
    if (only && !only.test(title)) continue;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const errors = [];
    context.on('page', (p) => {
      p.on('pageerror', (e) => errors.push(String(e)));
      p.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
    });
    const t0 = Date.now();
    try {
      await fn({ browser, context, baseUrl: server.url, errors });
      if (errors.length) throw new Error(`page errors:\n  ${errors.join('\n  ')}`);
      passed++;
      console.log(`✓ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      for (const [i, p] of context.pages().entries()) {
        await p.screenshot({ path: `${here}artifacts/FAILED-${name}-${i}.png` }).catch(() => {});
      }
      console.log(
        `✗ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n  ${String(e?.stack ?? e)
          .split('\n')
          .slice(0, 8)
          .join('\n  ')}`,
      );
    } finally {
      await context.close();
    }
  }
}
await browser.close();
await server.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
