/**
 * The first owner of a fresh demo store (main.ts, first-owner.ts): the first start of a store
 * without operators makes an owner and prints its one-time set-password link; a second start
 * prints nothing; a production-shaped start never makes one. The printed link works (the owner
 * sets a password and signs in). On both databases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { firstOwnerAtStart, firstOwnerEmail } from '../../../../src/server/modules/admin/first-owner.ts';
import { TEST_SCRYPT } from '../accounts/account.helpers.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';

const PUBLIC_URL = 'http://localhost:3000';

async function operatorCount(db: Awaited<ReturnType<typeof commerceDb>>): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM operators'))?.n ?? 0);
}

describe('the first owner at first start', () => {
  test('a fresh demo store prints one link across two starts, and the link sets the owner\'s password', async () => {
    const db = await commerceDb(20);
    const printed: string[] = [];
    const print = (text: string) => void printed.push(text);
    const first = await firstOwnerAtStart({ db, env: {}, publicUrl: PUBLIC_URL, print });
    const second = await firstOwnerAtStart({ db, env: {}, publicUrl: PUBLIC_URL, print });
    expect(first?.email).toBe('owner@skimmer.test');
    expect(second).toBeNull();
    expect(printed).toHaveLength(1);
    const links = printed.join('\n').match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual([first!.link]);
    expect(first!.link).toMatch(/^http:\/\/localhost:3000\/admin\/set-password\?token=[A-Za-z0-9_-]{16,64}$/);
    expect(printed[0]).toContain('owner@skimmer.test');
    expect(await operatorCount(db)).toBe(1);
    expect(await db.get('SELECT role, password_hash FROM operators')).toEqual({ role: 'owner', password_hash: null });

    // the link works once: the owner sets a password and signs in
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-first-owner-'));
    const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), operators: { token: null, allowedHosts: [], allowedOrigins: [] } });
    app.accounts.scrypt = TEST_SCRYPT;
    try {
      const token = new URL(first!.link).searchParams.get('token')!;
      const json = { 'content-type': 'application/json' };
      const set = await app.inject({ method: 'POST', url: '/api/admin/password', headers: json, payload: { token, password: 'first owner of the pool store' } });
      expect(set.statusCode, set.body).toBe(200);
      const again = await app.inject({ method: 'POST', url: '/api/admin/password', headers: json, payload: { token, password: 'someone else entirely 42' } });
      expect(again.statusCode).toBe(400);
      const signIn = await app.inject({ method: 'POST', url: '/api/admin/session', headers: json, payload: { email: 'owner@skimmer.test', password: 'first owner of the pool store' } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json().operator).toMatchObject({ role: 'owner', email: 'owner@skimmer.test' });
    } finally {
      await app.close();
    }
  });

  test.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['DATABASE_URL set', { DATABASE_URL: 'postgres://db.internal/shop' }],
    ['REDIS_URL set, NODE_ENV=development', { REDIS_URL: 'redis://cache.internal:6379', NODE_ENV: 'development' }],
  ])('a production-shaped start (%s) makes no operator and prints nothing', async (_name, env) => {
    const db = await commerceDb(20);
    const printed: string[] = [];
    for (let i = 0; i < 2; i++) expect(await firstOwnerAtStart({ db, env, publicUrl: PUBLIC_URL, print: (t) => void printed.push(t) })).toBeNull();
    expect(printed).toEqual([]);
    expect(await operatorCount(db)).toBe(0);
  });

  test('a store that already has an operator prints nothing', async () => {
    const db = await commerceDb(20);
    await db.run("INSERT INTO operators (email, name, role, created_at, updated_at) VALUES ('staff@pools.example', 'Sam', 'staff', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')");
    const printed: string[] = [];
    expect(await firstOwnerAtStart({ db, env: {}, publicUrl: PUBLIC_URL, print: (t) => void printed.push(t) })).toBeNull();
    expect(printed).toEqual([]);
    expect(await operatorCount(db)).toBe(1);
  });

  test('ADMIN_EMAIL names the owner; a bad one makes nobody and says so', async () => {
    const db = await commerceDb(20);
    const printed: string[] = [];
    const print = (t: string) => void printed.push(t);
    expect(await firstOwnerAtStart({ db, env: { ADMIN_EMAIL: 'not an email' }, publicUrl: PUBLIC_URL, print })).toBeNull();
    expect(printed.join('\n')).toMatch(/ADMIN_EMAIL \(not an email\) is not an email address/);
    expect(await operatorCount(db)).toBe(0);
    const made = await firstOwnerAtStart({ db, env: { ADMIN_EMAIL: ' Boss@Pools.Example ' }, publicUrl: PUBLIC_URL, print });
    expect(made?.email).toBe('boss@pools.example');
  });

  test.each([
    [{}, 'http://localhost:3000', 'owner@skimmer.test'],
    [{}, 'http://127.0.0.1:3000', 'owner@skimmer.test'],
    [{}, 'http://[::1]:3000', 'owner@skimmer.test'],
    [{}, 'https://www.pools.example', 'owner@pools.example'],
    [{}, 'https://shop.pools.example:8443/', 'owner@shop.pools.example'],
    [{}, 'not a url', 'owner@skimmer.test'],
    [{ ADMIN_EMAIL: 'me@pools.example' }, 'https://shop.example', 'me@pools.example'],
  ])('the owner\'s email with %j and PUBLIC_URL %s is %s', (env, url, email) => {
    expect(firstOwnerEmail(env, url)).toBe(email);
  });
});
