import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, LabPage } from '../fixtures/LabPage.mjs';

/**
 * Seed 004 in the lab: a base station's per-UE queues drawn beside it with the served UE outlined,
 * each UE's SNR and AMC-rate charts, the scheduler picker, and the seed 004 topologies as presets.
 */
export async function baseStationRunsLiveWithPerUeQueuesAndCharts({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('preset').selectOption('wireless-cell');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name.startsWith('Wireless cell'));
  // the scheduler picker: select the base station, switch round robin to max-SNR
  await lab.page.locator('[data-testid="node-BS"] .node-shape').click();
  assert.equal(await lab.testId('bs-scheduler').inputValue(), 'rr');
  const options = await lab
    .testId('bs-scheduler')
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.value));
  for (const id of ['rr', 'max-snr', 'qlen', 'qdelay', 'pf']) assert.ok(options.includes(id), `scheduler ${id}`);
  await lab.testId('bs-scheduler').selectOption('max-snr');
  const sc = await lab.scenario();
  assert.deepEqual(sc.nodes.find((n) => n.id === 'BS').bs.scheduler, { type: 'max-snr' });

  if ((await lab.run()).status !== 'playing') await lab.testId('play').click();
  // one gauge per UE beside the BS; during the run one of them is outlined as served and queues fill
  await lab.waitForRun(() => document.querySelectorAll('[data-testid^="bs-queue-UE"]').length === 3);
  await lab.waitForRun(
    () => document.querySelector('[data-testid^="bs-queue-UE"][data-served="1"]') !== null,
    undefined,
    30000,
  );
  await lab.waitForRun(
    () => [...document.querySelectorAll('[data-testid^="bs-queue-UE"]')].some((g) => Number(g.dataset.packets) > 0),
    undefined,
    30000,
  );
  const live = await lab.live();
  assert.equal(live.bsServed.length, 1);
  // the SNR and rate charts have a line per UE
  await lab.waitForRun(() => window.__cclab.series().ues.every((u) => u.t.length >= 20), undefined, 30000);
  assert.ok(await lab.testId('chart-snr').isVisible());
  assert.ok(await lab.testId('chart-uerate').isVisible());
  const ues = (await lab.series()).ues;
  assert.deepEqual(
    ues.map((u) => u.ue),
    ['UE1', 'UE2', 'UE3'],
  );
  // mean SNRs of 5, 9 and 13 dB: over a few seconds of Rayleigh fading the averages order that way
  const meanDb = ues.map((u) => {
    const lin = u.snrDb.slice(1).map((d) => 10 ** (d / 10));
    return 10 * Math.log10(lin.reduce((a, b) => a + b, 0) / lin.length);
  });
  assert.ok(meanDb[0] < meanDb[2], `mean SNRs ${meanDb.map((d) => d.toFixed(1)).join(', ')} dB`);
  await lab.testId('play').click(); // pause
  await lab.screenshot('wireless-cell');
}

/** Building a cell by hand: the base-station tool, and a link from it to a host is a radio downlink. */
export async function baseStationFromTheToolbar({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('preset').selectOption('__empty');
  await lab.chooseTool('bs');
  await lab.clickCanvas(0.35, 0.5);
  await lab.chooseTool('host');
  await lab.clickCanvas(0.65, 0.5);
  let sc = await lab.scenario();
  assert.deepEqual(
    sc.nodes.map((n) => n.kind),
    ['bs', 'host'],
  );
  const [bs, host] = sc.nodes.map((n) => n.id);
  await lab.chooseTool('link');
  await lab.connect(bs, host);
  sc = await lab.scenario();
  assert.equal(sc.links.length, 1);
  assert.equal(sc.links[0].channel.type, 'rayleigh');
  // the link inspector shows the downlink's channel with the UE's own parameters only
  await lab.chooseTool('select');
  await lab.page.locator(`[data-testid="link-${bs}-${host}"] .link-hit`).click({ force: true });
  assert.equal(await lab.testId('link-channel-type').inputValue(), 'rayleigh');
  await lab.testId('link-channel-param-meanSnrDb').fill('13');
  await lab.testId('link-channel-param-meanSnrDb').press('Enter');
  sc = await lab.scenario();
  assert.equal(sc.links[0].channel.params.meanSnrDb, 13);
  assert.equal(await lab.testId('link-channel-param-bandwidth').count(), 0);
}

/** A trace link: pick a shipped trace, then import a Mahimahi file from disk. */
export async function traceLinkPickerAndImport({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.testId('preset').selectOption('cellular-trace');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name.startsWith('Cellular trace'));
  await lab.page.locator('[data-testid="link-tower-phone"] .link-hit').click({ force: true });
  assert.equal(await lab.testId('link-channel-type').inputValue(), 'trace');
  const traces = await lab
    .testId('link-channel-param-preset')
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.value));
  assert.ok(traces.includes('cellular-synthetic') && traces.includes('custom'), traces.join(', '));
  const other = traces.find((t) => t !== 'cellular-synthetic' && t !== 'custom' && t !== '');
  await lab.testId('link-channel-param-preset').selectOption(other);
  const linkNow = (await lab.scenario()).links.find((l) => l.a === 'tower' && l.b === 'phone');
  // the registry's default (the first shipped trace) is stored as "unset"
  assert.equal(linkNow.channel.params.preset ?? traces[0], other, JSON.stringify(linkNow));
  // a 12 Mb/s-ish trace: one 1504-byte opportunity per ms for 2 s
  const file = join(ARTIFACTS, 'one-per-ms.trace');
  await writeFile(file, Array.from({ length: 2000 }, (_, i) => String(i + 1)).join('\n') + '\n');
  await lab.testId('link-trace-file').setInputFiles(file);
  await lab.page.waitForFunction(() => window.__cclab.scenario().links[1].channel.params.preset === 'custom');
  const ch = (await lab.scenario()).links[1].channel;
  assert.equal(ch.params.ms.length, 2000);
  assert.equal(ch.params.ms[1999], 2000);
  assert.match(await lab.testId('link-trace-summary').innerText(), /2,000 opportunities over 2\.0 s/);
  // a bad file is refused with the line at fault, and the link keeps its trace
  const bad = join(ARTIFACTS, 'bad.trace');
  await writeFile(bad, '1\n2\nthree\n');
  await lab.testId('link-trace-file').setInputFiles(bad);
  await lab.page.getByRole('alert').filter({ hasText: 'line 3' }).waitFor();
  assert.equal((await lab.scenario()).links[1].channel.params.ms.length, 2000);
  await lab.screenshot('wireless-trace-link');
}

/** The seed 004 topologies open as presets (42 nodes, a base station, 11 flows). */
export async function seed004TopologiesArePresets({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  for (const [id, name] of [
    ['seed004-fair', 'Seed 004 Fair'],
    ['seed004-random', 'Seed 004 Random'],
  ]) {
    await lab.testId('preset').selectOption(id);
    await lab.page.waitForFunction((n) => window.__cclab.scenario().name.startsWith(n), name);
    const sc = await lab.scenario();
    assert.equal(sc.nodes.length, 42, id);
    assert.equal(sc.nodes.filter((n) => n.kind === 'bs').length, 1, id);
    assert.equal(sc.flows.length, 11, id);
  }
  await lab.page.waitForFunction(() => window.__cclab.run().status !== 'idle');
  await lab.waitForRun(() => document.querySelectorAll('[data-testid^="bs-queue-UE"]').length === 6);
  await lab.screenshot('seed004-random');
}
