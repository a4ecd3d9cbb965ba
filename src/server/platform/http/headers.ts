/**
 * The security headers of every answer (HTML pages, the API, the hosted checkout and add-card
 * pages, static files, media), set in one place: helmet writes the Content-Security-Policy and
 * the classic headers (once, into templates, see {@link securityHeaders}), plus
 * `Permissions-Policy` and a `Strict-Transport-Security` that is sent only on HTTPS.
 *
 * The policy of documents (see docs/security.md). Every other answer gets {@link RESOURCE_CSP},
 * under which nothing loads or runs: the API and media by their paths, and any answer that is
 * not HTML by its content type once it is known (robots.txt, the sitemaps, /healthz, /readyz,
 * /metrics, the dev captcha script, a JSON 404 or error outside /api/, the router's early 400s),
 * see {@link isDocumentType}:
 * - scripts only from the store's origin, plus a per-response nonce for the inline scripts of
 *   server-rendered pages ({@link scriptNonce}) and the SHA-256 hashes of the storefront page's
 *   inline scripts (that page is revalidated with an ETag, so its bytes must not change per
 *   response; a hash allows exactly the script the build wrote, see storefront-page.ts). No
 *   'unsafe-inline' or 'unsafe-eval' for scripts, no inline event-handler attributes;
 *   'wasm-unsafe-eval' lets WebAssembly compile (the 3D viewer's meshopt decoder), not JS;
 * - styles from the origin and inline (React style attributes, the 3D viewer's shadow DOM);
 * - pictures and fonts from the origin, `data:` and `blob:` (the 3D viewer decodes the glTF's
 *   embedded buffers and textures from `data:` and `blob:` URLs, so it may fetch them too);
 * - connections to the origin (API, socket.io over WebSocket);
 * - `object-src 'none'`, `base-uri 'self'`, `frame-ancestors 'self'`, `form-action 'self'`;
 * - with RECAPTCHA_SECRET set, Google's reCAPTCHA hosts for scripts, frames and connections;
 * - with PAYMENT_PROVIDER=stripe, Stripe's hosts for scripts, frames and connections (the hosted
 *   checkout's Payment Element and 3-D Secure), and never without it;
 *   an operator adds other hosts (analytics, a CDN) with the CSP_* variables.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '../ops/logging.ts';

/** Extra CSP sources an operator adds, per directive. */
export interface CspExtraSources {
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  styleSrc: string[];
  fontSrc: string[];
  frameSrc: string[];
}

/** The security-header configuration. */
export interface SecurityHeadersConfig {
  /** Sources added to the policy (CSP_SCRIPT_SRC, CSP_CONNECT_SRC, CSP_IMG_SRC, CSP_STYLE_SRC, CSP_FONT_SRC, CSP_FRAME_SRC). */
  extra: CspExtraSources;
  /** Google reCAPTCHA is in use (RECAPTCHA_SECRET set): its hosts are allowed. */
  recaptcha: boolean;
  /** Stripe takes the payments (PAYMENT_PROVIDER=stripe): its hosts are allowed. @default false */
  stripe?: boolean;
  /** HSTS_MAX_AGE in seconds, sent on HTTPS answers only; 0 sends none. @default 15552000 (180 days) */
  hstsMaxAge: number;
  /** CSP_REPORT_URI: where browsers report violations. @default none */
  reportUri: string | null;
}

/** Hosts Google's reCAPTCHA v3 loads from (script, its frame and its calls). */
export const RECAPTCHA_SOURCES = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
} as const;

/**
 * Hosts Stripe.js and the Payment Element load from, frame and call (Stripe's published CSP list
 * for Stripe.js: its script, its frames including 3-D Secure's, and its API).
 */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** The Permissions-Policy: geolocation (visit tracking) for the store itself, nothing else. */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)', 'camera=()', 'microphone=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()',
  'midi=()', 'magnetometer=()', 'gyroscope=()', 'accelerometer=()', 'display-capture=()', 'screen-wake-lock=()',
  // features browsers know today: an unknown name costs a console warning on every page
  // (Chromium 156 no longer knows 'bluetooth': the browser test of the policy walk fails on such a warning)
  'xr-spatial-tracking=()', 'browsing-topics=()',
].join(', ');

