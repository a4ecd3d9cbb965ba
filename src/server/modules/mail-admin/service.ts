/**
 * The operators' mail outbox: every mail the store sent or queued, with its state, attempts and
 * last error; one message with its body (operators may read it: it is their store's mail, reset
 * links included); and a sent or given-up message queued again, recorded in the audit log.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { MAX_ATTEMPTS, type Outbox } from '../mail/outbox.ts';
import { audit, type AuditWho } from '../admin/service.ts';
import * as repo from './repository.ts';
import type { MailFilter, MailRow, MailStatus } from './repository.ts';

/** The answers of the mail routes' refusals. */
export const MAIL_ADMIN_ERRORS = {
  notFound: 'Mail not found.',
  queued: 'This mail is already waiting to be sent.',
} as const;

/** A message as the list shows it (no body). */
export interface MailSummary {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When a message that failed is tried again (null once sent or given up). */
  nextAttemptAt: string | null;
}

/** A message with its body. */
export interface MailMessage extends MailSummary {
  text: string;
  html: string | null;
}

/** The list's query. */
export interface MailListQuery extends MailFilter {
  before?: number;
  limit: number;
}

/** The state of a row; `maxAttempts` is the outbox's give-up count. */
export function mailStatus(row: Pick<MailRow, 'sent_at' | 'attempts'>, maxAttempts: number = MAX_ATTEMPTS): MailStatus {
  if (row.sent_at !== null) return 'sent';
  if (row.attempts >= maxAttempts) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'pending';
}

function summary(row: Omit<MailRow, 'text_body' | 'html_body'>, maxAttempts: number): MailSummary {
  const status = mailStatus(row, maxAttempts);
  return {
    id: Number(row.id), to: row.to_address, subject: row.subject, kind: row.kind, status, attempts: Number(row.attempts),
    lastError: row.last_error, createdAt: row.created_at, sentAt: row.sent_at, nextAttemptAt: status === 'retrying' ? row.next_attempt_at : null,
  };
}

/** What the service needs. */
export interface MailAdminDeps {
  db: Db;
  /** The store's outbox, flushed after a resend (null without the accounts plugin). */
  outbox: () => Outbox | null;
  /** The outbox's give-up count. @default MAX_ATTEMPTS */
  maxAttempts?: number;
}

/**
 * The operators' outbox over one database.
 * @example
 * const mail = new MailAdminService({ db, outbox: () => app.accounts.outbox });
 * const { mail: page } = await mail.list({ status: 'failed', limit: 50 });
 */
export class MailAdminService {
  private readonly maxAttempts: number;

  constructor(private readonly deps: MailAdminDeps) {
    this.maxAttempts = deps.maxAttempts ?? MAX_ATTEMPTS;
  }

  /** A page of mail, newest first; `nextBefore` continues it. */
  async list(query: MailListQuery): Promise<{ mail: MailSummary[]; nextBefore: number | null }> {
    const { before, limit, ...filter } = query;
    const rows = await repo.listMail(this.deps.db, filter, { ...(before !== undefined ? { beforeId: before } : {}), limit: limit + 1 }, this.maxAttempts);
    const page = rows.slice(0, limit).map((r) => summary(r, this.maxAttempts));
    return { mail: page, nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
  }

  /** One message with its body, or 404. */
  async get(id: number): Promise<MailMessage> {
    const message = await this.find(id);
    if (!message) throw new HttpError(404, MAIL_ADMIN_ERRORS.notFound);
    return message;
  }

  /** One message with its body, or null when there is none. */
  async find(id: number): Promise<MailMessage | null> {
    const row = await repo.mailById(this.deps.db, id);
    return row ? { ...summary(row, this.maxAttempts), text: row.text_body, html: row.html_body } : null;
  }

  /**
   * Queues a sent or given-up message again (its attempts and error cleared, due at once), with
   * an audit row in the same transaction, then starts a send. A message still waiting (pending
   * or retrying) answers 409; so does the second of two operators resending at once.
   */
  async resend(who: AuditWho, id: number): Promise<MailSummary> {
    const after = await this.deps.db.transaction(async (tx) => {
      const row = await repo.mailById(tx, id, true);
      if (!row) throw new HttpError(404, MAIL_ADMIN_ERRORS.notFound);
      const before = summary(row, this.maxAttempts);
      if (before.status !== 'sent' && before.status !== 'failed') throw new HttpError(409, MAIL_ADMIN_ERRORS.queued);
      if (!(await repo.requeueMail(tx, id, this.maxAttempts))) throw new HttpError(409, MAIL_ADMIN_ERRORS.queued);
      const done = summary((await repo.mailById(tx, id))!, this.maxAttempts);
      await audit(tx, who, 'mail.resend', { type: 'mail', id }, before, done);
      return done;
    });
    void this.deps.outbox()?.flush().catch(() => undefined);
    return after;
  }
}
