/**
 * The lab as an installable, offline-capable app (a PWA): the service worker's registration (in
 * production builds only; the dev server has none), the "new version available" offer and the
 * browser's install prompt. The service worker itself is apps/web/pwa/serviceWorker.js.
 */
import { create } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

export interface PwaState {
  /** A newer build's service worker, installed and waiting for the page to say "Reload". */
  waiting: ServiceWorker | null;
  /** The browser's deferred install prompt (shown by the Install button), once it was offered. */
  installPrompt: InstallPromptEvent | null;
  /** The user asked for the new version: reload when it takes control. */
  reloadAsked: boolean;
}

export function createPwaStore() {
  return create<PwaState>(() => ({ waiting: null, installPrompt: null, reloadAsked: false }));
}

export type PwaStore = ReturnType<typeof createPwaStore>;

export const pwaStore = createPwaStore();

/** How often an open lab asks whether a new build was deployed (a lecture can last hours). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers sw.js (beside index.html). A worker that installs while an older one controls the
 * page is a new build: it is offered as `waiting` (the first install is not an update). When the
 * user accepts, the waiting worker is told to take over and the page reloads once it has.
 */
export function registerServiceWorker(store: PwaStore, sw: ServiceWorkerContainer, reload: () => void): void {
  sw.addEventListener('controllerchange', () => {
    if (store.getState().reloadAsked) reload();
  });
  sw.register('./sw.js')
    .then((reg) => {
      const offer = (w: ServiceWorker | null) => {
        if (w && sw.controller) store.setState({ waiting: w });
      };
      offer(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state === 'installed') offer(w);
        });
      });
      setInterval(() => void reg.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch(() => {
      // no service worker (private mode, blocked by policy): the lab works, online only
    });
}

/** "Reload" on the update notice: the waiting worker takes over, then the page reloads. */
export function acceptUpdate(store: PwaStore): void {
  const w = store.getState().waiting;
  if (!w) return;
  store.setState({ reloadAsked: true });
  w.postMessage('skip-waiting');
}

/** Keeps the browser's install prompt for the Install button instead of the browser's own bar. */
export function listenForInstallPrompt(store: PwaStore, target: Window): void {
  target.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    store.setState({ installPrompt: e as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => store.setState({ installPrompt: null }));
}

/** The Install button: shows the browser's prompt once (a prompt cannot be shown twice). */
export function promptInstall(store: PwaStore): void {
  const e = store.getState().installPrompt;
  if (!e) return;
  store.setState({ installPrompt: null });
  void e.prompt().catch(() => {});
}
