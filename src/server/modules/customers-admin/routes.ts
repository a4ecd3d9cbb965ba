/**
 * The back office's customer routes (HTTP only; the rules are in service.ts):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/customers | owner, staff | { customers, nextBefore }: q matches email, name, phone |
 * | GET /api/admin/customers/{id} | owner, staff | { customer }: profile, addresses, cards (brand, last four), orders |
 * | POST /api/admin/customers/{id}/password-reset | owner, staff | { success, email }: the storefront's reset mail (audited; 429 past the per-address limit) |
 *
 * Every route sits behind the operator guard (sessions with their CSRF token, scoped API tokens,
 * ADMIN_TOKEN) with the `customers` permission.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Limiter } from '../accounts/rate-limit.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import * as s from './schemas.ts';
import { CustomersAdminService } from './service.ts';

/** Options of {@link customersAdminRoutes}. */
export interface CustomersAdminRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** The store's outbox. */
  outbox: () => Outbox | null;
  /** The account limits' counters. */
  limiter: () => Limiter | null;
  /** A service of the caller's (tests); built from the options otherwise. */
  service?: CustomersAdminService;
}

const TAGS = ['customers'];
const config = { operatorPermission: 'customers' as const };

/**
 * The plugin.
 * @example
 * await app.register(customersAdminRoutes, { db, operators, outbox: () => app.accounts.outbox, limiter: () => app.accounts.limiter });
 */
export const customersAdminRoutes: FastifyPluginAsync<CustomersAdminRoutesOptions> = async (app, options) => {
  const service = options.service ?? new CustomersAdminService({ db: options.db, outbox: options.outbox, limiter: options.limiter });
  app.addHook('onRequest', operatorGuard(options.operators));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.customerErrors } } });

  app.get<{ Querystring: { q?: string; before?: number; limit: number } }>('/api/admin/customers', {
    config, ...schema('Customers, newest first: search by email, name or phone; page with before = nextBefore', { querystring: s.listQuery }, s.listAnswer),
  }, async (request) => await service.list(request.query));

  app.get<{ Params: { id: number } }>('/api/admin/customers/:id', {
    config, ...schema('A customer: profile, addresses, wallet cards (brand and last four only) and orders; never a password or a card number', { params: s.customerParams }, s.detailAnswer),
  }, async (request) => ({ customer: await service.detail(request.params.id) }));

  app.post<{ Params: { id: number } }>('/api/admin/customers/:id/password-reset', {
    config, ...schema('Send the customer the storefront\'s password-reset mail (its older links end)', { params: s.customerParams }, s.resetAnswer),
  }, async (request) => ({ success: true, ...(await service.sendPasswordReset(auditWho(request), request.params.id)) }));
};
