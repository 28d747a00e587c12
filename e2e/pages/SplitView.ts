// The split view: two runs side by side on one clock (A and B), their controls and table.
import type { Locator } from '@playwright/test';
import type { DebugHandle } from '../../apps/web/src/debugHandleApi';
import { Panel } from './Panel';

export class SplitView extends Panel {
  get openButton(): Locator {
    return this.testId('split-view');
  }
  get panel(): Locator {
    return this.testId('split-view-panel');
  }
  get playButton(): Locator {
    return this.testId('split-play');
  }
  get table(): Locator {
    return this.testId('split-table');
  }
  pane(side: 'a' | 'b'): Locator {
    return this.testId(`split-pane-${side}`);
  }
  clock(side: 'a' | 'b'): Locator {
    return this.testId(`split-clock-${side}`);
  }

  /** The two runs as the page holds them (null when the split view is closed). */
  state(): Promise<ReturnType<DebugHandle['split']>> {
    return this.page.evaluate(() => window.__cclab.split());
  }
}
