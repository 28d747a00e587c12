// The lab as a person uses it, one page object per panel (as tldraw's e2e fixtures are made):
// `lab.controls` runs, `lab.canvas` edits the network, `lab.inspector` its fields, `lab.charts`,
// `lab.notices`, the drawers and the split view. What the page holds is read through
// `window.__cclab` (apps/web/src/debugHandleApi.ts).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { DebugHandle } from '../../apps/web/src/debugHandleApi';
import { Canvas } from './Canvas';
import { Charts } from './Charts';
import { Drawer } from './Drawer';
import { Inspector } from './Inspector';
import { Notices } from './Notices';
import { RunControls } from './RunControls';
import { SplitView } from './SplitView';

/** Where tests write the screenshots and reports a person looks at (not committed). */
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

export type RunState = ReturnType<DebugHandle['run']>;
export type Scenario = ReturnType<DebugHandle['scenario']>;

/** Fails if the simulated clock ever went back between two readings of `clockReadings`. */
export function expectClockNeverWentBack(readings: number[]): void {
  for (let i = 1; i < readings.length; i++)
    expect(readings[i]!, `the clock went back from ${readings[i - 1]} to ${readings[i]} ns`).toBeGreaterThanOrEqual(
      readings[i - 1]!,
    );
}

export class Lab {
  readonly controls: RunControls;
  readonly canvas: Canvas;
  readonly inspector: Inspector;
  readonly charts: Charts;
  readonly notices: Notices;
  readonly split: SplitView;
  readonly demos: Drawer;
  readonly exercises: Drawer;
  readonly reproductions: Drawer;
  readonly recent: Drawer;
  readonly sizing: Drawer;

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    this.controls = new RunControls(page);
    this.canvas = new Canvas(page);
    this.inspector = new Inspector(page);
    this.charts = new Charts(page);
    this.notices = new Notices(page);
    this.split = new SplitView(page);
    this.demos = new Drawer(page, 'demos');
    this.exercises = new Drawer(page, 'exercises');
    this.reproductions = new Drawer(page, 'reproductions');
    this.recent = new Drawer(page, 'recent');
    this.sizing = new Drawer(page, 'sizing');
  }

  /** Opens the lab (with a `#…` link if given) and waits until it is ready. */
  async open(hash = ''): Promise<void> {
    await this.page.goto(this.baseUrl + hash);
    await this.page.waitForFunction(() => window.__cclab !== undefined);
    await this.page.waitForSelector('[data-testid="topology"]');
  }

  /** The element with `data-testid="id"` anywhere in the lab. */
  testId(id: string): Locator {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  state(): Promise<{ scenario: Scenario; run: RunState }> {
    return this.page.evaluate(() => ({ scenario: window.__cclab.scenario(), run: window.__cclab.run() }));
  }
  scenario(): Promise<Scenario> {
    return this.page.evaluate(() => window.__cclab.scenario());
  }
  run(): Promise<RunState> {
    return this.page.evaluate(() => window.__cclab.run());
  }
  series(): Promise<ReturnType<DebugHandle['series']>> {
    return this.page.evaluate(() => window.__cclab.series());
  }
  live(): Promise<ReturnType<DebugHandle['live']>> {
    return this.page.evaluate(() => window.__cclab.live());
  }

  /** Waits until `pred` (run in the page, given `arg`) holds, polling every 100 ms. */
  async waitForRun<A>(pred: (arg: A) => unknown, arg?: A, timeout = 20000): Promise<void> {
    // (Playwright's own signature for a generic argument does not reduce; its argument-less overload takes any)
    await this.page.waitForFunction(pred as Parameters<Page['waitForFunction']>[0], arg, { timeout, polling: 100 });
  }

  /**
   * Rewinds with the Timeline slider to `tNs` (its value is in ms; within what the run has reached)
   * and waits until the view shows that moment: the seek done, its frame applied.
   */
  async rewindTo(tNs: number): Promise<void> {
    await this.page.getByRole('slider', { name: 'Timeline' }).fill(String(tNs / 1e6));
    await this.waitForRun(
      (t) => window.__cclab.run().nowNs === t && window.__cclab.run().seekingToNs === null,
      tNs,
      60000,
    );
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** Writes a screenshot of the page to e2e/artifacts/<name>.png, for a person to look at. */
  async screenshot(name: string): Promise<void> {
    await mkdir(ARTIFACTS, { recursive: true });
    await this.page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  }
}
