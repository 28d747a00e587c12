// The lab's service worker (a template: serviceWorkerPlugin.ts fills in VERSION and PRECACHE at
// build time and emits it as sw.js beside index.html). It makes the lab work offline once visited:
// installing caches the whole built app (the HTML, the hashed scripts, styles and workers, the
// manifest and icons from public/) under a cache named for this build; requests for those files
// are answered from the cache, everything else goes to the network. A new build is a new sw.js:
// it installs beside the running one and waits; the page then offers "Reload", which posts
// 'skip-waiting' so the new worker takes over (and deletes the old build's cache).
const VERSION = '__CCLAB_VERSION__';
const PRECACHE = ['__CCLAB_PRECACHE__'];
const CACHE = `cclab-${VERSION}`;

const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener('install', (event) => {
  // cache: 'reload' skips the HTTP cache, so the files cached are this build's
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((p) => new Request(scoped(p), { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('cclab-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  if (event.data === 'version') event.source?.postMessage({ version: VERSION });
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // a page of the lab (any query; the scenario travels in the #fragment): this build's index.html
      const hit =
        req.mode === 'navigate'
          ? await cache.match(scoped('index.html'))
          : await cache.match(req, { ignoreSearch: true });
      return hit ?? fetch(req);
    })(),
  );
});
