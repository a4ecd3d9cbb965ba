/**
 * Outgoing email: every message is first written to the `email_outbox` table, inside the same
 * transaction as the change it reports (a reset link exists only if its token was committed),
 * then delivered. With SMTP_URL set, {@link Outbox.flush} sends pending messages through
 * nodemailer, retrying a failed one at the next flush up to {@link MAX_ATTEMPTS} times; without
 * it, messages stay in the outbox, readable in the dev mailbox.
 *
 * Several processes share the outbox: a sender first claims a batch ({@link Outbox.claim}: one
 * transaction, FOR UPDATE SKIP LOCKED on PostgreSQL, each message marked with the sender and the
 * end of its lease), then sends only what it claimed, so no message goes out twice while its
 * sender lives. A sender that dies between claiming and marking leaves its claim to run out
 * ({@link CLAIM_LEASE_MS}); the message is then claimed and sent again (delivery is at least
 * once: a message sent just before the death is sent twice, none is lost). Every process with
 * SMTP runs the sender loop ({@link Outbox.startLoop}), so mail left by a stopped process is sent.
 * @module
 */
import { hostname } from 'node:os';
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
/** How long a claim holds; longer than a batch takes to send. @default 60000 */
export const CLAIM_LEASE_MS = 60_000;
/** Messages claimed at once. @default 20 */
export const CLAIM_BATCH = 20;
/** How often the sender loop looks for mail. @default 5000 */
export const SEND_INTERVAL_MS = 5000;

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
 * await db.transaction(async (tx) => { await saveToken(tx); await outbox.in(tx).enqueue('reset-password', { to, subject, text }); });
 * void outbox.flush();
 */
export class Outbox {
  private flushing: Promise<number> | null = null;
  private loop: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: EmailTransport | null = null,
    private readonly from: string = DEFAULT_FROM,
    private readonly now: () => number = Date.now,
    /** This sender's name on its claims. @default '{host}:{pid}' */
    readonly owner: string = `${hostname()}:${process.pid}`,
  ) {}

  /** Whether messages leave the machine (SMTP configured). */
  get delivers(): boolean {
    return this.transport !== null;
  }

  /**
   * The outbox writing through `db`: inside a transaction, `outbox.in(tx).enqueue(...)` stores the
   * message in that transaction (the outer handle would wait for it to end).
   */
  in(db: Db): Outbox {
    return new Outbox(db, this.transport, this.from, this.now, this.owner);
  }

  /** Stores a message (call inside the transaction of the change it reports, through `in(tx)`); answers its id. */
  async enqueue(kind: string, message: EmailMessage): Promise<number> {
    const row = await this.db.get<{ id: number }>(
      'INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      [message.to, message.subject, message.text, message.html ?? null, kind, new Date(this.now()).toISOString()],
    );
    if (!row) throw new Error('outbox insert returned no id');
    return row.id;
  }

  /** Sends pending messages; answers how many were sent. Concurrent calls share one run. */
  async flush(): Promise<number> {
    if (!this.transport) return Promise.resolve(0);
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * Claims up to `limit` unsent messages for `owner` until now + `leaseMs`: those nobody holds
   * (or whose claim ran out), oldest first, in one transaction; answers them. Another sender
   * claiming at the same time gets other messages (PostgreSQL: the rows this one locks are
   * skipped; SQLite: the transactions run one after the other). `exclude`: ids not to claim.
   */
  async claim(limit: number = CLAIM_BATCH, leaseMs: number = CLAIM_LEASE_MS, owner: string = this.owner, exclude: readonly number[] = []): Promise<OutboxMessage[]> {
    const now = this.now();
    const notIn = exclude.length > 0 ? ` AND id NOT IN (${exclude.map(() => '?').join(', ')})` : '';
    return this.db.transaction(async (tx) => {
      const rows = await tx.all<Row>(
        `SELECT * FROM email_outbox WHERE sent_at IS NULL AND attempts < ? AND (claimed_until IS NULL OR claimed_until < ?)${notIn}
         ORDER BY id LIMIT ?${tx.dialect.forUpdateSkipLocked}`,
        [MAX_ATTEMPTS, new Date(now).toISOString(), ...exclude, limit],
      );
      if (rows.length === 0) return [];
      await tx.run(
        `UPDATE email_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (${rows.map(() => '?').join(', ')})`,
        [owner, new Date(now + leaseMs).toISOString(), ...rows.map((r) => r.id)],
      );
      return rows.map(toMessage);
    });
  }

  /** Marks a claimed message sent (only while `owner` holds it); answers whether it did. */
  async markSent(id: number, owner: string = this.owner): Promise<boolean> {
    const r = await this.db.run(
      'UPDATE email_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ? AND sent_at IS NULL',
      [new Date(this.now()).toISOString(), id, owner],
    );
    return r.changes === 1;
  }

  /** Records a failed attempt of a claimed message and releases it for the next flush. */
  async markFailed(id: number, error: string, owner: string = this.owner): Promise<void> {
    await this.db.run(
      'UPDATE email_outbox SET attempts = attempts + 1, last_error = ?, claimed_until = NULL WHERE id = ? AND claimed_by = ? AND sent_at IS NULL',
      [error.slice(0, 500), id, owner],
    );
  }

  /** Sends every message it can claim, batch after batch; answers how many it sent. */
  private async run(): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    let sent = 0;
    // a failed message is released at once for the next flush, not tried again in this one
    const tried: number[] = [];
    for (;;) {
      const batch = await this.claim(CLAIM_BATCH, CLAIM_LEASE_MS, this.owner, tried);
      if (batch.length === 0) return sent;
      tried.push(...batch.map((m) => m.id));
      for (const m of batch) {
        try {
          await transport({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
          if (await this.markSent(m.id)) sent++;
        } catch (err) {
          await this.markFailed(m.id, String((err as Error).message ?? err));
        }
      }
    }
  }

  /** Starts the sender loop: a flush every `intervalMs` (mail of stopped processes, retries). */
  startLoop(intervalMs: number = SEND_INTERVAL_MS): void {
    if (!this.transport || this.loop) return;
    this.loop = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.loop.unref();
  }

  /** Stops the sender loop and waits for a flush under way. */
  async stopLoop(): Promise<void> {
    if (this.loop) clearInterval(this.loop);
    this.loop = null;
    await this.flushing?.catch(() => undefined);
  }

  /** Newest first; optionally only messages to one address (case-insensitive). */
  async list(options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    const rows = options.to
      ? await this.db.all<Row>(`SELECT * FROM email_outbox WHERE ${this.db.dialect.caseInsensitiveEquals('to_address')} ORDER BY id DESC LIMIT ?`, [options.to, limit])
      : await this.db.all<Row>('SELECT * FROM email_outbox ORDER BY id DESC LIMIT ?', [limit]);
    return rows.map(toMessage);
  }

  /** One message, or null. */
  async get(id: number): Promise<OutboxMessage | null> {
    const row = await this.db.get<Row>('SELECT * FROM email_outbox WHERE id = ?', [id]);
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
