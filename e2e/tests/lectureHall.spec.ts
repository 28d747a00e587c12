import { expect, test } from '../fixtures/test';
// The lab in the lecture hall: what an instructor does while the room watches.
import { writeFile } from 'node:fs/promises';
import { expectClockNeverWentBack, Lab } from '../pages/Lab';
import { crowdedChartHeads, gaugeSizes, overlappingShapes, yAxisTitles } from '../fixtures/layoutChecks';

/**
 * Switching a flow from NewReno to CUBIC mid-run: the run goes on (the clock never goes back, the
 * trace so far is kept), the change is recorded as a timed event in the scenario at the simulated
 * time it applied, and a run from zero of the recorded scenario has the same trace.
 */
test('switchCongestionControlMidRun', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.testId('speed').selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9 && window.__cclab.run().status === 'playing');
  const before = await lab.series();
  const f0 = before.flows[0];
  await lab.testId(`flow-${f0.id}`).click();
  await lab.testId('flow-inspector').waitFor();
  const tClick = (await lab.run()).nowNs;
  await lab.testId('flow-cc').selectOption('cubic');
  const readings = await lab.controls.clockReadings(1500);
  expectClockNeverWentBack(readings);
  expect(readings[0] >= tClick, 'the run did not restart from zero').toBeTruthy();
  expect((await lab.run()).status).toBe('playing');

  // the change is an event of the scenario at the time it applied; the flow itself is as it started
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(window.__cclab.scenario().events?.[0]?.at ?? ''));
  const s = await lab.scenario();
  expect(s.version).toBe(2);
  expect(s.events.length).toBe(1);
  expect(s.events[0].flow).toBe(f0.id);
  expect(s.events[0].cc).toBe('cubic');
  const atS = Number(s.events[0].at.replace('s', ''));
  // where the run was when changed: not before the click, and no later than the clock the page showed
  // once it had run on after it (the page's clock lags the worker's by a frame; at 5× on a loaded
  // machine a frame is a good part of a simulated second)
  expect(atS * 1e9 >= tClick && atS * 1e9 <= readings.at(-1), `event at ${atS} s, clicked at ${tClick / 1e9} s, clock ${readings.at(-1) / 1e9} s after`).toBeTruthy();
  expect(s.events[0].at, 'at a whole millisecond').toMatch(/^\d+(\.\d{1,3})?s$/);
  expect(s.flows[0].transport.cc ?? 'newreno').toBe('newreno');
  // the inspector shows what the flow runs now
  expect(await lab.testId('flow-cc').inputValue()).toBe('cubic');

  // the trace before the change is kept, point for point
  const after = await lab.series();
  const n = before.flows[0].t.length;
  expect(after.flows[0].t.length > n).toBeTruthy();
  expect(after.flows[0].t.slice(0, n), 'times before the change kept').toEqual(before.flows[0].t);
  expect(after.flows[0].cwnd.slice(0, n), 'cwnd before the change kept').toEqual(before.flows[0].cwnd);
  await lab.testId(`flow-${f0.id}`).click(); // deselect: the charts in full
  await lab.screenshot('lecture-cc-switch-mid-run');

  // the recorded scenario, run again from zero, draws the same cwnd
  await lab.testId('play').click(); // pause
  await lab.waitForRun(() => window.__cclab.run().status === 'paused');
  const live = await lab.series();
  await lab.testId('reset').click();
  await lab.testId('speed').selectOption('Infinity');
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  const replay = await lab.series();
  const m = Math.min(live.flows[0].t.length, replay.flows[0].t.length) - 1;
  expect(m > n + 5).toBeTruthy();
  const diff = replay.flows[0].cwnd.findIndex((c, i) => i < m && c !== live.flows[0].cwnd[i]);
  expect(diff, `replay differs from t = ${replay.flows[0].t[diff]} s (change at ${atS} s)`).toBe(-1);
});

/** Screen size (px) of SVG text: its computed font size times the scale it is drawn at. */
function screenFontPx(lab, selector) {
  return lab.page.evaluate(
    (sel) =>
      [...document.querySelectorAll(sel)].map((el) => {
        const m = el.getScreenCTM();
        return parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
      }),
    selector,
  );
}

