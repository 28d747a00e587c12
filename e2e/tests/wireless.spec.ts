import { expect, test } from '../fixtures/test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import type { ScenarioInput } from '@cclab/engine';
import { ARTIFACTS } from '../pages/Lab';

/** The values of a <select>'s options, in order. */
function optionValues(select: Locator): Promise<string[]> {
  return select.locator('option').evaluateAll((os: HTMLOptionElement[]) => os.map((o) => o.value));
}

/** The delivery opportunities (ms) of the custom trace on the cellular-trace preset's tower→phone link. */
function customTrace(sc: ScenarioInput): number[] {
  const ms = sc.links[1].channel?.params?.ms;
  if (!Array.isArray(ms)) throw new Error(`links[1] has no custom trace: ${JSON.stringify(sc.links[1])}`);
  // the trace channel's `ms` parameter is a list of whole milliseconds (channelModels.ts)
  return ms as number[];
}

/**
 * Seed 004 in the lab: a base station's per-UE queues drawn beside it with the served UE outlined,
 * each UE's SNR and AMC-rate charts, the scheduler picker, and the seed 004 topologies as presets.
 */
test('baseStationRunsLiveWithPerUeQueuesAndCharts', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('wireless-cell');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Wireless cell'));
  // the scheduler picker: select the base station, switch round robin to max-SNR
  await lab.canvas.node('BS').locator('.node-shape').click();
  expect(await lab.testId('bs-scheduler').inputValue()).toBe('rr');
  const options = await optionValues(lab.testId('bs-scheduler'));
  for (const id of ['rr', 'max-snr', 'qlen', 'qdelay', 'pf']) expect(options, `scheduler ${id}`).toContain(id);
  await lab.testId('bs-scheduler').selectOption('max-snr');
  const sc = await lab.scenario();
  expect(sc.nodes.find((n) => n.id === 'BS')?.bs?.scheduler).toEqual({ type: 'max-snr' });

  if ((await lab.run()).status !== 'playing') await lab.controls.playButton.click();
  // one gauge per UE beside the BS; during the run one of them is outlined as served and queues fill
  await lab.waitForRun(() => document.querySelectorAll('[data-testid^="bs-queue-UE"]').length === 3);
  await lab.waitForRun(
    () => document.querySelector('[data-testid^="bs-queue-UE"][data-served="1"]') !== null,
    undefined,
    30000,
  );
  await lab.waitForRun(
    () =>
      [...document.querySelectorAll<SVGGElement>('[data-testid^="bs-queue-UE"]')].some(
        (g) => Number(g.dataset.packets) > 0,
      ),
    undefined,
    30000,
  );
  const live = await lab.live();
  expect(live.bsServed.length).toBe(1);
  // the SNR and rate charts have a line per UE
  await lab.waitForRun(() => window.__cclab.series().ues.every((u) => u.t.length >= 20), undefined, 30000);
  expect(await lab.charts.chart('snr').isVisible()).toBeTruthy();
  expect(await lab.charts.chart('uerate').isVisible()).toBeTruthy();
  const ues = (await lab.series()).ues;
  expect(ues.map((u) => u.ue)).toEqual(['UE1', 'UE2', 'UE3']);
  // mean SNRs of 5, 9 and 13 dB: over a few seconds of Rayleigh fading the averages order that way
  const meanDb = ues.map((u) => {
    const lin = u.snrDb.slice(1).map((d) => 10 ** (d / 10));
    return 10 * Math.log10(lin.reduce((a, b) => a + b, 0) / lin.length);
  });
  expect(meanDb[0], `mean SNRs ${meanDb.map((d) => d.toFixed(1)).join(', ')} dB`).toBeLessThan(meanDb[2]);
  await lab.controls.playButton.click(); // pause
  await lab.screenshot('wireless-cell');
});

