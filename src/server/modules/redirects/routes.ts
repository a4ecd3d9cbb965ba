/**
 * The redirects' HTTP side: `POST /api/admin/redirects` (operators only, by credentials alone:
 * security/operator-access.ts) takes a redirects CSV as `{ "csv": "from,to\n..." }` and answers
 * what it did (with one audit row, written in its transaction), or 400 with every line it
 * refused; and {@link legacyRedirects}, which the app's storefront fallback asks before it
 * renders a page, answers 301 for an old address the store recognises (the operator's
 * redirects, then Volusion's and Shopify's addresses).
 * @module
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { LinkPaths } from '../../../domain/urls.ts';
import type { Db } from '../../platform/db/database.ts';
import { operatorAccessFromEnv, operatorGuard, type OperatorAccess } from '../../platform/http/operator-access.ts';
import { auditWho } from '../admin/service.ts';
import { createRedirectService, type RedirectService } from './service.ts';
import { importRedirectsBody, importRedirectsResponse, REDIRECTS_BODY_LIMIT } from './schemas.ts';

// the audit row's action is the service's (kept importable from here)
export { REDIRECTS_AUDIT_ACTION } from './service.ts';

/** Options of {@link adminRedirectRoutes}. */
export interface AdminRedirectOptions {
  db: Db;
  /** The store's configured link paths. */
  paths: () => Promise<LinkPaths>;
  /** Who may write. @default operatorAccessFromEnv(): ADMIN_TOKEN, PUBLIC_URL, ALLOWED_ORIGINS */
  operators?: OperatorAccess;
}

/**
 * The operators' redirects import.
 * @example
 * await app.register(adminRedirectRoutes, { db, paths });
 * // POST /api/admin/redirects { "csv": "from,to\n/old-pump.htm,/products/pump\n" }
 */
export const adminRedirectRoutes: FastifyPluginAsync<AdminRedirectOptions> = async (app, options) => {
  const service = createRedirectService({ db: options.db, paths: options.paths });
  app.addHook('onRequest', operatorGuard(options.operators ?? operatorAccessFromEnv()));
  app.post<{ Body: { csv: string } }>('/api/admin/redirects', {
    // the CSV's text as JSON: a little more than the text itself
    bodyLimit: REDIRECTS_BODY_LIMIT * 2,
    schema: {
      tags: ['redirects'],
      summary: 'Import a redirects CSV (operators): from,to a line; chains collapsed, loops refused, all or nothing',
      body: importRedirectsBody,
      response: importRedirectsResponse,
    },
  }, async (request, reply) => {
    // one audit row, with the import's transaction, naming the operator who sent the file
    const outcome = await service.importUpload(request.body.csv, auditWho(request));
    return outcome.ok ? outcome.result : await reply.code(400).send({ error: outcome.error, problems: outcome.problems });
  });
};

/** What the storefront's fallback asks before rendering a page. */
export interface LegacyRedirects {
  /**
   * Answers 301 to where an old address leads, and says so; false when the store has nothing
   * for it (the caller renders its own page or its not-found page).
   */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  service: RedirectService;
}

/**
 * The redirects of old addresses, for the app's storefront fallback (GET and HEAD only; the API,
 * media and feeds are never redirected).
 * @example
 * const legacy = legacyRedirects({ db, paths });
 * if (await legacy.answer(req, reply)) return reply;
 */
export function legacyRedirects(options: { db: Db; paths: () => Promise<LinkPaths> }): LegacyRedirects {
  const service = createRedirectService(options);
  return {
    service,
    async answer(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/media/') || url.startsWith('/feeds/') || url.startsWith('/assets/')) return false;
      const to = await service.resolve(url);
      if (to === null) return false;
      await reply.code(301).header('cache-control', 'public, max-age=3600').redirect(to, 301);
      return true;
    },
  };
}
