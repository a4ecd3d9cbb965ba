/**
 * The sessions of the cookie session plugin (auth/session.ts): rows keyed by the hash of their
 * token, owned by a customer or anonymous.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** A session row. */
export interface SessionRow {
  id: number;
  customer_id: number | null;
  created_at: string;
  last_seen_at: string;
}

/** A new session; answers its id. */
export async function insertSession(db: Db, tokenHash: string, customerId: number | null, at: string): Promise<number | undefined> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO sessions (token_hash, customer_id, created_at, last_seen_at) VALUES (?, ?, ?, ?) RETURNING id',
    [tokenHash, customerId, at, at],
  );
  return row?.id;
}

/** The session of a token hash, or undefined. */
export async function sessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return await db.get<SessionRow>('SELECT id, customer_id, created_at, last_seen_at FROM sessions WHERE token_hash = ?', [tokenHash]);
}

/** Records a session's use. */
export async function touchSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', [at, sessionId]);
}

/** Deletes one session. */
export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.run('DELETE FROM sessions WHERE id = ?', [sessionId]);
}

/** Deletes every session of a customer except `keepId`; answers how many. */
export async function deleteCustomerSessions(db: Db, customerId: number, keepId: number | null = null): Promise<number> {
  return keepId === null
    ? (await db.run('DELETE FROM sessions WHERE customer_id = ?', [customerId])).changes
    : (await db.run('DELETE FROM sessions WHERE customer_id = ? AND id <> ?', [customerId, keepId])).changes;
}
