import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-doc-links.mjs (`npm run docs:check`): the relative links and anchors of README.md
// and docs/ must lead somewhere, so a renamed heading or a moved file cannot leave a dead link.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'check-doc-links.mjs');

function check(files: string[] = []): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...files], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('docs:check', () => {
  it('finds every relative link and anchor of README.md and docs/', () => {
    const r = check();
    expect(r.out).toContain('every relative link and anchor found');
    expect(r.status).toBe(0);
  });

  const dir = mkdtempSync(join(tmpdir(), 'cclab-doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("anchors follow GitHub's rules: lowercase, punctuation dropped, spaces to '-', repeats numbered", () => {
    mkdirSync(join(dir, 'ok'), { recursive: true });
    writeFileSync(
      join(dir, 'ok', 'other.md'),
      [
        '# Other',
        '## Queue disciplines: `bench --queues`',
        "## Engine vs ns-2.35: what's *fast*",
        '## Notes',
        '## Notes',
        '## nodes[]',
        '<a id="explicit-anchor"></a>',
        '```',
        '## not a heading (code)',
        '```',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'ok', 'index.md'),
      [
        '# Index',
        '[a](other.md#queue-disciplines-bench---queues) [b](other.md#engine-vs-ns-235-whats-fast)',
        '[c](other.md#notes) [d](other.md#notes-1) [e](other.md#explicit-anchor) [f](#index)',
        '[g](https://example.org/missing#nowhere) [h](./) `[i](missing.md)` [nodes[]](other.md#nodes)',
        '```',
        '[j](missing-in-code.md)',
        '```',
      ].join('\n'),
    );
    const r = check([join(dir, 'ok', 'index.md')]);
    expect(r.out).toContain('every relative link and anchor found');
    expect(r.status).toBe(0);
  });

  it('fails on a link to a missing file and on an anchor no heading has', () => {
    writeFileSync(join(dir, 'target.md'), '# Target\n\n## A section\n');
    writeFileSync(
      join(dir, 'broken.md'),
      [
        '# Broken',
        '',
        'See [the target](target.md#a-section).',
        'And [gone](gone.md) and [wrong](target.md#no-such-section).',
        '[self](#nowhere) [nodes[]](#nodes)',
      ].join('\n'),
    );
    const r = check([join(dir, 'broken.md')]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/broken\.md:4: gone\.md — no such file/);
    expect(r.out).toMatch(/broken\.md:4: target\.md#no-such-section — no heading with anchor #no-such-section/);
    expect(r.out).toMatch(/broken\.md:5: #nowhere — no heading with anchor #nowhere/);
    expect(r.out).toMatch(/broken\.md:5: #nodes — no heading with anchor #nodes/);
    expect(r.out).not.toMatch(/#a-section —/);
    expect(r.out).toContain('4 broken link(s)');
  });
});
