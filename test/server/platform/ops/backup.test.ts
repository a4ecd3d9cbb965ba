/**
 * Backup and restore (issue 16, item 5): `npm run backup` copies the database of a running
 * store while shoppers write to it, the copy restores into a new data folder, and a store
 * started on the restored file answers the data written before the backup began; a restore
 * onto the database of a running store is refused and changes nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../../../src/server/modules/accounts/session.ts';
import { startServer, stopServer, type ServerProcess } from '../../crash.helpers.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'skimmer-backup-'));
  dirs.push(d);
  return d;
};
afterAll(async () => {
  for (const s of servers) await stopServer(s, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs one of the ops CLIs the way `npm run` does (tsx), answering its exit code and output. */
function cli(script: 'backup-cli.ts' | 'restore-cli.ts', args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('src/server/platform/ops', script), ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Add {
  key: string;
  level: number;
  quantity: number;
  ackedAt: number;
}

describe('npm run backup / npm run restore', () => {
  test('a backup taken during writes restores into a working store holding every write acknowledged before it began', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir, products: 60 });
    servers.push(server);
    const start = await fetch(`${server.base}/api/checkouts`);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');
    const peek = new BetterSqlite3(join(dataDir, 'skimmer.db'), { readonly: true });
    const levels = (peek.prepare(
      'SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND (bypass_negative_quantity = 1 OR quantity >= 50) ORDER BY bypass_negative_quantity DESC, quantity DESC LIMIT 5',
    ).all() as { id: number }[]).map((r) => r.id);
    peek.close();
    expect(levels.length).toBe(5);

    // a shopper keeps adding to five lines (a fresh key each) until told to stop
    const adds: Add[] = [];
    let writing = true;
    let seq = 0;
    const writer = (async () => {
      while (writing) {
        const key = `backup-${seq++}`;
        const level = levels[seq % levels.length] ?? 0;
        const res = await fetch(`${server.base}/api/checkouts/lineItems`, {
          method: 'POST', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ inventoryLevelId: level, quantity: 1 }),
        });
        if (res.ok) adds.push({ key, level, quantity: 1, ackedAt: Date.now() });
        await res.arrayBuffer();
      }
    })();
    while (adds.length < 20) await new Promise((r) => setTimeout(r, 10));

    const out = join(tempDir(), 'skimmer-backup.db');
    const backupStarted = Date.now();
    const ackedBefore = adds.filter((a) => a.ackedAt < backupStarted);
    const backup = await cli('backup-cli.ts', ['--out', out, '--db', join(dataDir, 'skimmer.db')]);
    const ackedDuring = adds.length - ackedBefore.length;
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const summary = JSON.parse(backup.stdout) as { backup: string; integrity: string; migrations: number[]; counts: { products: number }; bytes: number };
    expect(summary).toMatchObject({ backup: 'ok', integrity: 'ok', counts: { products: 60 } });
    expect(summary.migrations.length).toBeGreaterThanOrEqual(4);
    // the store kept answering writes while the backup ran
    expect(ackedDuring).toBeGreaterThan(0);
    // one self-contained file: nothing beside it
    expect(existsSync(`${out}-wal`)).toBe(false);

    // a second backup to the same name is refused without --force
    const again = await cli('backup-cli.ts', ['--out', out, '--db', join(dataDir, 'skimmer.db')]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; choose another name or pass --force/);

    // restoring onto the running store's database is refused and leaves it alone
    const live = join(dataDir, 'skimmer.db');
    const liveBefore = readFileSync(live);
    const refused = await cli('restore-cli.ts', [out, '--db', live]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/is in use \(a store is running on it\?\)/);
    expect(readFileSync(live).equals(liveBefore)).toBe(true);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(await stopServer(server, 'SIGTERM')).toBe(0);

    // restore into a new data folder (an old database there is kept aside) and start a store on it
    const restoredDir = tempDir();
    const target = join(restoredDir, 'skimmer.db');
    writeFileSync(target, 'not the store');
    const restore = await cli('restore-cli.ts', [out, '--db', target]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(JSON.parse(restore.stdout)).toMatchObject({ restore: 'ok', integrity: 'ok', previous: `${target}.before-restore` });
    expect(readFileSync(`${target}.before-restore`, 'utf8')).toBe('not the store');

    const restored = await startServer({ dataDir: restoredDir, products: 60 });
    servers.push(restored);
    expect((await fetch(`${restored.base}/readyz`)).status).toBe(200);
    const filter = (await (await fetch(`${restored.base}/api/products/filter?limit=1`)).json()) as { pageInfo: { totalObjects: number } };
    expect(filter.pageInfo.totalObjects).toBe(60);
    // the shopper's session and cart came back: every add acknowledged before the backup began is in it
    const cart = (await (await fetch(`${restored.base}/api/checkouts`, { headers: { cookie } })).json()) as { checkout: { LineItems: { inventoryLevelId: number; currentQuantity: number }[] } };
    const inCart = new Map(cart.checkout.LineItems.map((l) => [l.inventoryLevelId, l.currentQuantity]));
    const total = [...inCart.values()].reduce((a, b) => a + b, 0);
    for (const level of new Set(ackedBefore.map((a) => a.level))) {
      expect(inCart.get(level) ?? 0).toBeGreaterThanOrEqual(ackedBefore.filter((a) => a.level === level).length);
    }
    expect(total).toBeGreaterThanOrEqual(ackedBefore.length);
    expect(total).toBeLessThanOrEqual(adds.length);
    // and their Idempotency-Keys with them: retrying one replays its stored answer instead of adding again
    const first = ackedBefore[0];
    if (!first) throw new Error('no add before the backup');
    const replay = await fetch(`${restored.base}/api/checkouts/lineItems`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': first.key }, body: JSON.stringify({ inventoryLevelId: first.level, quantity: 1 }),
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await stopServer(restored, 'SIGTERM')).toBe(0);
  }, 120_000);

  test('usage errors exit 2 with the usage line; a missing database exits 1', async () => {
    const noOut = await cli('backup-cli.ts', []);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out FILE is required/);
    const noFile = await cli('restore-cli.ts', []);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/Usage: npm run restore -- FILE/);
    const dir = tempDir();
    const missing = await cli('backup-cli.ts', ['--out', join(dir, 'x.db'), '--db', join(dir, 'none.db')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No database at/);
    const notStore = join(dir, 'junk.db');
    writeFileSync(notStore, '');
    const junk = await cli('restore-cli.ts', [notStore, '--db', join(dir, 'target.db')]);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/not a Skimmer database/);
    expect(existsSync(join(dir, 'target.db'))).toBe(false);
  }, 60_000);
});
