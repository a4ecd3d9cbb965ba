/**
 * The store's mail as people read it, now that the development mailbox has moved behind the
 * operators' sign-in: operators read every mail the store sent or queued, bodies and
 * reset links included, through `GET /api/admin/mail` and the pages at `/admin/mail`
 * (modules/mail-admin, which renders them with {@link renderMailboxList} and
 * {@link renderMailboxMessage}). The old `/dev/mailbox` and `/api/dev/mailbox` answer the store's
 * plain 404 to everyone, whatever NODE_ENV or MAILBOX says: whoever reads the store's mail can
 * take any account, so no network address or environment switch opens it any more.
 *
 * Where mail goes ({@link devMailSetup}): with SMTP_URL, out by SMTP; on the demo store (embedded
 * database, no SMTP), one console line per mail naming the recipient and the subject and where an
 * operator reads it, never the body or its links (a reset link in a log is a key in a log); on a
 * production start without SMTP, mail stays in the outbox and the start says so once.
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';
import { isProductionStart } from '../../platform/config/env.ts';
import type { EmailTransport, OutboxMessage } from './outbox.ts';

/** Where an operator reads the store's mail (the console's notices say it). */
export const MAILBOX_HINT = 'operators read it at /admin/mail (GET /api/admin/mail)';

/** The answer of the retired development mailbox's addresses: the store's own 404, as if they were absent. */
export const MAILBOX_NOT_FOUND = 'Not found';

/** The retired development mailbox's addresses (they answer 404 to everyone). */
export const RETIRED_MAILBOX_PATHS = ['/dev/mailbox', '/dev/mailbox/*', '/api/dev/mailbox', '/api/dev/mailbox/*'] as const;

/** The log line of a start with MAILBOX set, which no longer opens anything; null when it is not set. */
export function mailboxRetiredNotice(env: NodeJS.ProcessEnv = process.env): string | null {
  if ((env.MAILBOX?.trim() ?? '') === '') return null;
  return `MAILBOX=${env.MAILBOX?.trim() ?? ''} ignored: the development mailbox is gone; ${MAILBOX_HINT}, after signing in`;
}

/**
 * The demo store's stand-in for SMTP: one console line per mail with its recipient and subject
 * and where to read it; the body (reset and verification links) never reaches the log. The
 * message then counts as handled, so each is announced once.
 * @example
 * new Outbox(db, mailNoticeTransport(app.log));
 */
export function mailNoticeTransport(log: Pick<FastifyBaseLogger, 'info'>): EmailTransport {
  return async (message) => {
    // one line even if a subject held a line break
    const subject = message.subject.replace(/[\r\n]+/g, ' ');
    log.info({ mail: { to: message.to, subject } }, `Mail to ${message.to}: "${subject}" was not sent (no SMTP_URL): ${MAILBOX_HINT}`);
  };
}

/** What {@link devMailSetup} decides for a start. */
export interface DevMailSetup {
  /** Mail delivery when SMTP_URL is not set: the console notices on the demo store, else null (kept in the outbox). */
  transport: EmailTransport | null;
}

/**
 * Decides, once per start, where mail goes without SMTP, and logs what an operator must know: a
 * MAILBOX variable that no longer does anything, a production store without SMTP.
 * @example
 * const dev = devMailSetup({ env: process.env, log: app.log });
 */
export function devMailSetup(options: { env?: NodeJS.ProcessEnv; log: Pick<FastifyBaseLogger, 'info' | 'warn'> }): DevMailSetup {
  const env = options.env ?? process.env;
  const retired = mailboxRetiredNotice(env);
  if (retired !== null) options.log.warn(retired);
  const production = isProductionStart(env);
  const smtp = (env.SMTP_URL?.trim() ?? '') !== '';
  if (production && !smtp) options.log.warn('SMTP_URL is not set: mail stays in the outbox unsent');
  // a production store never announces mail in its logs
  return { transport: production || smtp ? null : mailNoticeTransport(options.log) };
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Escaped text with http(s) links made clickable. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The notice at the top of every mailbox page. */
export const MAILBOX_NOTICE =
  'Operators only: these are the mails the store wrote, password-reset links included. ' +
  'Whoever reads a reset link can take the account; never forward one.';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} (store mail)</title>
<meta name="robots" content="noindex"><style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}.note{background:#fff3cd;border:1px solid #c99a00;padding:.6rem 1rem}</style></head>
<body><p class="note" role="note"><strong>${escapeHtml(MAILBOX_NOTICE)}</strong></p>${body}</body></html>`;
}

/** One message of the list: its state as the operators' API names it. */
export type MailboxEntry = Pick<OutboxMessage, 'id' | 'to' | 'subject' | 'createdAt'> & { status: string };

/** The HTML list of messages (`base`: the path of the pages, e.g. '/admin/mail'). */
export function renderMailboxList(messages: readonly MailboxEntry[], base: string): string {
  const rows = messages
    .map((m) => `<tr><td>${m.id}</td><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="${base}/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.status)}</td></tr>`)
    .join('');
  const body = messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>#</th><th>Date</th><th>To</th><th>Subject</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Store mail', `<h1>Store mail</h1>${body}`);
}

/** The HTML view of one message. */
export function renderMailboxMessage(m: Pick<OutboxMessage, 'subject' | 'to' | 'createdAt' | 'kind' | 'text'> & { status: string }, base: string): string {
  return page(
    m.subject,
    `<p><a href="${base}">&larr; All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<p>To: ${escapeHtml(m.to)}<br>Date: ${escapeHtml(m.createdAt)}<br>Kind: ${escapeHtml(m.kind)}<br>State: ${escapeHtml(m.status)}</p><pre>${linkify(m.text)}</pre>`,
  );
}

/** The HTML page of a message that does not exist. */
export function renderMailboxMissing(base: string): string {
  return page('Store mail', `<p><a href="${base}">&larr; All messages</a></p><h1>Store mail</h1><p>No such message.</p>`);
}
