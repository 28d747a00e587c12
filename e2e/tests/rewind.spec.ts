import { expect, test } from '../fixtures/test';
// Rewind: the timeline scrubber, playing on from a rewound moment, a change made while
// rewound (a new branch), and undo of a live change without going back to zero.
import { writeFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expectClockNeverWentBack, type Lab } from '../pages/Lab';

type Series = Awaited<ReturnType<Lab['series']>>;
type FlowSeries = Series['flows'][number];
type Live = Awaited<ReturnType<Lab['live']>>;

/** The Timeline slider (its value is in ms). */
function slider(lab: Lab): Locator {
  return lab.page.getByRole('slider', { name: 'Timeline' });
}

/** Waits until the run shows `tNs` after a rewind (the seek done, the frame applied). */
function shows(lab: Lab, tNs: number): Promise<void> {
  return lab.waitForRun(
    (t) => window.__cclab.run().nowNs === t && window.__cclab.run().seekingToNs === null,
    tNs,
    60000,
  );
}

/** Reset, Max, Play: the scenario as it stands, straight from zero to the end. */
async function straightRun(lab: Lab): Promise<{ series: Series; jain: string }> {
  await lab.controls.resetButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused' && window.__cclab.run().nowNs === 0);
  await lab.controls.speed.selectOption('Infinity');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  return { series: await lab.series(), jain: await lab.testId('summary-jain').innerText() };
}

/** Presses Pause and waits until the run is paused. */
async function pause(lab: Lab): Promise<void> {
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
}

/** A flow's trace cut at tS: every per-sample column (t, cwnd, throughput…), not only the ones named here. */
const upTo = (flow: FlowSeries, tS: number): Record<string, unknown> => {
  const n = flow.t.findIndex((t) => t > tS + 1e-9);
  const end = n < 0 ? undefined : n;
  return Object.fromEntries(
    Object.entries(flow).map(([k, v]) => [k, Array.isArray(v) && v.length === flow.t.length ? v.slice(0, end) : v]),
  );
};

/**
 * The instructor runs the default scenario past 10 s, notes a flow's cwnd at 10 s, drags back to
 * 10 s: the clock, the charts (cut at 10 s), the cwnd, the animation state and the summary are
 * those of 10 s (the same as reaching 10 s by stepping from zero); Play goes on from 10 s, and the
 * run's end equals a straight run's.
 */
