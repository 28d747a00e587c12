import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from '../fixtures/test';
import { Lab } from '../pages/Lab';

const ROOT = new URL('../../', import.meta.url).pathname;

/** A port nobody listens on now (the OS picks it, then it is released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      // listening on an IP address and port, the server's address is an AddressInfo (not a pipe's name)
      if (address === null || typeof address === 'string') srv.close(() => reject(new Error(`no port: ${address}`)));
      else srv.close(() => resolve(address.port));
    });
  });
}

/**
 * `npm start -- --port N --host H`, typed as a user types it: the dev server listens on exactly that
 * port and address (--strictPort: it fails rather than moving elsewhere), and the page it serves is
 * the lab on its default scenario. `--port N` must reach Vite: if npm takes it for itself, Vite gets
 * `N` as its root folder and serves 404. `--force` makes Vite ignore its dependency cache, as on a
 * fresh clone, where a dependency its start-up scan misses (zod, inside the excluded engine) would
 * make it re-optimise while the first page loads, reload that page and answer its requests with
 * "504 Outdated Optimize Dep".
 */
test('npmStartTakesPortAndHost', async ({ context }) => {
  const port = await freePort();
  const child = spawn(
    'npm',
    ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--strictPort', '--force'],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  child.stderr.on('data', (d: Buffer) => (out += String(d)));
  try {
    const url = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + 60_000;
    // Vite colours the port when it thinks it is on a terminal or in CI (picocolors reads $CI), so
    // the URL is only whole once the escape sequences are taken out.
    const plain = (): string => stripVTControlCharacters(out);
    while (!plain().includes(url)) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${plain()}`);
      if (Date.now() > deadline) throw new Error(`npm start never printed ${url}:\n${plain()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await fetch(url);
    expect(res.status, `GET ${url}`).toBe(200);
    const lab = new Lab(await context.newPage(), url);
    await lab.open();
    expect((await lab.scenario()).name).toBe('Two-flow dumbbell');
    expect(plain(), 'Vite re-optimised while the first page loaded').not.toMatch(
      /optimized dependencies changed|new dependencies optimized/,
    );
  } finally {
    try {
      // the whole process group: npm, the shell it starts and Vite
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
});
