/**
 * `npm run docs`: the TypeDoc reference of every public entry builds, and no exported function,
 * type or constant is undocumented (typedoc.json turns those warnings into errors). Run without
 * writing the site (`--emit none`): the check is the conversion and its validation.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the API reference', () => {
  test('documents every entry of package.json exports and every exported declaration', { timeout: 240_000 }, () => {
    const config = JSON.parse(readFileSync(`${root}typedoc.json`, 'utf8')) as { entryPoints: string[] };
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, string | { default: string }> };
    const entries = Object.values(pkg.exports)
      .filter((t): t is { default: string } => typeof t === 'object')
      .map((t) => t.default.replace('./dist/lib/', 'src/').replace(/\.js$/, '.ts'));
    expect([...config.entryPoints].sort()).toEqual(entries.sort());

    const r = spawnSync(process.execPath, [`${root}node_modules/typedoc/bin/typedoc`, '--emit', 'none'], { cwd: root, encoding: 'utf8' });
    // piped, so without colours
    const output = `${r.stdout}${r.stderr}`;
    expect(output).not.toMatch(/does not have any documentation/);
    expect(r.status, output).toBe(0);
  });
});