test('rewindToTenSecondsAndPlayOn', async ({ lab }) => {
  // 200 single steps (a click and a wait each) and two runs to the end at Max: about 70 s on a quiet
  // machine, over 120 s on a loaded one
  test.setTimeout(300_000);
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('10');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 13e9);
  await pause(lab);
  const first = await lab.series();
  const i10 = first.flows[0].t.indexOf(10);
  expect(i10, 'a sample at 10 s').toBeGreaterThan(0);
  const cwnd10 = first.flows.map((f) => f.cwnd[i10]);
  const reached = (await lab.run()).nowNs;

  // the slider says where the run is
  const s = slider(lab);
  const spoken = (await s.getAttribute('aria-valuetext')) ?? '';
  expect(spoken).toMatch(/^\d+\.\d\d s of 60\.00 s$/);
  expect(Math.abs(parseFloat(spoken) - reached / 1e9), `${spoken} at ${reached / 1e9} s`).toBeLessThanOrEqual(0.05);
  // drag the thumb back to about a tenth of the run with the mouse
  const box = await s.boundingBox();
  if (!box) throw new Error('the Timeline slider is on screen');
  const thumbX = box.x + 7 + (box.width - 14) * (reached / 60e9);
  await lab.canvas.drag(
    { x: thumbX, y: box.y + box.height / 2 },
    { x: box.x + 7 + (box.width - 14) * 0.1, y: box.y + box.height / 2 },
  );
  await lab.waitForRun(() => {
    const r = window.__cclab.run();
    const value = Number(document.querySelector<HTMLInputElement>('[data-testid="timeline-slider"]')!.value) * 1e6;
    return r.seekingToNs === null && r.nowNs === value && r.nowNs < 10e9;
  });
  const dragged = (await lab.run()).nowNs;
  expect(Math.abs(dragged - 6e9), `dragged to ${dragged / 1e9} s`).toBeLessThan(0.6e9);
  const stepNs = Number(await s.getAttribute('step')) * 1e6;
  expect(stepNs, 'one step = the default scenario’s sampling interval').toBe(50e6);
  expect(dragged % stepNs, 'the slider lands on a sample').toBe(0);

  // exactly 10 s
  await lab.rewindTo(10e9);
  const run = await lab.run();
  expect(run.status).toBe('paused');
  expect(run.reachedNs, 'the furthest point reached is remembered').toBe(reached);
  expect(await s.getAttribute('aria-valuetext')).toBe('10.00 s of 60.00 s');
  const back = await lab.series();
  for (const [k, f] of back.flows.entries()) {
    expect(f.t.at(-1), 'the charts end at 10 s (the future is cut)').toBe(10);
    expect(f.cwnd.at(-1), `cwnd of ${f.id} at 10 s as in the first pass`).toBe(cwnd10[k]);
    expect(f, `${f.id}'s trace up to 10 s`).toEqual({ ...first.flows[k], ...upTo(first.flows[k], 10) });
  }
  expect(await lab.testId('summary').innerText()).toMatch(/at 10\.00 s/);
  expect(await lab.testId('timeline-note').getAttribute('data-rewound')).toBe('true');
  const atTen = { live: await lab.live(), jain: await lab.testId('summary-jain').innerText() };
  expect(atTen.live.flight, 'packets on the wire at 10 s (paused at 10×)').toBeGreaterThan(0);
  await lab.page.waitForTimeout(600); // the charts redraw at most every 250 ms
  await lab.screenshot('rewind-normal-10s');

  // the keyboard: → one sample on, ← back, Space plays on
  await lab.controls.speed.selectOption('2');
  await s.focus();
  await lab.press('ArrowRight');
  await shows(lab, 10.05e9);
  await lab.press('ArrowLeft');
  await shows(lab, 10e9);
  expect(await lab.live(), 'the same moment, the same packets and queues').toEqual(atTen.live);

  // play on: the clock goes on from 10 s, never back
  await lab.press(' ');
  const readings = await lab.controls.clockReadings(1200);
  expect(readings[0], `clock at ${readings[0]} after Play`).toBeGreaterThanOrEqual(10e9);
  expectClockNeverWentBack(readings);
  const end = readings[readings.length - 1];
  expect(end > 10.5e9 && end < 20e9, `played on to ${end / 1e9} s`).toBeTruthy();
  await lab.controls.speed.selectOption('Infinity');
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  const playedOn = { series: await lab.series(), jain: await lab.testId('summary-jain').innerText() };

  // 10 s reached by stepping from zero shows the same animation state and summary
  await lab.controls.resetButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'paused' && window.__cclab.run().nowNs === 0);
  for (let k = 1; k <= 200; k++) {
    await lab.controls.stepButton.click();
    await lab.waitForRun((t) => window.__cclab.run().nowNs === t, k * 50e6);
  }
  // (drop glyphs aside: a step shows the drops of its last interval, a rewind none)
  const noGlyphs = ({ drops: _d, dropKinds: _k, ...rest }: Live): Omit<Live, 'drops' | 'dropKinds'> => rest;
  expect(noGlyphs(await lab.live()), 'packets, queues, gauges and drop counts at 10 s').toEqual(noGlyphs(atTen.live));
  expect(await lab.testId('summary-jain').innerText()).toBe(atTen.jain);

  // the end after playing on equals a straight run's
  const straight = await straightRun(lab);
  expect(playedOn.series, 'rewound and played on = a straight run').toEqual(straight.series);
  expect(playedOn.jain).toBe(straight.jain);
});

/**
 * A live change, then Undo while the run goes on: the clock does not go back, the event is gone,
 * and the charts show the run without the change (point for point a run that never had it).
 */
