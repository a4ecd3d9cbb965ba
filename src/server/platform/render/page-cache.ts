/**
 * Caching of rendered storefront pages, in two places:
 *
 * - **Headers a CDN can use.** An anonymous page (no session cookie) is the same for every
 *   shopper: the server renders it without the shopper's cookie and the personal parts (cart
 *   count, account menu, recently viewed) fill in after hydration. It is answered with an ETag
 *   and `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`, so a CDN keeps
 *   and shares it while browsers revalidate. A request with a session cookie gets `private`
 *   (the page itself is the same, but a shared cache must not learn which pages a signed-in
 *   shopper opened, nor serve them a copy held from before their cart changed the header).
 *   `If-None-Match` with the page's ETag answers 304 in both cases.
 * - **An in-process cache of rendered anonymous pages**, least recently used first out, bounded
 *   by the bytes of the pages it holds, keyed by host, layout (the user agent picks the mobile
 *   layout before the width is known) and URL. A catalogue write clears it
 *   (`app.catalogue.reindex`, or another process's write arriving through the change feed: the
 *   same place the search answer cache is cleared); entries also expire after `maxAgeMs`, so
 *   content that changes without a catalogue write (articles, the store's configuration, the
 *   offer's price-valid-until date) is never older than that.
 *
 * Choice: a small LRU over a Map (Map order is use order) instead of a package: the weights are
 * the byte lengths of one string each and the only other rule is an age, a few lines here.
 * @module
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMobileLayout } from '../../../domain/shell.ts';
import { readCookie, SESSION_COOKIE } from '../../modules/accounts/session.ts';
import { sendHtml, type EncodedBodies } from './encoded-html.ts';

/** One rendered answer: a page with its status, or a redirect. */
export interface RenderedPage {
  /** 200, 404, 500, or 301/302 for a redirect. */
  status: number;
  /** The redirect's target (301/302), else absent. */
  location?: string;
  /** The HTML ('' for a redirect). */
  body: string;
}

/** A page as the cache holds it. */
interface CachedPage extends RenderedPage {
  etag: string;
  /** Its brotli and gzip bodies, made on the first request for each (encoded-html.ts). */
  encoded?: EncodedBodies;
  bytes: number;
  storedAt: number;
}

/** Options of {@link PageCache}. */
export interface PageCacheOptions {
  /**
   * Bytes of HTML kept (UTF-8); 0 turns the in-process cache off (the headers stay).
   * @default 32 MiB
   */
  maxBytes?: number;
  /**
   * How long an entry is served, in ms, before it is rendered again.
   * @default 300000 (5 minutes, the CDN's s-maxage)
   */
  maxAgeMs?: number;
  /** Shared caches keep an anonymous page this many seconds (s-maxage). @default 300 */
  sharedMaxAgeSeconds?: number;
  /** …and serve it stale this many seconds while they fetch a new one. @default 86400 */
  staleWhileRevalidateSeconds?: number;
  /** The clock (tests). @default Date.now */
  now?: () => number;
}

/** Counters of the cache (tests, bench). */
export interface PageCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  clears: number;
}

/** The statuses a page cache keeps: a page, a missing page and a permanent redirect. */
const CACHED_STATUSES = new Set([200, 301, 404]);

/**
 * The in-process cache of rendered anonymous pages (see the module comment).
 * @example
 * const cache = new PageCache({ maxBytes: 32 * 1024 * 1024 });
 * app.get('/*', (req, reply) => answerPage(req, reply, cache, () => render(req)));
 */
