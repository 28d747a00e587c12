import { expect, test } from '../fixtures/test';
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import type { Lab } from '../pages/Lab';

/** Opens the Trace panel on the default two-flow dumbbell (10 Mb/s r1->r2 bottleneck, 60 s). */
async function openTracePanel(lab: Lab): Promise<Locator> {
  await lab.open();
  await lab.waitForRun(() => window.__cclab.run().status !== 'idle');
  await lab.page.getByRole('button', { name: 'Trace', exact: true }).click();
  const panel = lab.page.getByRole('region', { name: 'Packet trace' });
  await panel.waitFor();
  return panel;
}

/** Presses Record and download and returns the file the lab saves. */
async function record(lab: Lab, panel: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    lab.page.waitForEvent('download', { timeout: 120_000 }),
    panel.getByRole('button', { name: 'Record and download' }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/**
 * A researcher downloads a pcap of the bottleneck with a 200 kB limit: a nanosecond pcap
 * (pcap-savefile(5)) of raw IPv4 TCP packets in time order, no bigger than the limit, and the
 * panel says the limit cut the run short.
 */
test('pcapOfTheBottleneckWithinTheLimit', async ({ lab }) => {
  const panel = await openTracePanel(lab);
  await panel.getByLabel('Format').selectOption('pcap');
  await panel.getByLabel('Ports').selectOption(['r1->r2']);
  await panel.getByLabel('Size limit').fill('200kB');
  const file = await record(lab, panel);
  expect(file.name).toBe('two-flow-dumbbell.pcap');
  const b = file.bytes;
  expect(b.length <= 200_000 && b.length > 150_000, `pcap of ${b.length} bytes under a 200 kB limit`).toBeTruthy();
  expect(b.readUInt32LE(0), 'nanosecond pcap magic').toBe(0xa1b23c4d);
  expect(b.readUInt32LE(20), 'link type LINKTYPE_RAW (raw IP, tcpdump.org link-layer header types)').toBe(101);
  let at = 24;
  let records = 0;
  let last = -1;
  while (at < b.length) {
    const t = b.readUInt32LE(at) + b.readUInt32LE(at + 4) / 1e9;
    const incl = b.readUInt32LE(at + 8);
    expect(t >= last, `records in time order at byte ${at}`).toBeTruthy();
    last = t;
    expect(b[at + 16] >> 4, 'IPv4').toBe(4);
    expect(b[at + 16 + 9], 'TCP').toBe(6);
    at += 16 + incl;
    records++;
  }
  expect(at, 'the file ends at a record boundary').toBe(b.length);
  const status = await panel.getByTestId('trace-status').textContent();
  expect(status).toMatch(new RegExp(`^${records} records, .* the size limit was reached at `));
  await panel.screenshot({ path: new URL('../artifacts/trace-panel.png', import.meta.url).pathname });
});

/**
 * An ns-2 trace of both directions of the bottleneck: every line in ns-2.35's layout
 * (`op time from to type size flags fid src dst seq id`), from exactly the two chosen ports.
 */
test('ns2TraceOfTwoPorts', async ({ lab }) => {
  const panel = await openTracePanel(lab);
  await panel.getByLabel('Format').selectOption('ns2');
  await panel.getByLabel('Ports').selectOption(['r1->r2', 'r2->r1']);
  await panel.getByLabel('Size limit').fill('100kB');
  const file = await record(lab, panel);
  expect(file.name).toBe('two-flow-dumbbell.tr');
  const text = file.bytes.toString('utf8');
  expect(text.length <= 100_000 && text.endsWith('\n')).toBeTruthy();
  const lines = text.trimEnd().split('\n');
  const line = /^[+\-dr] \d+(\.\d+)? (\d+) (\d+) (tcp|ack) \d+ \S+ \d+ \d+\.\d+ \d+\.\d+ \d+ \d+$/;
  const hops = new Set<string>();
  for (const l of lines) {
    const m = line.exec(l);
    expect(m, `ns-2 trace line: ${l}`).not.toBeNull();
    hops.add(`${m![2]}>${m![3]}`);
  }
  expect(hops.size, `lines from two ports: ${[...hops]}`).toBe(2);
  const [a, b] = [...hops].map((h) => h.split('>'));
  expect(a, 'the two directions of one link').toEqual([b[1], b[0]]);
  const ops = new Set(lines.map((l) => l[0]));
  for (const op of ['+', '-', 'r']) expect(ops.has(op), `has ${op} lines`).toBeTruthy();
});

/** A size limit that is not a size is named and nothing can be recorded. */
test('badSizeLimitIsNamed', async ({ lab }) => {
  const panel = await openTracePanel(lab);
  await panel.getByLabel('Size limit').fill('lots');
  await panel
    .getByRole('alert')
    .filter({ hasText: /^Size limit: / })
    .waitFor();
  expect(await panel.getByRole('button', { name: 'Record and download' }).isDisabled()).toBe(true);
});