/** Building a cell by hand: the base-station tool, and a link from it to a host is a radio downlink. */
test('baseStationFromTheToolbar', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('__empty');
  await lab.canvas.chooseTool('bs');
  await lab.canvas.click(0.35, 0.5);
  await lab.canvas.chooseTool('host');
  await lab.canvas.click(0.65, 0.5);
  let sc = await lab.scenario();
  expect(sc.nodes.map((n) => n.kind)).toEqual(['bs', 'host']);
  const [bs, host] = sc.nodes.map((n) => n.id);
  await lab.canvas.chooseTool('link');
  await lab.canvas.connect(bs, host);
  sc = await lab.scenario();
  expect(sc.links.length).toBe(1);
  expect(sc.links[0].channel?.type).toBe('rayleigh');
  // the link inspector shows the downlink's channel with the UE's own parameters only
  await lab.canvas.chooseTool('select');
  await lab.canvas.linkHit(`${bs}-${host}`).click({ force: true });
  expect(await lab.testId('link-channel-type').inputValue()).toBe('rayleigh');
  await lab.inspector.set('link-channel-param-meanSnrDb', '13');
  sc = await lab.scenario();
  expect(sc.links[0].channel?.params?.meanSnrDb).toBe(13);
  expect(await lab.testId('link-channel-param-bandwidth').count()).toBe(0);
});

/** A trace link: pick a shipped trace, then import a Mahimahi file from disk. */
test('traceLinkPickerAndImport', async ({ lab }) => {
  await lab.open();
  await lab.controls.openPreset('cellular-trace');
  await lab.page.waitForFunction(() => window.__cclab.scenario().name?.startsWith('Cellular trace'));
  await lab.canvas.linkHit('tower-phone').click({ force: true });
  expect(await lab.testId('link-channel-type').inputValue()).toBe('trace');
  const traces = await optionValues(lab.testId('link-channel-param-preset'));
  for (const id of ['cellular-synthetic', 'custom']) expect(traces, traces.join(', ')).toContain(id);
  const other = traces.find((t) => t !== 'cellular-synthetic' && t !== 'custom' && t !== '');
  if (!other) throw new Error(`no shipped trace besides cellular-synthetic: ${traces.join(', ')}`);
  await lab.testId('link-channel-param-preset').selectOption(other);
  const linkNow = (await lab.scenario()).links.find((l) => l.a === 'tower' && l.b === 'phone');
  const params = linkNow?.channel?.params;
  if (!params) throw new Error(`the tower-phone link has no channel parameters: ${JSON.stringify(linkNow)}`);
  // the registry's default (the first shipped trace) is stored as "unset"
  expect(params.preset ?? traces[0], JSON.stringify(linkNow)).toBe(other);
  // a 12 Mb/s-ish trace: one 1504-byte opportunity per ms for 2 s
  const file = join(ARTIFACTS, 'one-per-ms.trace');
  await writeFile(file, Array.from({ length: 2000 }, (_, i) => String(i + 1)).join('\n') + '\n');
  await lab.testId('link-trace-file').setInputFiles(file);
  await lab.page.waitForFunction(() => window.__cclab.scenario().links[1].channel?.params?.preset === 'custom');
  const ms = customTrace(await lab.scenario());
  expect(ms.length).toBe(2000);
  expect(ms[1999]).toBe(2000);
  expect(await lab.testId('link-trace-summary').innerText()).toMatch(/2,000 opportunities over 2\.0 s/);
  // a bad file is refused with the line at fault, and the link keeps its trace
  const bad = join(ARTIFACTS, 'bad.trace');
  await writeFile(bad, '1\n2\nthree\n');
  await lab.testId('link-trace-file').setInputFiles(bad);
  await lab.page.getByRole('alert').filter({ hasText: 'line 3' }).waitFor();
  expect(customTrace(await lab.scenario()).length).toBe(2000);
  await lab.screenshot('wireless-trace-link');
});

/** The seed 004 topologies open as presets (42 nodes, a base station, 11 flows). */
test('seed004TopologiesArePresets', async ({ lab }) => {
  await lab.open();
  for (const [id, name] of [
    ['seed004-fair', 'Seed 004 Fair'],
    ['seed004-random', 'Seed 004 Random'],
  ]) {
    await lab.controls.openPreset(id);
    await lab.page.waitForFunction((n) => window.__cclab.scenario().name?.startsWith(n), name);
    const sc = await lab.scenario();
    expect(sc.nodes.length, id).toBe(42);
    expect(sc.nodes.filter((n) => n.kind === 'bs').length, id).toBe(1);
    expect(sc.flows.length, id).toBe(11);
  }
  await lab.page.waitForFunction(() => window.__cclab.run().status !== 'idle');
  await lab.waitForRun(() => document.querySelectorAll('[data-testid^="bs-queue-UE"]').length === 6);
  await lab.screenshot('seed004-random');
});
