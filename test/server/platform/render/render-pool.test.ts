/**
 * Render threads (src/server/platform/render/pool.ts, render-thread.mjs): the storefront's pages render in
 * worker threads whose API calls the app answers on the main thread. A small entry module written
 * here stands in for the built one (the browser suite renders the real pages through the threads
 * of the real server): it reads the navigation and a product through its fetch, as the real
 * entry does, and says which thread rendered it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { InProcessAnswer, InProcessCall } from '../../../../src/server/platform/render/calls.ts';
import { defaultRenderThreads, RenderPool } from '../../../../src/server/platform/render/pool.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'skimmer-render-pool-'));
const webDir = join(dir, 'web');
mkdirSync(webDir, { recursive: true });
writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Skimmer</title></head><body><div id="root"></div></body></html>');

/** The stand-in entry: its page names the thread, the first product and the navigation's size. */
const ENTRY = join(dir, 'entry.mjs');
writeFileSync(
  ENTRY,
  `import { isMainThread, threadId } from 'node:worker_threads';
export async function render(request) {
  // a thread that dies under a page (the main thread never does: it renders the page again)
  if (request.url === '/die' && !isMainThread) process.exit(1);
  const get = (path) => request.transport({ method: 'GET', url: request.origin + path, headers: [['accept', 'application/json']] });
  const nav = JSON.parse((await get('/api/nav?collectionUrlPrefix=%2Fcollections&depth=2')).body);
  const found = JSON.parse((await get('/api/products/filter?limit=1')).body);
  const posted = await request.transport({ method: 'POST', url: request.origin + '/api/nope', body: JSON.stringify({ a: 1 }), headers: [['content-type', 'application/json']] });
  return {
    status: request.url.startsWith('/missing') ? 404 : 200,
    redirect: null,
    html: '<main data-thread="' + threadId + '"><h1>' + request.url + '</h1><p>' + found.products[0].title + '</p><p>nav ' + nav.navData.length + '</p><p>post ' + posted.status + '</p></main>',
    headHtml: '<title>' + request.url + '</title>',
    data: { url: request.url, nested: { list: [1, 2, 3] } },
    head: { title: request.url, canonical: null, description: null },
  };
}
`,
);

/** An entry whose import fails. */
const BROKEN_ENTRY = join(dir, 'broken.mjs');
writeFileSync(BROKEN_ENTRY, `throw new Error('this build is broken');\n`);

const threadOf = (html: string): number => Number(/data-thread="(\d+)"/.exec(html)?.[1] ?? Number.NaN);

