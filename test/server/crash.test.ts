/**
 * Crash safety (issue 16, item 3): the real server, killed with SIGKILL in the middle of a storm
 * of checkouts, cart adds, registrations and address saves, restarted on the same database,
 * keeps every write it acknowledged exactly once, holds nothing half-written, and passes the
 * database's integrity checks; the requests the kill left unanswered, retried as a client would,
 * end up applied exactly once. The `node` project runs it on a SQLite file; the `server-pg`
 * project (TEST_DB=postgres) on a PostgreSQL database of its own at TEST_DATABASE_URL (amcheck on
 * every index, no orphan row behind any foreign key). The drill is test/server/crash.helpers.ts;
 * `npm run bench:crash` runs it 20 times on each and prints the figures.
 */
import { describe, expect, test } from 'vitest';
import { crashRound } from './crash.helpers.ts';
import { onPostgres, TEST_DATABASE_URL } from './db.helpers.ts';

describe(`SIGKILL in the middle of a write storm (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  test('every acknowledged write survives exactly once, nothing is half-written, the integrity checks pass', async () => {
    const r = await crashRound({ seed: 16, ...(onPostgres ? { database: 'postgres', pgUrl: TEST_DATABASE_URL } : {}) });
    // the storm did reach every kind of write before the kill
    expect(r.acknowledged.cartAdds).toBeGreaterThan(0);
    expect(r.acknowledged.orders).toBeGreaterThan(0);
    expect(r.acknowledged.accounts).toBeGreaterThan(0);
    expect(r.acknowledged.addresses).toBeGreaterThan(0);
    expect(r.acknowledged.total).toBeGreaterThanOrEqual(60);
    expect(r.lostDetails).toEqual([]);
    expect(r.duplicatedDetails).toEqual([]);
    expect(r.halfWritten).toEqual([]);
    expect(r.integrity).toEqual({ afterRestart: 'ok', afterRetries: 'ok' });
    expect(r.foreignKeyViolations).toBe(0);
    // the database's own checks really ran (PostgreSQL has no integrity_check: amcheck on its indexes)
    expect(r.integrityChecked).toMatch(onPostgres ? /amcheck .* on [1-9][0-9]* B-tree indexes, orphan rows behind [1-9][0-9]* foreign keys/ : /PRAGMA integrity_check/);
    expect(r.unansweredRetries).toEqual([]);
    expect(r.notExactlyOnceAfterRetry).toEqual([]);
  }, 240_000);
});
