// The charts panel: cwnd, queue, throughput, delay and the teaching views, their legends and exports.
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { Panel } from './Panel';

export class Charts extends Panel {
  chart(name: string): Locator {
    return this.testId(`chart-${name}`);
  }
  legend(name: string): Locator {
    return this.testId(`legend-${name}`);
  }

  /** Clicks a chart's export button (`chart-cwnd-csv`, `chart-queue-svg`…) and returns the file's text. */
  async exportText(chart: string, format: 'csv' | 'svg' | 'png'): Promise<string> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.testId(`chart-${chart}-${format}`).click(),
    ]);
    return readFile(await download.path(), 'utf8');
  }
}
