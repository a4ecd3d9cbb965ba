/**
 * Outgoing email: every message is first written to the `email_outbox` table, inside the same
 * transaction as the change it reports (a reset link exists only if its token was committed),
 * then delivered. With SMTP_URL set, {@link Outbox.flush} sends pending messages through
 * nodemailer; without it, messages stay in the outbox, readable in the dev mailbox.
 *
 * Mail down: a failed attempt is recorded (attempts, last_error) with the time of the next one
 * ({@link retryDelayMs}: 30 s, doubling, at most an hour apart; migration 019), up to
 * {@link MAX_ATTEMPTS} attempts (about six hours), and the message is kept either way (operators
 * see `skimmer_email_outbox_retrying` and `skimmer_email_outbox_failed`). A mail server that
 * cannot be reached at all ends the batch at the first such failure (the rest is released
 * untouched for the next flush), and every SMTP step has a timeout below the claim's lease
 * (SMTP_TIMEOUT_MS), so a hanging server never outlives a claim and no message goes out twice.
 * Requests never wait on any of it: they store the message and kick a flush without awaiting it.
 *
 * Several processes share the outbox: a sender first claims a batch ({@link Outbox.claim}: one
 * transaction, FOR UPDATE SKIP LOCKED on PostgreSQL, each message marked with the sender and the
 * end of its lease), then sends only what it claimed, so no message goes out twice while its
 * sender lives. A sender that dies between claiming and marking leaves its claim to run out
 * ({@link CLAIM_LEASE_MS}); the message is then claimed and sent again (delivery is at least
 * once: a message sent just before the death is sent twice, none is lost). Every process with
 * SMTP runs the sender loop ({@link Outbox.startLoop}), so mail left by a stopped process is sent.
 *
 * Jobs: a request that must answer and write the same whether or not an address has an account
 * (registration, password reset) stores a job instead of a message ({@link Outbox.enqueueJob}:
 * one row, the same for every address), and answers. The worker ({@link Outbox.flush}, kicked
 * after the answer and by the loop, which runs with or without SMTP) composes each job in a
 * transaction of its own with the function its kind defined ({@link Outbox.defineJob}): that
 * function looks the address up and writes what follows (an account, a link), and answers the
 * messages to send, or none (the row is then deleted). A row still holding a job is never sent,
 * claimed or listed.
 * @module
 */
import { hostname } from 'node:os';
import type { Db } from '../../platform/db/database.ts';
import { wholeNumberFromEnv } from '../../platform/config/env.ts';
import {
  claimableRows, deleteRow, fillJob, insertJob, insertMessage, lockedJob, markClaimed, markJobFailed, markRowFailed, markRowSent, messageRow,
  messageRows, queuedJobIds, releaseRows, retryingCount, type OutboxRow as Row,
} from './outbox.repository.ts';

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

/** A message a job composed, with its kind (the kind its row then carries). */
export interface ComposedMessage extends EmailMessage {
  kind: string;
}

/**
 * Composes one queued job inside `tx` (write through `tx`: the job's row is updated in the same
 * transaction); answers the messages to store, the first in the job's row. None deletes the row.
 */
export type MailJob = (tx: Db, job: { to: string; input: unknown }) => Promise<ComposedMessage[]>;

/**
 * The greeting line of store mail. A name is text somebody typed, and until the address has been
 * confirmed by its owner that somebody may be anyone (registering another person's address puts
 * up to 100 characters of the registrant's choice in front of them): only a confirmed address is
 * greeted by name.
 * @example
 * greeting('Ann', false); // 'Hello,'
 * greeting('Ann', true); // 'Hello Ann,'
 */
export function greeting(firstName: string | null | undefined, confirmed: boolean): string {
  const name = firstName?.trim() ?? '';
  return confirmed && name !== '' ? `Hello ${name},` : 'Hello,';
}

/** Delivers one message (SMTP in production, a fake in tests). */
export type EmailTransport = (message: EmailMessage & { from: string }) => Promise<void>;

/** Attempts before a message is left undelivered (kept, counted as failed); with the backoff, about six hours. @default 12 */
export const MAX_ATTEMPTS = 12;
/** The wait after a message's first failed attempt; it doubles with each further failure. @default 30000 */
export const RETRY_BASE_MS = 30_000;
/** The longest wait between two attempts. @default 3600000 */
export const RETRY_MAX_MS = 3_600_000;

/**
 * The wait before the next attempt of a message that has failed `failures` times (1, 2, ...).
 * @example
 * retryDelayMs(1); // 30000
 * retryDelayMs(3); // 120000
 * retryDelayMs(20); // 3600000
 */
