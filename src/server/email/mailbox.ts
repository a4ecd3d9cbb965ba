/**
 * The development mailbox: every message of the outbox, readable in a browser at /dev/mailbox
 * (a list, and one message at /dev/mailbox/{id}) and as JSON at /api/dev/mailbox[?to=] and
 * /api/dev/mailbox/{id} for tests. It shows password-reset links, so whoever reads it can take
 * any account: it is mounted only when asked for by name (MAILBOX=1, or the accounts plugin's
 * `mailbox` option in tests), never on a production start ({@link isProductionStart}: MAILBOX=1
 * is then refused with a log line), and answers only clients on this machine, judged by the
 * socket's own address with no proxy header (a proxy on the same host would otherwise make every
 * visitor local; `request.ip` under TRUST_PROXY believes what the client says). Anyone else gets
 * the store's plain 404. Every page says it is a development tool.
 *
 * Where mail goes otherwise ({@link devMailSetup}): with SMTP_URL, out by SMTP; on the demo store
 * (embedded database, no SMTP), one console line per mail naming the recipient and the subject and
 * how to read it, never the body or its links (a reset link in a log is a key in a log); on a
 * production start without SMTP, mail stays in the outbox and the start says so once.
 * @module
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isProductionStart } from '../env.ts';
import type { EmailTransport, Outbox, OutboxMessage } from './outbox.ts';

/** The environment switch that mounts the mailbox. */
export const MAILBOX_SWITCH = 'MAILBOX=1';

/** How a reader of the console finds a mail that was not sent. */
export const MAILBOX_HINT = 'read it on this machine with `MAILBOX=1 npm start` at /dev/mailbox';

/** The answer to everyone the mailbox does not serve: the store's own 404, as if it were absent. */
export const MAILBOX_NOT_FOUND = 'Not found';

/**
 * Whether the mailbox is mounted for this environment: only with MAILBOX=1, and never on a
 * production start (NODE_ENV=production, DATABASE_URL or REDIS_URL set), whatever NODE_ENV says.
 * @default off
 */
export function mailboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MAILBOX?.trim() === '1' && !isProductionStart(env);
}

/** The log line of a refused MAILBOX=1 (a production start), or null when there is nothing to refuse. */
export function mailboxRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.MAILBOX?.trim() !== '1' || !isProductionStart(env)) return null;
  return 'MAILBOX=1 refused: this start is a production store (NODE_ENV=production, DATABASE_URL or REDIS_URL is set), and the dev mailbox shows every reset link';
}

/** Whether a socket address is this machine's own (127.0.0.0/8, ::1, or either mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Headers a proxy adds: their presence means the socket's peer is not the real client. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the mailbox may answer a request: the socket's own peer is loopback and no proxy
 * header says the client is someone else. Deliberately not `request.ip` (which follows
 * X-Forwarded-For under TRUST_PROXY).
 */
export function isLocalClient(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.raw.socket?.remoteAddress);
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
  /** Mount the mailbox routes. */
  mailbox: boolean;
  /** Mail delivery when SMTP_URL is not set: the console notices on the demo store, else null (kept in the outbox). */
  transport: EmailTransport | null;
}

/**
 * Decides, once per start, whether the mailbox is mounted and where mail goes without SMTP, and
 * logs what an operator must know: a refused MAILBOX=1, a production store without SMTP.
 * `mailbox` (the accounts plugin's option, for tests) overrides MAILBOX.
 * @example
 * const dev = devMailSetup({ env: process.env, log: app.log });
 * if (dev.mailbox) await app.register(mailboxRoutes, { outbox });
 */
export function devMailSetup(options: { env?: NodeJS.ProcessEnv; mailbox?: boolean | undefined; log: Pick<FastifyBaseLogger, 'info' | 'warn'> }): DevMailSetup {
  const env = options.env ?? process.env;
  const refusal = options.mailbox === undefined ? mailboxRefusal(env) : null;
  if (refusal !== null) options.log.warn(refusal);
  const mailbox = options.mailbox ?? mailboxEnabled(env);
  const production = isProductionStart(env);
  const smtp = (env.SMTP_URL?.trim() ?? '') !== '';
  if (production && !smtp) options.log.warn('SMTP_URL is not set: mail stays in the outbox unsent');
  // with the mailbox on, mail is read there; a production store never announces mail in its logs
  return { mailbox, transport: mailbox || production || smtp ? null : mailNoticeTransport(options.log) };
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
export const DEV_TOOL_NOTICE =
  'Development tool: this mailbox shows every mail the store wrote, password-reset links included. ' +
  'It runs only with MAILBOX=1 on a development store and answers only this machine; never run it on a public store.';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} (development tool)</title>
<meta name="robots" content="noindex"><style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}.dev{background:#fff3cd;border:1px solid #c99a00;padding:.6rem 1rem}</style></head>
<body><p class="dev" role="note"><strong>${escapeHtml(DEV_TOOL_NOTICE)}</strong></p>${body}</body></html>`;
}

/** The HTML list of messages. */
export function renderMailboxList(messages: readonly OutboxMessage[]): string {
  const rows = messages
    .map((m) => `<tr><td>${m.id}</td><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.sentAt ? 'sent' : 'stored'}</td></tr>`)
    .join('');
  const body = messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>#</th><th>Date</th><th>To</th><th>Subject</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Dev mailbox', `<h1>Dev mailbox</h1>${body}`);
}

/** The HTML view of one message. */
export function renderMailboxMessage(m: OutboxMessage): string {
  return page(
    m.subject,
    `<p><a href="/dev/mailbox">&larr; All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<p>To: ${escapeHtml(m.to)}<br>Date: ${escapeHtml(m.createdAt)}<br>Kind: ${escapeHtml(m.kind)}</p><pre>${linkify(m.text)}</pre>`,
  );
}

const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'] } as const;

/**
 * Plugin serving the mailbox (in its own scope: the local-client check covers its routes only).
 * Mount it only when {@link devMailSetup} says so.
 */
export const mailboxRoutes: FastifyPluginAsync<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLocalClient(request)) return reply.code(404).send({ error: MAILBOX_NOT_FOUND });
  });
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderMailboxList(await outbox.list())));
  app.get<{ Params: { id: number } }>('/dev/mailbox/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const m = await outbox.get(req.params.id);
    if (!m) return reply.code(404).type('text/html; charset=utf-8').send(page('Dev mailbox', '<h1>Dev mailbox</h1><p>No such message.</p>'));
    return reply.type('text/html; charset=utf-8').send(renderMailboxMessage(m));
  });
  app.get<{ Querystring: { to?: string; limit?: number } }>(
    '/api/dev/mailbox',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { to: { type: 'string', maxLength: 254 }, limit: { type: 'integer', minimum: 1, maximum: 500 } },
        },
      },
    },
    async (req) => ({ messages: await outbox.list({ ...(req.query.to ? { to: req.query.to } : {}), ...(req.query.limit ? { limit: req.query.limit } : {}) }) }),
  );
  app.get<{ Params: { id: number } }>('/api/dev/mailbox/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const m = await outbox.get(req.params.id);
    return m ? { message: m } : reply.code(404).send({ error: 'Message not found.' });
  });
};
