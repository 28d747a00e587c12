// The inspector beside the canvas: the selected link's, node's or flow's fields.
import type { Locator } from '@playwright/test';
import { Panel } from './Panel';

export class Inspector extends Panel {
  get link(): Locator {
    return this.testId('link-inspector');
  }
  get node(): Locator {
    return this.testId('node-inspector');
  }
  get flow(): Locator {
    return this.testId('flow-inspector');
  }
  /** The list of changes recorded during a run (live changes). */
  get changes(): Locator {
    return this.testId('inspector-changes');
  }

  /** Types `value` into the field with test id `field` and presses Enter, as a person commits it. */
  async set(field: string, value: string): Promise<void> {
    await this.testId(field).fill(value);
    await this.testId(field).press('Enter');
  }
}
