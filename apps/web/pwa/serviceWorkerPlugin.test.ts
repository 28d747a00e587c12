import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildVersion, precacheList, serviceWorkerSource } from './serviceWorkerPlugin';

describe('service worker build', () => {
  it('precaches every built file but source maps and itself', () => {
    expect(
      precacheList(['index.html', 'assets/index-abc.js', 'assets/index-abc.js.map', 'sw.js', 'icons/a.png']),
    ).toEqual(['assets/index-abc.js', 'icons/a.png', 'index.html']);
  });

  it('versions a build by its files: a changed file (even one without a hash in its name) is a new version', () => {
    const a = new Map([
      ['index.html', '<html>1</html>'],
      ['manifest.webmanifest', '{}'],
    ]);
    const b = new Map([
      ['index.html', '<html>2</html>'],
      ['manifest.webmanifest', '{}'],
    ]);
    expect(buildVersion(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(buildVersion(a)).toBe(buildVersion(new Map([...a].reverse())));
    expect(buildVersion(b)).not.toBe(buildVersion(a));
    expect(buildVersion(new Map([['index2.html', '<html>1</html>']]))).not.toBe(
      buildVersion(new Map([['index.html', '<html>1</html>']])),
    );
  });

  it('writes the version and the list into the worker', () => {
    const template = readFileSync(new URL('./serviceWorker.js', import.meta.url), 'utf8');
    const src = serviceWorkerSource(template, '0123456789abcdef', ['index.html', 'assets/a.js']);
    expect(src).toContain(`const VERSION = '0123456789abcdef';`);
    expect(src).toContain(`const PRECACHE = ["index.html","assets/a.js"];`);
    expect(src).not.toContain('__CCLAB_');
  });
});
