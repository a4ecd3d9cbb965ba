/**
 * The SQL of the email outbox (table email_outbox): storing messages and jobs, claiming a batch
 * for one sender, marking attempts, and the reads of the dev mailbox and the operators' pages.
 * When a message is tried, retried, released or given up is in `outbox.ts`.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** An email_outbox row as the outbox reads it. */
export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
}

/** `?, ?, ?` for a list of values. */
const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Messages whose delivery failed at least once and that have fewer than `maxAttempts` attempts. */
export async function retryingCount(db: Db, maxAttempts: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at IS NULL AND job IS NULL AND attempts > 0 AND attempts < ?',
    [maxAttempts],
  );
  return Number(row?.n ?? 0);
}

/** Inserts a job row (empty subject and body until composed); answers its id. */
export async function insertJob(db: Db, j: { to: string; kind: string; at: string; inputJson: string }): Promise<number> {
  const row = await db.get<{ id: number }>(
    "INSERT INTO email_outbox (to_address, subject, text_body, kind, created_at, job) VALUES (?, '', '', ?, ?, ?) RETURNING id",
    [j.to, j.kind, j.at, j.inputJson],
  );
  if (!row) throw new Error('outbox insert returned no id');
  return Number(row.id);
}

/**
 * The ids of queued jobs of `kinds` with fewer than `maxAttempts` attempts, oldest first (only
 * those to `to` when given, none of `exclude`), at most `limit`.
 */
export async function queuedJobIds(
  db: Db,
  q: { maxAttempts: number; kinds: readonly string[]; to?: string | undefined; exclude: readonly number[]; limit: number },
): Promise<number[]> {
  const notIn = q.exclude.length > 0 ? ` AND id NOT IN (${placeholders(q.exclude)})` : '';
  const to = q.to === undefined ? '' : ' AND to_address = ?';
  const ids = await db.all<{ id: number }>(
    `SELECT id FROM email_outbox WHERE job IS NOT NULL AND attempts < ? AND kind IN (${placeholders(q.kinds)})${to}${notIn} ORDER BY id LIMIT ?`,
    [q.maxAttempts, ...q.kinds, ...(q.to === undefined ? [] : [q.to]), ...q.exclude, q.limit],
  );
  return ids.map((r) => Number(r.id));
}

/** Records a failed attempt at composing a job. */
export async function markJobFailed(db: Db, id: number, error: string): Promise<void> {
  await db.run('UPDATE email_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ? AND job IS NOT NULL', [error, id]);
}

/**
 * A queued job's row, locked until the transaction ends: with `wait`, waiting for another
 * process composing it; without, skipping it (PostgreSQL). Undefined when it is gone or composed.
 */
export async function lockedJob(tx: Db, id: number, wait: boolean): Promise<{ to_address: string; kind: string; job: string } | undefined> {
  return await tx.get<{ to_address: string; kind: string; job: string }>(
    `SELECT to_address, kind, job FROM email_outbox WHERE id = ? AND job IS NOT NULL${wait ? tx.dialect.forUpdate : tx.dialect.forUpdateSkipLocked}`,
    [id],
  );
}

/** Deletes an outbox row. */
export async function deleteRow(tx: Db, id: number): Promise<void> {
  await tx.run('DELETE FROM email_outbox WHERE id = ?', [id]);
}

/** Turns a job's row into the message it composed. */
export async function fillJob(tx: Db, id: number, m: { to: string; subject: string; text: string; html?: string | undefined; kind: string }): Promise<void> {
  await tx.run('UPDATE email_outbox SET to_address = ?, subject = ?, text_body = ?, html_body = ?, kind = ?, job = NULL WHERE id = ?', [
    m.to, m.subject, m.text, m.html ?? null, m.kind, id,
  ]);
}

/** Inserts a message; answers its id. */
export async function insertMessage(db: Db, m: { to: string; subject: string; text: string; html?: string | undefined; kind: string; at: string }): Promise<number> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [m.to, m.subject, m.text, m.html ?? null, m.kind, m.at],
  );
  if (!row) throw new Error('outbox insert returned no id');
  return row.id;
}

/**
 * The unsent messages nobody holds at `now` (ISO) and due by then, with fewer than `maxAttempts`
 * attempts, oldest first, none of `exclude`, at most `limit`; locked, skipping rows another sender
 * locked (PostgreSQL). Call inside a transaction.
 */
export async function claimableRows(tx: Db, q: { maxAttempts: number; now: string; exclude: readonly number[]; limit: number }): Promise<OutboxRow[]> {
  const notIn = q.exclude.length > 0 ? ` AND id NOT IN (${placeholders(q.exclude)})` : '';
  return await tx.all<OutboxRow>(
    `SELECT * FROM email_outbox WHERE sent_at IS NULL AND job IS NULL AND attempts < ? AND (claimed_until IS NULL OR claimed_until < ?)
         AND (next_attempt_at IS NULL OR next_attempt_at <= ?)${notIn}
         ORDER BY id LIMIT ?${tx.dialect.forUpdateSkipLocked}`,
    [q.maxAttempts, q.now, q.now, ...q.exclude, q.limit],
  );
}

/** Marks messages claimed by `owner` until `until` (ISO). */
export async function markClaimed(tx: Db, ids: readonly number[], owner: string, until: string): Promise<void> {
  await tx.run(
    `UPDATE email_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (${placeholders(ids)})`,
    [owner, until, ...ids],
  );
}

/** Marks a message sent at `at` while `owner` holds it; answers whether it did. */
export async function markRowSent(db: Db, id: number, owner: string, at: string): Promise<boolean> {
  const r = await db.run(
    'UPDATE email_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ? AND sent_at IS NULL',
    [at, id, owner],
  );
  return r.changes === 1;
}

/** Records a failed attempt of a message `owner` holds and releases it until `nextAttemptAt` (ISO). */
export async function markRowFailed(db: Db, id: number, owner: string, error: string, nextAttemptAt: string): Promise<void> {
  await db.run(
    'UPDATE email_outbox SET attempts = attempts + 1, last_error = ?, claimed_until = NULL, next_attempt_at = ? WHERE id = ? AND claimed_by = ? AND sent_at IS NULL',
    [error, nextAttemptAt, id, owner],
  );
}

/** Releases unsent messages `owner` holds, untouched. */
export async function releaseRows(db: Db, ids: readonly number[], owner: string): Promise<void> {
  await db.run(
    `UPDATE email_outbox SET claimed_until = NULL WHERE claimed_by = ? AND sent_at IS NULL AND id IN (${placeholders(ids)})`,
    [owner, ...ids],
  );
}

/** Messages (not jobs), newest first, at most `limit`; only those to `to` (case-insensitive) when given. */
export async function messageRows(db: Db, limit: number, to?: string): Promise<OutboxRow[]> {
  return to
    ? await db.all<OutboxRow>(`SELECT * FROM email_outbox WHERE job IS NULL AND ${db.dialect.caseInsensitiveEquals('to_address')} ORDER BY id DESC LIMIT ?`, [to, limit])
    : await db.all<OutboxRow>('SELECT * FROM email_outbox WHERE job IS NULL ORDER BY id DESC LIMIT ?', [limit]);
}

/** One message (not a job), or undefined. */
export async function messageRow(db: Db, id: number): Promise<OutboxRow | undefined> {
  return await db.get<OutboxRow>('SELECT * FROM email_outbox WHERE id = ? AND job IS NULL', [id]);
}
