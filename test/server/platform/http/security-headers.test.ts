/**
 * Security headers (issue 16 item 1): every kind of answer (storefront page, API, 404, static
 * file, media, hosted checkout and add-card pages, the recovery-email page) carries the policy;
 * inline scripts run only by nonce (server-rendered pages) or by hash (the storefront page);
 * HSTS only over HTTPS; the policy is configurable from the environment.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { attachRealtime } from '../../../../src/server/modules/realtime/socket.ts';
import { cspDirectives, forwardedProtocol, PERMISSIONS_POLICY, readSecurityHeadersConfig } from '../../../../src/server/platform/http/headers.ts';
import { inlineScriptHashes } from '../../../../src/server/platform/render/storefront-page.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';
import { checkoutIdOf, call } from '../../modules/checkout/cart.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const BOOT = "window.__BOOT__ = 1;";
const PAGE = `<!doctype html><html><head><script type="application/json" id="skimmer-config"><!--skimmer:config--></script>
<script>${BOOT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

let app: FastifyInstance;
let db: Db;
let webDir = '';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-sec-'));
  webDir = join(dataDir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), PAGE);
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
  db = await seededDb(40, 3);
  app = await buildApp({ db, dataDir, webDir, securityHeaders: readSecurityHeadersConfig({}), trustProxy: true });
});
afterAll(async () => {
  await app.close();
});

/** The directives of a CSP header: name -> sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name = '', ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** Which policy an answer must carry: the page's (HTML documents) or the strict one (everything else). */
type AnswerKind = 'document' | 'resource';

