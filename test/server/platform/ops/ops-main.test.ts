/**
 * `npm start` under a load balancer (issue 16, item 5): on SIGTERM the process first answers
 * /readyz with 503 for SHUTDOWN_DRAIN_MS while still serving, then exits 0; /metrics follows
 * METRICS_TOKEN from the environment. And the operator settings refuse malformed values. A start
 * shaped as production (PostgreSQL and Redis, no NODE_ENV) is production for every dev switch.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readOpsConfig } from '../../../../src/server/platform/ops/config.ts';
import { freePort } from '../../../support/store-process.ts';
import { CRASH_PG_URL, startServer } from '../../crash.helpers.ts';
import { TEST_REDIS_URL } from '../scale/multiprocess.helpers.ts';

describe('operator settings', () => {
  test('METRICS_TOKEN and SHUTDOWN_DRAIN_MS are read, blanks fall back, malformed drains stop the start', () => {
    expect(readOpsConfig({})).toEqual({ metricsToken: null, shutdownDrainMs: 0 });
    expect(readOpsConfig({ METRICS_TOKEN: ' t0k ', SHUTDOWN_DRAIN_MS: '5000' })).toEqual({ metricsToken: 't0k', shutdownDrainMs: 5000 });
    expect(readOpsConfig({ METRICS_TOKEN: '   ', SHUTDOWN_DRAIN_MS: ' ' })).toEqual({ metricsToken: null, shutdownDrainMs: 0 });
    for (const bad of ['-1', '1e3', '1.5', 'soon', '600001']) {
      expect(() => readOpsConfig({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/^SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000/);
    }
  });
});

describe('npm start with the operator settings', () => {
  test('SIGTERM: /readyz answers 503 during the drain while requests are still served, then the process exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-drain-'));
    try {
      const server = await startServer({ dataDir, products: 40, env: { SHUTDOWN_DRAIN_MS: '5000', METRICS_TOKEN: 'drain-metrics', LOG_LEVEL: 'info' } });
      const metrics = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer drain-metrics' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^skimmer_search_index_documents 40$/m);
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      // wait until the signal is handled (the process logs it), then probe during the drain
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('"msg":"shutting down"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: 'Shutting down', checks: { shutdown: 'Shutting down', database: 'ok' } });
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.base}/api/products/filter?limit=1`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(server.output()).toContain('"drainMs":5000');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('npm start shaped as production (DATABASE_URL and REDIS_URL, no NODE_ENV)', () => {
  test('is a production store for every dev switch: MAILBOX=1 is ignored with a log line, no first owner is made, the old mailbox and the operators\' routes answer 404, no mail reaches the console', async () => {
    const { default: pg } = await import('pg');
    const name = `skimmer_prodstart_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: CRASH_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(CRASH_PG_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-prodstart-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const variable of ['NODE_ENV', 'ADMIN_TOKEN', 'SMTP_URL', 'WORKERS']) delete env[variable];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: {
        ...env,
        PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: '30', SEED: '3', LOG_LEVEL: 'info',
        DATABASE_URL: url.toString(), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `skimmer-test:${name}:`,
        SESSION_SECRET: 'production-start-session-secret', CAPTCHA_DEV_SECRET: 'production-start-captcha-secret',
        MAILBOX: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    try {
      await expect.poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? (child.exitCode === null ? 0 : -1), { timeout: 90_000, interval: 200 }).toBe(200);
      expect(out).toContain('"production":true');
      expect(out).toMatch(/"msg":"MAILBOX=1 ignored: the development mailbox is gone/);
      // no first owner on a production start: its operator runs npm run admin:create
      expect(out).not.toMatch(/No operator yet|set-password/);
      expect(out).toContain('"msg":"SMTP_URL is not set: mail stays in the outbox unsent"');
      for (const path of ['/dev/mailbox', '/api/dev/mailbox', '/api/admin/live-visitors']) expect((await fetch(`${base}${path}`)).status, path).toBe(404);
      const reset = await fetch(`${base}/api/auth/reset-password/request`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@skimmer.test' }),
      });
      expect(reset.status).toBe(200);
      // a moment for a notice that must not come (the demo store's would be logged at once)
      await new Promise((r) => setTimeout(r, 1000));
      expect(out).not.toContain('"msg":"Mail to ');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
