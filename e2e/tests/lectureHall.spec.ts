// The lab in the lecture hall: what an instructor does while the room watches.
import { writeFile } from 'node:fs/promises';
import { animationFrames } from '../fixtures/frameTiming';
import { crowdedChartHeads, gaugeSizes, overlappingShapes, yAxisTitles } from '../fixtures/layoutChecks';
import { expect, test } from '../fixtures/test';
import { expectClockNeverWentBack, type Lab } from '../pages/Lab';

/**
 * Switching a flow from NewReno to CUBIC mid-run: the run goes on (the clock never goes back, the
 * trace so far is kept), the change is recorded as a timed event in the scenario at the simulated
 * time it applied, and a run from zero of the recorded scenario has the same trace.
 */
test('switchCongestionControlMidRun', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9 && window.__cclab.run().status === 'playing');
  const before = await lab.series();
  const f0 = before.flows[0];
  await lab.testId(`flow-${f0.id}`).click();
  await lab.inspector.flow.waitFor();
  const tClick = (await lab.run()).nowNs;
  await lab.testId('flow-cc').selectOption('cubic');
  const readings = await lab.controls.clockReadings(1500);
  expectClockNeverWentBack(readings);
  expect(readings[0], 'the run did not restart from zero').toBeGreaterThanOrEqual(tClick);
  expect((await lab.run()).status).toBe('playing');

  // the change is an event of the scenario at the time it applied; the flow itself is as it started
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(String(window.__cclab.scenario().events?.[0]?.at ?? '')));
  const s = await lab.scenario();
  expect(s.version).toBe(2);
  const events = s.events ?? [];
  expect(events.length).toBe(1);
  expect(events[0].flow).toBe(f0.id);
  expect(events[0].cc).toBe('cubic');
  const atS = Number(String(events[0].at).replace('s', ''));
  // where the run was when changed: not before the click, and no later than the clock the page showed
  // once it had run on after it (the page's clock lags the worker's by a frame; at 5× on a loaded
  // machine a frame is a good part of a simulated second)
  const clockAfter = readings.at(-1)!;
  const when = `event at ${atS} s, clicked at ${tClick / 1e9} s, clock ${clockAfter / 1e9} s after`;
  expect(atS * 1e9, when).toBeGreaterThanOrEqual(tClick);
  expect(atS * 1e9, when).toBeLessThanOrEqual(clockAfter);
  expect(events[0].at, 'at a whole millisecond').toMatch(/^\d+(\.\d{1,3})?s$/);
  expect(s.flows[0].transport.cc ?? 'newreno').toBe('newreno');
  // the inspector shows what the flow runs now
  expect(await lab.testId('flow-cc').inputValue()).toBe('cubic');

  // the trace before the change is kept, point for point
  const after = await lab.series();
  const n = before.flows[0].t.length;
  expect(after.flows[0].t.length).toBeGreaterThan(n);
  expect(after.flows[0].t.slice(0, n), 'times before the change kept').toEqual(before.flows[0].t);
  expect(after.flows[0].cwnd.slice(0, n), 'cwnd before the change kept').toEqual(before.flows[0].cwnd);
  await lab.testId(`flow-${f0.id}`).click(); // deselect: the charts in full
  await lab.screenshot('lecture-cc-switch-mid-run');

  // the recorded scenario, run again from zero, draws the same cwnd
  await lab.controls.playButton.click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  const live = await lab.series();
  await lab.controls.resetButton.click();
  await lab.controls.speed.selectOption('Infinity');
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  const replay = await lab.series();
  const m = Math.min(live.flows[0].t.length, replay.flows[0].t.length) - 1;
  expect(m).toBeGreaterThan(n + 5);
  const diff = replay.flows[0].cwnd.findIndex((c, i) => i < m && c !== live.flows[0].cwnd[i]);
  expect(diff, `replay differs from t = ${replay.flows[0].t[diff]} s (change at ${atS} s)`).toBe(-1);
});

/** Screen size (px) of SVG text: its computed font size times the scale it is drawn at. */
function screenFontPx(lab: Lab, selector: string): Promise<number[]> {
  return lab.page.evaluate(
    (sel) =>
      [...document.querySelectorAll<SVGGraphicsElement>(sel)].map((el) => {
        const m = el.getScreenCTM()!;
        return parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
      }),
    selector,
  );
}

