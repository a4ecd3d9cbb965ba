/**
 * Server rendering of the storefront: every storefront GET is answered with the page
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
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withRenderedApp, type StorefrontPageHandler, type StorefrontPageValues } from './storefront-page.ts';
import { answerPage, type PageCache } from './page-cache.ts';
import type { Transport } from '../../../api/client.ts';
import { transportOfCall, type InProcessAnswer, type InProcessCall, type KeptFor } from './calls.ts';
import type { RenderPool } from './pool.ts';
import { publicOrigin } from '../http/public-origin.ts';

/** What the server entry's `render` is given (the entry's RenderRequest). */
export interface EntryRenderRequest {
  url: string;
  origin: string;
  /** The API client's transport (calls.ts): the calls answered by the app in process. */
  transport: Transport;
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
  /** The catalogue reads kept between renders ({@link CatalogueReads}); null asks the app each time. */
  catalogueReads?: CatalogueReads | null;
  /** Render threads (pool.ts); null or unusable renders on the main thread. */
  pool?: RenderPool | null;
  /** The store's public origin (PUBLIC_URL) for canonical links and JSON-LD; null takes the request's own. */
  publicOrigin?: string | null;
}

/** Where the built server entry is, beside the built storefront (`dist/web` → `dist/server/entry-server.js`). */
export function builtEntryPath(webDir: string): string {
  return `${webDir.replace(/[\\/]+$/, '')}/../server/entry-server.js`;
}

/** The server entry module in `file` as a loader (imported once). */
export function entryLoader(file: string): () => Promise<StorefrontEntry> {
  let loaded: Promise<StorefrontEntry> | null = null;
  return () => (loaded ??= import(pathToFileURL(file).href) as Promise<StorefrontEntry>);
}

/** Request headers never handed to the in-process API calls: the page is rendered anonymously. */
const DROPPED_HEADERS = new Set(['cookie', 'authorization', 'accept-encoding', 'host', 'connection', 'content-length']);

/** An answer kept by {@link CatalogueReads}. */
interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: string;
  at: number;
}

/**
 * The API paths whose answers only the catalogue decides and a render reads again and again: the
 * navigation (`/api/nav`, the header's and footer's menus, the same on every page), the vendors
 * by product count (the footer's POPULAR BRANDS, the same on every page), a collection
 * by handle and its hierarchy (the collection page's own heading and side list, the same for every
 * filter, sort and page of that collection). Not the listings and searches (their answers depend
 * on the shopper's query), nor a product (its stock moves with every order).
 */
const CATALOGUE_READ_PATH = /^\/api\/(?:nav|products\/vendors\/fullDetail|collections\/handle\/[^/]+|collections\/\d+\/(?:upper-)?hierarchy)$/;

/** Whether a GET of `pathname` is one of the catalogue reads {@link CatalogueReads} keeps by default. */
export function isCatalogueReadPath(pathname: string): boolean {
  return CATALOGUE_READ_PATH.test(pathname);
}

/**
 * The render's reads that only the catalogue decides ({@link isCatalogueReadPath}), kept between
 * renders: a render reads them from here instead of running the route again (a sixth of a product
 * page's API work; on a collection page, two of its three calls, each an `app.inject` through the
 * route's hooks, schema and serialiser). Shopify's Hydrogen caches its storefront's sub-requests
 * the same way. Cleared with the page cache by every catalogue change (app.ts), and never older
 * than `maxAgeMs`, so a change that comes without a catalogue write (the theme's menu pictures)
 * shows within that time, as in the page cache. Only successful answers are kept (a 404 is asked
 * again), at most `maxEntries` (the oldest first out: the keys are the store's collections, not
 * what a shopper types). Each render thread keeps a copy of what it was answered from here, for as
 * long as it is kept here ({@link CatalogueReads.keptFor}), and drops it at every clear
 * ({@link CatalogueReads.onClear}, pool.ts `forget`), so its renders read the navigation and the
 * collection without a message to the main thread and back.
 */
export class CatalogueReads {
  private readonly kept = new Map<string, KeptAnswer>();
  private readonly clearListeners: ((generation: number) => void)[] = [];
  private clears = 0;
  constructor(
    readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly keeps: (pathname: string) => boolean = isCatalogueReadPath,
    private readonly maxEntries = 4096,
  ) {}

