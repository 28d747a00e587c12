import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures/test';

/**
 * The sample files in public/samples/ are linked where the lab imports files (the Sweep and
 * Exercises panels) and download from the built lab byte for byte as they are in the repository.
 */
test('sampleFilesAreLinkedWhereFilesAreImported', async ({ lab }) => {
  const page = lab.page;
  await lab.open();
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  const links = page.getByRole('region', { name: 'Sweep' }).locator('[data-testid="sample-files"] a');
  const found = await links.evaluateAll((as: HTMLAnchorElement[]) =>
    as.map((a) => ({ kind: a.dataset.sample, href: a.href, file: a.download })),
  );
  expect(found.map((l) => l.kind).sort()).toEqual(['exercise', 'scenario', 'sweep', 'trace']);
  for (const l of found) {
    const served = await page.evaluate(async (href) => {
      const r = await fetch(href);
      return { status: r.status, text: await r.text() };
    }, l.href);
    expect(served.status, l.href).toBe(200);
    const local = await readFile(new URL(`../../public/samples/${l.file}`, import.meta.url), 'utf8');
    expect(served.text, `${l.file} is served as it is in public/samples`).toBe(local);
  }
  await lab.screenshot('sample-files-sweep-panel');
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await page.getByRole('button', { name: 'Exercises', exact: true }).click();
  await page.locator('.exercise-actions + [data-testid="sample-files"]').waitFor();
  await lab.screenshot('sample-files-exercises-panel');
});