describe('render threads through the app', () => {
  let threaded: FastifyInstance;
  let inline: FastifyInstance;

  beforeAll(async () => {
    const db = await seededDb(20, 3);
    const options = { db, dataDir: dir, webDir, storefrontEntryPath: ENTRY, pageCache: { maxBytes: 0 } };
    threaded = await buildApp({ ...options, renderThreads: 2 });
    inline = await buildApp({ ...options, renderThreads: 0 });
  });
  afterAll(async () => {
    await threaded.close();
    await inline.close();
  });

  test('a page rendered in a thread is the page rendered on the main thread: same status, HTML, head and data, the calls answered by the app', async () => {
    expect(threaded.renderPool?.usable).toBe(true);
    expect(inline.renderPool).toBeNull();
    for (const url of ['/collections/anything', '/missing-page']) {
      const a = await threaded.inject({ url });
      const b = await inline.inject({ url });
      expect(threadOf(a.body)).toBeGreaterThan(0);
      expect(threadOf(b.body)).toBe(0);
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.body.replace(/data-thread="\d+"/, '')).toBe(b.body.replace(/data-thread="\d+"/, ''));
      // the product and the navigation came from the app; a POST's body crossed too (404: no such route)
      expect(a.body).toMatch(/<p>[^<]+<\/p><p>nav [1-9]\d*<\/p><p>post 404<\/p>/);
      expect(a.body).toContain('"nested":{"list":[1,2,3]}');
    }
  });

  test('concurrent pages each get their own answer, spread over the threads', async () => {
    const urls = Array.from({ length: 24 }, (_, i) => `/collections/c-${i}`);
    const answers = await Promise.all(urls.map((url) => threaded.inject({ url })));
    answers.forEach((answer, i) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(`<h1>${urls[i]}</h1>`);
      expect(answer.body).toContain(`<title>${urls[i]}</title>`);
    });
    expect(new Set(answers.map((a) => threadOf(a.body))).size).toBe(2);
  });

  test('a thread that dies under a page: the page is rendered on the main thread, the thread replaced, and later pages render in threads again', async () => {
    const died = await threaded.inject({ url: '/die' });
    expect(died.statusCode).toBe(200);
    expect(threadOf(died.body)).toBe(0);
    const after = await Promise.all([threaded.inject({ url: '/after-1' }), threaded.inject({ url: '/after-2' })]);
    for (const answer of after) expect(threadOf(answer.body)).toBeGreaterThan(0);
    expect(threaded.renderPool?.usable).toBe(true);
    expect(threaded.renderPool?.load).toHaveLength(2);
  });

  test("the threads read the app's kept navigation without asking the main thread, until a catalogue write clears it", async () => {
    const pool = threaded.renderPool!;
    // each thread has had the navigation by now: the pages below ask only for their search and POST
    await Promise.all([threaded.inject({ url: '/kept-1' }), threaded.inject({ url: '/kept-2' })]);
    let before = pool.callsAnswered;
    await Promise.all([threaded.inject({ url: '/kept-3' }), threaded.inject({ url: '/kept-4' })]);
    expect(pool.callsAnswered - before).toBe(4);
    const product = (await threaded.inject({ url: '/api/products/filter?limit=1' })).json().products[0];
    await threaded.catalogue.reindex([product.id]);
    before = pool.callsAnswered;
    const page = await threaded.inject({ url: '/kept-5' });
    expect(page.body).toMatch(/<p>nav [1-9]\d*<\/p>/);
    expect(pool.callsAnswered - before).toBe(3);
  });
});

