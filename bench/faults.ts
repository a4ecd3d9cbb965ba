/**
 * `npm run bench:faults`: an operator's bad day, measured. Two store processes
 * (`src/server/main.ts`) on PostgreSQL (a database of their own, reached through a TCP proxy this
 * script can cut and slow: the machine's PostgreSQL is never stopped), a redis-server of their own
 * on a free port (`--save ""`), and an SMTP server stand-in, all on loopback
 * (test/support/faults.ts). A steady load runs throughout, spread over both processes: cart adds
 * (each with an Idempotency-Key; a refused or unanswered add is sent again with the same key
 * until it is answered, as the storefront's client does), product searches, page views, sign-ins
 * (each client to an account of its own) and registrations (each sends a verification email). Each fault is injected in turn, with a
 * quiet phase after it:
 *
 * - redis-down: Redis stopped, then started again;
 * - postgres-down: every database connection cut and refused for BENCH_PG_DOWN_MS (default 30 s);
 * - slow-db: every byte to and from PostgreSQL held BENCH_SLOW_MS (default 5000 ms, past the
 *   statement timeout of 2 s and the client's grace);
 * - mail-down: the SMTP server answers 421 to every connection.
 *
 * Per phase it prints the requests by status, the p95 of every request and of each kind, and
 * /readyz as the processes answered it; after the run, whether every acknowledged cart add is in
 * the database exactly once (its key once, and the cart's units equal to the acknowledged adds),
 * and whether every email of the run was delivered once mail came back. Exits 1 on any 500, any
 * lost or doubled write, or mail lost.
 *
 * Environment: BENCH_PHASE_MS (default 10000, each phase but postgres-down), BENCH_PG_DOWN_MS,
 * BENCH_SLOW_MS, BENCH_CLIENTS (default 8), BENCH_PRODUCTS (default 200), TEST_DATABASE_URL (the
 * PostgreSQL server, default postgres://root@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { percentiles } from './search-stats.ts';
import { startServer, stopServer, type ServerProcess } from '../test/server/crash.helpers.ts';
import { ADMIN_TOKEN, jsonHeaders, newShopper } from '../test/server/platform/scale/multiprocess.helpers.ts';
import { startOwnRedis, startSmtpStandIn, startTcpProxy } from '../test/support/faults.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const PG_DOWN_MS = Number(process.env.BENCH_PG_DOWN_MS ?? 30_000);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const METRICS_TOKEN = 'bench-faults-metrics';

type Kind = 'cart' | 'search' | 'page' | 'signin' | 'register';
interface Sample { phase: string; kind: Kind; status: number | 'no answer'; ms: number }

const samples: Sample[] = [];
const readyz: { phase: string; status: number | 'no answer'; redis: string }[] = [];
let phase = 'starting';
let running = true;

async function timed(kind: Kind, url: string, init: RequestInit = {}): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer().catch(() => undefined);
    samples.push({ phase, kind, status: res.status, ms: performance.now() - started });
    return res;
  } catch {
    samples.push({ phase, kind, status: 'no answer', ms: performance.now() - started });
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const target = new URL(PG_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const redis = await startOwnRedis();
  const smtp = await startSmtpStandIn('accept');
  const name = `skimmer_faults_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const directUrl = new URL(PG_URL);
  directUrl.pathname = `/${name}`;
  const direct = new pg.Pool({ connectionString: directUrl.toString(), max: 2 });
  direct.on('error', () => undefined);
  const sql = async <T>(text: string, params: unknown[] = []) => {
    let n = 0;
    return (await direct.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-faults-'));
  const env: Record<string, string> = {
    DATABASE_URL: proxy.through(directUrl.toString()),
    REDIS_URL: redis.url,
    REDIS_PREFIX: `bench-faults:${randomBytes(3).toString('hex')}:`,
    SMTP_URL: smtp.url,
    SMTP_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '2000',
    DB_ACQUIRE_TIMEOUT_MS: '2000',
    SESSION_SECRET: 'bench-faults-session-secret',
    CAPTCHA_DEV_SECRET: 'bench-faults-captcha-secret',
    ADMIN_TOKEN,
    METRICS_TOKEN,
    CATALOGUE_POLL_MS: '500',
    SHUTDOWN_DRAIN_MS: '0',
    // the load comes from one address; registrations name their own (the account limits count per address)
    RATE_LIMIT_ALLOW: '127.0.0.1',
    TRUST_PROXY: 'true',
  };
  const servers: ServerProcess[] = [];
  try {
    // the first seeds; the second starts on the seeded store
    servers.push(await startServer({ dataDir: join(dataDir, 'p0'), products: PRODUCTS, timeoutMs: 180_000, env: { ...env, INSTANCE_ID: 'p0' } }));
    servers.push(await startServer({ dataDir: join(dataDir, 'p1'), products: PRODUCTS, timeoutMs: 180_000, env: { ...env, INSTANCE_ID: 'p1' } }));
    // a process that dies during the run is a finding of its own: its last words are printed
    for (const [i, s] of servers.entries()) {
      s.child.once('exit', (code, signal) => {
        if (running) console.error(`process p${i} exited (${signal ?? code}) during ${phase}:\n${s.output().slice(-4000)}`);
      });
    }
    const bases = servers.map((s) => s.base);
    const level = Number((await sql<{ id: string }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND price_cents > 0 ORDER BY id LIMIT 1'))[0]?.id);
    await sql('UPDATE inventory_levels SET quantity = 1000000 WHERE id = ?', [level]);
    const handles = (await sql<{ handle: string }>('SELECT handle FROM products ORDER BY id LIMIT 20')).map((r) => r.handle);
    const words = ['pump', 'filter', 'valve', 'hose', 'heater', 'skimmer', 'gasket', 'cartridge'];

    // acknowledged adds per cart; keys still to be answered (sent again until they are)
    const carts = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newShopper(bases[i % 2] ?? '')));
    const acked = carts.map(() => new Set<string>());
    const pending = carts.map(() => null as string | null);
    // each client signs in to an account of its own: sign-ins to one email are paced (held up to
    // 5 s each when they come faster than a person types), which would measure the pace, not the store
    const password = 'bench faults password 1';
    const accounts = Array.from({ length: CLIENTS }, (_, i) => `bench-client-${i}-${randomBytes(3).toString('hex')}@example.com`);
    for (const [i, email] of accounts.entries()) {
      const res = await fetch(`${bases[i % 2]}/api/auth/register`, {
        method: 'POST', headers: { ...jsonHeaders(undefined, undefined, bases[i % 2]), 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email, password, firstName: 'Bench', lastName: `Client${i}` }),
      });
      if (res.status !== 200) throw new Error(`registering ${email}: ${res.status} ${await res.text()}`);
    }
    let registered = 0;
    const addOnce = async (client: number, base: string): Promise<void> => {
      const cart = carts[client];
      if (!cart) return;
      const key = pending[client] ?? `bench-${client}-${randomBytes(6).toString('hex')}`;
      pending[client] = key;
      const res = await timed('cart', `${base}/api/checkouts/lineItems`, {
        method: 'POST', headers: jsonHeaders(cart.cookie, key), body: JSON.stringify({ inventoryLevelId: level, quantity: 1 }),
      });
      if (res?.status === 200) {
        acked[client]?.add(key);
        pending[client] = null;
      }
    };
    const client = async (i: number): Promise<void> => {
      for (let n = 0; running; n++) {
        const base = bases[(i + n) % 2] ?? '';
        const op = n % 5;
        if (op === 0) await addOnce(i, base);
        else if (op === 1) await timed('search', `${base}/api/products/filter?q=${words[(i + n) % words.length]}`);
        else if (op === 2) await timed('page', `${base}/products/${handles[(i + n) % handles.length]}`, { headers: { accept: 'text/html' } });
        else if (op === 3 && n % 15 === 3) {
          const email = `bench-${i}-${n}-${randomBytes(3).toString('hex')}@example.com`;
          const res = await timed('register', `${base}/api/auth/register`, {
            method: 'POST', headers: { ...jsonHeaders(undefined, undefined, base), 'x-forwarded-for': `198.51.100.${(i * 31 + n) % 250}` },
            body: JSON.stringify({ email, password, firstName: 'Bench', lastName: 'Faults' }),
          });
          if (res?.status === 200) registered++;
        } else if (op === 4) await timed('search', `${base}/api/products/filter?q=${words[(i + 2 * n) % words.length]}`);
        else if (n % 10 !== 3) await timed('page', `${base}/products/${handles[(i + 3 * n) % handles.length]}`, { headers: { accept: 'text/html' } });
        else {
          await timed('signin', `${base}/api/auth/login`, {
            method: 'POST', headers: jsonHeaders(undefined, undefined, base), body: JSON.stringify({ email: accounts[i], password }),
          });
        }
        await sleep(50);
      }
    };
    const probe = async (): Promise<void> => {
      while (running) {
        for (const base of bases) {
          try {
            const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
            const body = (await res.json()) as { checks?: { redis?: string } };
            readyz.push({ phase, status: res.status, redis: (body.checks?.redis ?? '').split(':')[0] ?? '' });
          } catch {
            readyz.push({ phase, status: 'no answer', redis: '' });
          }
        }
        await sleep(1000);
      }
    };
    const load = [...Array.from({ length: CLIENTS }, (_, i) => client(i)), probe()];

    const phases: [string, number, () => Promise<void>, () => Promise<void>][] = [
      ['baseline', PHASE_MS, async () => undefined, async () => undefined],
      ['redis-down', PHASE_MS, () => redis.stop(), () => redis.start()],
      ['after-redis', PHASE_MS, async () => undefined, async () => undefined],
      ['postgres-down', PG_DOWN_MS, () => proxy.cut(), () => proxy.restore()],
      ['after-postgres', PHASE_MS, async () => undefined, async () => undefined],
      ['slow-db', PHASE_MS, async () => void (proxy.delayMs = SLOW_MS), async () => void (proxy.delayMs = 0)],
      ['after-slow-db', PHASE_MS, async () => undefined, async () => undefined],
      ['mail-down', PHASE_MS, async () => void (smtp.mode = 'refuse'), async () => void (smtp.mode = 'accept')],
      ['after-mail', PHASE_MS, async () => undefined, async () => undefined],
    ];
    let mailRetrying = 0;
    for (const [label, ms, inject, heal] of phases) {
      phase = label;
      console.log(`phase ${label} (${ms / 1000} s)`);
      await inject();
      await sleep(ms);
      if (label === 'mail-down') {
        const text = await fetch(`${bases[0]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text()).catch(() => '');
        mailRetrying = Number(/^skimmer_email_outbox_retrying (\d+)/m.exec(text)?.[1] ?? 0);
      }
      await heal();
    }
    running = false;
    await Promise.all(load);
    phase = 'final retries';
    // every add still unanswered is sent again with its key, as a client would
    for (let i = 0; i < carts.length; i++) {
      for (let tries = 0; pending[i] !== null && tries < 20; tries++) {
        await addOnce(i, bases[i % 2] ?? '');
        if (pending[i] !== null) await sleep(500);
      }
    }

    // the mail of the run, after mail came back: each message delivered (the outbox retries with
    // backoff, so the failed ones wait for their next attempt: up to a minute here)
    const mailDeadline = Date.now() + 90_000;
    let unsent = Infinity;
    while (Date.now() < mailDeadline) {
      unsent = Number((await sql<{ n: string }>('SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at IS NULL'))[0]?.n ?? 0);
      if (unsent === 0) break;
      await sleep(1000);
    }

    // the audit: every acknowledged add once, nothing more
    let lost = 0;
    let doubled = 0;
    for (let i = 0; i < carts.length; i++) {
      const cart = carts[i];
      const keys = acked[i];
      if (!cart || !keys) continue;
      const units = Number((await sql<{ n: string | null }>('SELECT SUM(quantity) AS n FROM checkout_line_items WHERE checkout_id = ?', [cart.checkoutId]))[0]?.n ?? 0);
      const stored = Number((await sql<{ n: string }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE idempotency_key LIKE ? AND state = 'done'", [`bench-${i}-%`]))[0]?.n ?? 0);
      if (units < keys.size || stored < keys.size) lost += keys.size - Math.min(units, stored);
      if (units > keys.size) doubled += units - keys.size;
    }
    const ackedTotal = acked.reduce((n, s) => n + s.size, 0);

    console.log('\nphase            requests  200   429   503   5xx   no answer  p95 all  p95 cart  p95 search  p95 page  p95 sign-in  /readyz (redis)');
    let fiveHundreds = 0;
    for (const [label] of [...phases, ['final retries'] as const]) {
      const inPhase = samples.filter((s) => s.phase === label);
      const by = (pred: (s: Sample) => boolean) => inPhase.filter(pred).length;
      const p95 = (kind?: Kind) => {
        const ms = inPhase.filter((s) => kind === undefined || s.kind === kind).map((s) => s.ms);
        return ms.length === 0 ? '-' : `${Math.round(percentiles(ms).p95)} ms`;
      };
      const five = by((s) => typeof s.status === 'number' && s.status >= 500 && s.status !== 503);
      fiveHundreds += five;
      const ready = readyz.filter((r) => r.phase === label);
      const readyText = [...new Set(ready.map((r) => `${r.status}${r.redis ? ` ${r.redis}` : ''}`))].join(', ');
      console.log([
        label.padEnd(16), String(inPhase.length).padStart(8), String(by((s) => s.status === 200)).padStart(5), String(by((s) => s.status === 429)).padStart(5),
        String(by((s) => s.status === 503)).padStart(5), String(five).padStart(5), String(by((s) => s.status === 'no answer')).padStart(11),
        p95().padStart(8), p95('cart').padStart(9), p95('search').padStart(11), p95('page').padStart(9), p95('signin').padStart(12), `  ${readyText}`,
      ].join(' '));
    }
    const others = samples.filter((s) => typeof s.status === 'number' && ![200, 429, 503].includes(s.status));
    if (others.length > 0) console.log(`other statuses: ${[...new Set(others.map((s) => `${s.kind} ${s.status}`))].join(', ')}`);
    console.log(`\ncart adds acknowledged: ${ackedTotal}; lost: ${lost}; doubled: ${doubled}; still unanswered after the retries: ${pending.filter((p) => p !== null).length}`);
    console.log(`registrations acknowledged: ${registered}; emails left unsent ${Math.round((90_000 - Math.max(0, mailDeadline - Date.now())) / 1000)} s after mail came back: ${unsent}; delivered by the stand-in: ${smtp.received.length}; retrying at the end of mail-down: ${mailRetrying}`);
    console.log(`5xx other than 503: ${fiveHundreds}`);
    // what the processes logged as unexpected (the cause of any 500)
    const unexpected = servers.flatMap((sv, i) => sv.output().split('\n').filter((l) => /"level":50|"level":60/.test(l)).map((l) => `p${i} ${l.slice(0, 600)}`));
    if (unexpected.length > 0) console.log(`errors the processes logged (${unexpected.length}):\n${unexpected.slice(0, 10).join('\n')}`);
    process.exitCode = fiveHundreds > 0 || lost > 0 || doubled > 0 || unsent > 0 ? 1 : 0;
  } finally {
    running = false;
    await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));
    await direct.end().catch(() => undefined);
    await proxy.close();
    await redis.stop();
    await smtp.close();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