// a source: a scheme ('https:'), a host with optional scheme, port and path, or a quoted keyword
// other than the unsafe ones; nothing that could end a directive (';', ',') or the header
const SOURCE_RE = /^(?:[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[A-Za-z0-9.-]+(?::[0-9*]{1,5})?(?:\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?|'(?:self|none|strict-dynamic|report-sample|wasm-unsafe-eval)'|'(?:sha256|sha384|sha512)-[A-Za-z0-9+/=]+')$/;

function sources(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  const list = raw.split(/[\s,]+/).filter(Boolean);
  for (const source of list) {
    if (!SOURCE_RE.test(source)) throw new Error(`${name}: '${source}' is not a CSP source this store accepts (hosts, schemes or 'self'; never 'unsafe-inline' or 'unsafe-eval')`);
  }
  return list;
}

/**
 * Reads the security-header configuration from the environment; a malformed source stops the
 * start with a message naming the variable.
 * @example
 * readSecurityHeadersConfig({ CSP_SCRIPT_SRC: 'https://www.googletagmanager.com' }).extra.scriptSrc;
 * // ['https://www.googletagmanager.com']
 */
export function readSecurityHeadersConfig(env: NodeJS.ProcessEnv = process.env): SecurityHeadersConfig {
  const maxAge = env.HSTS_MAX_AGE === undefined || env.HSTS_MAX_AGE.trim() === '' ? 15_552_000 : Number(env.HSTS_MAX_AGE);
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds, got '${env.HSTS_MAX_AGE}'`);
  const reportUri = env.CSP_REPORT_URI?.trim() || null;
  if (reportUri !== null && !/^(?:https?:\/\/[^\s;,]+|\/[^\s;,]*)$/.test(reportUri)) throw new Error(`CSP_REPORT_URI must be a URL or a path, got '${reportUri}'`);
  return {
    extra: {
      scriptSrc: sources(env, 'CSP_SCRIPT_SRC'),
      connectSrc: sources(env, 'CSP_CONNECT_SRC'),
      imgSrc: sources(env, 'CSP_IMG_SRC'),
      styleSrc: sources(env, 'CSP_STYLE_SRC'),
      fontSrc: sources(env, 'CSP_FONT_SRC'),
      frameSrc: sources(env, 'CSP_FRAME_SRC'),
    },
    recaptcha: Boolean(env.RECAPTCHA_SECRET && env.RECAPTCHA_SECRET.trim() !== ''),
    stripe: env.PAYMENT_PROVIDER?.trim() === 'stripe',
    hstsMaxAge: maxAge,
    reportUri,
  };
}

const NONCE = Symbol('skimmer.cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

function nonceOf(res: ServerResponse): string {
  const r = res as WithNonce;
  // randomUUID draws from a cached pool of CSPRNG bytes: 122 random bits, no system call per answer
  return (r[NONCE] ??= randomUUID());
}

/**
 * The script nonce of this answer's policy: inline `<script nonce="...">` of a server-rendered
 * page runs, any other inline script does not.
 * @example
 * reply.send(`<script nonce="${scriptNonce(reply)}">...</script>`);
 */
export function scriptNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw);
}

/** Options of {@link securityHeaders}. */
export interface SecurityHeadersOptions {
  config: SecurityHeadersConfig;
  /**
   * The app's trustProxy (TRUST_PROXY): whose X-Forwarded-Proto says an answer goes out over
   * HTTPS. Routed answers read it from Fastify's request; the router's refusals get a request
   * that ignores it, so they read it here. @default false (only the socket's own TLS counts)
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The 'sha256-...' sources of the storefront page's inline scripts (already quoted). */
  storefrontScriptHashes?: () => string;
}

/**
 * The CSP directives (helmet's format) of a configuration; `nonceSource` is the script-src
 * entry of the answer's nonce. @default this answer's own nonce
 */
export function cspDirectives(
  options: SecurityHeadersOptions,
  nonceSource: string | ((req: IncomingMessage, res: ServerResponse) => string) = (_req, res) => `'nonce-${nonceOf(res)}'`,
): Record<string, (string | ((req: IncomingMessage, res: ServerResponse) => string))[]> {
  const { extra, recaptcha, reportUri } = options.config;
  const stripe = options.config.stripe === true;
  const hashes = options.storefrontScriptHashes;
  const directives: Record<string, (string | ((req: IncomingMessage, res: ServerResponse) => string))[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      // WebAssembly compilation only (never JavaScript eval): the 3D viewer compiles its
      // meshopt decoder at start-up; a refusal is a CSP violation on every product page
      "'wasm-unsafe-eval'",
      nonceSource,
      ...(hashes ? [() => hashes()] : []),
      ...(recaptcha ? RECAPTCHA_SOURCES.script : []),
      ...(stripe ? STRIPE_SOURCES.script : []),
      ...extra.scriptSrc,
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...extra.styleSrc],
    'img-src': ["'self'", 'data:', 'blob:', ...extra.imgSrc],
    'font-src': ["'self'", 'data:', ...extra.fontSrc],
    'connect-src': ["'self'", 'data:', 'blob:', ...(recaptcha ? RECAPTCHA_SOURCES.connect : []), ...(stripe ? STRIPE_SOURCES.connect : []), ...extra.connectSrc],
    'media-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...(recaptcha ? RECAPTCHA_SOURCES.frame : []), ...(stripe ? STRIPE_SOURCES.frame : []), ...extra.frameSrc],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  if (reportUri !== null) directives['report-uri'] = [reportUri];
  return directives;
}

/** helmet's options for the store (the CSP's nonce and hashes are filled in per answer). */
function helmetOptions(directives: ReturnType<typeof cspDirectives>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // the wallet's add-card popup is same-origin and keeps talking to its opener; every page
    // carries the same value, so the browser keeps the two in one browsing context group
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // product pictures may be shown by the store's other sites (same site), not by anyone
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // sent below, only over HTTPS (a plain-HTTP development server must not pin HTTPS)
    strictTransportSecurity: false,
  };
}

/** The headers helmet writes for `options`, run once against a recording response. */
function headersOfHelmet(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: unknown) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The policy of API and media answers (JSON, pictures, models, PDFs): nothing loads or runs. */
export const RESOURCE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * Headers API and media answers carry besides their policy. `Permissions-Policy` and
 * `Cross-Origin-Opener-Policy` act only on documents that run script (the features a page's
 * scripts and frames may use; the browsing-context group of a top-level page): a JSON, picture or
 * model answer, even opened as a tab, runs nothing under {@link RESOURCE_CSP}, so they are left
 * to the store's documents (they were 316 of the 767 header bytes of every search answer).
 */
const RESOURCE_HEADERS = new Set([
  'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'x-frame-options',
]);

/** Whether a request URL is an API or media answer (never a document the store renders). */
export function isResourcePath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/media/');
}

/**
 * Whether an answer's content type is a document a browser renders with the page policy (HTML).
 * An answer without a content type (a 304, a 204) keeps the page policy it was given: a 304
 * refreshes the stored headers of the document it revalidates.
 * @example
 * isDocumentType('text/html; charset=utf-8'); // true
 * isDocumentType('application/xml; charset=utf-8'); // false: the strict policy
 */
export function isDocumentType(contentType: unknown): boolean {
  if (contentType === undefined) return true;
  const type = String(contentType).trimStart().toLowerCase();
  return type.startsWith('text/html') || type.startsWith('application/xhtml+xml');
}

// stand-ins helmet writes where each answer's own nonce and the page's hashes go
const NONCE_MARK = 'skimmer-nonce-mark';
const HASHES_MARK = "'sha256-skimmerHashesMark='";

let resourceHeadersMemo: Readonly<Record<string, string>> | null = null;

/**
 * The headers of an API answer (the strict {@link RESOURCE_CSP} and the headers that matter for
 * any answer), for answers other code writes without Fastify: socket.io's long-polling answers
 * (realtime/socket.ts). They do not depend on the operator's CSP_* sources (those widen only the
 * documents' policy). HSTS is left to the documents' answers.
 * @example
 * io.engine.on('headers', (headers) => Object.assign(headers, resourceAnswerHeaders()));
 */
export function resourceAnswerHeaders(): Readonly<Record<string, string>> {
  if (resourceHeadersMemo) return resourceHeadersMemo;
  const written = headersOfHelmet(helmetOptions(cspDirectives({ config: readSecurityHeadersConfig({}) }, "'none'")));
  const out: Record<string, string> = { 'content-security-policy': RESOURCE_CSP };
  for (const [name, value] of written) if (RESOURCE_HEADERS.has(name)) out[name] = value;
  return (resourceHeadersMemo = Object.freeze(out));
}

/**
 * The protocol of a request as Fastify's request reads it under `trustProxy`: the last entry of
 * X-Forwarded-Proto when the connection comes from a trusted proxy, else the socket's own.
 * @example
 * forwardedProtocol(true)(raw); // 'https' when X-Forwarded-Proto says so
 */
export function forwardedProtocol(trustProxy: FastifyServerOptions['trustProxy']): (raw: IncomingMessage) => string {
  const trusted: (address: string, hop: number) => boolean =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : trustProxy === false || trustProxy === undefined || typeof trustProxy === 'number'
          ? // a hop count cannot vouch for the peer (Fastify fails closed too)
            () => false
          : proxyAddr.compile(typeof trustProxy === 'string' ? trustProxy.split(',').map((a) => a.trim()) : trustProxy);
  return (raw) => {
    const forwarded = raw.headers['x-forwarded-proto'];
    const address = raw.socket?.remoteAddress;
    if (typeof forwarded === 'string' && forwarded !== '' && address !== undefined && trusted(address, 0)) {
      const last = forwarded.lastIndexOf(',');
      return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
    }
    return (raw.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
  };
}

/** What {@link createSecurityHeaders} gives: the headers of every answer, written in one place. */
export interface SecurityHeaders {
  /** Writes the headers of an answer to `req` on `reply` (its own nonce, HSTS over HTTPS). */
  apply(req: { url: string; protocol: string }, reply: FastifyReply): void;
  /** Adds the onRequest hook that applies them to every routed answer (routes, 404s, errors). */
  register(app: FastifyInstance): void;
  /**
   * Fastify's `frameworkErrors`: answers the router refuses before any hook runs (a malformed
   * URL such as bad percent-encoding, a parameter over the length limit) with the headers and
   * the API's `{ error }`.
   */
  frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']>;
  /**
   * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees
   * them (malformed request line or headers, a bad Content-Length, headers over the size limit,
   * a request timeout) answer `{ error }` with the resource headers, then the connection closes.
   */
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
  /**
   * Tells `listener` of every early answer (no route hook sees them, so neither do the metrics):
   * its method (`(unparsed)` when Node's parser refused the request), status and seconds taken.
   */
  onEarlyAnswer(listener: (method: string, statusCode: number, seconds: number) => void): void;
}

/** The answers of requests Node's HTTP parser refused, by Node's error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};
const CLIENT_ERROR_DEFAULT: [number, string] = [400, 'The request could not be read (malformed HTTP)'];

/**
 * Builds the security headers once, at start-up: helmet writes the headers and validates the
 * policy into templates; each answer then gets them with its own nonce (and the storefront
 * page's current hashes) filled in. Running helmet (or @fastify/helmet, which rebuilds helmet's
 * middleware on every request) per answer halved the search route's throughput in bench:search.
 * The same writer serves the routed answers (an onRequest hook) and the early answers that run
 * no hook (router and HTTP-parser errors), so every answer carries the same headers.
 * @example
 * const headers = createSecurityHeaders({ config: readSecurityHeadersConfig() });
 * const app = Fastify({ frameworkErrors: headers.frameworkErrors, clientErrorHandler: headers.clientErrorHandler });
 * headers.register(app);
 */
export function createSecurityHeaders(options: SecurityHeadersOptions): SecurityHeaders {
  const hashes = options.storefrontScriptHashes;
  const directives = cspDirectives({ config: options.config, ...(hashes ? { storefrontScriptHashes: () => HASHES_MARK } : {}) }, `'nonce-${NONCE_MARK}'`);
  const written = headersOfHelmet(helmetOptions(directives));
  const csp = written.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
  const [head = '', tail = ''] = csp.split(NONCE_MARK);
  if (!csp.includes(NONCE_MARK)) throw new Error('the CSP template lost its nonce');
  const fixed = written.filter(([name]) => name !== 'content-security-policy');
  fixed.push(['permissions-policy', PERMISSIONS_POLICY]);
  // API and media answers are never documents the store renders: the strictest policy (nothing
  // may load or run, no framing by others) and the headers that matter for any answer; the
  // document-only legacy headers are left out, so the hot search route carries ~0.9 KB less
  const resource: [string, string][] = [
    ['content-security-policy', RESOURCE_CSP],
    ...fixed.filter(([name]) => RESOURCE_HEADERS.has(name)),
  ];
  // the policy's text around the nonce, rebuilt when the storefront page's hashes change
  let builtFor: string | null = null;
  let tailNow = tail;
  const policyTail = (): string => {
    if (!hashes) return tail;
    const now = hashes();
    if (now !== builtFor) {
      builtFor = now;
      tailNow = tail.replace(HASHES_MARK, now);
    }
    return tailNow;
  };
  const hsts = options.config.hstsMaxAge > 0 ? `max-age=${options.config.hstsMaxAge}; includeSubDomains` : null;
  const protocolOf = forwardedProtocol(options.trustProxy ?? false);
  // what a document's answer carries beyond a resource's, removed when it turns out not to be one
  const documentOnly = [...new Set(fixed.map(([name]) => name).filter((name) => !RESOURCE_HEADERS.has(name)))];
  const applyResource = (reply: FastifyReply): void => {
    for (const [name, value] of resource) reply.header(name, value);
  };
  const apply = (req: { url: string; protocol: string }, reply: FastifyReply): void => {
    if (isResourcePath(req.url)) {
      applyResource(reply);
    } else {
      for (const [name, value] of fixed) reply.header(name, value);
      reply.header('content-security-policy', head + nonceOf(reply.raw) + policyTail());
    }
    // req.protocol honours X-Forwarded-Proto only when the app trusts its proxy (TRUST_PROXY)
    if (hsts !== null && req.protocol === 'https') reply.header('strict-transport-security', hsts);
  };
  // the raw answer of a refused HTTP request: no request object, no reply, only the socket
  const clientErrorHead = resource.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const earlyListeners: ((method: string, statusCode: number, seconds: number) => void)[] = [];
  const tellEarly = (method: string, statusCode: number, seconds: number): void => {
    for (const listener of earlyListeners) listener(method, statusCode, seconds);
  };
  return {
    apply,
    register(app) {
      app.addHook('onRequest', (req, reply, done) => {
        apply(req, reply);
        done();
      });
      // an answer outside the API's paths that turns out not to be a document (text, XML, JSON,
      // a script) gets the resource policy: known only once the answer's type is set
      app.addHook('onSend', (req, reply, payload, done) => {
        if (!isResourcePath(req.url) && !isDocumentType(reply.getHeader('content-type'))) {
          for (const name of documentOnly) reply.removeHeader(name);
          applyResource(reply);
        }
        done(null, payload);
      });
    },
    frameworkErrors(err, req, reply) {
      const r = reply as unknown as FastifyReply;
      // the answer is JSON whatever the path: the resource policy. Fastify hands the router's
      // refusals a request without its trustProxy (its protocol is the socket's): the proxy's
      // X-Forwarded-Proto is read here as Fastify would
      apply({ url: '/api/', protocol: protocolOf(req.raw) }, r);
      r.header(REQUEST_ID_HEADER, req.id);
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 400;
      void r.code(status).send({ error: err.message });
      if (earlyListeners.length > 0) tellEarly(req.method, status, r.elapsedTime / 1000);
    },
    clientErrorHandler(err, socket) {
      // a reset connection, or one already closed: nobody to answer
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] = CLIENT_ERRORS[(err as NodeJS.ErrnoException).code ?? ''] ?? CLIENT_ERROR_DEFAULT;
      const body = JSON.stringify({ error: message });
      const hstsLine = hsts !== null && (socket as { encrypted?: boolean }).encrypted ? `strict-transport-security: ${hsts}\r\n` : '';
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `cache-control: no-store\r\nconnection: close\r\n${clientErrorHead}${hstsLine}\r\n${body}`,
        );
      }
      socket.destroy(err);
      tellEarly('(unparsed)', status, 0);
    },
    onEarlyAnswer(listener) {
      earlyListeners.push(listener);
    },
  };
}

/**
 * Registers the headers on every routed answer of `app` (errors and 404s included). An app
 * built with Fastify's own options should also pass {@link SecurityHeaders.frameworkErrors} and
 * {@link SecurityHeaders.clientErrorHandler} of {@link createSecurityHeaders} (app.ts does), so
 * the answers no hook sees carry them too.
 * @example
 * await securityHeaders(app, { config: readSecurityHeadersConfig() });
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<SecurityHeaders> {
  const headers = createSecurityHeaders(options);
  headers.register(app);
  return headers;
}
