// What every page object of a panel holds: the page, and locators by the lab's test ids.
import type { Locator, Page } from '@playwright/test';

export abstract class Panel {
  constructor(readonly page: Page) {}

  /** The element with `data-testid="id"`. */
  testId(id: string): Locator {
    return this.page.locator(`[data-testid="${id}"]`);
  }
}
