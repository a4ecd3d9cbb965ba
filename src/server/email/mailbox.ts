/**
 * The development mailbox: every message of the outbox, readable in a browser at /dev/mailbox
 * (a list, and one message at /dev/mailbox/{id}) and as JSON at /api/dev/mailbox[?to=] and
 * /api/dev/mailbox/{id} for tests. Mounted when NODE_ENV is not 'production', or with MAILBOX=1:
 * it shows password-reset links, so it must never be reachable on a public store.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Outbox, OutboxMessage } from './outbox.ts';

/** Whether the mailbox is mounted for this environment. */
export function mailboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production' || env.MAILBOX === '1';
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Escaped text with http(s) links made clickable. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex"><style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style></head><body>${body}</body></html>`;
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

/** Plugin serving the mailbox. */
export const mailboxRoutes: FastifyPluginAsync<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderMailboxList(await outbox.list())));
  app.get<{ Params: { id: number } }>('/dev/mailbox/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const m = await outbox.get(req.params.id);
    if (!m) return reply.code(404).type('text/html; charset=utf-8').send(renderMailboxList([]));
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
