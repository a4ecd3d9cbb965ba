/**
 * The database adapter under the cart's writes: on PostgreSQL a transaction's BEGIN travels with
 * its first statement (parameters written in as literals) and statements run as prepared
 * statements. The same tests run on SQLite (node project) and PostgreSQL (server-pg project).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { inlineParameters } from '../../../../src/server/platform/db/postgres.ts';
import { openTestDb } from '../../db.helpers.ts';

describe('inlineParameters', () => {
  test('writes strings, numbers, booleans and null in as quoted literals', () => {
    expect(inlineParameters('SELECT * FROM t WHERE id = ? AND name = ? AND ok = ? AND gone IS ?', [7, "O'Neil", true, null])).toBe(
      "SELECT * FROM t WHERE id = '7' AND name = 'O''Neil' AND ok = 'true' AND gone IS NULL",
    );
  });

  test('leaves question marks inside quotes and comments alone', () => {
    expect(inlineParameters("SELECT '?' AS q, x -- why?\nFROM t WHERE a = ?", ['b'])).toBe("SELECT '?' AS q, x -- why?\nFROM t WHERE a = 'b'");
  });

  test('backslashes are escaped (an E string)', () => {
    expect(inlineParameters('SELECT ?', ['a\\b'])).toBe("SELECT  E'a\\\\b'");
  });

  test('declines what it cannot write in (dates, buffers, objects, NaN) and missing parameters', () => {
    expect(inlineParameters('SELECT ?', [new Date(0)])).toBeUndefined();
    expect(inlineParameters('SELECT ?', [Buffer.from('x')])).toBeUndefined();
    expect(inlineParameters('SELECT ?', [{ a: 1 }])).toBeUndefined();
    expect(inlineParameters('SELECT ?', [Number.NaN])).toBeUndefined();
    expect(inlineParameters('SELECT ?, ?', [1])).toBeUndefined();
  });
});

describe('transactions on the test database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, n INTEGER NOT NULL)');
  });
  afterAll(async () => {
    await db.exec('DROP TABLE notes');
  });

  test('a first statement with quotes, backslashes and unicode writes exactly what was given', async () => {
    const body = "it's a \\ back'slash -- not a comment; DROP TABLE notes; ? é 🐟";
    const row = await db.transaction(async (tx) => {
      const inserted = await tx.get<{ id: number; body: string; n: number }>('INSERT INTO notes (id, body, n) VALUES (?, ?, ?) RETURNING id, body, n', [1, body, 42]);
      await tx.run('UPDATE notes SET n = n + ? WHERE id = ?', [1, 1]);
      return inserted;
    });
    expect(row).toEqual({ id: 1, body, n: 42 });
    expect(await db.get('SELECT body, n FROM notes WHERE id = ?', [1])).toEqual({ body, n: 43 });
  });

  test('a transaction that throws after its first statement leaves nothing, and the next one runs', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (id, body, n) VALUES (?, ?, ?)', [2, 'rolled back', 1]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(db.transaction((tx) => tx.run('INSERT INTO notes (id, body, n) VALUES (?, ?, ?)', [1, 'duplicate', 1]))).rejects.toThrow();
    expect(await db.get('SELECT id FROM notes WHERE id = ?', [2])).toBeUndefined();
    const n = await db.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (id, body, n) VALUES (?, ?, ?)', [3, 'kept', 5]);
      return (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes'))?.n;
    });
    expect(Number(n)).toBe(2);
  });

  test('a transaction that sends nothing commits nothing and answers its value', async () => {
    expect(await db.transaction(async () => 'nothing')).toBe('nothing');
    expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes'))?.n)).toBe(2);
  });

  test('allAndCommit (PostgreSQL): the last statement commits with it; a failing one rolls all back; later reads see the commit', async () => {
    const offered = await db.transaction(async (tx) => {
      if (!tx.allAndCommit) return false;
      await tx.run('UPDATE notes SET n = ? WHERE id = ?', [100, 3]);
      const rows = await tx.allAndCommit<{ n: number }>('SELECT n FROM notes WHERE id = ? -- last, with COMMIT', [3]);
      expect(rows.map((r) => Number(r.n))).toEqual([100]);
      // after it, statements run on their own on the same connection
      expect(Number((await tx.get<{ n: number }>('SELECT n FROM notes WHERE id = ?', [3]))?.n)).toBe(100);
      return true;
    });
    expect(offered).toBe(db.dialect.name === 'postgres');
    if (!offered) return;
    expect(Number((await db.get<{ n: number }>('SELECT n FROM notes WHERE id = ?', [3]))?.n)).toBe(100);
    await expect(
      db.transaction(async (tx) => {
        await tx.run('UPDATE notes SET n = ? WHERE id = ?', [7, 3]);
        await tx.allAndCommit?.('INSERT INTO notes (id, body, n) VALUES (?, ?, ?)', [1, 'duplicate', 1]);
      }),
    ).rejects.toThrow();
    expect(Number((await db.get<{ n: number }>('SELECT n FROM notes WHERE id = ?', [3]))?.n)).toBe(100);
    await db.run('UPDATE notes SET n = ? WHERE id = ?', [5, 3]);
  });

  test('the same statement run many times (a prepared statement on PostgreSQL) answers each time', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) seen.push((await db.get<{ n: number }>('SELECT n FROM notes WHERE id = ?', [i % 2 === 0 ? 1 : 3]))?.n ?? -1);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 43 : 5)));
  });
});
