/**
 * Abuse limits: per-client request limits on the expensive public routes,
 * connection timeouts, and the body-size limit every route falls back to.
 *
 * - **Rate limits**: counters in memory per process (a fixed one-minute window per client and
 *   group, counted synchronously in the request's first hook: {@link MemoryWindows}); with Redis
 *   (several processes share the counters) one counter per client and group in Redis, and this
 *   process's own stricter counters while Redis does not answer ({@link FALLBACK_SHARE}). Per client address (`request.ip`, which
 *   honours X-Forwarded-For only when TRUST_PROXY trusts the proxy) and per minute, in three
 *   groups: `search` (product search and collection suggestions), `pages` (the storefront
 *   page and its client-side routes, the server-rendered checkout, add-card and recovery pages) and `media` (generated pictures, 3D models and PDFs, rasterised on a
 *   cache miss). A refused request answers 429 with `Retry-After` (seconds) and `{ error }`; a
 *   refused document (a browser's navigation, `Accept: text/html`, to a page rather than the API or
 *   media) gets the same status and header with a small styled page saying when to try again
 *   ({@link tooManyRequestsPage}), not the raw JSON.
 *   The defaults are far above what a shopper browsing fast sends (a search-as-you-type
 *   keystroke is one or two calls; a page view one page and a few dozen pictures).
 * - **Timeouts**: a request must arrive whole within REQUEST_TIMEOUT_MS, its headers within
 *   HEADERS_TIMEOUT_MS; an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS and any
 *   connection silent for CONNECTION_TIMEOUT_MS is dropped (longer than socket.io's 25 s
 *   long-poll), so slow clients cannot hold connections.
 * - **Bodies**: {@link DEFAULT_BODY_LIMIT} for any route without its own (smaller) `bodyLimit`.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { wholeNumberFromEnv } from '../config/env.ts';
import { redisHealth, type RedisClient } from '../scale/redis.ts';

/** The largest body a route without its own `bodyLimit` accepts (the largest real one, 50 handles, is ~16 KB). */
export const DEFAULT_BODY_LIMIT = 65_536;

/** A limit group. */
export type LimitGroup = 'search' | 'pages' | 'media';

/** Requests per client and minute, per group (0 turns a group off), and addresses never limited. */
export interface RateLimitConfig {
  /** RATE_LIMIT_SEARCH: product searches and collection suggestions per minute. @default 600 */
  search: number;
  /** RATE_LIMIT_PAGES: HTML page renders (and 404s) per minute. @default 300 */
  pages: number;
  /** RATE_LIMIT_MEDIA: generated pictures, models and PDFs per minute. @default 3000 */
  media: number;
  /** RATE_LIMIT_ALLOW: client addresses never limited (a monitoring probe, an internal job). @default none */
  allowList: string[];
}

/** Connection timeouts in milliseconds. */
export interface TimeoutConfig {
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within it. @default 30000 */
  requestMs: number;
  /** HEADERS_TIMEOUT_MS: the headers must arrive within it (below requestMs). @default 15000 */
  headersMs: number;
  /**
   * KEEP_ALIVE_TIMEOUT_MS: an idle kept-alive connection is closed after it. Longer than the 60 s a
   * load balancer or nginx keeps an idle upstream connection, so the server never closes one the
   * proxy is about to reuse (Node's 5 s made clients see resets under load). @default 72000
   */
  keepAliveMs: number;
  /** CONNECTION_TIMEOUT_MS: a connection with no traffic at all is dropped after it (above the keep-alive). @default 120000 */
  connectionMs: number;
}

/**
 * Reads the rate limits from the environment.
 * @example
 * readRateLimitConfig({ RATE_LIMIT_SEARCH: '120' }).search; // 120
 */