/**
 * Presentation mode at 1024×768, as on a lecture-hall projector: P enters it, the editing chrome
 * goes, node labels measure ≥ 16 px and chart text ≥ 14 px on screen, the port gauges measure
 * ≥ 80 × 16 px (2.5× the editor's) and cover no link caption, every chart's y-axis title is drawn
 * whole inside its canvas, no chart header is crowded (items overlapping or past the chart's
 * edge), the key explains every glyph, → steps a paused run; the frame rate while playing goes
 * to the artifacts (docs/performance.md quotes it).
 */
test('presentationModeOnAProjector', async ({ lab }) => {
  const page = lab.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  await lab.open();
  await lab.controls.play();
  const before = await screenFontPx(lab, '.node-label');
  await lab.waitForRun(() => document.querySelectorAll('[data-queue-port]').length >= 6);
  const editorGauges = await gaugeSizes(page);
  await lab.press('p');
  await page.waitForSelector('.app.presenting');
  expect(await page.getByRole('button', { name: 'Presentation mode' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.locator('.sidebar').isVisible(), 'inspector and flows hidden').toBe(false);
  expect(await page.locator('.toolbar').isVisible(), 'editor tools hidden').toBe(false);
  await page.waitForTimeout(300);
  const nodes = await screenFontPx(lab, '.node-label');
  const links = await screenFontPx(lab, '.link-label');
  const nodePx = `node labels ${nodes.map((x) => x.toFixed(1))} px`;
  expect(nodes.length, nodePx).toBeGreaterThanOrEqual(6);
  expect(Math.min(...nodes), nodePx).toBeGreaterThanOrEqual(16);
  const linkPx = `link labels ${links.map((x) => x.toFixed(1))} px`;
  expect(links.length, linkPx).toBeGreaterThanOrEqual(5);
  expect(Math.min(...links), linkPx).toBeGreaterThanOrEqual(14);
  const chartFonts = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('.charts canvas[data-font-px]')].map((c) =>
      Number(c.dataset.fontPx),
    ),
  );
  expect(chartFonts.length, `chart text ${chartFonts} px`).toBeGreaterThanOrEqual(3);
  expect(Math.min(...chartFonts), `chart text ${chartFonts} px`).toBeGreaterThanOrEqual(14);
  const legendPx = await page.evaluate(() =>
    [...document.querySelectorAll('.chart-legend, .chart-title')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
  );
  expect(Math.min(...legendPx), `chart legends and titles ${legendPx} px`).toBeGreaterThanOrEqual(14);
  // the Chiu–Jain phase plot (the default scenario has several flows): its canvas text, flow pickers and status line
  const phase = await page.evaluate(() => {
    const cv = document.querySelector<HTMLCanvasElement>('[data-testid="chart-phase"] canvas');
    const css = (sel: string): number[] =>
      [...document.querySelectorAll(`[data-testid="chart-phase"] ${sel}`)].map((e) =>
        parseFloat(getComputedStyle(e).fontSize),
      );
    return {
      canvas: Number(cv?.dataset.fontPx ?? NaN),
      html: [...css('.chart-title'), ...css('select'), ...css('.phase-status')],
    };
  });
  expect(phase.canvas, `phase plot canvas text ${phase.canvas} px`).toBeGreaterThanOrEqual(14);
  expect(phase.html.length, `phase plot title, pickers, status ${phase.html} px`).toBeGreaterThanOrEqual(4);
  expect(Math.min(...phase.html), `phase plot title, pickers, status ${phase.html} px`).toBeGreaterThanOrEqual(14);
  // port gauges to read from the back of the room, clear of the link captions
  const gauges = await gaugeSizes(page);
  const sizes = gauges.map((g) => `${g.port} ${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  expect(gauges.length, sizes).toBe(6);
  expect(Math.min(...gauges.map((g) => g.length)), `gauge lengths: ${sizes}`).toBeGreaterThanOrEqual(80);
  expect(Math.min(...gauges.map((g) => g.thickness)), `gauge thickness: ${sizes}`).toBeGreaterThanOrEqual(16);
  const editorSizes = editorGauges.map((g) => `${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  expect(await overlappingShapes(page, '.link-label', '.queue-bar rect'), 'captions under gauges').toEqual([]);
  // chart headers and axis titles at 1024×768
  expect(await crowdedChartHeads(page)).toEqual([]);
  const titles = await yAxisTitles(page);
  expect(titles.length, `${titles.length} charts`).toBeGreaterThanOrEqual(4);
  for (const t of titles) {
    expect(t.title, `"${t.title}" is drawn whole`).not.toContain('…');
    const runs = `"${t.title}" runs ${t.top}–${t.bottom} px in a ${t.height} px chart`;
    expect(t.top, runs).toBeGreaterThanOrEqual(0);
    expect(t.bottom, runs).toBeLessThanOrEqual(t.height);
  }
  const clockPx = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.querySelector('.clock-text')!).fontSize),
  );
  expect(clockPx, `clock ${clockPx} px`).toBeGreaterThanOrEqual(30);
  // the key names every glyph
  const key = await page
    .locator('[data-testid="drop-legend"] [data-glyph]')
    .evaluateAll((els) => els.map((e) => e.dataset.glyph));
  for (const g of ['data', 'ack', 'cross', 'diamond', 'square', 'utilisation'])
    expect(key, `key has ${g}: ${key}`).toContain(g);

  await lab.controls.speed.selectOption('1');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 2e9 && window.__cclab.live().flight > 0);
  const fps = await animationFrames(lab.page, 4);
  const glyphs = await page.evaluate(() => window.__cclab.glyphs().length);
  await lab.screenshot('lecture-presentation-1024x768');
  const report = [
    '| view | viewport | speed | frames/s | p95 frame gap (ms) | longest gap (ms) | packets drawn | node labels (px) | link labels (px) | chart text (px) |',
    '| ---- | -------- | ----- | -------- | ------------------ | ---------------- | ------------- | ---------------- | ---------------- | --------------- |',
    `| presentation, default scenario | 1024×768 | 1× | ${fps.fps.toFixed(1)} | ${fps.p95FrameMs.toFixed(1)} | ${fps.worstFrameMs.toFixed(1)} | ${glyphs} | ${Math.min(...nodes).toFixed(1)} (editor: ${Math.min(...before).toFixed(1)}) | ${Math.min(...links).toFixed(1)} | ${Math.min(...chartFonts)} |`,
    '',
    `Port gauges on screen (length × thickness, px): presentation ${sizes}; editor ${editorSizes}.`,
  ].join('\n');
  await writeFile(new URL('../artifacts/performance-presentation.md', import.meta.url), report + '\n');
  expect(fps.fps, `presentation mode draws ${fps.fps.toFixed(1)} frames/s`).toBeGreaterThanOrEqual(20);

  // → steps a paused run by one probe interval
  await lab.press(' ');
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  // the page's clock is a frame behind the worker's: read it once the last frame before the pause is in
  let t0 = (await lab.run()).nowNs;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const t = (await lab.run()).nowNs;
    if (t === t0) break;
    t0 = t;
  }
  await lab.press('ArrowRight');
  await lab.waitForRun((t) => window.__cclab.run().nowNs > t, t0);
  const t1 = (await lab.run()).nowNs;
  expect(t1 - t0, `step moved ${t1 - t0} ns`).toBeGreaterThan(0);
  expect(t1 - t0, `step moved ${t1 - t0} ns`).toBeLessThanOrEqual(100e6 + 1);

  // with reduced motion the page still presents (packets move with the frames only)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await lab.press(' ');
  await page.waitForTimeout(800);
  await lab.screenshot('lecture-presentation-reduced-motion');
  await lab.press('p');
  await page.waitForSelector('.app:not(.presenting)');
});

