// Renders public/icons/icon.svg to the PNG sizes the web manifest lists, with the Chromium the
// e2e tests use. Run by hand after changing the icon (`node apps/web/pwa/renderIcons.mjs`); the
// PNGs are committed, so neither install nor build needs a browser or the network.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const icons = new URL('../../../public/icons/', import.meta.url);
const svg = await readFile(new URL('icon.svg', icons), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
for (const size of [180, 192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: new URL(`icon-${size}.png`, icons).pathname, omitBackground: true });
  await page.close();
}
await browser.close();
