// What the lab says to the user: the problems list, the notice bar and toasts.
import type { Locator } from '@playwright/test';
import { Panel } from './Panel';

export class Notices extends Panel {
  /** The list of problems with the scenario (each names its field). */
  get problems(): Locator {
    return this.testId('problems');
  }
  get notice(): Locator {
    return this.testId('notice');
  }
  get toast(): Locator {
    return this.testId('toast');
  }
  /** "A new version is ready" with its Reload button. */
  get update(): Locator {
    return this.testId('update-notice');
  }
}
