/**
 * The README is the package's front page (scripts/pack-lib.mjs ships it in the tarball) and the
 * manual lives in docs/: the front page stays short and undated, keeps the quick start's promise
 * in step with the server's defaults, and every link of the README, the manual and the benchmark
 * results reaches a file that exists and, with a `#fragment`, a heading of that file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readConfig } from '../src/server/platform/config/config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');

/** The pages whose links are checked: the README, the manual and the benchmark results. */
const pages = ['README.md', 'bench/RESULTS.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The page's text without its fenced code blocks (a link-like text in code is no link). */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/**
 * GitHub's anchors of a page's headings: lower case, everything but letters, digits, spaces,
 * hyphens and underscores dropped, spaces made hyphens; a repeated anchor gets `-1`, `-2` ...
 */
function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a page (`[text](target)`), web addresses left out. */
function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

describe('the README as a front page', () => {
  test('is short: the manual is in docs/', () => {
    // (240: the table of what search understands is front-page matter, for shoppers and integrators)
    expect(readme.split('\n').length).toBeLessThanOrEqual(240);
  });

  test('carries no dated figure (the figures and their dates are in bench/RESULTS.md)', () => {
    expect(readme).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
    expect(readme).not.toMatch(/\d\d:\d\d UTC/);
  });

  test('gives the two commands, on the port and database the server defaults to', () => {
    const config = readConfig({});
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme).toContain(`http://localhost:${config.port}`);
    expect(config.databasePath.endsWith(join('data', 'skimmer.db'))).toBe(true);
    expect(readme).toContain('data/skimmer.db');
  });

  test('links every page of the manual', () => {
    for (const page of pages.filter((p) => p !== 'README.md')) expect(readme).toContain(`](${page})`);
  });
});

/** The server's source files, recursively. */
function serverSources(dir = join(root, 'src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverSources(join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [join(dir, e.name)] : []);
}

describe('the manual', () => {
  test('names every environment variable the server reads', () => {
    const manual = pages.map(read).join('\n');
    const reads = /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\(env, ['"]([A-Z][A-Z0-9_]+)['"]/g;
    const names = new Set<string>();
    for (const file of serverSources()) {
      for (const m of readFileSync(file, 'utf8').matchAll(reads)) names.add((m[1] ?? m[2] ?? m[3])!);
    }
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((name) => !manual.includes(`\`${name}`)).sort()).toEqual([]);
  });
});

/** Whether a repository path exists; `*` in its last part matches any run of characters. */
function pathExists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(root, path));
  const dir = join(root, dirname(path));
  const name = new RegExp(`^${path.slice(path.lastIndexOf('/') + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((f) => name.test(f));
}

describe('paths the README and the manual name', () => {
  test.each(pages)('%s names only files and folders that exist', (page) => {
    const named = [...prose(read(page)).matchAll(/`((?:src|test|scripts|bench|docs|examples)\/[^`\s]*)`/g)].map((m) => m[1]!)
      // a target layout (`modules/<name>/...`), a set of names (`{a,b}`) or a built file is no path of today
      .filter((p) => !/[<{]/.test(p) && !p.startsWith('docs/api'));
    expect(named.filter((p) => !pathExists(p.replace(/\/$/, '')))).toEqual([]);
  });
});

describe('docs/server.md', () => {
  test('names every folder of src/server, of its modules and of its platform in its tables of folders', () => {
    const foldersOf = (dir: string) => readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const folders = [...foldersOf('src/server'), ...foldersOf('src/server/modules'), ...foldersOf('src/server/platform')];
    const page = read('docs/server.md');
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((name) => !page.includes(`| \`${name}/\` |`))).toEqual([]);
  });
});

describe('links of the README, docs/ and bench/RESULTS.md', () => {
  test.each(pages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const target of links(read(page))) {
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : relative(root, join(root, dirname(page), path));
      // docs/api is built by `npm run docs`, not kept in the repository
      if (file.startsWith(join('docs', 'api'))) continue;
      if (!existsSync(join(root, file))) {
        broken.push(`${target} (no file ${file})`);
        continue;
      }
      if (fragment !== undefined && file.endsWith('.md') && !headingAnchors(read(file)).has(fragment)) {
        broken.push(`${target} (no heading #${fragment} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('counter examples', () => {
  test('anchors drop punctuation and code marks and number repeats', () => {
    expect([...headingAnchors('## Package (`npm run bench:package`)\n### 2026-11-24\n### 2026-11-24\n')]).toEqual([
      'package-npm-run-benchpackage',
      '2026-11-24',
      '2026-11-24-1',
    ]);
  });
});