function expectStoreHeaders(
  headers: Record<string, unknown>,
  url: string,
  kind: AnswerKind = url.startsWith('/api/') || url.startsWith('/media/') ? 'resource' : 'document',
): Map<string, string[]> {
  const csp = parseCsp(headers['content-security-policy']);
  if (kind === 'resource') {
    // API, media and every other answer that is not HTML: nothing may load or run under their policy
    expect(csp.get('default-src'), url).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
    expect(csp.get('base-uri'), url).toEqual(["'none'"]);
    expect(csp.get('form-action'), url).toEqual(["'none'"]);
    expect(csp.has('script-src'), url).toBe(false);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy'], url).toBe('same-site');
    expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    // document-only headers (features of scripts, the opener of a top-level page) stay off
    expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
    expect(headers['permissions-policy'], url).toBeUndefined();
    expect(headers['strict-transport-security'], url).toBeUndefined();
    return csp;
  }
  const script = csp.get('script-src') ?? [];
  expect(script, url).toContain("'self'");
  expect(script.some((s) => s.startsWith("'nonce-")), url).toBe(true);
  // WebAssembly may compile (the 3D viewer's decoder); JavaScript eval and inline scripts may not
  expect(script.filter((s) => /unsafe|\*/.test(s)), url).toEqual(["'wasm-unsafe-eval'"]);
  expect(csp.get('object-src'), url).toEqual(["'none'"]);
  expect(csp.get('base-uri'), url).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
  expect(csp.get('form-action'), url).toEqual(["'self'"]);
  expect(csp.get('default-src'), url).toEqual(["'self'"]);
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
  expect(headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
  expect(String(headers['permissions-policy'])).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
  // only geolocation is allowed: every other listed feature is ()
  expect(String(headers['permissions-policy']).split(', ').filter((p) => !p.endsWith('=()'))).toEqual(['geolocation=(self)']);
  expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security'], url).toBeUndefined();
  return csp;
}

describe('every answer carries the security headers', () => {
  test.each([
    ['/', 200, 'document'],
    ['/products/some-handle', 200, 'document'],
    ['/api/products/filter?q=pump', 200, 'resource'],
    ['/api/nothing-here', 404, 'resource'],
    ['/api/products/filter?maxPrice=1e999', 400, 'resource'],
    // a script is no document: the strict policy (it governs nothing the page runs)
    ['/assets/app.js', 200, 'resource'],
    ['/assets/missing.js', 404, 'resource'],
    ['/media/images/1-200.png', 200, 'resource'],
    ['/checkout/not-a-checkout', 404, 'document'],
    ['/wallet/add-card?token=bad', 403, 'document'],
    ['/verify-recovery-email?token=abc', 200, 'document'],
    // answers outside /api/ that are not HTML carry the strict policy too
    ['/dev/captcha.js', 200, 'resource'],
    ['/robots.txt', 200, 'resource'],
    ['/sitemap.xml', 200, 'resource'],
    ['/sitemaps/products-999.xml', 404, 'resource'],
    ['/healthz', 200, 'resource'],
    ['/readyz', 200, 'resource'],
    ['/metrics', 404, 'resource'],
  ] as [string, number, AnswerKind][])('%s answers %i with the %s policy', async (url, status, kind) => {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(status);
    const isHtml = String(res.headers['content-type']).startsWith('text/html');
    expect(isHtml, url).toBe(kind === 'document');
    expectStoreHeaders(res.headers, url, kind);
  });

  test('a written answer outside /api/ that is not HTML (the dev captcha token) carries the strict policy', async () => {
    const res = await app.inject({ method: 'POST', url: '/dev/captcha/token', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ action: 'login' }) });
    expect(res.statusCode).toBe(200);
    expectStoreHeaders(res.headers, '/dev/captcha/token', 'resource');
  });

  test('a revalidated storefront page (304, no content type) keeps the page policy its cached copy had', async () => {
    const first = await app.inject({ url: '/' });
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expectStoreHeaders(again.headers, '/', 'document');
  });

  test('the hosted checkout page of a real checkout', async () => {
    const first = await call(app, 'GET', '/api/checkouts');
    const setCookie = first.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';
    const res = await app.inject({ url: `/checkout/${checkoutIdOf(first.body.checkout)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expectStoreHeaders(res.headers, 'checkout');
    // the page runs no inline script and no inline event handler
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=/i);
  });
});

/** Sends raw bytes over HTTP/1.1 and answers the status, the headers and the body of the answer. */
function rawRequest(port: number, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (out += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = out.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('early answers (refused before any route runs) carry the headers and a JSON { error }', () => {
  const expectJsonError = (res: { headers: Record<string, unknown>; body: string }, url: string) => {
    expect(String(res.headers['content-type']), url).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as { error?: unknown };
    expect(typeof body.error, url).toBe('string');
    expect(String(body.error).length, url).toBeGreaterThan(0);
  };

  test.each([
    // find-my-way refuses the path before routing (Fastify's frameworkErrors): JSON, so the
    // strict policy, outside /api/ too
    ['GET', '/%E0%A4%A', 400],
    ['GET', '/products/%zz', 400],
    ['GET', '/api/products/handle/%zz', 400],
    ['GET', '/api/products/%E0%A4%A', 400],
    // no route at all, under the API and outside it
    ['POST', '/api/nothing-here', 404],
    ['DELETE', '/assets/app.js', 404],
  ])('%s %s answers %i', async (method, url, status) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode, url).toBe(status);
    expectStoreHeaders(res.headers, url, 'resource');
    expectJsonError(res, url);
    // the request id follows even the answers no hook saw
    expect(String(res.headers['x-request-id']), url).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  });

  test('a body over the limit answers 413', async () => {
    const url = '/api/checkouts/lineItems';
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(70_000)}"}` });
    expect(res.statusCode).toBe(413);
    expectStoreHeaders(res.headers, url);
    expectJsonError(res, url);
  });

  test('a content type no route reads answers 415', async () => {
    const url = '/api/checkouts/lineItems';
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'quantity=1' });
    expect(res.statusCode).toBe(415);
    expectStoreHeaders(res.headers, url);
    expectJsonError(res, url);
  });

  test('a body that is not the JSON it claims answers 400', async () => {
    const url = '/api/checkouts/lineItems';
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expectStoreHeaders(res.headers, url);
    expectJsonError(res, url);
  });

  describe('over a real connection', () => {
    let port = 0;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });

    test('a malformed URL on the wire answers 400 with the headers', async () => {
      const res = await rawRequest(port, 'GET /api/products/%E0%A4%A HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
      expect(res.status).toBe(400);
      expectStoreHeaders(res.headers, '/api/');
      expectJsonError(res, 'bad url');
    });

    test.each([
      ['a bad Content-Length', 'GET /api/products/filter HTTP/1.1\r\nHost: shop\r\nContent-Length: abc\r\n\r\n', 400],
      ['an unknown method', 'BREW /api/products/filter HTTP/1.1\r\nHost: shop\r\n\r\n', 400],
      ['a malformed request line', 'GET /api/products/filter HTTP/9\r\nHost: shop\r\n\r\n', 400],
      ['headers over the size limit', `GET /api/products/filter HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ])("%s (refused by Node's HTTP parser) answers %i with the headers", async (_what, bytes, status) => {
      const res = await rawRequest(port, bytes);
      expect(res.status).toBe(status);
      // no request was read, so the strictest (resource) policy
      expectStoreHeaders(res.headers, '/api/');
      expectJsonError(res, String(status));
      expect(res.headers.connection).toBe('close');
    });

    test("socket.io's answers (long-polling and refusals, written by engine.io, not Fastify) carry the API's headers", async () => {
      const realtime = await attachRealtime(app.server, { db });
      try {
        const res = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`);
        expect(res.status).toBe(200);
        expect(await res.text()).toMatch(/"sid"/);
        expectStoreHeaders(Object.fromEntries(res.headers), '/api/');
        // engine.io's own refusal (an unknown transport)
        const refused = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=carrier-pigeon`);
        expect(refused.status).toBe(400);
        expectStoreHeaders(Object.fromEntries(refused.headers), '/api/');
      } finally {
        await realtime.close();
      }
    });
  });
});

describe('inline scripts', () => {
  test("a server-rendered page's script carries this answer's nonce, and each answer has its own", async () => {
    const a = await app.inject({ url: '/verify-recovery-email?token=abc' });
    const b = await app.inject({ url: '/verify-recovery-email?token=abc' });
    const nonceOf = (res: typeof a) => (parseCsp(res.headers['content-security-policy']).get('script-src') ?? []).find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    const na = nonceOf(a);
    // CSP's base64-value grammar (letters, digits, + / - _), 122 random bits
    expect(na).toMatch(/^[A-Za-z0-9+/_-]{32,}$/);
    expect(nonceOf(b)).not.toBe(na);
    const scripts = [...a.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toBe(` nonce="${na}"`);
  });

  test("the storefront page's inline script is allowed by its hash; the JSON configuration is not a script; the page keeps its ETag", async () => {
    const res = await app.inject({ url: '/' });
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toContain(hash);
    expect(inlineScriptHashes(PAGE)).toEqual([hash]);
    // the served page has no nonce attribute (its bytes do not change per answer) ...
    expect(res.body).not.toMatch(/nonce=/);
    // ... so a second visit revalidates to a 304 whose policy still allows the cached page's script
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(parseCsp(again.headers['content-security-policy']).get('script-src')).toContain(hash);
  });

  test('inlineScriptHashes skips external scripts and data blocks, hashes classic and module inline scripts', () => {
    const html = '<script src="/a.js"></script><script type="application/json">{"a":1}</script><script type="module">m()</script><script type="text/javascript">t()</script><script type="application/ld+json">{}</script>';
    const h = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([h('m()'), h('t()')]);
  });
});

describe('HTTPS and configuration', () => {
  test('HSTS only when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy)', async () => {
    const https = await app.inject({ url: '/api/products/filter', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const http = await app.inject({ url: '/api/products/filter', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  test('answers the router refuses before any hook (bad percent-encoding, a parameter over the length limit) carry HSTS over HTTPS too', async () => {
    for (const url of ['/api/products/handle/%zz', `/api/products/handle/${'x'.repeat(600)}`]) {
      const res = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
      const plain = await app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  test('forwardedProtocol reads X-Forwarded-Proto as Fastify does: from trusted proxies only, the last entry', () => {
    const raw = (address: string, proto?: string, encrypted = false) =>
      ({ headers: proto === undefined ? {} : { 'x-forwarded-proto': proto }, socket: { remoteAddress: address, encrypted } }) as unknown as IncomingMessage;
    expect(forwardedProtocol('10.0.0.1, 10.0.0.2')(raw('10.0.0.2', 'https'))).toBe('https');
    expect(forwardedProtocol('10.0.0.1')(raw('10.0.0.9', 'https'))).toBe('http');
    expect(forwardedProtocol(['10.0.0.0/8'])(raw('10.1.2.3', 'http, https'))).toBe('https');
    expect(forwardedProtocol(true)(raw('203.0.113.5', 'https'))).toBe('https');
    // a hop count cannot vouch for the peer; no trust at all: the socket's own TLS only
    expect(forwardedProtocol(2 as unknown as boolean)(raw('203.0.113.5', 'https'))).toBe('http');
    expect(forwardedProtocol(false)(raw('10.0.0.1', 'https'))).toBe('http');
    expect(forwardedProtocol(false)(raw('10.0.0.1', undefined, true))).toBe('https');
  });

  test('an untrusted X-Forwarded-Proto does not turn HSTS on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-sec-'));
    const other = await buildApp({ db: await seededDb(10, 4), dataDir, webDir: join(dataDir, 'none'), securityHeaders: readSecurityHeadersConfig({}), trustProxy: false });
    try {
      const res = await other.inject({ url: '/api/products/filter', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  test('operators add hosts per directive; reCAPTCHA hosts come with RECAPTCHA_SECRET', () => {
    const config = readSecurityHeadersConfig({
      CSP_SCRIPT_SRC: 'https://www.googletagmanager.com',
      CSP_CONNECT_SRC: 'https://www.google-analytics.com, wss://live.example.com',
      CSP_IMG_SRC: 'https://cdn.example.com',
      RECAPTCHA_SECRET: 'x',
    });
    const d = cspDirectives({ config });
    expect(d['script-src']).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
    expect(d['connect-src']).toEqual(expect.arrayContaining(['https://www.google-analytics.com', 'wss://live.example.com', 'https://www.google.com/recaptcha/']));
    expect(d['frame-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/']));
    expect(d['img-src']).toContain('https://cdn.example.com');
    expect(cspDirectives({ config: readSecurityHeadersConfig({}) })['script-src']?.some((s) => typeof s === 'string' && s.includes('google'))).toBe(false);
  });

  test.each([
    ['CSP_SCRIPT_SRC', "'unsafe-inline'"],
    ['CSP_SCRIPT_SRC', "'unsafe-eval'"],
    ['CSP_SCRIPT_SRC', '*'],
    ['CSP_CONNECT_SRC', 'https://a.example.com; script-src *'],
    ['HSTS_MAX_AGE', '-1'],
    ['CSP_REPORT_URI', 'javascript:alert(1)'],
  ])('%s=%s stops the start with a message naming the variable', (name, value) => {
    expect(() => readSecurityHeadersConfig({ [name]: value })).toThrow(name);
  });
});
