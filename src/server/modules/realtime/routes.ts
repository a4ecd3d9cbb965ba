/**
 * The operators' live-visitors figure: `GET /api/admin/live-visitors` answers how many visits are
 * open now (a socket on a page that has not left) and the busiest pages, from the `visits` table.
 * Operators only, by credentials alone (security/operator-access.ts): `Authorization: Bearer
 * {ADMIN_TOKEN}`; without an ADMIN_TOKEN the route answers 404. No address is trusted: the
 * machine itself once was, which made every visitor an operator behind a proxy on the same host.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { visitCounts } from './visits.repository.ts';
import { operatorAccessFromEnv, operatorGuard, OPERATORS_ONLY, type OperatorAccess } from '../../platform/http/operator-access.ts';

export { OPERATORS_ONLY };

/** Options of {@link realtimeRoutes}. */
export interface RealtimeRoutesOptions {
  db: Db;
  /** Who may read the figure. @default operatorAccessFromEnv(): ADMIN_TOKEN, PUBLIC_URL, ALLOWED_ORIGINS */
  operators?: OperatorAccess;
}

/** The live figure. */
export interface LiveVisitors {
  liveVisitors: number;
  visitsLastHour: number;
  pages: { requestUrl: string; visitors: number }[];
}

/**
 * The live figure from the visits table, which every process of the store writes to: it
 * counts the visits of all of them.
 */
export async function liveVisitors(db: Db, nowMs: number = Date.now()): Promise<LiveVisitors> {
  const { live, since, pages } = await visitCounts(db, new Date(nowMs - 3600_000).toISOString());
  return { liveVisitors: live, visitsLastHour: since, pages };
}

/**
 * The plugin.
 * @example
 * await app.register(realtimeRoutes, { db });
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', operatorGuard(options.operators ?? operatorAccessFromEnv()));
  const str = { type: 'string' } as const;
  app.get('/api/admin/live-visitors', {
    schema: {
      tags: ['realtime'],
      response: {
        200: {
          type: 'object',
          properties: {
            liveVisitors: { type: 'integer' },
            visitsLastHour: { type: 'integer' },
            pages: { type: 'array', items: { type: 'object', properties: { requestUrl: str, visitors: { type: 'integer' } } } },
          },
        },
        401: { $ref: 'Error#' },
        403: { $ref: 'Error#' },
        404: { $ref: 'Error#' },
      },
    },
  }, async () => liveVisitors(options.db));
};