describe('RenderPool', () => {
  const request = (url: string) => ({ url, origin: 'http://shop.test', config: { storeConfig: {}, themeConfig: {} }, userAgent: 'test' });
  /** Answers every call once `open` is called: the renders in progress stay in progress until then. */
  const gatedCalls = () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const call = async (c: InProcessCall): Promise<InProcessAnswer> => {
      await gate;
      const body = c.url.startsWith('/api/nav') ? { navData: [{ title: 'Pumps' }] } : { products: [{ title: `answer to ${c.url}` }] };
      return { status: c.method === 'POST' ? 404 : 200, headers: [['content-type', 'application/json']], body: JSON.stringify(body) };
    };
    return { call, open: () => open() };
  };

  test('at most rendersPerThread pages per thread at once; the others wait their turn and every page gets its own answer', async () => {
    const pool = new RenderPool({ entryPath: ENTRY, threads: 2, rendersPerThread: 1 });
    try {
      const { call, open } = gatedCalls();
      const pages = Array.from({ length: 6 }, (_, i) => pool.render(request(`/p/${i}`), call));
      expect(pool.load).toEqual([1, 1]);
      expect(pool.queued).toBe(4);
      open();
      const results = await Promise.all(pages);
      results.forEach((result, i) => expect(result.html).toContain(`<h1>/p/${i}</h1>`));
      expect(pool.queued).toBe(0);
      expect(pool.load).toEqual([0, 0]);
    } finally {
      await pool.close();
    }
  });

  test('an entry that cannot be loaded breaks the pool: renders fail with the reason and the pool says it is unusable', async () => {
    const errors: Error[] = [];
    const pool = new RenderPool({ entryPath: BROKEN_ENTRY, threads: 1, onError: (error) => errors.push(error) });
    try {
      await expect(pool.render(request('/x'), gatedCalls().call)).rejects.toThrow(/this build is broken|could not be loaded/);
      await expect.poll(() => pool.usable).toBe(false);
      expect(pool.broken).toMatch(/could not be loaded/);
      expect(errors.some((e) => /could not be loaded/.test(e.message))).toBe(true);
      await expect(pool.render(request('/y'), gatedCalls().call)).rejects.toThrow(/could not be loaded/);
    } finally {
      await pool.close();
    }
  });

  test('closing fails the pages in progress and waiting', async () => {
    const pool = new RenderPool({ entryPath: ENTRY, threads: 1, rendersPerThread: 1 });
    const { call } = gatedCalls();
    const settled = Promise.allSettled([pool.render(request('/a'), call), pool.render(request('/b'), call)]);
    expect(pool.queued).toBe(1);
    await pool.close();
    const [first, second] = await settled;
    expect(first?.status === 'rejected' && String(first.reason)).toMatch(/closed/);
    expect(second?.status === 'rejected' && String(second.reason)).toMatch(/closed/);
    expect(pool.usable).toBe(false);
  });

  test("a thread keeps the answers sent with `keep` for their path and query until their time or a newer generation, and asks again after", async () => {
    const pool = new RenderPool({ entryPath: ENTRY, threads: 1 });
    try {
      const asked: string[] = [];
      let untilMs = Date.now() + 60_000;
      let generation = 0;
      const call = async (c: InProcessCall): Promise<InProcessAnswer> => {
        asked.push(`${c.method} ${c.url}`);
        const nav = c.url.startsWith('/api/nav');
        const body = nav ? { navData: [{ title: `menu ${generation}` }] } : { products: [{ title: 'Pump' }] };
        // the navigation may be kept (as the app's CatalogueReads say), the product search not
        return { status: c.method === 'POST' ? 404 : 200, headers: [['content-type', 'application/json']], body: JSON.stringify(body), ...(nav ? { keep: { generation, untilMs } } : {}) };
      };
      const navAsks = () => asked.filter((a) => a.startsWith('GET /api/nav')).length;
      await pool.render(request('/a'), call);
      const page = await pool.render(request('/b'), call);
      // the second page read the kept navigation: only its search and its POST went to the main thread
      expect(navAsks()).toBe(1);
      expect(asked.filter((a) => a.startsWith('GET /api/products'))).toHaveLength(2);
      expect(asked.filter((a) => a.startsWith('POST'))).toHaveLength(2);
      expect(page.html).toContain('<p>nav 1</p>');
      expect(pool.callsAnswered).toBe(asked.length);
      // the catalogue changed: the thread drops what it kept
      generation = 1;
      pool.forget(1);
      await pool.render(request('/c'), call);
      expect(navAsks()).toBe(2);
      await pool.render(request('/d'), call);
      expect(navAsks()).toBe(2);
      // an answer of a generation already forgotten is not kept, and one past its time is asked again
      pool.forget(2);
      generation = 1;
      untilMs = Date.now() + 60_000;
      await pool.render(request('/e'), call);
      await pool.render(request('/f'), call);
      expect(navAsks()).toBe(4);
      generation = 2;
      untilMs = Date.now() + 50;
      await pool.render(request('/g'), call);
      await pool.render(request('/h'), call);
      expect(navAsks()).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await pool.render(request('/i'), call);
      expect(navAsks()).toBe(6);
    } finally {
      await pool.close();
    }
  });

  test('with profileDir, each thread writes a V8 CPU profile there when it ends (bench:ssr BENCH_CPU_PROF)', async () => {
    const profiles = mkdtempSync(join(tmpdir(), 'skimmer-thread-prof-'));
    const pool = new RenderPool({ entryPath: ENTRY, threads: 2, profileDir: profiles });
    const { call, open } = gatedCalls();
    open();
    await Promise.all([pool.render(request('/a'), call), pool.render(request('/b'), call)]);
    await pool.close();
    const written = readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'));
    expect(written).toHaveLength(2);
    for (const file of written) expect((JSON.parse(readFileSync(join(profiles, file), 'utf8')) as { nodes: unknown[] }).nodes.length).toBeGreaterThan(0);
  });

  test("the default size: one thread per core beyond the first, at least two with two cores, none with one; a worker's share with several", () => {
    expect(defaultRenderThreads(1)).toBe(0);
    expect(defaultRenderThreads(2)).toBe(2);
    expect(defaultRenderThreads(3)).toBe(2);
    expect(defaultRenderThreads(4)).toBe(3);
    expect(defaultRenderThreads(64)).toBe(8);
    // several workers share the cores: each its share less its main thread, at least one
    expect(defaultRenderThreads(2, 2)).toBe(1);
    expect(defaultRenderThreads(8, 2)).toBe(3);
    expect(defaultRenderThreads(4, 4)).toBe(1);
    expect(defaultRenderThreads(1, 2)).toBe(0);
  });
});
