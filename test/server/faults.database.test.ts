/**
 * The database failing under the store (the fault suite; test/support/faults.ts). The `node`
 * project runs the SQLite faults (a full disk, made with `PRAGMA max_page_count`, and a write lock
 * held past the busy timeout); `server-pg` runs the PostgreSQL ones through a TCP proxy it can cut
 * and slow (never stopping the machine's PostgreSQL, which other tests use): unreachable, slow,
 * and every pooled connection busy. Under each: writes answer 503 with Retry-After and `{ error }`,
 * never 500 and never half-written; the reads the search index answers go on; the store resumes
 * by itself when the fault ends, and a write retried with its Idempotency-Key applies once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openSqlite, type Db } from '../../src/server/platform/db/database.ts';
import { DATABASE_FAULT_MESSAGES, databaseFault } from '../../src/server/platform/db/faults.ts';
import { migrate } from '../../src/server/platform/db/migrate.ts';
import { DATABASE_FAULT_TITLE } from '../../src/server/platform/http/errors.ts';
import { seedStore } from '../../src/server/seed/store.ts';
import { startTcpProxy, type TcpProxy } from '../support/faults.ts';
import { call, createSession, stockedLevel } from './modules/checkout/cart.helpers.ts';
import { onPostgres, TEST_DATABASE_URL } from './db.helpers.ts';

const PRODUCTS = 40;

describe('database faults are told apart from bugs', () => {
  test.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, 'unavailable'],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, 'unavailable'],
    [{ code: '57P03', message: 'the database system is starting up' }, 'unavailable'],
    [{ code: '08006', message: 'connection failure' }, 'unavailable'],
    [{ message: 'Connection terminated unexpectedly' }, 'unavailable'],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, 'busy'],
    [{ message: 'timeout exceeded when trying to connect' }, 'busy'],
    [{ message: 'Query read timeout' }, 'busy'],
    [{ code: 'SQLITE_BUSY', message: 'database is locked' }, 'busy'],
    [{ code: 'SQLITE_FULL', message: 'database or disk is full' }, 'storage'],
    [{ code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' }, 'storage'],
    [{ code: '53100', message: 'could not extend file: No space left on device' }, 'storage'],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, null],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed' }, null],
    [{ message: 'Cannot read properties of undefined' }, null],
  ])('%o is %s', (err, fault) => {
    expect(databaseFault(Object.assign(new Error(err.message), err))).toBe(fault);
  });

  test('a fault wrapped in a cause or an AggregateError is still one', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(databaseFault(new Error('outer', { cause: refused }))).toBe('unavailable');
    expect(databaseFault(new AggregateError([new Error('x'), refused]))).toBe('unavailable');
  });
});

/** What a client sees of a refused write: 503, Retry-After in seconds, and `{ error }`. */
function expectRefused(res: { status: number; body: unknown; headers: Record<string, unknown> }, message: string): void {
  expect(res.status).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toEqual({ error: message });
}

const add = (app: FastifyInstance, cookie: string, level: number, key: string) =>
  call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level, quantity: 1 }, headers: { 'idempotency-key': key } });

const count = async (db: Db, sql: string, params: unknown[] = []) => Number((await db.get<{ n: number }>(sql, params))?.n ?? 0);

