/**
 * The server test files that open a database: those importing `test/server/db.helpers.ts`,
 * directly or through other files of `test/` (the helpers that build an app over a seeded
 * store). The `server-pg` project (vite.config.ts) runs these again on PostgreSQL; a file that
 * never opens a database (a pure rule, a parser, the search index alone) would only run twice.
 * @module
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT_RE = /(?:from\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The `test/server/**\/*.test.ts` files of `root` that reach `test/server/db.helpers.ts`, as
 * paths relative to `root` with forward slashes, sorted.
 * @example
 * databaseTestFiles(process.cwd()); // ['test/server/faults.database.test.ts', ...]
 */
export function databaseTestFiles(root: string): string[] {
  const testDir = resolve(root, 'test');
  const target = resolve(testDir, 'server/db.helpers.ts');
  const reaches = new Map<string, boolean>();
  const visit = (file: string, path: Set<string>): boolean => {
    if (file === target) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (path.has(file)) return false;
    path.add(file);
    let source = '';
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return false;
    }
    const found = [...source.matchAll(IMPORT_RE)]
      .map((m) => resolve(dirname(file), m[1] ?? ''))
      .some((dep) => dep.startsWith(testDir + sep) && visit(dep, path));
    path.delete(file);
    reaches.set(file, found);
    return found;
  };
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(resolve(testDir, 'server'))
    .filter((f) => f.endsWith('.test.ts') && visit(f, new Set()))
    .map((f) => relative(root, f).split(sep).join('/'))
    .sort();
}
