/**
 * Vite plugin: emits the service worker (sw.js, from serviceWorker.js) with this build's
 * precache list — every emitted file but source maps, plus every file of the public folder
 * (manifest, icons) — and a version that changes whenever any of those files does. Only in
 * `vite build`: the dev server has no service worker (main.tsx registers it in production only).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Files of `dir` (recursively), as paths relative to it with forward slashes. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** What the service worker caches: the files as URLs relative to it, source maps left out. */
export function precacheList(files: Iterable<string>): string[] {
  return [...new Set(files)].filter((f) => !f.endsWith('.map') && f !== 'sw.js').sort();
}

/** The build's version: a hash over every precached file's name and contents. */
export function buildVersion(contents: ReadonlyMap<string, string | Uint8Array>): string {
  const h = createHash('sha256');
  for (const name of [...contents.keys()].sort()) {
    h.update(name);
    h.update('\0');
    h.update(contents.get(name)!);
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/** The service worker's source for a version and precache list. */
export function serviceWorkerSource(template: string, version: string, precache: readonly string[]): string {
  return template.replace('__CCLAB_VERSION__', version).replace("['__CCLAB_PRECACHE__']", JSON.stringify(precache));
}

export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'cclab-service-worker',
    apply: 'build',
    // after Vite's own plugins, so the bundle holds index.html and the workers
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const contents = new Map<string, string | Uint8Array>();
      for (const [name, out] of Object.entries(bundle))
        contents.set(name, out.type === 'chunk' ? out.code : out.source);
      if (publicDir) for (const f of listFiles(publicDir)) contents.set(f, readFileSync(join(publicDir, f)));
      const precache = precacheList(contents.keys());
      const version = buildVersion(new Map(precache.map((f) => [f, contents.get(f)!])));
      const template = readFileSync(new URL('./serviceWorker.js', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(template, version, precache) });
    },
  };
}
