/**
 * Which server test files run again on PostgreSQL (scripts/database-test-files.ts): those that
 * open a database, directly or through a helper; never a file that only tests a pure rule.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { databaseTestFiles } from '../../scripts/database-test-files.ts';

const files = databaseTestFiles(fileURLToPath(new URL('../..', import.meta.url)));

describe('the server test files that open a database', () => {
  test('a file importing the database helpers directly, and one reaching them through a helper that builds an app', () => {
    expect(files).toContain('test/server/faults.database.test.ts');
    expect(files).toContain('test/server/modules/mail-admin/mail-admin.test.ts');
  });

  test('not a file of pure rules or of the search index alone, and only test files', () => {
    expect(files).not.toContain('test/server/modules/search/search.fast.test.ts');
    expect(files).not.toContain('test/server/modules/redirects/rules.test.ts');
    expect(files.every((f) => f.startsWith('test/server/') && f.endsWith('.test.ts'))).toBe(true);
  });
});