/**
 * A/B comparison: run NewReno to the end, pin it ("Compare"), switch both flows to CUBIC, run
 * again: the charts carry A's lines (dashed) beside B's and the table shows both with Δ.
 */
test('pinChangeCompare', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('Infinity');
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.getByRole('button', { name: 'Compare' }).click();
  await lab.testId('compare-table').waitFor();
  const s = await lab.scenario();
  for (const f of s.flows) {
    await lab.testId(`flow-${f.id}`).click();
    await lab.testId('flow-cc').selectOption('cubic');
  }
  await lab.press('Escape');
  const s2 = await lab.scenario();
  expect(
    s2.flows.map((f) => f.transport.cc),
    'a change after the run ended edits the scenario itself (no events)',
  ).toEqual(s.flows.map(() => 'cubic'));
  expect(s2.events).toBe(undefined);
  await lab.controls.playButton.click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.waitForTimeout(600);
  const rows = await lab
    .testId('compare-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  const jain = rows.find((r) => r[0].startsWith("Jain's index"));
  expect(jain && jain[1] !== '—' && jain[2] !== '—', `Jain's index of both runs: ${jain}`).toBeTruthy();
  const goodput = rows.find((r) => r[0] === `${s.flows[0].id} goodput (Mb/s)`);
  if (!goodput) throw new Error(`no goodput row for ${s.flows[0].id}: ${rows.map((r) => r[0]).join(' | ')}`);
  expect(goodput[1], 'NewReno and CUBIC runs differ').not.toBe(goodput[2]);
  // A's lines are in the charts' legends beside B's
  const legend = await lab.page.locator('.chart-legend').first().innerText();
  expect(legend).toMatch(/\(A\)/);
  await lab.screenshot('lecture-compare-reno-cubic');
});

