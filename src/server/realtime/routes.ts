/**
 * The operators' live-visitors figure: `GET /api/admin/live-visitors` answers how many visits are
 * open now (a socket on a page that has not left) and the busiest pages, from the `visits` table.
 *
 * Choice (there is no operator role in the spec): the call answers when the request carries
 * `Authorization: Bearer {ADMIN_TOKEN}` (compared in constant time), or, with no ADMIN_TOKEN
 * configured, only to requests from the machine itself (loopback). Anyone else gets 403.
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { visitCounts } from '../repositories/visits.ts';

/** Options of {@link realtimeRoutes}. */
export interface RealtimeRoutesOptions {
  db: Db;
  /** The operators' token. @default process.env.ADMIN_TOKEN */
  adminToken?: string;
}

/** The live figure. */
export interface LiveVisitors {
  liveVisitors: number;
  visitsLastHour: number;
  pages: { requestUrl: string; visitors: number }[];
}

/** The refusal text. */
export const OPERATORS_ONLY = 'Operators only.';

/**
 * The live figure from the visits table, which every process of the store writes to: it
 * counts the visits of all of them.
 */
export async function liveVisitors(db: Db, nowMs: number = Date.now()): Promise<LiveVisitors> {
  const { live, since, pages } = await visitCounts(db, new Date(nowMs - 3600_000).toISOString());
  return { liveVisitors: live, visitsLastHour: since, pages };
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

/** Whether a request may read operator figures. */
export function isOperator(request: FastifyRequest, adminToken: string | undefined): boolean {
  if (adminToken) {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    const wanted = Buffer.from(adminToken);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  return isLoopback(request.ip) && request.headers['x-forwarded-for'] === undefined;
}

/**
 * The plugin.
 * @example
 * await app.register(realtimeRoutes, { db });
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  const token = options.adminToken ?? process.env.ADMIN_TOKEN;
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
        403: { $ref: 'Error#' },
      },
    },
  }, async (request) => {
    if (!isOperator(request, token)) throw new HttpError(403, OPERATORS_ONLY);
    return liveVisitors(options.db);
  });
};