export function retryDelayMs(failures: number): number {
  const doublings = Math.min(Math.max(failures, 1) - 1, 30);
  return Math.min(RETRY_BASE_MS * 2 ** doublings, RETRY_MAX_MS);
}

/**
 * Whether a send failed because the mail server could not be reached or did not answer (no SMTP
 * reply at all, or 421 "service not available"), as opposed to a refusal of this one message: the
 * rest of the batch would fail the same way.
 */
export function mailServerDown(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  if (typeof e?.responseCode === 'number') return e.responseCode === 421;
  return typeof e?.code === 'string' && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EGREETING'].includes(e.code);
}

/**
 * Messages whose delivery failed at least once and that will be tried again (a metric: mail
 * down shows here long before anything is given up).
 */
export async function outboxRetryingCount(db: Db, maxAttempts: number = MAX_ATTEMPTS): Promise<number> {
  return await retryingCount(db, maxAttempts);
}
/** The sender address. @default 'Skimmer <no-reply@skimmer.test>' */
export const DEFAULT_FROM = 'Skimmer <no-reply@skimmer.test>';
/** How long a claim holds; longer than a batch takes to send. @default 60000 */
export const CLAIM_LEASE_MS = 60_000;
/** Messages claimed at once. @default 20 */
export const CLAIM_BATCH = 20;
/** How often the sender loop looks for mail. @default 5000 */
export const SEND_INTERVAL_MS = 5000;

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
  private rerun = false;
  private loop: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: EmailTransport | null = null,
    private readonly from: string = DEFAULT_FROM,
    private readonly now: () => number = Date.now,
    /** This sender's name on its claims. @default '{host}:{pid}' */
    readonly owner: string = `${hostname()}:${process.pid}`,
    /** The job kinds and how each is composed (shared with the handles {@link Outbox.in} makes). */
    private readonly jobs: Map<string, MailJob> = new Map(),
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
    return new Outbox(db, this.transport, this.from, this.now, this.owner, this.jobs);
  }

  /** Defines how jobs of `kind` are composed (once per kind, at start-up). */
  defineJob(kind: string, compose: MailJob): void {
    this.jobs.set(kind, compose);
  }

  /**
   * Stores a job (call inside the request's transaction, through `in(tx)`): one row whatever the
   * job will decide, so the request writes the same for every address; answers its id.
   */
  async enqueueJob(kind: string, to: string, input: unknown): Promise<number> {
    return await insertJob(this.db, { to, kind, at: new Date(this.now()).toISOString(), inputJson: JSON.stringify(input ?? null) });
  }

  /**
   * Composes the queued jobs (only those to `to` when given: sign-in first composes a
   * registration still queued for its address), oldest first, each in a transaction of its own;
   * answers how many were composed. With `to`, a job another process is composing is waited for
   * rather than skipped, so the caller then reads what it wrote. A job that throws is rolled back, its attempt recorded, and
   * tried again at the next run (up to {@link MAX_ATTEMPTS}); a kind this process has not defined
   * is left for one that has.
   */
  async composeJobs(options: { to?: string } = {}): Promise<number> {
    let done = 0;
    const tried: number[] = [];
    for (;;) {
      const kinds = [...this.jobs.keys()];
      if (kinds.length === 0) return done;
      const ids = await queuedJobIds(this.db, { maxAttempts: MAX_ATTEMPTS, kinds, to: options.to, exclude: tried, limit: CLAIM_BATCH });
      if (ids.length === 0) return done;
      for (const id of ids) {
        tried.push(id);
        try {
          if (await this.composeOne(id, options.to !== undefined)) done++;
        } catch (err) {
          await markJobFailed(this.db, id, String((err as Error).message ?? err).slice(0, 500));
        }
      }
    }
  }

  private async composeOne(id: number, wait: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // another process composing the same job holds the row: the worker skips it, a caller that
      // needs the outcome waits for it and then finds `job` cleared (PostgreSQL); SQLite's
      // transactions run one after the other, and the second finds `job` cleared
      const row = await lockedJob(tx, id, wait);
      const compose = row ? this.jobs.get(row.kind) : undefined;
      if (!row || !compose) return false;
      const [first, ...rest] = await compose(tx, { to: row.to_address, input: JSON.parse(row.job) as unknown });
      if (!first) {
        await deleteRow(tx, id);
        return true;
      }
      await fillJob(tx, id, first);
      for (const m of rest) await this.in(tx).enqueue(m.kind, m);
      return true;
    });
  }

  /** Stores a message (call inside the transaction of the change it reports, through `in(tx)`); answers its id. */
  async enqueue(kind: string, message: EmailMessage): Promise<number> {
    return await insertMessage(this.db, { ...message, kind, at: new Date(this.now()).toISOString() });
  }

  /**
   * Composes the queued jobs, then sends pending messages (with a transport); answers how many
   * were sent. Concurrent calls share one run, and a call during a run makes it go round once
   * more, so whatever was queued before the call is handled when its promise settles.
   */
  async flush(): Promise<number> {
    if (this.flushing) {
      this.rerun = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      let sent = 0;
      do {
        this.rerun = false;
        await this.composeJobs();
        sent += await this.run();
      } while (this.rerun);
      return sent;
    })().finally(() => {
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
    return this.db.transaction(async (tx) => {
      // a failed message waits for its next attempt's time (backoff)
      const rows = await claimableRows(tx, { maxAttempts: MAX_ATTEMPTS, now: new Date(now).toISOString(), exclude, limit });
      if (rows.length === 0) return [];
      await markClaimed(tx, rows.map((r) => r.id), owner, new Date(now + leaseMs).toISOString());
      return rows.map(toMessage);
    });
  }

  /** Marks a claimed message sent (only while `owner` holds it); answers whether it did. */
  async markSent(id: number, owner: string = this.owner): Promise<boolean> {
    return await markRowSent(this.db, id, owner, new Date(this.now()).toISOString());
  }

  /**
   * Records a failed attempt of a claimed message and releases it until its next attempt's time:
   * {@link retryDelayMs} of its failures so far (`attemptsBefore`: the attempts it had when claimed).
   */
  async markFailed(id: number, error: string, owner: string = this.owner, attemptsBefore = 0): Promise<void> {
    const next = new Date(this.now() + retryDelayMs(attemptsBefore + 1)).toISOString();
    await markRowFailed(this.db, id, owner, error.slice(0, 500), next);
  }

  /** Hands claimed messages back untouched (not an attempt): the mail server is down, they wait for the next flush. */
  private async release(ids: readonly number[], owner: string = this.owner): Promise<void> {
    if (ids.length === 0) return;
    await releaseRows(this.db, ids, owner);
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
      for (const [i, m] of batch.entries()) {
        try {
          await transport({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
          if (await this.markSent(m.id)) sent++;
        } catch (err) {
          await this.markFailed(m.id, String((err as Error).message ?? err), this.owner, m.attempts);
          if (mailServerDown(err)) {
            // the rest would fail the same way, each after a timeout: released for the next flush
            await this.release(batch.slice(i + 1).map((rest) => rest.id));
            return sent;
          }
        }
      }
    }
  }

  /**
   * Starts the worker loop: a flush every `intervalMs` (jobs and mail left by stopped processes,
   * retries). It runs without a transport too, since jobs are composed either way.
   */
  startLoop(intervalMs: number = SEND_INTERVAL_MS): void {
    if (this.loop) return;
    this.loop = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.loop.unref();
  }

  /** Stops the sender loop and waits for a flush under way. */
  async stopLoop(): Promise<void> {
    if (this.loop) clearInterval(this.loop);
    this.loop = null;
    await this.flushing?.catch(() => undefined);
  }

  /** Newest first; optionally only messages to one address (case-insensitive). Jobs not yet composed are not messages. */
  async list(options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    return (await messageRows(this.db, limit, options.to)).map(toMessage);
  }

  /** One message, or null. */
  async get(id: number): Promise<OutboxMessage | null> {
    const row = await messageRow(this.db, id);
    return row ? toMessage(row) : null;
  }
}

/**
 * An SMTP transport from a URL such as `smtp://user:pass@smtp.example.com:587`, through
 * nodemailer (loaded only when SMTP is configured).
 * @default timeoutMs SMTP_TIMEOUT_MS, else 10000
 */
export async function smtpTransport(url: string, timeoutMs: number = wholeNumberFromEnv(process.env, 'SMTP_TIMEOUT_MS', 10_000, 1000, 30_000)): Promise<EmailTransport> {
  const nodemailer = await import('nodemailer');
  // every step of a send ends within SMTP_TIMEOUT_MS (nodemailer waits up to 10 minutes by
  // default): a hanging server must not hold a claim past its lease (the URL's own settings win)
  const transporter = nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  return async (message) => {
    await transporter.sendMail(message);
  };
}
