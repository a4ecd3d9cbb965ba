/**
 * DESIGN.md convention 9 and issue 14: the server's SQL lives in its repositories; route files,
 * plugins, renderers and services call repository functions and hold no SQL.
 * scripts/check-sql.mjs (also run by `npm run lint`) checks every file of src/server.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkServerSql, findSql, mayHoldSql } from '../../scripts/check-sql.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A src/server-like tree holding the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'skimmer-sql-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('SQL lives in the repositories only', () => {
  test('no file of src/server outside the data-access modules holds SQL', () => {
    expect(checkServerSql(fileURLToPath(new URL('../../src/server', import.meta.url)))).toEqual([]);
  });

  test('a statement planted in a route file, a plugin or a renderer is found, with its file and line', () => {
    const root = tree({
      'account/routes.ts': "export const r = 1;\nconst row = await db.get('SELECT id FROM customers WHERE email = ?', [e]);\n",
      'auth/session.ts': "await s.db.run(\n  'DELETE FROM sessions WHERE id = ?', [id]);\n",
      'render/index.ts': 'const rows = await db.all(`\n  SELECT p.id, p.title\n  FROM products p`);\n',
      'ops/metrics.ts': 'db.prepare("PRAGMA integrity_check");\n',
    });
    expect(checkServerSql(root).sort()).toEqual([
      'account/routes.ts:2: SELECT id FROM customers WHERE email = ?',
      'auth/session.ts:2: DELETE FROM sessions WHERE id = ?',
      'ops/metrics.ts:1: .prepare("',
      'ops/metrics.ts:1: PRAGMA integrity_check',
      'render/index.ts:1: SELECT p.id, p.title FROM products p',
    ]);
  });

  test('the same statements in repositories are allowed', () => {
    const sql = "await db.get('SELECT id FROM customers WHERE email = ?', [e]);\n";
    const root = tree({
      'modules/accounts/customers.repository.ts': sql,
      'modules/accounts/repository.ts': sql,
      'platform/db/migrate.ts': sql,
      'platform/scale/catalogue-log.repository.ts': sql,
      'seed/demo-customer.ts': sql,
    });
    expect(checkServerSql(root)).toEqual([]);
    expect(mayHoldSql('modules/accounts/routes.ts')).toBe(false);
    expect(mayHoldSql('modules/accounts/repository-helpers.ts')).toBe(false);
    expect(mayHoldSql('modules/checkout/checkout-page.ts')).toBe(false);
    expect(mayHoldSql('platform/scale/change-feed.ts')).toBe(false);
  });

  test.each([
    ["const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);"],
    ["// db.run('DELETE FROM sessions WHERE id = ?')"],
    ["/** @example tx.run('UPDATE products SET price_cents = ?') */"],
    ["throw new HttpError(400, 'Please select a country.');"],
    ["const url = 'https://example.com/select?from=1';"],
  ])('no false alarm on %s', (source) => {
    expect(findSql(source)).toEqual([]);
  });

  test.each([
    ["tx.run('UPDATE customers SET password_hash = ? WHERE id = ?', [h, id])"],
    ["db.get(\"INSERT INTO visits (socket_id) VALUES (?) RETURNING id\", [s])"],
    ['db.all(`WITH t AS (SELECT 1) SELECT * FROM t`)'],
    ["db.get(`${ADDRESS_SELECT} WHERE a.id = ? AND a.customer_id = ?`, [id, c])"],
  ])('finds %s', (source) => {
    expect(findSql(source)).not.toEqual([]);
  });
});
