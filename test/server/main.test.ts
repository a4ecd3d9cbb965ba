/**
 * Start/stop of `npm start` (src/server/main.ts) as a real process: first start creates and
 * seeds the database, prints the first owner's one-time link, serves the API and the OpenAPI
 * document, SIGTERM exits 0; a second start reuses the data instead of seeding again and prints no link.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { freePort } from '../support/store-process.ts';

interface Running {
  child: ChildProcess;
  port: number;
  logs: () => string;
}

/** The caller's environment without the variables that would make the start other than `npm start`'s. */
function npmStartEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_ENV', 'MAILBOX', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'DATABASE_PATH', 'WORKERS', 'PUBLIC_URL', 'ADMIN_EMAIL']) delete env[name];
  return env;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    // as `npm start` runs on a developer's machine: no NODE_ENV, no MAILBOX, the embedded database
    env: { ...npmStartEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: '150', SEED: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/docs`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, logs: () => out };
}

const stop = (r: Running, signal: NodeJS.Signals): Promise<number | null> =>
  new Promise((resolve) => {
    r.child.once('exit', (code) => resolve(code));
    r.child.kill(signal);
  });

describe('npm start', () => {
  test('creates and seeds on first run, answers the API, exits 0 on SIGTERM; a second start reuses the data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-main-'));
    const first = await start(dataDir);
    expect(existsSync(join(dataDir, 'skimmer.db'))).toBe(true);
    const docs = (await (await fetch(`http://127.0.0.1:${first.port}/api/docs`)).json()) as { openapi: string };
    expect(docs.openapi).toMatch(/^3\./);
    const search = (await (await fetch(`http://127.0.0.1:${first.port}/api/products/filter?limit=4`)).json()) as { pageInfo: { totalObjects: number } };
    expect(search.pageInfo.totalObjects).toBe(150);
    expect(first.logs()).toContain('"msg":"database ready"');
    expect(first.logs()).toMatch(/"seeded":\{"catalogue":\{"seed":4,"products":150/);
    // not a production start (embedded database, no NODE_ENV): the dev switches may apply
    expect(first.logs()).toContain('"production":false');
    // the dev mailbox is not there; a mail is announced in the console, its link is not
    for (const path of ['/dev/mailbox', '/api/dev/mailbox']) expect((await fetch(`http://127.0.0.1:${first.port}${path}`)).status).toBe(404);
    const reset = await fetch(`http://127.0.0.1:${first.port}/api/auth/reset-password/request`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@skimmer.test' }),
    });
    expect(reset.status).toBe(200);
    await expect.poll(() => first.logs(), { timeout: 15_000 }).toContain('Mail to demo@skimmer.test: \\"Reset your Skimmer password\\" was not sent (no SMTP_URL)');
    // the one link in the console is the first owner's, printed once on this first start
    expect(first.logs().match(/token=/g)).toHaveLength(1);
    expect(first.logs()).toMatch(new RegExp(`No operator yet: this demo store made its first owner, owner@skimmer\\.test\\.\\n.*\\nhttp://localhost:${first.port}/admin/set-password\\?token=[A-Za-z0-9_-]+\\n`));
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const second = await start(dataDir);
    expect(second.logs()).toContain('"seeded":null');
    // the store has its owner now: no second link
    expect(second.logs()).not.toMatch(/No operator yet|token=/);
    const again = (await (await fetch(`http://127.0.0.1:${second.port}/api/products/filter?limit=4`)).json()) as { pageInfo: { totalObjects: number } };
    expect(again.pageInfo.totalObjects).toBe(150);
    expect(await stop(second, 'SIGINT')).toBe(0);
  }, 120_000);
});