if (!onPostgres) {
  describe('SQLite: a full disk and a held write lock', () => {
    let dir: string;
    let db: Db;
    let app: FastifyInstance;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'skimmer-faults-'));
      db = openSqlite(join(dir, 'store.db'), { busyTimeoutMs: 200 });
      await migrate(db);
      await seedStore(db, { products: PRODUCTS, seed: 5 });
      app = await buildApp({ db, dataDir: dir, webDir: join(dir, 'no-web'), ops: { metricsToken: null } });
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('a full disk: writes answer 503 with a clear error, reads go on, nothing is half-written, and writing resumes when space returns', async () => {
      const { cookie, sessionId } = await createSession(db);
      const level = await stockedLevel(db, 1, 0, 1000);
      expect((await add(app, cookie, level.id, 'before-full')).status).toBe(200);
      // the file may not grow past its size now; the free pages inside it are filled first
      await db.exec('CREATE TABLE IF NOT EXISTS disk_filler (b BLOB)');
      const pages = Number((await db.get<{ page_count: number }>('PRAGMA page_count'))?.page_count);
      await db.exec(`PRAGMA max_page_count = ${pages}`);
      const fill = async () => {
        for (;;) await db.run('INSERT INTO disk_filler (b) VALUES (randomblob(4000))');
      };
      await expect(fill()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // the pages still holding room take a few more rows; then a write needs a page there is none of
      const acked: string[] = [];
      let refused: { key: string; res: Awaited<ReturnType<typeof add>> } | null = null;
      for (let i = 0; i < 500 && refused === null; i++) {
        const key = `while-full-${i}`;
        const res = await add(app, cookie, level.id, key);
        if (res.status === 200) acked.push(key);
        else refused = { key, res };
      }
      if (refused === null) throw new Error('the disk never filled');
      expectRefused(refused.res, DATABASE_FAULT_MESSAGES.storage);
      // reads the index and caches answer, and reads of the database, go on
      expect((await call(app, 'GET', '/api/products/filter?q=pump')).status).toBe(200);
      expect((await call(app, 'GET', '/api/checkouts', { cookie })).status).toBe(200);
      // nothing of the refused write stayed: every unit in the cart is an acknowledged add
      const units = () => count(db, 'SELECT SUM(quantity) AS n FROM checkout_line_items l JOIN checkouts c ON c.id = l.checkout_id WHERE c.session_id = ?', [sessionId]);
      expect(await units()).toBe(1 + acked.length);
      expect(await count(db, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?', [sessionId, refused.key])).toBe(0);
      expect((await db.all<{ integrity_check: string }>('PRAGMA integrity_check')).map((r) => r.integrity_check)).toEqual(['ok']);

      // space returns: the same write, retried with its key, applies once
      await db.exec('PRAGMA max_page_count = 1073741823');
      expect((await add(app, cookie, level.id, refused.key)).status).toBe(200);
      const replay = await add(app, cookie, level.id, refused.key);
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await units()).toBe(2 + acked.length);
      await db.exec('DROP TABLE disk_filler');
      expect((await db.all<{ integrity_check: string }>('PRAGMA integrity_check')).map((r) => r.integrity_check)).toEqual(['ok']);
    });

    test('a write lock held past the busy timeout answers 503 with Retry-After, and writes resume when it is let go', async () => {
      const { cookie } = await createSession(db);
      const level = await stockedLevel(db, 1, 1, 1000);
      // another process holding the write lock
      const { default: BetterSqlite3 } = await import('better-sqlite3');
      const other = new BetterSqlite3(join(dir, 'store.db'));
      other.exec('BEGIN IMMEDIATE');
      try {
        expectRefused(await add(app, cookie, level.id, 'locked'), DATABASE_FAULT_MESSAGES.busy);
        expect((await call(app, 'GET', '/api/products/filter?q=filter')).status).toBe(200);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect((await add(app, cookie, level.id, 'locked')).status).toBe(200);
    });
  });
}

if (onPostgres) {
  describe('PostgreSQL through a proxy: unreachable, slow, and out of connections', () => {
    const schema = `faults_${process.pid}_${randomBytes(4).toString('hex')}`;
    let proxy: TcpProxy;
    let db: Db;
    /** The same schema, straight to the server: what is really in the database. */
    let direct: Db;
    let app: FastifyInstance;
    const POOL = 3;
    beforeAll(async () => {
      const { openPostgres } = await import('../../src/server/platform/db/postgres.ts');
      const target = new URL(TEST_DATABASE_URL);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      db = await openPostgres(proxy.through(TEST_DATABASE_URL), { schema, max: POOL, timeouts: { statementMs: 1000, acquireMs: 1000, busyMs: 1000 } });
      direct = await openPostgres(TEST_DATABASE_URL, { schema, max: 2 });
      await migrate(db);
      await seedStore(db, { products: PRODUCTS, seed: 5 });
      app = await buildApp({ db, dataDir: mkdtempSync(join(tmpdir(), 'skimmer-faults-')), webDir: '/nonexistent', ops: { metricsToken: null } });
    });
    afterAll(async () => {
      await proxy?.restore();
      await app?.close();
      await db?.close();
      await direct?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await direct?.close();
      await proxy?.close();
    });

    test('unreachable: writes answer 503, search goes on, /readyz is 503 then 200, and the pool reconnects by itself; a retried write applies once', async () => {
      const { cookie, sessionId } = await createSession(db);
      const level = await stockedLevel(db, 1, 0, 1000);
      expect((await add(app, cookie, level.id, 'before')).status).toBe(200);
      const lines = await count(direct, 'SELECT COUNT(*) AS n FROM checkout_line_items');

      await proxy.cut();
      const refused = await add(app, cookie, level.id, 'during');
      expectRefused(refused, DATABASE_FAULT_MESSAGES.unavailable);
      // the search index and its card store answer without the database
      const search = await call(app, 'GET', '/api/products/filter?q=pump');
      expect(search.status).toBe(200);
      const ready = await call(app, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.database).toMatch(/^Database unreachable/);
      // sign-in cannot check a password without the database: 503 too, never 500
      const waits: number[] = [];
      app.accounts.sleep = async (ms) => void waits.push(ms);
      const email = `outage-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < 8; i++) {
        const login = await call(app, 'POST', '/api/auth/login', { body: { email, password: 'whatever it is' } });
        expect(login.status).toBe(503);
      }
      // the store could not answer them: they do not count against the shopper's pace
      expect(waits).toEqual([]);
      // a browser's navigation to a page that needs the database gets a page saying so
      const page = await app.inject({ url: '/checkout/abc', headers: { accept: 'text/html', cookie } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.body).toContain(`<h1>${DATABASE_FAULT_TITLE}</h1>`);
      expect(page.body).toContain(DATABASE_FAULT_MESSAGES.unavailable);
      expect(await count(direct, 'SELECT COUNT(*) AS n FROM checkout_line_items')).toBe(lines);

      await proxy.restore();
      expect((await call(app, 'GET', '/readyz')).status).toBe(200);
      // once the database is back the shopper's next sign-in is answered at once, not held
      expect((await call(app, 'POST', '/api/auth/login', { body: { email, password: 'whatever it is' } })).status).toBe(401);
      expect(waits).toEqual([]);
      expect((await add(app, cookie, level.id, 'during')).status).toBe(200);
      const replay = await add(app, cookie, level.id, 'during');
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await count(direct, 'SELECT SUM(quantity) AS n FROM checkout_line_items l JOIN checkouts c ON c.id = l.checkout_id WHERE c.session_id = ?', [sessionId])).toBe(2);
    });

    test('slow: a statement ends at the statement timeout, and an answer that does not come ends the wait; both answer 503 and free the connection', async () => {
      await expect(db.get('SELECT pg_sleep(3) AS slept')).rejects.toMatchObject({ code: '57014' });
      const { cookie } = await createSession(db);
      const level = await stockedLevel(db, 1, 1, 1000);
      // the server is quick but every byte comes late: past the statement timeout and its grace
      proxy.delayMs = 3500;
      try {
        const slow = await add(app, cookie, level.id, 'slow');
        expect(slow.status).toBe(503);
        expect(Number(slow.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        proxy.delayMs = 0;
      }
      // no connection stayed held: more writes than the pool has connections, one after another
      for (let i = 0; i < POOL + 2; i++) expect((await add(app, cookie, level.id, `after-slow-${i}`)).status).toBe(200);
    });

    test('every pooled connection busy: a write waits at most the acquire timeout and answers 503, then goes through', async () => {
      const { cookie } = await createSession(db);
      const level = await stockedLevel(db, 1, 2, 1000);
      let letGo = () => undefined as void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const holders = Array.from({ length: POOL }, () => db.transaction(async (tx) => {
        await tx.get('SELECT 1 AS one');
        await gate;
      }));
      try {
        expectRefused(await add(app, cookie, level.id, 'crowded'), DATABASE_FAULT_MESSAGES.busy);
      } finally {
        letGo();
        await Promise.all(holders);
      }
      expect((await add(app, cookie, level.id, 'crowded')).status).toBe(200);
    });
  });
}
