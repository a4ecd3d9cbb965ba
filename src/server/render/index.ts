/**
 * Server rendering of the storefront (issue 13): every storefront GET is answered with the page
 * rendered by the app's server entry (src/app/entry-server.tsx, built by Vite into
 * `dist/server/entry-server.js`) inside the built `index.html`.
 *
 * - The entry's API client calls this app in process: its fetch is bound to `app.inject` (no
 *   network hop, no port), anonymous (no cookie: the page is the same for every shopper, the
 *   personal parts fill in after hydration) and counted against the shopper's address in the
 *   rate limits (`remoteAddress`).
 * - The status is the page's: 404 for a product, collection, article, brand, help answer,
 *   question or page that does not exist; a 301/302 the page asked for (the 'cat' lookup, the
 *   legacy '.htm' addresses) is answered here; a render error is a 500 with the error fallback.
 * - The render waits until every read of the first view has its data (React's onAllReady), so
 *   the HTML is whole and React writes no inline script into it: the page's Content-Security-
 *   Policy lists the page's own inline scripts by hash (storefront-page.ts) and the JSON blocks
 *   are never run. The bytes depend on the data only, so the ETag revalidation still works.
 *
 * This module imports no React: the server layer sees the entry through the types below.
 * @module
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withRenderedApp, type StorefrontPageHandler, type StorefrontPageValues } from '../storefront-page.ts';
import { answerPage, type PageCache } from './page-cache.ts';

/** What the server entry's `render` is given (the entry's RenderRequest). */
export interface EntryRenderRequest {
  url: string;
  origin: string;
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  config: StorefrontPageValues['config'] & { storeConfig: object; themeConfig: object };
  userAgent: string;
  timeoutMs?: number;
}

/** What the server entry's `render` answers (the entry's RenderResult). */
export interface EntryRenderResult {
  status: number;
  redirect: { status: 301 | 302; location: string } | null;
  html: string;
  headHtml: string;
  data: unknown;
  head: { title: string | null; canonical: string | null; description: string | null };
}

/** The server entry module. */
export interface StorefrontEntry {
  render(request: EntryRenderRequest): Promise<EntryRenderResult>;
}

/** Options of {@link storefrontRenderer}. */
export interface StorefrontRendererOptions {
  /** The built storefront page (fills and CSP hashes). */
  page: StorefrontPageHandler;
  /** The store's values (the configuration) at each request. */
  values: () => StorefrontPageValues | Promise<StorefrontPageValues>;
  /** Loads the server entry (the built one, or the source one in tests). */
  entry: () => Promise<StorefrontEntry>;
  /** The in-process cache of rendered anonymous pages and the cache headers (page-cache.ts); null renders every page. */
  cache?: PageCache | null;
}

/** Where the built server entry is, beside the built storefront (`dist/web` → `dist/server/entry-server.js`). */
export function builtEntryPath(webDir: string): string {
  return `${webDir.replace(/[\\/]+$/, '')}/../server/entry-server.js`;
}

/**
 * The built server entry as a loader, or null when the build has none (then the storefront is
 * answered as a page the browser renders, as before server rendering).
 */
export function builtEntry(webDir: string): (() => Promise<StorefrontEntry>) | null {
  const file = builtEntryPath(webDir);
  if (!existsSync(file)) return null;
  let loaded: Promise<StorefrontEntry> | null = null;
  return () => (loaded ??= import(pathToFileURL(file).href) as Promise<StorefrontEntry>);
}

/** Request headers never handed to the in-process API calls: the page is rendered anonymously. */
const DROPPED_HEADERS = new Set(['cookie', 'authorization', 'accept-encoding', 'host', 'connection', 'content-length']);

/**
 * A fetch that answers from the app itself through `app.inject` (no socket), as the shopper's
 * address for the rate limits, without the shopper's cookie.
 */
export function inProcessFetch(app: FastifyInstance, remoteAddress: string): EntryRenderRequest['fetch'] {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      remoteAddress,
      ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
    }
    const status = answer.statusCode;
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(answer.rawPayload), { status, headers: out });
  };
}

/**
 * The handler of every storefront page (see the module comment): renders, answers the
 * redirect or the page with its status, through the page cache (page-cache.ts: ETag,
 * Cache-Control public for anonymous pages and private with a session, 304, the in-process
 * cache of anonymous pages).
 *
 * @example
 * const render = storefrontRenderer(app, { page, values, entry });
 * app.get('/', render);
 */
export function storefrontRenderer(app: FastifyInstance, options: StorefrontRendererOptions) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    // ETag, Cache-Control (public for anonymous pages, private with a session), 304, and the
    // in-process page cache (page-cache.ts)
    answerPage(req, reply, options.cache ?? null, async () => {
      const entry = await options.entry();
      const values = await options.values();
      const origin = `${req.protocol}://${req.host}`;
      const result = await entry.render({
        url: req.url,
        origin,
        fetch: inProcessFetch(app, req.ip),
        config: values.config as EntryRenderRequest['config'],
        userAgent: req.headers['user-agent'] ?? '',
      });
      if (result.redirect) return { status: result.redirect.status, location: result.redirect.location, body: '' };
      const canonical = result.head.canonical ? new URL(result.head.canonical, origin).href : null;
      const body = withRenderedApp(await options.page.filledPage(reply), { html: result.html, headHtml: result.headHtml, data: result.data, head: { ...result.head, canonical } });
      return { status: result.status, body };
    });
}
