/**
 * The back office's pages (src/admin): the store answers GET /admin and every /admin/* path the
 * operators' routes do not answer themselves (the mail pages, the packing slips: find-my-way
 * prefers their static and parametric routes to this wildcard) with the built page
 * (`{webDir}/admin.html`), rendered on the server like the storefront's:
 *
 * - with the back office's server entry built (`dist/server/admin-entry.js`,
 *   src/admin/entry-server.tsx), the page at the URL is rendered into `#admin-root`: the entry asks
 *   the store's own operators' API for the page's reads (in process, with the request's cookie
 *   and host, so the same guard decides what the operator may read) and the answers go into the
 *   page's `<script type="application/json" id="admin-data">`, from which the browser hydrates;
 *   a signed-out visitor gets the sign-in page, the set-password link its page;
 * - without it (or when it fails) the page is sent as built and the app renders in the browser.
 *
 * Pages carry `cache-control: no-store` (an operator's data is never kept by a browser or a
 * proxy); the page as built (no server render) also carries a strong ETag. Without a build the
 * paths answer 404 `{ error }`, as the store's other missing pages do.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jsonForScript } from '../../platform/render/storefront-page.ts';

/** What the back office's server entry answers: the app's HTML and the page's data. */
export interface AdminRender {
  html: string;
  data: unknown;
}

/** Renders the page at a URL, its calls sent with `fetch` (the store's own API as the operator). */
export type AdminRenderer = (url: string, fetch: (input: Request, init?: RequestInit) => Promise<Response>) => Promise<AdminRender>;

/** Options of {@link adminAppRoutes}. */
export interface AdminAppOptions {
  /** The built storefront's folder (dist/web), where admin.html is built beside index.html. */
  webDir: string;
  /**
   * The back office's server entry, or null to send the page for the browser to render.
   * @default `{webDir}/../server/admin-entry.js`, when it exists
   */
  render?: AdminRenderer | null;
}

/** The back office's built page. */
export const ADMIN_PAGE_FILE = 'admin.html';
/** The back office's server entry, beside the storefront's (dist/server). */
export const ADMIN_ENTRY_FILE = 'admin-entry.js';
/** What a missing build answers. */
export const ADMIN_NOT_BUILT = 'The back office is not built yet: run npm run build:web.';

const ROOT_RE = /<div id="admin-root">[\s\S]*?<\/div>/;

/** The page's bytes, read again when the file changes (a rebuild under a running store). */
function pageReader(file: string): () => { body: Buffer; text: string; etag: string } | null {
  let cached: { mtimeMs: number; body: Buffer; text: string; etag: string } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const body = readFileSync(file);
      cached = { mtimeMs, body, text: body.toString('utf8'), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  };
}

/** The built server entry's renderer (imported once), or null when it is not built. */
function builtRenderer(file: string): AdminRenderer | null {
  if (!existsSync(file)) return null;
  let loaded: Promise<{ renderAdminPage: AdminRenderer }> | null = null;
  return async (url, fetch) => (await (loaded ??= import(pathToFileURL(file).href) as Promise<{ renderAdminPage: AdminRenderer }>)).renderAdminPage(url, fetch);
}

/** The page with the app's HTML in its root and the data block before `</body>`. */
export function fillAdminPage(page: string, rendered: AdminRender): string {
  const root = page.replace(ROOT_RE, () => `<div id="admin-root">${rendered.html}</div>`);
  return root.replace('</body>', () => `<script type="application/json" id="admin-data">${jsonForScript(rendered.data)}</script>\n  </body>`);
}

/** The entry's fetch: a GET of the operators' API, in process, as the request's operator. */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest) {
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    // only the operators' reads: the page's render never writes
    if (input.method !== 'GET' || !url.pathname.startsWith('/api/admin/')) return new Response('{"error":"Not allowed."}', { status: 403, headers: { 'content-type': 'application/json' } });
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ['cookie', 'host', 'x-forwarded-for', 'x-forwarded-proto', 'user-agent']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers, remoteAddress: request.ip });
    return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } });
  };
}

/**
 * The plugin.
 * @example
 * await app.register(adminAppRoutes, { webDir });
 */
export const adminAppRoutes: FastifyPluginAsync<AdminAppOptions> = async (app, options) => {
  const read = pageReader(join(options.webDir, ADMIN_PAGE_FILE));
  const render = options.render !== undefined ? options.render : builtRenderer(join(options.webDir, '..', 'server', ADMIN_ENTRY_FILE));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = read();
    if (!page) return reply.code(404).send({ error: ADMIN_NOT_BUILT });
    reply.header('cache-control', 'no-store');
    if (render) {
      try {
        const rendered = await render(request.url, inProcessFetch(app, request));
        return reply.type('text/html; charset=utf-8').send(fillAdminPage(page.text, rendered));
      } catch (error) {
        // the browser renders the page instead
        request.log.error({ err: error }, 'back office render');
      }
    }
    reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.body);
  };
  app.get('/admin', { schema: { hide: true } }, handler);
  app.get('/admin/*', { schema: { hide: true } }, handler);
};
