// A drawer opened from the header: demos, exercises, reproductions, recent work, sizing, sweeps.
import type { Locator, Page } from '@playwright/test';
import { Panel } from './Panel';

export class Drawer extends Panel {
  constructor(
    page: Page,
    /** The drawer's test-id prefix: `demos` for `demos-toggle` and `demos-panel`. */
    readonly name: string,
  ) {
    super(page);
  }

  get toggle(): Locator {
    return this.testId(`${this.name}-toggle`);
  }
  get panel(): Locator {
    return this.testId(`${this.name}-panel`);
  }

  /** Opens the drawer (if it is closed) and waits for it. */
  async open(): Promise<void> {
    if (!(await this.panel.isVisible())) await this.toggle.click();
    await this.panel.waitFor();
  }

  /** Closes the drawer (if it is open) and waits until it is gone. */
  async close(): Promise<void> {
    if (await this.panel.isVisible()) await this.toggle.click();
    await this.panel.waitFor({ state: 'detached' });
  }
}