/** Animation frames per second on the page over `seconds`, with the longest gap (ms). */
function frameRate(lab, seconds) {
  return lab.page.evaluate(async (seconds) => {
    const frames = [];
    const t0 = performance.now();
    await new Promise((resolve) => {
      const tick = (t) => {
        frames.push(t);
        if (t - t0 < seconds * 1000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    gaps.sort((a, b) => a - b);
    return {
      fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000),
      p95: gaps[Math.floor(gaps.length * 0.95)],
      max: gaps.at(-1),
    };
  }, seconds);
}

/**
 * Presentation mode at 1024×768, as on a lecture-hall projector: P enters it, the editing chrome
 * goes, node labels measure ≥ 16 px and chart text ≥ 14 px on screen, the port gauges measure
 * ≥ 80 × 16 px (2.5× the editor's) and cover no link caption, every chart's y-axis title is drawn
 * whole inside its canvas, no chart header is crowded (items overlapping or past the chart's
 * edge), the key explains every glyph, → steps a paused run; the frame rate while playing goes
 * to the artifacts (docs/performance.md quotes it).
 */
test('presentationModeOnAProjector', async ({ context, baseUrl }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  const lab = new Lab(page, baseUrl);
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
  expect(nodes.length >= 6 && Math.min(...nodes) >= 16, `node labels ${nodes.map((x) => x.toFixed(1))} px`).toBeTruthy();
  expect(links.length >= 5 && Math.min(...links) >= 14, `link labels ${links.map((x) => x.toFixed(1))} px`).toBeTruthy();
  const chartFonts = await page.evaluate(() =>
    [...document.querySelectorAll('.charts canvas[data-font-px]')].map((c) => Number(c.dataset.fontPx)),
  );
  expect(chartFonts.length >= 3 && Math.min(...chartFonts) >= 14, `chart text ${chartFonts} px`).toBeTruthy();
  const legendPx = await page.evaluate(() =>
    [...document.querySelectorAll('.chart-legend, .chart-title')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
  );
  expect(Math.min(...legendPx) >= 14, `chart legends and titles ${legendPx} px`).toBeTruthy();
  // the Chiu–Jain phase plot (the default scenario has several flows): its canvas text, flow pickers and status line
  const phase = await page.evaluate(() => {
    const cv = document.querySelector('[data-testid="chart-phase"] canvas');
    const css = (sel) =>
      [...document.querySelectorAll(`[data-testid="chart-phase"] ${sel}`)].map((e) =>
        parseFloat(getComputedStyle(e).fontSize),
      );
    return {
      canvas: Number(cv?.dataset.fontPx ?? NaN),
      html: [...css('.chart-title'), ...css('select'), ...css('.phase-status')],
    };
  });
  expect(phase.canvas >= 14, `phase plot canvas text ${phase.canvas} px`).toBeTruthy();
  expect(phase.html.length >= 4 && Math.min(...phase.html) >= 14, `phase plot title, pickers, status ${phase.html} px`).toBeTruthy();
  // port gauges to read from the back of the room, clear of the link captions
  const gauges = await gaugeSizes(page);
  const sizes = gauges.map((g) => `${g.port} ${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  expect(gauges.length, sizes).toBe(6);
  expect(Math.min(...gauges.map((g) => g.length)) >= 80, `gauge lengths: ${sizes}`).toBeTruthy();
  expect(Math.min(...gauges.map((g) => g.thickness)) >= 16, `gauge thickness: ${sizes}`).toBeTruthy();
  const editorSizes = editorGauges.map((g) => `${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  expect(await overlappingShapes(page, '.link-label', '.queue-bar rect'), 'captions under gauges').toEqual([]);
  // chart headers and axis titles at 1024×768
  expect(await crowdedChartHeads(page)).toEqual([]);
  const titles = await yAxisTitles(page);
  expect(titles.length >= 4, `${titles.length} charts`).toBeTruthy();
  for (const t of titles) {
    expect(!t.title.includes('…'), `"${t.title}" is drawn whole`).toBeTruthy();
    expect(t.top >= 0 && t.bottom <= t.height, `"${t.title}" runs ${t.top}–${t.bottom} px in a ${t.height} px chart`).toBeTruthy();
  }
  const clockPx = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.querySelector('.clock-text')).fontSize),
  );
  expect(clockPx >= 30, `clock ${clockPx} px`).toBeTruthy();
  // the key names every glyph
  const key = await page
    .locator('[data-testid="drop-legend"] [data-glyph]')
    .evaluateAll((els) => els.map((e) => e.dataset.glyph));
  for (const g of ['data', 'ack', 'cross', 'diamond', 'square', 'utilisation'])
    expect(key.includes(g), `key has ${g}: ${key}`).toBeTruthy();

  await lab.testId('speed').selectOption('1');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 2e9 && window.__cclab.live().flight > 0);
  const fps = await frameRate(lab, 4);
  const glyphs = await page.evaluate(() => window.__cclab.glyphs().length);
  await lab.screenshot('lecture-presentation-1024x768');
  const report = [
    '| view | viewport | speed | frames/s | p95 frame gap (ms) | longest gap (ms) | packets drawn | node labels (px) | link labels (px) | chart text (px) |',
    '| ---- | -------- | ----- | -------- | ------------------ | ---------------- | ------------- | ---------------- | ---------------- | --------------- |',
    `| presentation, default scenario | 1024×768 | 1× | ${fps.fps.toFixed(1)} | ${fps.p95.toFixed(1)} | ${fps.max.toFixed(1)} | ${glyphs} | ${Math.min(...nodes).toFixed(1)} (editor: ${Math.min(...before).toFixed(1)}) | ${Math.min(...links).toFixed(1)} | ${Math.min(...chartFonts)} |`,
    '',
    `Port gauges on screen (length × thickness, px): presentation ${sizes}; editor ${editorSizes}.`,
  ].join('\n');
  await writeFile(new URL('../artifacts/performance-presentation.md', import.meta.url), report + '\n');
  expect(fps.fps >= 20, `presentation mode draws ${fps.fps.toFixed(1)} frames/s`).toBeTruthy();

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
  expect(t1 - t0 > 0 && t1 - t0 <= 100e6 + 1, `step moved ${t1 - t0} ns`).toBeTruthy();

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
  await lab.testId('speed').selectOption('Infinity');
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
  expect(s2.flows.map((f) => f.transport.cc), 'a change after the run ended edits the scenario itself (no events)').toEqual(s.flows.map(() => 'cubic'));
  expect(s2.events).toBe(undefined);
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.waitForTimeout(600);
  const rows = await lab
    .testId('compare-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  const jain = rows.find((r) => r[0].startsWith("Jain's index"));
  expect(jain && jain[1] !== '—' && jain[2] !== '—', `Jain's index of both runs: ${jain}`).toBeTruthy();
  const goodput = rows.find((r) => r[0] === `${s.flows[0].id} goodput (Mb/s)`);
  expect(goodput[1], 'NewReno and CUBIC runs differ').not.toBe(goodput[2]);
  // A's lines are in the charts' legends beside B's
  const legend = await lab.page.locator('.chart-legend').first().innerText();
  expect(legend).toMatch(/\(A\)/);
  await lab.screenshot('lecture-compare-reno-cubic');
});

/** Opening a preset over edited work asks first; declining keeps the work, and no edit means no question. */
test('presetAsksBeforeReplacingEdits', async ({ lab }) => {
  await lab.open();
  const dialogs = [];
  let answer = false;
  lab.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void (answer ? d.accept() : d.dismiss());
  });
  // no edit yet: a preset opens without a question
  await lab.testId('preset').selectOption('bufferbloat');
  await lab.waitForRun(() => window.__cclab.scenario().links.length > 6);
  expect(dialogs.length).toBe(0);
  // an edit, then another preset: asked; "Cancel" keeps the edit
  await lab.press('Shift+H');
  const edited = await lab.scenario();
  await lab.testId('preset').selectOption('fair-queueing-drr');
  expect(dialogs.length).toBe(1);
  expect(dialogs[0]).toMatch(/Replace your edited network/);
  expect((await lab.scenario()).nodes).toEqual(edited.nodes);
  answer = true;
  await lab.testId('preset').selectOption('fair-queueing-drr');
  expect(dialogs.length).toBe(2);
  expect((await lab.scenario()).nodes).not.toEqual(edited.nodes);
});

/** Pages in a PDF that Chromium wrote: the page tree's /Count. */
function pdfPageCount(pdf) {
  const counts = [
    ...pdf
      .toString('latin1')
      .matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ];
  expect(counts.length > 0, 'the PDF has a page tree').toBeTruthy();
  return Math.max(...counts.map((m) => Number(m[1] ?? m[2])));
}

/**
 * The print stylesheet: a one-page handout of the network, the parameters, the charts and the
 * summary, on A4 and on US Letter (the PDF has one page), laid out at the paper's width.
 */
test('printedHandout', async ({ lab }) => {
  await lab.open();
  await lab.controls.play();
  await lab.testId('speed').selectOption('Infinity');
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
    expect(await lab.page.locator(shown).first().isVisible(), `${shown} is printed`).toBeTruthy();
  // the parameters table names every link and flow of the scenario
  const s = await lab.scenario();
  const params = await lab.testId('print-parameters').innerText();
  for (const l of s.links) expect(params.includes(`${l.a}–${l.b}`), `link ${l.a}–${l.b} in the parameters`).toBeTruthy();
  for (const f of s.flows) expect(params.includes(f.id), `flow ${f.id} in the parameters`).toBeTruthy();
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
