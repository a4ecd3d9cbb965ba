/**
 * All SQL of the operators' mail outbox: the `email_outbox` table as the back office reads it
 * (migrations 003, 007, 011, 019). Jobs not yet composed (a registration or reset request still
 * deciding what to send) are not mail yet and are never listed.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** A message's state: waiting for its first attempt, failed and waiting for another, given up, sent. */
export type MailStatus = 'pending' | 'retrying' | 'failed' | 'sent';
/** Every state, in the order a message goes through them. */
export const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'retrying', 'failed', 'sent'];

/** One outbox row as the back office reads it. */
export interface MailRow {
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
  next_attempt_at: string | null;
}

const SUMMARY = 'id, to_address, subject, kind, created_at, sent_at, attempts, last_error, next_attempt_at';
const FULL = `${SUMMARY}, text_body, html_body`;

/** The condition of a state; `maxAttempts` is the outbox's give-up count. */
function statusCondition(status: MailStatus): string {
  switch (status) {
    case 'sent':
      return 'sent_at IS NOT NULL';
    case 'failed':
      return 'sent_at IS NULL AND attempts >= ?';
    case 'retrying':
      return 'sent_at IS NULL AND attempts > 0 AND attempts < ?';
    case 'pending':
      return 'sent_at IS NULL AND attempts = 0';
  }
}

/** `%`, `_` and the escape character escaped for a LIKE with ESCAPE '!'. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** Filters of the list (each optional). */
export interface MailFilter {
  status?: MailStatus;
  /** The recipient, exactly (case-insensitive). */
  to?: string;
  /** Part of the recipient or the subject (case-insensitive). */
  q?: string;
  kind?: string;
}

/** A page of mail, newest first, after the id `beforeId` (keyset paging); `limit` rows at most. */
export async function listMail(db: Db, f: MailFilter, page: { beforeId?: number; limit: number }, maxAttempts: number): Promise<Omit<MailRow, 'text_body' | 'html_body'>[]> {
  const where = ['job IS NULL'];
  const params: unknown[] = [];
  if (f.status !== undefined) {
    where.push(statusCondition(f.status));
    if (f.status === 'failed' || f.status === 'retrying') params.push(maxAttempts);
  }
  if (f.to !== undefined) {
    where.push(db.dialect.caseInsensitiveEquals('to_address'));
    params.push(f.to);
  }
  if (f.q !== undefined) {
    where.push("(LOWER(to_address) LIKE ? ESCAPE '!' OR LOWER(subject) LIKE ? ESCAPE '!')");
    const like = `%${likeEscaped(f.q.toLowerCase())}%`;
    params.push(like, like);
  }
  if (f.kind !== undefined) {
    where.push('kind = ?');
    params.push(f.kind);
  }
  if (page.beforeId !== undefined) {
    where.push('id < ?');
    params.push(page.beforeId);
  }
  params.push(page.limit);
  return await db.all(`SELECT ${SUMMARY} FROM email_outbox WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`, params);
}

/** One message with its body (locked until the transaction ends when `lock`), or undefined. */
export async function mailById(db: Db, id: number, lock = false): Promise<MailRow | undefined> {
  return await db.get<MailRow>(`SELECT ${FULL} FROM email_outbox WHERE id = ? AND job IS NULL${lock ? db.dialect.forUpdate : ''}`, [id]);
}

/**
 * Queues a sent or given-up message again, as if it had just been written: no attempts, no
 * error, no claim, due at once. Only while it is still sent or given up, so two operators
 * resending at once queue it once; answers whether this call did.
 */
export async function requeueMail(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const r = await db.run(
    `UPDATE email_outbox SET sent_at = NULL, attempts = 0, last_error = NULL, next_attempt_at = NULL, claimed_by = NULL, claimed_until = NULL
     WHERE id = ? AND job IS NULL AND (sent_at IS NOT NULL OR attempts >= ?)`,
    [id, maxAttempts],
  );
  return r.changes === 1;
}