test('undoLiveChangeKeepsTheClock', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 3e9);
  const f0 = (await lab.scenario()).flows[0].id;
  await lab.testId(`flow-${f0}`).click();
  await lab.testId('flow-cc').selectOption('cubic');
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(String(window.__cclab.scenario().events?.[0]?.at ?? '')));
  await lab.press('Escape');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 8e9);
  const withChange = await lab.series();
  const tUndo = (await lab.run()).nowNs;
  await lab.testId('undo').click();
  const readings = await lab.controls.clockReadings(1500);
  expectClockNeverWentBack(readings);
  expect(
    readings[0],
    `clock ${readings[0] / 1e9} s after Undo at ${tUndo / 1e9} s: not back to zero`,
  ).toBeGreaterThanOrEqual(tUndo);
  expect((await lab.run()).status, 'a playing run goes on playing').toBe('playing');
  const s = await lab.scenario();
  expect(!s.events || s.events.length === 0, `the event is gone: ${JSON.stringify(s.events)}`).toBeTruthy();
  expect(await lab.page.locator('.timeline-tick').count(), 'no tick left on the timeline').toBe(0);
  await pause(lab);
  const undone = await lab.series();
  expect(undone.flows[0].cwnd).not.toEqual(withChange.flows[0].cwnd.slice(0, undone.flows[0].cwnd.length));

  const straight = await straightRun(lab);
  const n = undone.flows[0].t.length;
  expect(undone.flows[0].t[n - 1] * 1e9).toBeGreaterThanOrEqual(tUndo - 100e6);
  for (const [k, f] of undone.flows.entries())
    expect(f.cwnd, `${f.id} as if the change never happened`).toEqual(straight.series.flows[k].cwnd.slice(0, n));
});

/**
 * Rewound to before a recorded change, the instructor changes something else: a new branch. The
 * note said the later change would be replaced; it is dropped, the change is recorded at the
 * rewound moment, the clock stays there, and the run on from it equals a straight run of the new
 * scenario. Screenshots of the scrubber (ticks, note) in the lab and in presentation mode.
 */
test('changeWhileRewoundStartsABranch', async ({ lab }) => {
  const page = lab.page;
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('10');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9);
  const [f0, f1] = (await lab.scenario()).flows.map((f) => f.id);
  await lab.testId(`flow-${f0}`).click();
  await lab.testId('flow-cc').selectOption('cubic');
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(String(window.__cclab.scenario().events?.[0]?.at ?? '')));
  await lab.press('Escape');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 12e9);
  await pause(lab);
  expect(await page.locator('.timeline-tick').count(), 'the recorded change is a tick on the timeline').toBe(1);
  await lab.screenshot('rewind-tick-before-rewind');

  await lab.rewindTo(3e9);
  const note = lab.testId('timeline-note');
  expect(await note.innerText()).toMatch(/a change made now replaces the recorded change after this moment/);
  await page.waitForTimeout(600);
  await lab.screenshot('rewind-normal-branch-note');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Presentation mode' }).click();
  await page.waitForSelector('.app.presenting');
  await page.waitForTimeout(400);
  expect(await slider(lab).isVisible(), 'the timeline is there in presentation mode').toBeTruthy();
  const thumb = await slider(lab).boundingBox();
  if (!thumb) throw new Error('the Timeline slider is on screen');
  expect(thumb.height, `a scrubber big enough for a projector (${thumb.height} px)`).toBeGreaterThanOrEqual(30);
  await lab.screenshot('rewind-presentation-1024x768');
  await page.getByRole('button', { name: 'Presentation mode' }).click();
  await page.waitForSelector('.app:not(.presenting)');
  await page.setViewportSize({ width: 1440, height: 900 });

  await lab.testId(`flow-${f1}`).click();
  await lab.testId('flow-cc').selectOption('vegas');
  await lab.waitForRun(
    () => window.__cclab.scenario().events?.length === 1 && window.__cclab.scenario().events?.[0]?.cc === 'vegas',
  );
  await lab.waitForRun(() => window.__cclab.run().seekingToNs === null);
  const s = await lab.scenario();
  expect(s.events, 'the later change dropped, the new one at 3 s').toEqual([{ at: '3s', flow: f1, cc: 'vegas' }]);
  expect(
    await page
      .locator('.toast, [role="status"]')
      .allInnerTexts()
      .then((t) => t.join(' ')),
  ).toMatch(/new branch/);
  const r = await lab.run();
  expect(r.nowNs, 'the clock stays at the rewound moment').toBe(3e9);
  expect(r.reachedNs, 'the old future is gone').toBe(3e9);
  await lab.press('Escape');
  await lab.controls.speed.selectOption('Infinity');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  const branched = await lab.series();
  const straight = await straightRun(lab);
  expect(branched, 'the branch played on = a straight run of the new scenario').toEqual(straight.series);
});

