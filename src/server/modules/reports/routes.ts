/**
 * The back office's report routes (HTTP only; the rules are in service.ts):
 *
 * | call | who | answer |
 * |---|---|---|
 * | GET /api/admin/reports/sales?days=30&tz=America/Los_Angeles | owner, staff, `dashboard` tokens | { days, previous, totals, currency, timeZone } |
 *
 * Every route sits behind the operator guard with the `dashboard` permission: revenue is the
 * owner's and staff's figure, as the live visitors are, and not the fulfilment role's (which
 * picks, packs and ships, and may read orders one by one without seeing the takings).
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import * as s from './schemas.ts';
import { ReportsService } from './service.ts';

/** Options of {@link reportsRoutes}. */
export interface ReportsRoutesOptions {
  db: Db;
  /** Who may call the routes (the operators' access with its accounts). */
  operators: OperatorAccess;
  /** A service of the caller's (tests: a fixed clock); built from the options otherwise. */
  service?: ReportsService;
}

/**
 * The plugin.
 * @example
 * await app.register(reportsRoutes, { db, operators });
 */
export const reportsRoutes: FastifyPluginAsync<ReportsRoutesOptions> = async (app, options) => {
  const service = options.service ?? new ReportsService({ db: options.db });
  app.addHook('onRequest', operatorGuard(options.operators));
  app.get<{ Querystring: { days: number; tz: string } }>('/api/admin/reports/sales', {
    config: { operatorPermission: 'dashboard' },
    schema: {
      tags: ['reports'],
      summary: 'Orders and revenue per day of the last `days` days (today included) and of the `days` before, in a time zone; cancelled orders left out, empty days as zeros',
      querystring: s.salesQuery,
      response: { 200: s.salesAnswer, ...s.reportErrors },
    },
  }, async (request) => await service.sales(request.query));
};
