/**
 * The SQL of the `Idempotency-Key` store (table idempotency_keys, keyed by session and key). What
 * a row means for a request, and when a key is taken or replayed, is in `idempotency.ts`.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** An idempotency_keys row as the store reads it. */
export interface KeyRow {
  request_hash: string;
  state: string;
  status_code: number | null;
  response_json: string | null;
  locked_at: string;
  expires_at: string;
}

/** A key's row, locked until the transaction ends where the database locks rows (PostgreSQL). */
export async function lockedKeyRow(tx: Db, sessionId: number, key: string): Promise<KeyRow | undefined> {
  return await tx.get<KeyRow>(
    `SELECT request_hash, state, status_code, response_json, locked_at, expires_at FROM idempotency_keys
     WHERE session_id = ? AND idempotency_key = ?${tx.dialect.forUpdate}`,
    [sessionId, key],
  );
}

/** A key's row, without a lock. */
export async function keyRow(db: Db, sessionId: number, key: string): Promise<KeyRow | undefined> {
  return await db.get<KeyRow>(
    'SELECT request_hash, state, status_code, response_json, locked_at, expires_at FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?',
    [sessionId, key],
  );
}

/** Deletes a key's row, whatever its state. */
export async function deleteKey(tx: Db, sessionId: number, key: string): Promise<void> {
  await tx.run('DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ?', [sessionId, key]);
}

/** Inserts a pending claim unless the key exists; answers whether it did. Times are ISO. */
export async function insertPendingKey(tx: Db, k: { sessionId: number; key: string; hash: string; at: string; expiresAt: string }): Promise<boolean> {
  return (await tx.run(
    `INSERT INTO idempotency_keys (session_id, idempotency_key, request_hash, state, locked_at, created_at, expires_at)
             VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (session_id, idempotency_key) DO NOTHING`,
    [k.sessionId, k.key, k.hash, k.at, k.at, k.expiresAt],
  )).changes === 1;
}

/** Stores the answer of a claimed key. */
export async function finishKey(db: Db, k: { sessionId: number; key: string; statusCode: number; responseJson: string; expiresAt: string }): Promise<void> {
  await db.run(
    `UPDATE idempotency_keys SET state = 'done', status_code = ?, response_json = ?, expires_at = ?
           WHERE session_id = ? AND idempotency_key = ?`,
    [k.statusCode, k.responseJson, k.expiresAt, k.sessionId, k.key],
  );
}

/**
 * Inserts a finished key with its answer as the last statement of the transaction `db`,
 * committing with it where the database can (one round trip on PostgreSQL). A key that exists
 * fails with the database's unique violation.
 */
export async function insertDoneKeyAndCommit(
  db: Db,
  k: { sessionId: number; key: string; hash: string; statusCode: number; responseJson: string; at: string; expiresAt: string },
): Promise<void> {
  const sql = `INSERT INTO idempotency_keys (session_id, idempotency_key, request_hash, state, status_code, response_json, locked_at, created_at, expires_at)
           VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?)`;
  const params = [k.sessionId, k.key, k.hash, k.statusCode, k.responseJson, k.at, k.at, k.expiresAt];
  if (db.allAndCommit) await db.allAndCommit(sql, params);
  else await db.run(sql, params);
}

/** Deletes a key's row if it expired by `now` or is a claim locked at or before `staleBefore`; answers whether it did. */
export async function deleteStaleKey(db: Db, sessionId: number, key: string, now: string, staleBefore: string): Promise<boolean> {
  return (await db.run(
    `DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ? AND (expires_at <= ? OR (state = 'pending' AND locked_at <= ?))`,
    [sessionId, key, now, staleBefore],
  )).changes > 0;
}

/** Deletes a key's pending claim. */
export async function deletePendingKey(db: Db, sessionId: number, key: string): Promise<void> {
  await db.run("DELETE FROM idempotency_keys WHERE session_id = ? AND idempotency_key = ? AND state = 'pending'", [sessionId, key]);
}

/** Deletes the keys expired by `now` (ISO); answers how many. */
export async function deleteExpiredKeys(db: Db, now: string): Promise<number> {
  return (await db.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [now])).changes;
}
