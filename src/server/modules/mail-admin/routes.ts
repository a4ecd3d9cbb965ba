/**
 * The operators' mail outbox (HTTP only; the rules are in service.ts):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/mail | owner, staff | { mail, nextBefore }: filters status, to, q, kind |
 * | GET /api/admin/mail/{id} | owner, staff | { mail }: the message with its body |
 * | POST /api/admin/mail/{id}/resend | owner, staff | { mail }: a sent or failed mail queued again (audited); 409 while it waits |
 * | GET /admin/mail, /admin/mail/{id} | owner, staff | the same as pages (HTML); 404 without an operator credential |
 * | GET /dev/mailbox[/*], /api/dev/mailbox[/*] | nobody | the store's plain 404, whatever NODE_ENV or MAILBOX says |
 *
 * Every route but the retired ones sits behind the operator guard (sessions with their CSRF
 * token, scoped API tokens, ADMIN_TOKEN) with the `customers` permission: the store's mail is its
 * customers' (owners, staff, and tokens with the `customers` scope).
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { MAILBOX_NOT_FOUND, RETIRED_MAILBOX_PATHS, renderMailboxList, renderMailboxMessage, renderMailboxMissing } from '../mail/mailbox.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import * as s from './schemas.ts';
import { MailAdminService, type MailListQuery } from './service.ts';

/** Options of {@link mailAdminRoutes}. */
export interface MailAdminRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** The store's outbox (flushed after a resend). */
  outbox: () => Outbox | null;
  /** A service of the caller's (tests); built from the options otherwise. */
  service?: MailAdminService;
}

const TAGS = ['mail'];
const config = { operatorPermission: 'customers' as const };
/** The path of the operators' mail pages. */
export const MAIL_PAGES_PATH = '/admin/mail';

async function apiRoutes(app: FastifyInstance, options: MailAdminRoutesOptions, service: MailAdminService): Promise<void> {
  app.addHook('onRequest', operatorGuard(options.operators));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.mailErrors } } });

  app.get<{ Querystring: MailListQuery }>('/api/admin/mail', {
    config, ...schema('Every mail the store sent or queued, newest first: filter by status, recipient, text and kind; page with before = nextBefore', { querystring: s.listQuery }, s.listAnswer),
  }, async (request) => await service.list(request.query));

  app.get<{ Params: { id: number } }>('/api/admin/mail/:id', {
    config, ...schema('One mail with its body (reset and verification links included: the store\'s own mail)', { params: s.mailParams }, s.messageAnswer),
  }, async (request) => ({ mail: await service.get(request.params.id) }));

  app.post<{ Params: { id: number } }>('/api/admin/mail/:id/resend', {
    config, ...schema('Queue a sent or failed mail again (409 while it is still waiting to be sent)', { params: s.mailParams }, s.resendAnswer),
  }, async (request) => ({ mail: await service.resend(auditWho(request), request.params.id) }));
}

async function pages(app: FastifyInstance, options: MailAdminRoutesOptions, service: MailAdminService): Promise<void> {
  app.addHook('onRequest', operatorGuard(options.operators));
  // without an operator credential the pages answer the store's plain 404, as if absent
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 401) return payload;
    reply.code(404).removeHeader('www-authenticate').type('application/json; charset=utf-8');
    return JSON.stringify({ error: MAILBOX_NOT_FOUND });
  });
  const html = { 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' };
  app.get(MAIL_PAGES_PATH, { config, schema: { hide: true } }, async (_request, reply) => {
    const { mail } = await service.list({ limit: 200 });
    return reply.headers(html).send(renderMailboxList(mail, MAIL_PAGES_PATH));
  });
  app.get<{ Params: { id: number } }>(`${MAIL_PAGES_PATH}/:id`, { config, schema: { hide: true, params: s.mailParams } }, async (request, reply) => {
    const message = await service.find(request.params.id);
    if (!message) return reply.code(404).headers(html).send(renderMailboxMissing(MAIL_PAGES_PATH));
    return reply.headers(html).send(renderMailboxMessage(message, MAIL_PAGES_PATH));
  });
}

async function retired(app: FastifyInstance): Promise<void> {
  for (const url of RETIRED_MAILBOX_PATHS) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ error: MAILBOX_NOT_FOUND }));
  }
}

/**
 * The plugin: the API and the pages, each behind the operator guard, and the retired dev mailbox.
 * @example
 * await app.register(mailAdminRoutes, { db, operators, outbox: () => app.accounts.outbox });
 */
export const mailAdminRoutes: FastifyPluginAsync<MailAdminRoutesOptions> = async (app, options) => {
  const service = options.service ?? new MailAdminService({ db: options.db, outbox: options.outbox });
  await app.register(async (scope) => apiRoutes(scope, options, service));
  await app.register(async (scope) => pages(scope, options, service));
  await app.register(retired);
};
