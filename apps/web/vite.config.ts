import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serviceWorkerPlugin } from './pwa/serviceWorkerPlugin.ts';

// The engine is a workspace package whose "@cclab/source" export condition points at its
// TypeScript sources (the default condition is the build in packages/engine/dist, for Node
// users of the package); Vite compiles them like the app's own files. It is excluded from
// dependency pre-bundling so edits to the engine are picked up live by the dev server; its own
// dependencies (zod) are named for pre-bundling, because Vite's start-up scan does not look inside
// an excluded package: found only when the first page loads, zod made Vite re-optimise and answer
// that page's requests with "504 Outdated Optimize Dep" on a fresh clone.
// Static assets (web manifest, icons) live in the repository's top-level public/ folder; the
// build adds a service worker (sw.js, pwa/serviceWorkerPlugin.ts) that makes the lab work offline.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: fileURLToPath(new URL('../../public', import.meta.url)),
  plugins: [react(), serviceWorkerPlugin()],
  resolve: { conditions: ['@cclab/source', ...defaultClientConditions] },
  base: './',
  optimizeDeps: { exclude: ['@cclab/engine'], include: ['@cclab/engine > zod'] },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false, host: 'localhost' },
  preview: { port: 4173, strictPort: false, host: 'localhost' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
