/**
 * The back office's page (src/admin, built from admin.html into `{webDir}/admin.html`): the store
 * answers it for GET /admin and every /admin/* path the operators' routes do not answer
 * themselves (the mail pages, the packing slips: find-my-way prefers their static and parametric
 * routes to this wildcard). The app is client-rendered: the page is the same for everyone and
 * holds no data (the app asks GET /api/admin/me), so it is sent as built, with `no-store` (an
 * operator's browser never keeps a stale back office) and a strong ETag. Without a build the
 * paths answer 404 `{ error }`, as the store's other missing pages do.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/** Options of {@link adminAppRoutes}. */
export interface AdminAppOptions {
  /** The built storefront's folder (dist/web), where admin.html is built beside index.html. */
  webDir: string;
}

/** The back office's built page. */
export const ADMIN_PAGE_FILE = 'admin.html';
/** What a missing build answers. */
export const ADMIN_NOT_BUILT = 'The back office is not built yet: run npm run build:web.';

/** The page's bytes, read again when the file changes (a rebuild under a running store). */
function pageReader(file: string): () => { body: Buffer; etag: string } | null {
  let cached: { mtimeMs: number; body: Buffer; etag: string } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const body = readFileSync(file);
      cached = { mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  };
}

/**
 * The plugin.
 * @example
 * await app.register(adminAppRoutes, { webDir });
 */
export const adminAppRoutes: FastifyPluginAsync<AdminAppOptions> = async (app, options) => {
  const read = pageReader(join(options.webDir, ADMIN_PAGE_FILE));
  const handler = async (request: { headers: Record<string, string | string[] | undefined> }, reply: import('fastify').FastifyReply) => {
    const page = read();
    if (!page) return reply.code(404).send({ error: ADMIN_NOT_BUILT });
    reply.header('cache-control', 'no-store').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.body);
  };
  app.get('/admin', { schema: { hide: true } }, handler);
  app.get('/admin/*', { schema: { hide: true } }, handler);
};
