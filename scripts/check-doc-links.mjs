// Checks the relative links of Markdown files: every `[text](target)`, `![alt](target)` and
// `[ref]: target` whose target is not a URL must name a file or folder that exists, and a
// `#fragment` must name a heading (or an explicit `<a id>`/`<a name>`) of the Markdown file it
// points into, by GitHub's anchor rules: the heading's text as rendered, lowercased, punctuation
// dropped, spaces turned into '-', and a repeated heading's anchor suffixed -1, -2, ….
//
// `node scripts/check-doc-links.mjs [FILE...]` (`npm run docs:check`): with no files, README.md
// and every .md under docs/. Prints one line per broken link (file:line: target — why) and exits
// 1 if there is any, 0 otherwise.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The lines of a Markdown text with fenced code blocks blanked (links and headings there are code). */
function proseLines(text) {
  const lines = text.split('\n');
  let fence = null;
  return lines.map((line) => {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = null;
      return '';
    }
    if (m) {
      fence = m[1];
      return '';
    }
    return line;
  });
}

/** A line with its inline code spans blanked (a link inside backticks is not a link). */
function withoutCodeSpans(line) {
  return line.replace(/(`+)[^`]*?\1/g, (s) => ' '.repeat(s.length));
}

/** The text GitHub renders for a heading's Markdown (links by their text, code and emphasis unmarked). */
function headingText(md) {
  return md
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*+/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+([^_]+?)_+(?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .trim();
}

/** GitHub's anchor for a heading text (github-slugger): lowercase, punctuation dropped, spaces → '-'. */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text defines: its headings' (duplicates suffixed) and explicit ids. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of proseLines(text)) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = slug(headingText(h[1]));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)=["']([^"']+)["']/gi)) anchors.add(m[1]);
  }
  return anchors;
}

/** Every link target of a Markdown text, with its line number (1-based). */
export function linksOf(text) {
  const links = [];
  proseLines(text).forEach((raw, i) => {
    const line = withoutCodeSpans(raw);
    // inline links and images: [text](target "title") or [text](<target>); the text may hold [brackets]
    for (const m of line.matchAll(
      /!?\[(?:[^[\]\\]|\\.|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    ))
      links.push({ line: i + 1, target: m[1].replace(/^<|>$/g, '') });
    // reference definitions: [ref]: target
    const def = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (def) links.push({ line: i + 1, target: def[1].replace(/^<|>$/g, '') });
  });
  return links;
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** The broken links of `files` (paths relative to `root`): [{ file, line, target, why }]. */
export function checkDocLinks(files, root = ROOT) {
  const anchorCache = new Map();
  const anchorsIn = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchorCache.get(path);
  };
  const problems = [];
  for (const file of files) {
    const abs = resolve(root, file);
    for (const { line, target } of linksOf(readFileSync(abs, 'utf8'))) {
      if (isExternal(target)) continue;
      const hash = target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
      const fragment = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const dest =
        pathPart === '' ? abs : pathPart.startsWith('/') ? join(root, pathPart) : resolve(dirname(abs), pathPart);
      const where = { file: relative(root, abs), line, target };
      if (!existsSync(dest)) {
        problems.push({ ...where, why: `no such file: ${relative(root, dest)}` });
        continue;
      }
      if (fragment === null || fragment === '') continue;
      if (statSync(dest).isDirectory() || !dest.endsWith('.md')) continue; // GitHub's own anchors (#L10 in code)
      if (!anchorsIn(dest).has(fragment))
        problems.push({ ...where, why: `no heading with anchor #${fragment} in ${relative(root, dest)}` });
    }
  }
  return problems;
}

/** README.md and every .md file under docs/, relative to `root`. */
export function defaultFiles(root = ROOT) {
  const out = ['README.md'];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk('docs');
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((f) => relative(ROOT, resolve(f))) : defaultFiles();
  const problems = checkDocLinks(files);
  for (const p of problems) process.stdout.write(`${p.file}:${p.line}: ${p.target} — ${p.why}\n`);
  process.stdout.write(
    problems.length === 0
      ? `docs:check: ${files.length} files, every relative link and anchor found\n`
      : `docs:check: ${problems.length} broken link(s) in ${files.length} files\n`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