export function readRateLimitConfig(env: NodeJS.ProcessEnv = process.env): RateLimitConfig {
  return {
    search: wholeNumberFromEnv(env, 'RATE_LIMIT_SEARCH', 600, 0, 1_000_000_000),
    pages: wholeNumberFromEnv(env, 'RATE_LIMIT_PAGES', 300, 0, 1_000_000_000),
    media: wholeNumberFromEnv(env, 'RATE_LIMIT_MEDIA', 3000, 0, 1_000_000_000),
    allowList: (env.RATE_LIMIT_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}

/**
 * Reads the timeouts from the environment; the headers timeout must stay below the request's.
 * @example
 * readTimeoutConfig({}).keepAliveMs; // 72000
 */
export function readTimeoutConfig(env: NodeJS.ProcessEnv = process.env): TimeoutConfig {
  const config = {
    requestMs: wholeNumberFromEnv(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    headersMs: wholeNumberFromEnv(env, 'HEADERS_TIMEOUT_MS', 15_000, 1000, 600_000),
    keepAliveMs: wholeNumberFromEnv(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000),
    connectionMs: wholeNumberFromEnv(env, 'CONNECTION_TIMEOUT_MS', 120_000, 1000, 3_600_000),
  };
  if (config.headersMs >= config.requestMs) throw new Error('HEADERS_TIMEOUT_MS must be below REQUEST_TIMEOUT_MS');
  return config;
}

/** The limit group of a route, by method and path; null for routes without a limit. */
export function limitGroupOf(method: string | string[], url: string): LimitGroup | null {
  const methods = [method].flat();
  // the shipping estimate is a read that computes, like a search (it is a POST for its body)
  if (url === '/api/shipping/estimate' && methods.includes('POST')) return 'search';
  // HEAD renders what GET renders (Fastify answers it with the GET handler)
  if (!methods.includes('GET') && !methods.includes('HEAD')) return null;
  if (url === '/api/products/filter' || url === '/api/collections') return 'search';
  if (url.startsWith('/media/')) return 'media';
  if (url === '/' || url === '/index.html' || url.startsWith('/checkout/') || url === '/wallet/add-card' || url === '/verify-recovery-email') return 'pages';
  return null;
}

/** The message of a refused request. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
}

/**
 * Whether a request is a browser's navigation to a page (it accepts HTML, and is not for the API
 * or media): its refusal is a page a shopper can read, not JSON.
 * @example wantsDocument({ method: 'GET', url: '/products/pump', headers: { accept: 'text/html,*\/*' } }); // true
 */
export function wantsDocument(req: { method: string; url: string; headers: { accept?: string | string[] } }): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.url.startsWith('/api/') || req.url.startsWith('/media/')) return false;
  const accept = [req.headers.accept ?? ''].flat().join(',');
  return accept.includes('text/html');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The page's look: the storefront's colours and type, inline (a document's policy allows inline styles, and the page loads nothing else). */
const PAGE_STYLES =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f2333;background:#f3f7fa}' +
  'header{background:#0b3d6e;color:#fff;padding:14px 24px;font-weight:700;font-size:1.25rem}' +
  'main{max-width:560px;margin:48px auto;padding:32px 24px;background:#fff;border:1px solid #d8e1e8;border-radius:10px}' +
  'h1{margin:0 0 12px;font-size:1.5rem;color:#0b3d6e}p{margin:0 0 16px}' +
  '.actions{display:flex;flex-wrap:wrap;gap:12px;margin:24px 0 0}' +
  '.actions a{display:inline-block;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600;border:1px solid #0b5c99;color:#0b5c99}' +
  '.actions a.primary{background:#0b5c99;color:#fff}' +
  '@media (max-width:600px){main{margin:16px;padding:24px 16px}}';

/**
 * The page a refused document answers: what happened, when to try again (the Retry-After
 * seconds), a link that tries the same page again and one to the home page; `noindex`. Plain
 * HTML with inline styles and no script, so it shows the same with or without JavaScript.
 * @example tooManyRequestsPage(30, '/products/pump'); // '<!doctype html>...Please try again in 30 seconds...'
 */
export function tooManyRequestsPage(retryAfterSeconds: number, url: string): string {
  return storeNoticePage('Too many requests', [
    tooManyRequestsMessage(retryAfterSeconds),
    'Pages were asked for faster than a shopper browses, so this one is paused for a moment.',
  ], url);
}

/**
 * A small page of the store's own (the look of {@link tooManyRequestsPage}) saying why a page
 * cannot be shown now: a heading, paragraphs of plain text, a link that tries the same page again
 * and one to the home page; `noindex`, no script.
 * @example storeNoticePage('The store is busy', ['Please try again in a moment.'], '/products/pump');
 */
export function storeNoticePage(title: string, paragraphs: readonly string[], url: string): string {
  const again = url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,">` +
    `<style>${PAGE_STYLES}</style></head><body><header>Skimmer Pool &amp; Spa Supply</header><main>` +
    `<h1>${escapeHtml(title)}</h1>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p class="actions"><a class="primary" href="${escapeHtml(again)}">Try again</a><a href="/">Go to the home page</a></p>` +
    '</main></body></html>'
  );
}

/**
 * Makes a refused document's answer the page instead of JSON. The refusal is thrown (the app's
 * error handler answers `{ error }` with its status, after Fastify dropped any content type set
 * before): the reply's own serializer writes that answer as the page, with its content type set
 * at that moment. Only refused documents pay for it; other answers are untouched.
 */
function answerAsDocument(req: FastifyRequest, reply: FastifyReply): void {
  if (!wantsDocument(req)) return;
  reply.serializer(() => {
    const seconds = Number(reply.getHeader('retry-after'));
    reply.header('content-type', 'text/html; charset=utf-8');
    return tooManyRequestsPage(Number.isFinite(seconds) && seconds > 0 ? seconds : 60, req.url);
  });
}

/** What {@link rateLimits} gives back: a hook for handlers that are no route (the 404 handler). */
export interface RateLimitHooks {
  /** Counts a request in the `pages` group; throws the 429 error when over it (a no-op when the group is off). */
  pages: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Requests counted in a window, per key. */
interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Fixed one-minute windows per key, in memory, for one process: a Map lookup and an increment per
 * request, with no promise and no timer per request (@fastify/rate-limit's hook awaited its store
 * on every search; this is the hot path of the search benchmark). Ended windows are swept once a
 * window; at most `capacity` keys are held (the oldest window is dropped first), so a crawl from
 * many addresses cannot grow it without bound.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, Window>();
  private sweptAt = 0;

  constructor(private readonly windowMs: number, private readonly capacity: number, private readonly now: () => number = Date.now) {}

  /**
   * Counts a request of `key`; answers 0 when it is within `max`, else the seconds until its
   * window ends (the Retry-After).
   */
  hit(key: string, max: number): number {
    const now = this.now();
    let w = this.windows.get(key);
    if (w === undefined || w.resetAt <= now) {
      if (w !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.capacity) this.makeRoom(now);
      w = { count: 0, resetAt: now + this.windowMs };
      // insertion order is window order: the first key is the oldest window
      this.windows.set(key, w);
    }
    w.count++;
    return w.count <= max ? 0 : Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  /** Keys held (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    if (now - this.sweptAt >= this.windowMs) {
      this.sweptAt = now;
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }
    while (this.windows.size >= this.capacity) {
      const oldest = this.windows.keys().next();
      if (oldest.done === true) break;
      this.windows.delete(oldest.value);
    }
  }
}

/** The 429 a refused request answers (thrown: the app's error handler answers `{ error }`, a page for a document), with its headers set on the reply. */
function refusal(req: FastifyRequest, reply: FastifyReply, max: number, seconds: number): Error {
  reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', seconds).header('retry-after', seconds);
  answerAsDocument(req, reply);
  return Object.assign(new Error(tooManyRequestsMessage(seconds)), { statusCode: 429 });
}

/**
 * Share of a group's limit each process allows on its own counters while Redis is away: the
 * shared counters are out of reach, so each process counts alone, and counts stricter, so that a
 * store of two processes still lets a client through no more than the shared limit. @default 0.5
 */
export const FALLBACK_SHARE = 0.5;

/** The shared counters of several processes: Redis, the key prefix, and who hears of a fallback. */
export interface SharedLimitCounters {
  /** The command connection (fails fast while Redis is away: scale/redis.ts). */
  client: RedisClient;
  /** REDIS_PREFIX; the counters are `{prefix}route-limit:{group}:{address}`. */
  prefix: string;
  /** Called for each request counted by this process alone because Redis did not answer. @default redisHealth(client).fellBack */
  onFallback?: (group: LimitGroup, err: unknown) => void;
}

// Counts a hit; a counter's window starts at its first hit (PEXPIRE when it becomes 1).
// Answers the count and the milliseconds left of the window.
const ROUTE_HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/**
 * Registers the rate limits. Call it before the routes are registered: routes are matched to
 * their group as they are added (a group's routes share one counter per client). Without Redis
 * the counters are this process's {@link MemoryWindows}; with Redis, counters in Redis shared by
 * every process, and while Redis does not answer, this process's own windows at
 * {@link FALLBACK_SHARE} of each limit (said once per outage in the log, counted in the metrics).
 * @example
 * const limits = await rateLimits(app, readRateLimitConfig());
 * app.setNotFoundHandler(async (req, reply) => { await limits.pages(req, reply); return page(req, reply); });
 */
export async function rateLimits(app: FastifyInstance, config: RateLimitConfig, shared?: SharedLimitCounters): Promise<RateLimitHooks> {
  const allow = new Set(config.allowList);
  if (!shared) return memoryRateLimits(app, config, allow);
  const { client, prefix } = shared;
  const health = redisHealth(client);
  const onFallback = shared.onFallback ?? ((group: LimitGroup, err: unknown) => health.fellBack(`${group} rate limit`, err));
  // this process's own windows, used only while Redis does not answer
  const fallback: Record<LimitGroup, MemoryWindows> = {
    search: new MemoryWindows(60_000, 50_000),
    pages: new MemoryWindows(60_000, 50_000),
    media: new MemoryWindows(60_000, 50_000),
  };
  type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  const limiter = (group: LimitGroup): Hook | null => {
    const max = config[group];
    if (max <= 0) return null;
    const localMax = Math.max(1, Math.floor(max * FALLBACK_SHARE));
    const local = (req: FastifyRequest, reply: FastifyReply, err: unknown): void => {
      onFallback(group, err);
      const seconds = fallback[group].hit(req.ip, localMax);
      if (seconds > 0) throw refusal(req, reply, localMax, seconds);
    };
    return async function limit(req, reply) {
      if (allow.size > 0 && allow.has(req.ip)) return;
      // a connection known to be down is not even asked: no request waits on it
      if (!health.up) return local(req, reply, new Error('Redis connection down'));
      let answer: unknown;
      try {
        // the group in the key: every group's counters share one key space
        answer = await client.eval(ROUTE_HIT_SCRIPT, 1, `${prefix}route-limit:${group}:${req.ip}`, '60000');
      } catch (err) {
        return local(req, reply, err);
      }
      const [count, ttl] = (Array.isArray(answer) ? answer : []).map(Number) as [number?, number?];
      if (count === undefined || count <= max) return;
      throw refusal(req, reply, max, Math.max(1, Math.ceil((ttl ?? 60_000) / 1000)));
    };
  };
  const hooks: Record<LimitGroup, Hook | null> = { search: limiter('search'), pages: limiter('pages'), media: limiter('media') };
  app.addHook('onRoute', (route: RouteOptions) => {
    const group = limitGroupOf(route.method, route.url ?? '');
    const hook = group === null ? null : hooks[group];
    if (hook === null) return;
    const existing = route.onRequest;
    route.onRequest = [...(existing === undefined ? [] : [existing].flat()), hook] as RouteOptions['onRequest'];
  });
  const pages = hooks.pages;
  return {
    pages: async (req, reply) => {
      if (pages !== null) await pages(req, reply);
    },
  };
}

/** One process: the groups' counters in memory, counted synchronously in an onRequest hook. */
function memoryRateLimits(app: FastifyInstance, config: RateLimitConfig, allow: ReadonlySet<string>): RateLimitHooks {
  // each group counts apart, keyed by the address itself (no key string built per request);
  // enough counters for a crawl from many addresses without growing without bound
  const windows: Record<LimitGroup, MemoryWindows> = {
    search: new MemoryWindows(60_000, 50_000),
    pages: new MemoryWindows(60_000, 50_000),
    media: new MemoryWindows(60_000, 50_000),
  };
  /** The refusal of a request over its group's limit, or null. */
  const check = (group: LimitGroup, req: FastifyRequest, reply: FastifyReply): Error | null => {
    const max = config[group];
    if (max <= 0) return null;
    const ip = req.ip;
    if (allow.size > 0 && allow.has(ip)) return null;
    const seconds = windows[group].hit(ip, max);
    return seconds === 0 ? null : refusal(req, reply, max, seconds);
  };
  const hooks = new Map<LimitGroup, onRequestHookHandler>();
  for (const group of ['search', 'pages', 'media'] as const) {
    if (config[group] <= 0) continue;
    hooks.set(group, function limit(req, reply, done) {
      const refused = check(group, req, reply);
      if (refused === null) done();
      else done(refused);
    });
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const group = limitGroupOf(route.method, route.url ?? '');
    const hook = group === null ? undefined : hooks.get(group);
    if (hook === undefined) return;
    const existing = route.onRequest;
    route.onRequest = [...(existing === undefined ? [] : [existing].flat()), hook] as RouteOptions['onRequest'];
  });
  return {
    pages: async (req, reply) => {
      const refused = check('pages', req, reply);
      if (refused !== null) throw refused;
    },
  };
}

/**
 * Applies the timeouts to the app's HTTP server (Fastify's own options cover the request,
 * keep-alive and connection timeouts; Node's headers timeout is set on the server).
 */
export function applyHeadersTimeout(app: FastifyInstance, timeouts: TimeoutConfig): void {
  app.server.headersTimeout = timeouts.headersMs;
}
