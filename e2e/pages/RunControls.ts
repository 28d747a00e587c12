// The run controls above the charts: play and pause, speed, step, reset, batch, the preset picker
// and the simulated clock.
import type { Locator } from '@playwright/test';
import { Panel } from './Panel';

export class RunControls extends Panel {
  get playButton(): Locator {
    return this.testId('play');
  }
  get speed(): Locator {
    return this.testId('speed');
  }
  get resetButton(): Locator {
    return this.testId('reset');
  }
  get batchButton(): Locator {
    return this.testId('batch');
  }
  get stepButton(): Locator {
    return this.testId('step');
  }
  get preset(): Locator {
    return this.testId('preset');
  }
  get status(): Locator {
    return this.testId('run-status');
  }

  /**
   * Presses Play once the scenario is loaded and waits until the run goes (opening a scenario never
   * starts a run by itself; a link with `&play` does).
   */
  async play(): Promise<void> {
    await this.page.waitForFunction(() => window.__cclab.run().status === 'paused', null, { timeout: 20000 });
    await this.playButton.click();
    await this.page.waitForFunction(() => window.__cclab.run().status !== 'paused', null, { timeout: 20000 });
  }

  /** Opens a built-in scenario from the preset picker (`__empty` for a new empty network). */
  async openPreset(id: string): Promise<void> {
    await this.preset.selectOption(id);
  }

  /** Samples the simulated clock every animation frame for `ms` and returns the readings (ns). */
  clockReadings(ms: number): Promise<number[]> {
    return this.page.evaluate(async (ms) => {
      const out: number[] = [];
      const end = performance.now() + ms;
      while (performance.now() < end) {
        out.push(window.__cclab.run().nowNs);
        await new Promise((r) => requestAnimationFrame(r));
      }
      return out;
    }, ms);
  }
}
