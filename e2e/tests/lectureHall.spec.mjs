// The lab in the lecture hall: what an instructor does while the room watches.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { assertClockNeverWentBack, LabPage } from '../fixtures/LabPage.mjs';
import { crowdedChartHeads, gaugeSizes, overlappingShapes, yAxisTitles } from '../fixtures/layoutChecks.mjs';

/**
 * Switching a flow from NewReno to CUBIC mid-run: the run goes on (the clock never goes back, the
 * trace so far is kept), the change is recorded as a timed event in the scenario at the simulated
 * time it applied, and a run from zero of the recorded scenario has the same trace.
 */
export async function switchCongestionControlMidRun({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await lab.testId('speed').selectOption('5');
  await lab.waitForRun(() => window.__cclab.run().nowNs > 4e9 && window.__cclab.run().status === 'playing');
  const before = await lab.series();
  const f0 = before.flows[0];
  await lab.testId(`flow-${f0.id}`).click();
  await lab.testId('flow-inspector').waitFor();
  const tClick = (await lab.run()).nowNs;
  await lab.testId('flow-cc').selectOption('cubic');
  const readings = await lab.clockReadings(1500);
  assertClockNeverWentBack(readings);
  assert.ok(readings[0] >= tClick, 'the run did not restart from zero');
  assert.equal((await lab.run()).status, 'playing');

  // the change is an event of the scenario at the time it applied; the flow itself is as it started
  await lab.waitForRun(() => /^\d+(\.\d+)?s$/.test(window.__cclab.scenario().events?.[0]?.at ?? ''));
  const s = await lab.scenario();
  assert.equal(s.version, 2);
  assert.equal(s.events.length, 1);
  assert.equal(s.events[0].flow, f0.id);
  assert.equal(s.events[0].cc, 'cubic');
  const atS = Number(s.events[0].at.replace('s', ''));
  // where the run was when changed: not before the click, and no later than the clock the page showed
  // once it had run on after it (the page's clock lags the worker's by a frame; at 5× on a loaded
  // machine a frame is a good part of a simulated second)
  assert.ok(
    atS * 1e9 >= tClick && atS * 1e9 <= readings.at(-1),
    `event at ${atS} s, clicked at ${tClick / 1e9} s, clock ${readings.at(-1) / 1e9} s after`,
  );
  assert.match(s.events[0].at, /^\d+(\.\d{1,3})?s$/, 'at a whole millisecond');
  assert.equal(s.flows[0].transport.cc ?? 'newreno', 'newreno');
  // the inspector shows what the flow runs now
  assert.equal(await lab.testId('flow-cc').inputValue(), 'cubic');

  // the trace before the change is kept, point for point
  const after = await lab.series();
  const n = before.flows[0].t.length;
  assert.ok(after.flows[0].t.length > n);
  assert.deepEqual(after.flows[0].t.slice(0, n), before.flows[0].t, 'times before the change kept');
  assert.deepEqual(after.flows[0].cwnd.slice(0, n), before.flows[0].cwnd, 'cwnd before the change kept');
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
  assert.ok(m > n + 5);
  const diff = replay.flows[0].cwnd.findIndex((c, i) => i < m && c !== live.flows[0].cwnd[i]);
  assert.equal(diff, -1, `replay differs from t = ${replay.flows[0].t[diff]} s (change at ${atS} s)`);
}

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
export async function presentationModeOnAProjector({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  const lab = new LabPage(page, baseUrl);
  await lab.open();
  await lab.play();
  const before = await screenFontPx(lab, '.node-label');
  await lab.waitForRun(() => document.querySelectorAll('[data-queue-port]').length >= 6);
  const editorGauges = await gaugeSizes(page);
  await lab.press('p');
  await page.waitForSelector('.app.presenting');
  assert.equal(await page.getByRole('button', { name: 'Presentation mode' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('.sidebar').isVisible(), false, 'inspector and flows hidden');
  assert.equal(await page.locator('.toolbar').isVisible(), false, 'editor tools hidden');
  await page.waitForTimeout(300);
  const nodes = await screenFontPx(lab, '.node-label');
  const links = await screenFontPx(lab, '.link-label');
  assert.ok(nodes.length >= 6 && Math.min(...nodes) >= 16, `node labels ${nodes.map((x) => x.toFixed(1))} px`);
  assert.ok(links.length >= 5 && Math.min(...links) >= 14, `link labels ${links.map((x) => x.toFixed(1))} px`);
  const chartFonts = await page.evaluate(() =>
    [...document.querySelectorAll('.charts canvas[data-font-px]')].map((c) => Number(c.dataset.fontPx)),
  );
  assert.ok(chartFonts.length >= 3 && Math.min(...chartFonts) >= 14, `chart text ${chartFonts} px`);
  const legendPx = await page.evaluate(() =>
    [...document.querySelectorAll('.chart-legend, .chart-title')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
  );
  assert.ok(Math.min(...legendPx) >= 14, `chart legends and titles ${legendPx} px`);
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
  assert.ok(phase.canvas >= 14, `phase plot canvas text ${phase.canvas} px`);
  assert.ok(
    phase.html.length >= 4 && Math.min(...phase.html) >= 14,
    `phase plot title, pickers, status ${phase.html} px`,
  );
  // port gauges to read from the back of the room, clear of the link captions
  const gauges = await gaugeSizes(page);
  const sizes = gauges.map((g) => `${g.port} ${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  assert.equal(gauges.length, 6, sizes);
  assert.ok(Math.min(...gauges.map((g) => g.length)) >= 80, `gauge lengths: ${sizes}`);
  assert.ok(Math.min(...gauges.map((g) => g.thickness)) >= 16, `gauge thickness: ${sizes}`);
  const editorSizes = editorGauges.map((g) => `${g.length.toFixed(0)}×${g.thickness.toFixed(1)}`).join(', ');
  assert.deepEqual(await overlappingShapes(page, '.link-label', '.queue-bar rect'), [], 'captions under gauges');
  // chart headers and axis titles at 1024×768
  assert.deepEqual(await crowdedChartHeads(page), []);
  const titles = await yAxisTitles(page);
  assert.ok(titles.length >= 4, `${titles.length} charts`);
  for (const t of titles) {
    assert.ok(!t.title.includes('…'), `"${t.title}" is drawn whole`);
    assert.ok(
      t.top >= 0 && t.bottom <= t.height,
      `"${t.title}" runs ${t.top}–${t.bottom} px in a ${t.height} px chart`,
    );
  }
  const clockPx = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.querySelector('.clock-text')).fontSize),
  );
  assert.ok(clockPx >= 30, `clock ${clockPx} px`);
  // the key names every glyph
  const key = await page
    .locator('[data-testid="drop-legend"] [data-glyph]')
    .evaluateAll((els) => els.map((e) => e.dataset.glyph));
  for (const g of ['data', 'ack', 'cross', 'diamond', 'square', 'utilisation'])
    assert.ok(key.includes(g), `key has ${g}: ${key}`);

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
  assert.ok(fps.fps >= 20, `presentation mode draws ${fps.fps.toFixed(1)} frames/s`);

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
  assert.ok(t1 - t0 > 0 && t1 - t0 <= 100e6 + 1, `step moved ${t1 - t0} ns`);

  // with reduced motion the page still presents (packets move with the frames only)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await lab.press(' ');
  await page.waitForTimeout(800);
  await lab.screenshot('lecture-presentation-reduced-motion');
  await lab.press('p');
  await page.waitForSelector('.app:not(.presenting)');
}

/**
 * A/B comparison: run NewReno to the end, pin it ("Compare"), switch both flows to CUBIC, run
 * again: the charts carry A's lines (dashed) beside B's and the table shows both with Δ.
 */
export async function pinChangeCompare({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
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
  assert.deepEqual(
    s2.flows.map((f) => f.transport.cc),
    s.flows.map(() => 'cubic'),
    'a change after the run ended edits the scenario itself (no events)',
  );
  assert.equal(s2.events, undefined);
  await lab.testId('play').click();
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.waitForTimeout(600);
  const rows = await lab
    .testId('compare-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  const jain = rows.find((r) => r[0].startsWith("Jain's index"));
  assert.ok(jain && jain[1] !== '—' && jain[2] !== '—', `Jain's index of both runs: ${jain}`);
  const goodput = rows.find((r) => r[0] === `${s.flows[0].id} goodput (Mb/s)`);
  assert.notEqual(goodput[1], goodput[2], 'NewReno and CUBIC runs differ');
  // A's lines are in the charts' legends beside B's
  const legend = await lab.page.locator('.chart-legend').first().innerText();
  assert.match(legend, /\(A\)/);
  await lab.screenshot('lecture-compare-reno-cubic');
}

/** Opening a preset over edited work asks first; declining keeps the work, and no edit means no question. */
export async function presetAsksBeforeReplacingEdits({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
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
  assert.equal(dialogs.length, 0);
  // an edit, then another preset: asked; "Cancel" keeps the edit
  await lab.press('Shift+H');
  const edited = await lab.scenario();
  await lab.testId('preset').selectOption('fair-queueing-drr');
  assert.equal(dialogs.length, 1);
  assert.match(dialogs[0], /Replace your edited network/);
  assert.deepEqual((await lab.scenario()).nodes, edited.nodes);
  answer = true;
  await lab.testId('preset').selectOption('fair-queueing-drr');
  assert.equal(dialogs.length, 2);
  assert.notDeepEqual((await lab.scenario()).nodes, edited.nodes);
}

/** Pages in a PDF that Chromium wrote: the page tree's /Count. */
function pdfPageCount(pdf) {
  const counts = [
    ...pdf
      .toString('latin1')
      .matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ];
  assert.ok(counts.length > 0, 'the PDF has a page tree');
  return Math.max(...counts.map((m) => Number(m[1] ?? m[2])));
}

/**
 * The print stylesheet: a one-page handout of the network, the parameters, the charts and the
 * summary, on A4 and on US Letter (the PDF has one page), laid out at the paper's width.
 */
export async function printedHandout({ context, baseUrl }) {
  const lab = new LabPage(await context.newPage(), baseUrl);
  await lab.open();
  await lab.play();
  await lab.testId('speed').selectOption('Infinity');
  await lab.waitForRun(() => window.__cclab.run().status === 'done', null, 60000);
  await lab.page.emulateMedia({ media: 'print' });
  await lab.page.waitForTimeout(400);
  for (const hidden of ['.toolbar', '.flows-panel', '[data-testid="play"]', '[data-testid="preset"]'])
    assert.equal(await lab.page.locator(hidden).first().isVisible(), false, `${hidden} is not printed`);
  for (const shown of [
    '[data-testid="topology"]',
    '.charts',
    '[data-testid="summary"]',
    '[data-testid="print-parameters"]',
  ])
    assert.ok(await lab.page.locator(shown).first().isVisible(), `${shown} is printed`);
  // the parameters table names every link and flow of the scenario
  const s = await lab.scenario();
  const params = await lab.testId('print-parameters').innerText();
  for (const l of s.links) assert.ok(params.includes(`${l.a}–${l.b}`), `link ${l.a}–${l.b} in the parameters`);
  for (const f of s.flows) assert.ok(params.includes(f.id), `flow ${f.id} in the parameters`);
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
    assert.equal(pdfPageCount(pdf), 1, `the ${format} handout is one page`);
  }
}
