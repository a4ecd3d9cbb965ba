/**
 * The operators' discount codes (HTTP only; the rules are in service.ts):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/discounts | owner, staff | { discounts, nextAfter }: filters status, q; in code order |
 * | POST /api/admin/discounts | owner, staff | { discount }: 409 when the code exists |
 * | GET /api/admin/discounts/{code} | owner, staff | { discount } |
 * | PATCH /api/admin/discounts/{code} | owner, staff | { discount }: pause, resume, expire and/or edit |
 *
 * Every route sits behind the operator guard (sessions with their CSRF token, scoped API tokens,
 * ADMIN_TOKEN) with the `catalogue` permission; every write is audited in its transaction.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import type { DiscountStatus } from './repository.ts';
import * as s from './schemas.ts';
import { DiscountsAdminService, type CreateDiscountInput, type PatchDiscountInput } from './service.ts';

/** Options of {@link discountsAdminRoutes}. */
export interface DiscountsAdminRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** A service of the caller's (tests); built from the options otherwise. */
  service?: DiscountsAdminService;
}

const TAGS = ['discounts'];
const config = { operatorPermission: 'catalogue' as const };

/**
 * The plugin.
 * @example
 * await app.register(discountsAdminRoutes, { db, operators });
 */
export const discountsAdminRoutes: FastifyPluginAsync<DiscountsAdminRoutesOptions> = async (app, options) => {
  const service = options.service ?? new DiscountsAdminService({ db: options.db });
  app.addHook('onRequest', operatorGuard(options.operators));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.discountErrors } } });

  app.get<{ Querystring: { status?: DiscountStatus; q?: string; after?: string; limit: number } }>('/api/admin/discounts', {
    config, ...schema('Discount codes in code order with their state and uses: filter by state and text; page with after = nextAfter', { querystring: s.listQuery }, s.listAnswer),
  }, async (request) => await service.list(request.query));

  app.post<{ Body: CreateDiscountInput }>('/api/admin/discounts', {
    config, bodyLimit: 8192,
    ...schema('Create a discount code (percentage, fixed amount or free shipping; minimum subtotal, start and end, total uses, once per customer and per IP)', { body: s.createBody }, s.discountAnswer),
  }, async (request) => ({ discount: await service.create(auditWho(request), request.body) }));

  app.get<{ Params: { code: string } }>('/api/admin/discounts/:code', {
    config, ...schema('One discount code', { params: s.codeParams }, s.discountAnswer),
  }, async (request) => ({ discount: await service.get(request.params.code) }));

  app.patch<{ Params: { code: string }; Body: PatchDiscountInput }>('/api/admin/discounts/:code', {
    config, bodyLimit: 8192,
    ...schema('Pause, resume or expire a discount code, and/or change its fields (never its uses)', { params: s.codeParams, body: s.patchBody }, s.discountAnswer),
  }, async (request) => ({ discount: await service.update(auditWho(request), request.params.code, request.body) }));
};
