import type { ScenarioInput } from '@cclab/engine';
import { linkBomb } from '../fixtures/linkBomb.mjs';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/** The link data (`#s=…`) of `scenario`, as the lab encodes it. */
async function encode(lab: Lab, scenario: ScenarioInput): Promise<string> {
  return lab.page.evaluate((s) => window.__cclab.encode(s), scenario);
}

/** A flow colour that is a CSS url(): opening the link fetches nothing from that address, and the field is named. */
test('colourFromLinkFetchesNothing', async ({ lab, context, baseUrl }) => {
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const first = new Lab(await context.newPage(), baseUrl);
  await first.open();
  const s = await first.scenario();
  s.flows[0].color = 'url(//evil.test/leak.png)';
  s.flows[1].color = 'red;background:url(//evil.test)';
  const hash = await encode(first, s);
  await lab.open(`#s=${hash}`);
  // Everything that shows a flow's colour: the flows list, the inspector, packets and charts.
  await lab.page.waitForTimeout(1500);
  if ((await lab.testId('flow-f0').count()) > 0) await lab.testId('flow-f0').click();
  await lab.page.waitForTimeout(500);
  expect(requests.filter((u) => u.includes('evil.test'))).toEqual([]);
  const text = (await lab.notices.notice.allInnerTexts()).join('\n') + (await lab.page.innerText('body'));
  expect(text).toMatch(/flows\[0\]\.color/);
});

/** A link that expands to 10 M characters (from 8.3 k) is refused before it is expanded; the earlier work is kept and offered back. */
test('linkBombIsRefused', async ({ lab, context, baseUrl }) => {
  await lab.open();
  await lab.testId('scenario-name').fill('Work worth keeping');
  await lab.page.waitForTimeout(700);
  const { link, decodedChars } = linkBomb(10_000_000);
  expect(link.length).toBeLessThan(9000);
  expect(decodedChars).toBeGreaterThan(10_000_000);

  const other = new Lab(await context.newPage(), baseUrl);
  await other.open(`#s=${link}`);
  const notice = other.notices.notice.first();
  expect(await notice.innerText()).toMatch(/does not hold a usable scenario/);
  expect(await notice.innerText()).toMatch(/expands to more than 2,000,000 characters/);
  await other.screenshot('link-too-large');
  await other.testId('restore-backup').click();
  await other.page.waitForFunction(() => window.__cclab.scenario().name === 'Work worth keeping');

  // The same link pasted into the address bar of the open lab: refused, the work unchanged.
  const before = await lab.scenario();
  await lab.page.evaluate((l) => {
    location.hash = `s=${l}`;
  }, link);
  await lab.page.locator('[data-notice="pasted-link"]').waitFor();
  expect(await lab.page.locator('[data-notice="pasted-link"]').innerText()).toMatch(/your current work is unchanged/);
  expect(await lab.scenario()).toStrictEqual(before);
});

/** A link longer than the limit is refused with the limit named. */
test('overlongLinkIsRefused', async ({ lab }) => {
  await lab.open(`#s=${'N4Ig'.repeat(40_000)}`);
  const text = await lab.notices.notice.first().innerText();
  expect(text).toMatch(/the link holds 160,000 characters of scenario data; links are limited to 100,000/);
  expect((await lab.scenario()).name).toBe('Two-flow dumbbell');
});

/** A scenario too large for a link: Copy link says so and offers Export; the address bar no longer holds a stale link. */
test('tooLargeToShareOffersExport', async ({ lab }) => {
  await lab.open();
  const big = await lab.scenario();
  // 600 extra routers labelled with 200 characters that do not compress (a pseudo-random walk
  // over CJK letters): a valid scenario whose link would be several hundred thousand characters
  let seed = 7;
  const noise = () =>
    Array.from({ length: 200 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(0x4e00 + (seed % 20000));
    }).join('');
  for (let i = 0; i < 600; i++) big.nodes.push({ id: `x${i}`, kind: 'router', x: i, y: -200, label: noise() });
  big.name = 'Big lecture network';
  await lab.testId('import-file').setInputFiles({
    name: 'big.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(big)),
  });
  await lab.page.waitForFunction(() => window.__cclab.scenario().name === 'Big lecture network');
  await lab.page.waitForFunction(() => !location.hash.includes('s='), undefined, { timeout: 3000 });
  await lab.page.evaluate(() => navigator.clipboard.writeText('before'));
  await lab.testId('copy-link').click();
  const notice = lab.page.locator('[data-notice="share-link"]');
  await notice.waitFor();
  expect(await notice.innerText()).toMatch(/too large to share as a link.*Export it to a file/s);
  expect(await notice.innerText()).toMatch(/its link would be [\d,]+ characters long; links are limited to 100,000/);
  expect(await lab.page.evaluate(() => navigator.clipboard.readText()), 'nothing was copied').toBe('before');
  await lab.screenshot('too-large-to-share');
  const [download] = await Promise.all([
    lab.page.waitForEvent('download'),
    notice.locator('[data-testid="notice-export"]').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^big-lecture-network\.cclab\.json$/);
});

/** A link pasted into the address bar of an open lab opens there (the page does not reload), and undo brings the work back. */
test('pastedLinkOpensInPlace', async ({ lab }) => {
  await lab.open();
  await lab.page.waitForTimeout(700);
  const mine = await lab.scenario();
  const shared = { ...mine, name: 'Pasted from a chat', seed: 5 };
  const hash = await encode(lab, shared);
  await lab.page.evaluate((h) => {
    location.hash = `s=${h}`;
  }, hash);
  await lab.page.waitForFunction(() => window.__cclab.scenario().name === 'Pasted from a chat');
  expect(await lab.scenario()).toStrictEqual(shared);
  await lab.canvas.svg.focus();
  await lab.press('Control+z');
  expect(await lab.scenario()).toStrictEqual(mine);
});

/** An exercise or sweep in a link that cannot be used is named in a notice; the lab opens without it. */
test('badExerciseAndSweepLinksAreNamed', async ({ lab, context, baseUrl }) => {
  await lab.open('#ex=no-such&v=1');
  const notice = lab.page.locator('[data-notice="link-parts"]');
  await notice.waitFor();
  expect(await notice.innerText()).toMatch(/no exercise “no-such”/);
  const other = new Lab(await context.newPage(), baseUrl);
  await other.open('#sweep=zzzz');
  const n2 = other.page.locator('[data-notice="link-parts"]');
  await n2.waitFor();
  expect(await n2.innerText()).toMatch(/sweep in the link is damaged/);
  expect((await other.scenario()).name, 'the lab opened as it would without the link').toBe('Two-flow dumbbell');
});