/** Opening a preset over edited work asks first; declining keeps the work, and no edit means no question. */
test('presetAsksBeforeReplacingEdits', async ({ lab }) => {
  await lab.open();
  const dialogs: string[] = [];
  let answer = false;
  lab.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void (answer ? d.accept() : d.dismiss());
  });
  // no edit yet: a preset opens without a question
  await lab.controls.openPreset('bufferbloat');
  await lab.waitForRun(() => window.__cclab.scenario().links.length > 6);
  expect(dialogs.length).toBe(0);
  // an edit, then another preset: asked; "Cancel" keeps the edit
  await lab.press('Shift+H');
  const edited = await lab.scenario();
  await lab.controls.openPreset('fair-queueing-drr');
  expect(dialogs.length).toBe(1);
  expect(dialogs[0]).toMatch(/Replace your edited network/);
  expect((await lab.scenario()).nodes).toEqual(edited.nodes);
  answer = true;
  await lab.controls.openPreset('fair-queueing-drr');
  expect(dialogs.length).toBe(2);
  expect((await lab.scenario()).nodes).not.toEqual(edited.nodes);
});

/** Pages in a PDF that Chromium wrote: the page tree's /Count. */
function pdfPageCount(pdf: Buffer): number {
  const counts = [
    ...pdf
      .toString('latin1')
      .matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ];
  expect(counts.length, 'the PDF has a page tree').toBeGreaterThan(0);
  return Math.max(...counts.map((m) => Number(m[1] ?? m[2])));
}

/**
 * The print stylesheet: a one-page handout of the network, the parameters, the charts and the
 * summary, on A4 and on US Letter (the PDF has one page), laid out at the paper's width.
 */
test('printedHandout', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.controls.speed.selectOption('Infinity');
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.emulateMedia({ media: 'print' });
  await lab.page.waitForTimeout(400);
  for (const hidden of ['.toolbar', '.flows-panel', '[data-testid="play"]', '[data-testid="preset"]'])
    expect(await lab.page.locator(hidden).first().isVisible(), `${hidden} is not printed`).toBe(false);
  for (const shown of [
    '[data-testid="topology"]',
    '.charts',
    '[data-testid="summary"]',
    '[data-testid="print-parameters"]',
  ])
    expect(await lab.page.locator(shown).first().isVisible(), `${shown} is printed`).toBe(true);
  // the parameters table names every link and flow of the scenario
  const s = await lab.scenario();
  const params = await lab.testId('print-parameters').innerText();
  for (const l of s.links) expect(params, `link ${l.a}–${l.b} in the parameters`).toContain(`${l.a}–${l.b}`);
  for (const f of s.flows) expect(params, `flow ${f.id} in the parameters`).toContain(f.id);
  // what the paper shows: the page at A4's printable width (210 mm − 2 × 10 mm at 96 px/in)
  await lab.page.setViewportSize({ width: 718, height: 1050 });
  await lab.page.waitForTimeout(400);
  await lab.page.screenshot({
    path: new URL('../artifacts/lecture-print-a4.png', import.meta.url).pathname,
    fullPage: true,
  });
  for (const format of ['A4', 'Letter']) {
    const pdf = await lab.page.pdf({ format, printBackground: true });
    await writeFile(new URL(`../artifacts/lecture-handout-${format}.pdf`, import.meta.url), pdf);
    expect(pdfPageCount(pdf), `the ${format} handout is one page`).toBe(1);
  }
});
