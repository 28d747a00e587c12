import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

/** A file that is not JSON, and one with an impossible rate, are refused with a clear message; nothing is lost. */
test('importBadFileShowsErrorAndKeepsWork', async ({ lab }) => {
  await lab.open();
  const before = await lab.scenario();
  await lab.testId('import-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 1, "nodes": ['),
  });
  const notice = lab.notices.notice.first();
  await notice.waitFor();
  expect(await notice.innerText()).toMatch(/broken\.json.*not a valid scenario/s);
  expect(await notice.innerText()).toMatch(/not valid JSON/);
  expect(await lab.scenario(), 'the current scenario is unchanged').toStrictEqual(before);

  const bad = structuredClone(before);
  delete bad.view;
  bad.links[0].rate = 'fast';
  bad.flows[1].transport.cc = 'warp-drive';
  await lab
    .testId('import-file')
    .setInputFiles({ name: 'bad-rate.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const second = lab.notices.notice.nth(1);
  await second.waitFor();
  const text = await second.innerText();
  expect(text).toMatch(/links\[0\]\.rate/);
  expect(text).toMatch(/"fast"/);
  expect(text).toMatch(/flows\[1\]\.transport\.cc/);
  expect(text).toMatch(/warp-drive/);
  expect(await lab.scenario()).toStrictEqual(before);
  await lab.screenshot('import-bad-file');
});

/** A good file dropped on the page opens; its missing coordinates get an automatic layout. */
test('dropScenarioFileOpensItWithLayout', async ({ lab }) => {
  await lab.open();
  const scenario = {
    version: 1,
    name: 'Dropped chain',
    duration: '5s',
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'x', kind: 'router' },
      { id: 'y', kind: 'router' },
      { id: 'b', kind: 'host' },
    ],
    links: [
      { a: 'a', b: 'x', rate: '10Mbps', delay: '5ms' },
      { a: 'x', b: 'y', rate: '2Mbps', delay: '10ms', buffer: '20 packets' },
      { a: 'y', b: 'b', rate: '10Mbps', delay: '5ms' },
    ],
    flows: [{ id: 'f', from: 'a', to: 'b', transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' } }],
  };
  await lab.page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'chain.json', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, JSON.stringify(scenario));
  await lab.page.waitForFunction(() => window.__cclab.scenario().name === 'Dropped chain');
  const s = await lab.scenario();
  expect(
    s.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y)),
    'every node got a position',
  ).toBeTruthy();
  const xs = s.nodes.map((n) => n.x ?? NaN);
  expect(
    [...xs].sort((p, q) => p - q),
    'a chain is laid out left to right',
  ).toEqual(xs);
  await lab.screenshot('dropped-file');
});

/** Work autosaves: a reload of the bare address (no link) finds it again. */
test('reloadRestoresAutosavedWork', async ({ lab, context, baseUrl }) => {
  await lab.open();
  // edit before the run (a change mid-run would be recorded as a timed event)
  await lab.controls.resetButton.click();
  await lab.testId('scenario-name').fill('My lecture network');
  await lab.canvas.linkHit('r1-r2').click({ force: true });
  await lab.inspector.set('link-rate', '3');
  await lab.page.waitForTimeout(700);
  const saved = await lab.scenario();
  expect(saved.links[0].rate).toBe('3Mbps');
  const again = new Lab(await context.newPage(), baseUrl);
  await again.open();
  expect(await again.page.evaluate(() => window.__cclab.startupSource)).toBe('autosave');
  const restored = await again.scenario();
  expect(restored.name).toBe('My lecture network');
  expect(restored.links).toStrictEqual(saved.links);
  expect(restored.flows).toStrictEqual(saved.flows);
  expect(await again.testId('scenario-title').innerText()).toBe('My lecture network');
});

/** A damaged link says what is wrong, opens the default scenario, and offers the earlier work back. */
test('corruptedLinkFallsBackWithoutLoss', async ({ lab, context, baseUrl }) => {
  await lab.open();
  await lab.testId('scenario-name').fill('Work worth keeping');
  await lab.page.waitForTimeout(700);
  const bad = new Lab(await context.newPage(), baseUrl);
  await bad.open('#s=N4IgdghgtgpiBc%%%broken');
  const notice = bad.notices.notice.first();
  await notice.waitFor();
  expect(await notice.innerText()).toMatch(/does not hold a usable scenario/);
  expect((await bad.scenario()).name).toBe('Two-flow dumbbell');
  expect(bad.page.url(), 'the damaged link is removed from the address bar').not.toMatch(/#s=N4Igdgh/);
  await bad.screenshot('corrupted-link');
  await bad.testId('restore-backup').click();
  await bad.page.waitForFunction(() => window.__cclab.scenario().name === 'Work worth keeping');
});

/** A link that decodes but holds an invalid scenario names the field at fault. */
test('invalidScenarioLinkNamesTheField', async ({ lab, context, baseUrl }) => {
  await lab.open();
  const link = await lab.page.evaluate(() => {
    const s = window.__cclab.scenario();
    s.links[0].delay = '-5ms';
    return window.__cclab.encode(s);
  });
  const other = new Lab(await context.newPage(), baseUrl);
  await other.open(`#s=${link}`);
  const text = await other.notices.notice.first().innerText();
  expect(text).toMatch(/links\[0\]\.delay/);
});