/**
 * How long a rewind takes (clicking the slider to the moment shown): the default scenario and a
 * heavier preset. Written to e2e/artifacts/performance-rewind.md (docs/performance.md quotes it);
 * a report, not a pass/fail on time. A benchmark (@bench): `npm run bench:lab` runs it, `npm test`
 * does not.
 */
test('rewindLatency', { tag: '@bench' }, async ({ lab }) => {
  await lab.open();
  const rows: string[] = [];
  const measure = async (name: string, targets: number[]): Promise<void> => {
    await lab.controls.speed.selectOption('Infinity');
    await lab.waitForRun(() => ['paused', 'playing', 'done'].includes(window.__cclab.run().status));
    if ((await lab.run()).status === 'paused') await lab.controls.playButton.click();
    await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 120000);
    for (const t of targets) {
      const ms: number[] = [];
      for (let k = 0; k < 3; k++) {
        await lab.rewindTo(t - (k + 1) * 1e9); // from somewhere else each time
        // in the page: from the slider's input event to the first animation frame showing `t`
        ms.push(
          await lab.page.evaluate(async (t) => {
            const input = document.querySelector<HTMLInputElement>('[data-testid="timeline-slider"]')!;
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
            setValue.call(input, String(t / 1e6));
            const t0 = performance.now();
            input.dispatchEvent(new Event('input', { bubbles: true }));
            for (;;) {
              await new Promise((r) => requestAnimationFrame(r));
              const r = window.__cclab.run();
              if (r.nowNs === t && r.seekingToNs === null) return performance.now() - t0;
            }
          }, t),
        );
      }
      ms.sort((a, b) => a - b);
      rows.push(`| ${name} | ${t / 1e9} s | ${ms.map((x) => x.toFixed(0)).join(', ')} | ${ms[1].toFixed(0)} |`);
    }
  };
  await measure('default (2 flows, 10 Mb/s, 60 s)', [10e9, 30e9, 59e9]);
  await lab.controls.openPreset('ns2-bench-16flows-100mb');
  await lab.waitForRun(() => window.__cclab.scenario().flows.length === 16);
  await measure('ns2-bench-16flows-100mb (16 flows, 100 Mb/s, 100 s)', [10e9, 50e9, 99e9]);
  const report = [
    '| scenario | rewind to | wall ms (3 rewinds) | median |',
    '| -------- | --------- | ------------------- | ------ |',
    ...rows,
  ].join('\n');
  await writeFile(new URL('../artifacts/performance-rewind.md', import.meta.url), report + '\n');
  console.log(report);
});

/**
 * P on the Timeline slider toggles presentation mode as it does anywhere (a slider takes no
 * letters); the arrow keys there keep moving the slider (rewinding), presenting or not.
 */
test('presentationKeyOnTheTimeline', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('10');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9);
  await pause(lab);
  await slider(lab).focus();
  await lab.press('p');
  await lab.page.waitForSelector('.app.presenting');
  expect(await slider(lab).evaluate((el) => el === document.activeElement), 'the slider keeps focus').toBe(true);
  const before = (await lab.run()).nowNs;
  await lab.press('ArrowLeft');
  await lab.waitForRun((t) => window.__cclab.run().nowNs < t && window.__cclab.run().seekingToNs === null, before);
  const after = (await lab.run()).nowNs;
  // the slider's own step (ms), not a simulation step forward
  const stepMs = Number(await slider(lab).getAttribute('step'));
  expect(before - after, `ArrowLeft moved the slider back one step (${before} → ${after})`).toBeLessThanOrEqual(
    2 * stepMs * 1e6,
  );
  await lab.press('P');
  await lab.page.waitForSelector('.app:not(.presenting)');
});
