// In the pages the specs drive, the lab has installed `window.__cclab` (apps/web/src/debugHandle.ts):
// page.evaluate callbacks read it without a check (a spec opens the lab with Lab.open first).
import type { DebugHandle } from '../apps/web/src/debugHandleApi';

declare global {
  interface Window {
    __cclab: DebugHandle;
  }
}