  /** Whether a GET of this path is kept here. */
  covers(method: string, pathname: string): boolean {
    return method === 'GET' && this.keeps(pathname);
  }

  /** The kept answer of a path and query, if it is young enough. */
  get(key: string): KeptAnswer | undefined {
    const answer = this.kept.get(key);
    if (answer && this.now() - answer.at > this.maxAgeMs) {
      this.kept.delete(key);
      return undefined;
    }
    return answer;
  }

  /** How many times it was cleared: a read started before a clear is not kept after it. */
  get generation(): number {
    return this.clears;
  }

  /** Keeps a 200 answer, unless the reads were cleared since `generation` was read; answers what it kept, if it did. */
  set(key: string, answer: Omit<KeptAnswer, 'at'>, generation: number): KeptAnswer | undefined {
    if (answer.status !== 200 || generation !== this.clears) return undefined;
    const kept = { ...answer, at: this.now() };
    this.kept.delete(key);
    this.kept.set(key, kept);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.maxEntries) break;
      this.kept.delete(oldest);
    }
    return kept;
  }

  /** How long a copy of a kept answer may be kept elsewhere (a render thread): as long as here. */
  keptFor(answer: KeptAnswer): KeptFor {
    return { generation: this.clears, untilMs: answer.at + this.maxAgeMs };
  }

  /** Tells `listener` the new generation at every clear (the render threads drop their copies). */
  onClear(listener: (generation: number) => void): void {
    this.clearListeners.push(listener);
  }

  clear(): void {
    this.kept.clear();
    this.clears++;
    for (const listener of this.clearListeners) listener(this.clears);
  }
}

/**
 * Answers the render's calls from the app itself through `app.inject` (no socket), as the
 * shopper's address for the rate limits, without the shopper's cookie; the reads only the
 * catalogue decides come from `shared` when given.
 */
export function inProcessCall(app: FastifyInstance, remoteAddress: string, shared?: CatalogueReads | null): (call: InProcessCall) => Promise<InProcessAnswer> {
  return async (call) => {
    const pathname = call.url.split('?')[0] ?? call.url;
    const sharedKey = shared?.covers(call.method, pathname) ? call.url : null;
    if (shared && sharedKey !== null) {
      const kept = shared.get(sharedKey);
      if (kept) return { status: kept.status, headers: kept.headers, body: kept.body, keep: shared.keptFor(kept) };
    }
    const generation = shared?.generation ?? 0;
    const headers: Record<string, string> = {};
    for (const [name, value] of call.headers) {
      if (!DROPPED_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    const answer = await app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers,
      remoteAddress,
      ...(call.body !== undefined ? { payload: call.body } : {}),
    });
    const out: [string, string][] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.push([name, v]);
    }
    const status = answer.statusCode;
    const body = answer.payload;
    const kept = shared && sharedKey !== null ? shared.set(sharedKey, { status, headers: out, body }, generation) : undefined;
    return { status, headers: out, body, ...(kept && shared ? { keep: shared.keptFor(kept) } : {}) };
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
      const values = await options.values();
      const origin = publicOrigin(req, options.publicOrigin ?? null);
      const request = { url: req.url, origin, config: values.config as EntryRenderRequest['config'], userAgent: req.headers['user-agent'] ?? '' };
      const call = inProcessCall(app, req.ip, options.catalogueReads ?? null);
      const inProcess = async (): Promise<EntryRenderResult> =>
        (await options.entry()).render({ ...request, transport: transportOfCall(call) });
      let result: EntryRenderResult;
      if (options.pool?.usable) {
        try {
          result = await options.pool.render(request, call);
        } catch (error) {
          // the thread died under this page (it is replaced) or the pool broke: the page is
          // rendered here rather than lost
          req.log.error({ err: error }, 'render thread failed; rendering on the main thread');
          result = await inProcess();
        }
      } else {
        result = await inProcess();
      }
      if (result.redirect) return { status: result.redirect.status, location: result.redirect.location, body: '' };
      const canonical = result.head.canonical ? new URL(result.head.canonical, origin).href : null;
      const body = withRenderedApp(await options.page.filledPage(reply, values), { html: result.html, headHtml: result.headHtml, data: result.data, head: { ...result.head, canonical } });
      return { status: result.status, body };
    });
}