export class PageCache {
  private readonly map = new Map<string, CachedPage>();
  private weight = 0;
  private clears = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** The Cache-Control of an anonymous page. */
  readonly publicCacheControl: string;
  /** Counters. */
  readonly stats: PageCacheStats = { hits: 0, misses: 0, entries: 0, bytes: 0, clears: 0 };

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = Math.max(0, options.maxBytes ?? 32 * 1024 * 1024);
    this.maxAgeMs = Math.max(0, options.maxAgeMs ?? 300_000);
    this.now = options.now ?? Date.now;
    const shared = Math.max(0, Math.floor(options.sharedMaxAgeSeconds ?? 300));
    const stale = Math.max(0, Math.floor(options.staleWhileRevalidateSeconds ?? 86_400));
    this.publicCacheControl = `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`;
  }

  /** A live entry, moved to the most recently used end; an expired one is dropped. */
  get(key: string): (RenderedPage & { etag: string; encoded?: EncodedBodies }) | undefined {
    const page = this.map.get(key);
    if (!page) {
      this.stats.misses++;
      return undefined;
    }
    if (this.now() - page.storedAt >= this.maxAgeMs) {
      this.delete(key);
      this.stats.misses++;
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, page);
    this.stats.hits++;
    return page;
  }

  /**
   * How many times the cache was cleared: a render reads it before it starts and passes it to
   * {@link set}, so a page rendered from data a write has since changed is not kept.
   */
  get generation(): number {
    return this.clears;
  }

  /**
   * Keeps a page (a status other than 200, 301 and 404 is not kept), unless the cache was cleared
   * since `generation` was read; the least recently used go first when over the bytes.
   */
  set(key: string, page: RenderedPage & { etag: string; encoded?: EncodedBodies }, generation = this.clears, bodyBytes?: number): void {
    if (!CACHED_STATUSES.has(page.status) || generation !== this.clears || this.maxBytes === 0) return;
    const bytes = (bodyBytes ?? Buffer.byteLength(page.body)) + key.length + (page.location?.length ?? 0);
    if (bytes > this.maxBytes) return;
    this.delete(key);
    this.map.set(key, { ...page, bytes, storedAt: this.now() });
    this.weight += bytes;
    for (const [k, old] of this.map) {
      if (this.weight <= this.maxBytes) break;
      this.map.delete(k);
      this.weight -= old.bytes;
    }
    this.sync();
  }

  /** Forgets every page (after a catalogue write). */
  clear(): void {
    this.map.clear();
    this.weight = 0;
    this.clears++;
    this.stats.clears = this.clears;
    this.sync();
  }

  private delete(key: string): void {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.weight -= old.bytes;
    this.sync();
  }

  private sync(): void {
    this.stats.entries = this.map.size;
    this.stats.bytes = this.weight;
  }
}

/** A strong ETag of a page's bytes (and status/location, so a redirect never matches a page). */
export function pageEtag(page: RenderedPage, bytes?: Buffer): string {
  return `"${createHash('sha1').update(`${page.status} ${page.location ?? ''}\n`).update(bytes ?? page.body).digest('base64url')}"`;
}

/** Whether a request carries no session: its page may be shared. */
export function isAnonymousRequest(req: Pick<FastifyRequest, 'headers'>): boolean {
  return readCookie(req.headers.cookie, SESSION_COOKIE) === null;
}

/**
 * The cache key of a page: host, layout (mobile or desktop, from the user agent as the render
 * picks it) and the path with its query.
 */
export function pageCacheKey(req: Pick<FastifyRequest, 'url' | 'host' | 'protocol' | 'headers'>): string {
  const layout = isMobileLayout({ width: null, userAgent: req.headers['user-agent'] ?? '' }) ? 'm' : 'd';
  return `${req.protocol}://${req.host} ${layout} ${req.url}`;
}

/** Whether If-None-Match names this ETag (a list, weak forms and '*' included). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a storefront page through the cache: an anonymous GET is served from the cache when
 * it holds the page, else rendered by `render` and kept; a request with a session is always
 * rendered and marked private. Every answer carries its ETag and Cache-Control, varies on the
 * user agent (the layout) and the cookie, and an If-None-Match naming the ETag answers 304.
 * The render error page (500) is `no-store`.
 *
 * @example return answerPage(req, reply, cache, async () => ({ status: 200, body: html }));
 */
export async function answerPage(req: FastifyRequest, reply: FastifyReply, cache: PageCache | null, render: () => Promise<RenderedPage>): Promise<FastifyReply> {
  const anonymous = isAnonymousRequest(req);
  const key = anonymous && cache ? pageCacheKey(req) : null;
  let page = key && cache ? cache.get(key) : undefined;
  let bytes: Buffer | undefined;
  if (!page) {
    const generation = cache?.generation ?? 0;
    const rendered = await render();
    // the page as UTF-8 once: hashed for the ETag and sent as it is (hashing and writing the
    // text each encoded it again)
    bytes = Buffer.from(rendered.body);
    page = { ...rendered, etag: pageEtag(rendered, bytes), encoded: {} };
    if (key && cache) cache.set(key, page, generation, bytes.length);
  }
  void reply
    .header('etag', page.etag)
    .header('vary', 'User-Agent, Cookie')
    .header('cache-control', page.status >= 500 ? 'no-store' : anonymous ? cache?.publicCacheControl ?? 'public, max-age=0' : 'private, max-age=0, must-revalidate');
  if (page.status < 500 && etagMatches(req.headers['if-none-match'], page.etag)) return reply.code(304).send();
  if (page.location) return reply.redirect(page.location, page.status as 301 | 302);
  return sendHtml(req, reply.code(page.status).type('text/html; charset=utf-8'), page.body, page.encoded, bytes);
}
