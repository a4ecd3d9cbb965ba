/**
 * Outgoing email: every message is first written to the `email_outbox` table, inside the same
 * transaction as the change it reports (a reset link exists only if its token was committed),
 * then delivered. With SMTP_URL set, {@link Outbox.flush} sends pending messages through
 * nodemailer, retrying a failed one at the next flush up to {@link MAX_ATTEMPTS} times; without
 * it, messages stay in the outbox, readable in the dev mailbox.
 * @module
 */
import type { Db } from '../db/database.ts';

/** A message to send. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A stored message. */
export interface OutboxMessage extends EmailMessage {
  id: number;
  kind: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** Delivers one message (SMTP in production, a fake in tests). */
export type EmailTransport = (message: EmailMessage & { from: string }) => Promise<void>;

/** Attempts before a message is left undelivered. @default 5 */
export const MAX_ATTEMPTS = 5;
/** The sender address. @default 'Skimmer <no-reply@skimmer.test>' */
export const DEFAULT_FROM = 'Skimmer <no-reply@skimmer.test>';

interface Row {
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

function toMessage(r: Row): OutboxMessage {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    ...(r.html_body === null ? {} : { html: r.html_body }),
    kind: r.kind,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    attempts: r.attempts,
    lastError: r.last_error,
  };
}

/**
 * The outbox.
 * @example
 * const outbox = new Outbox(db);
 * db.transaction(() => { saveToken(); outbox.enqueue('reset-password', { to, subject, text }); });
 * void outbox.flush();
 */
export class Outbox {
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: EmailTransport | null = null,
    private readonly from: string = DEFAULT_FROM,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether messages leave the machine (SMTP configured). */
  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Stores a message (call inside the transaction of the change it reports); answers its id. */
  enqueue(kind: string, message: EmailMessage): number {
    const row = this.db.get<{ id: number }>(
      'INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      [message.to, message.subject, message.text, message.html ?? null, kind, new Date(this.now()).toISOString()],
    );
    if (!row) throw new Error('outbox insert returned no id');
    return row.id;
  }

  /** Sends pending messages; answers how many were sent. Concurrent calls share one run. */
  flush(): Promise<number> {
    if (!this.transport) return Promise.resolve(0);
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    const pending = this.db.all<Row>(
      'SELECT * FROM email_outbox WHERE sent_at IS NULL AND attempts < ? ORDER BY id LIMIT 100',
      [MAX_ATTEMPTS],
    );
    let sent = 0;
    for (const row of pending) {
      const m = toMessage(row);
      try {
        await transport({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
        this.db.run('UPDATE email_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?', [new Date(this.now()).toISOString(), m.id]);
        sent++;
      } catch (err) {
        this.db.run('UPDATE email_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?', [String((err as Error).message ?? err).slice(0, 500), m.id]);
      }
    }
    return sent;
  }

  /** Newest first; optionally only messages to one address (case-insensitive). */
  list(options: { to?: string; limit?: number } = {}): OutboxMessage[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    const rows = options.to
      ? this.db.all<Row>(`SELECT * FROM email_outbox WHERE ${this.db.dialect.caseInsensitiveEquals('to_address')} ORDER BY id DESC LIMIT ?`, [options.to, limit])
      : this.db.all<Row>('SELECT * FROM email_outbox ORDER BY id DESC LIMIT ?', [limit]);
    return rows.map(toMessage);
  }

  /** One message, or null. */
  get(id: number): OutboxMessage | null {
    const row = this.db.get<Row>('SELECT * FROM email_outbox WHERE id = ?', [id]);
    return row ? toMessage(row) : null;
  }
}

/**
 * An SMTP transport from a URL such as `smtp://user:pass@smtp.example.com:587`, through
 * nodemailer (loaded only when SMTP is configured).
 */
export async function smtpTransport(url: string): Promise<EmailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return async (message) => {
    await transporter.sendMail(message);
  };
}
