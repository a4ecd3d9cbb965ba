/**
 * Nothing half-written: the import CLI (`npm run import`, the process the server also runs an
 * import in on SQLite) is killed with SIGKILL at random points while it imports a file that both
 * updates the store's products and adds thousands; each time the catalogue is exactly as it was
 * before the import (or, when the kill came after the commit, exactly as a completed import
 * leaves it). The `node` project runs it on an SQLite file, the `server-pg` project on a
 * PostgreSQL schema of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSqlite, type Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { SHOPIFY_COLUMNS } from '../../../../src/server/modules/imports/shopify.ts';
import { mulberry32 } from '../../../../src/server/platform/random/prng.ts';
import { onPostgres, TEST_DATABASE_URL } from '../../db.helpers.ts';
import { bytes, exported, rowCounts, sample } from './imports.helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'skimmer-import-crash-'));
const file = join(dir, 'big.csv');
const schemas: string[] = [];

/** The sample with every price up a dollar, then 2,000 new products of three sizes each. */
function bigFile(): string {
  const rows = parse(sample('shopify-pool-parts.csv'), { columns: true, bom: true }) as Record<string, string>[];
  for (const r of rows) if (r['Variant Price']) r['Variant Price'] = (Number(r['Variant Price']) + 1).toFixed(2);
  for (let p = 1; p <= 2000; p++) {
    for (const [v, size] of ['Small', 'Medium', 'Large'].entries()) {
      rows.push({
        Handle: `crash-test-part-${p}`,
        ...(v === 0 ? { Title: `Crash Test Part ${p}`, Vendor: 'Tidewell', Type: 'Pool Pumps', Tags: 'Part Type: Pool Pumps', Published: 'TRUE', 'Option1 Name': 'Size' } : {}),
        'Option1 Value': size,
        'Variant SKU': `CT-${p}-${v}`,
        'Variant Price': (10 + p / 100 + v).toFixed(2),
        'Variant Inventory Qty': String(p % 50),
        'Variant Grams': '500',
        'Variant Weight Unit': 'lb',
      });
    }
  }
  return stringify(rows, { header: true, columns: [...SHOPIFY_COLUMNS] });
}

interface Store {
  db: Db;
  /** DATABASE_URL and --db for the child. */
  env: Record<string, string>;
  args: string[];
}

let round = 0;

/** A store holding the Shopify sample, on its own SQLite file or PostgreSQL schema. */
async function store(): Promise<Store> {
  round++;
  let s: Store;
  if (onPostgres) {
    const { openPostgres } = await import('../../../../src/server/platform/db/postgres.ts');
    const schema = `imp_crash_${process.pid}_${round}`;
    schemas.push(schema);
    const db = await openPostgres(TEST_DATABASE_URL, { schema });
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    s = { db, env: { DATABASE_URL: url.toString() }, args: [] };
  } else {
    const path = join(dir, `store-${round}.db`);
    s = { db: openSqlite(path), env: { DATABASE_URL: '' }, args: ['--db', path] };
  }
  await migrate(s.db);
  await importCatalogue(s.db, bytes(sample('shopify-pool-parts.csv'), 4096), { format: 'shopify' });
  return s;
}

/** The catalogue's content and its tables' row counts. */
async function snapshot(db: Db): Promise<{ csv: string; counts: Awaited<ReturnType<typeof rowCounts>> }> {
  return { csv: await exported(db, 'shopify'), counts: await rowCounts(db) };
}

/** Runs the import CLI; kills it `killAfterMs` after its first progress line (undefined: lets it finish). Answers its exit. */
function importProcess(s: Store, killAfterMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/modules/imports/cli.ts', 'import', '--json', '--format', 'shopify', ...s.args, file], {
      cwd: process.cwd(),
      env: { ...process.env, ...s.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let armed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      if (killAfterMs !== undefined && !armed && text.includes('"progress"')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.stderr.on('data', (text: Buffer) => (output += text.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
}

let before: Awaited<ReturnType<typeof snapshot>>;
let after: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  writeFileSync(file, bigFile());
  // a completed import: the state a kill after the commit leaves
  const s = await store();
  before = await snapshot(s.db);
  const done = await importProcess(s);
  expect(done.code, done.output).toBe(0);
  expect(done.output).toContain('"report"');
  after = await snapshot(s.db);
  await s.db.close();
}, 240_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (onPostgres && schemas.length > 0) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

describe(`SIGKILL in the middle of an import (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  test('the completed import did change the catalogue (so before and after differ)', () => {
    expect(after.counts.products).toBe(before.counts.products + 2000);
    expect(after.csv).not.toBe(before.csv);
  });

  // random points: from the first progress line to a little past the usual end
  const rng = mulberry32(33);
  const delays = [0, ...Array.from({ length: 3 }, () => Math.floor(rng.next() * 1500))];
  test.each(delays)('killed %i ms after its first progress line, the catalogue is as before or as after, never between', async (delay) => {
    const s = await store();
    try {
      const killed = await importProcess(s, delay);
      const now = await snapshot(s.db);
      if (killed.signal === 'SIGKILL') {
        // nothing of the import may show unless all of it does
        expect([before.csv, after.csv]).toContain(now.csv);
        expect([JSON.stringify(before.counts), JSON.stringify(after.counts)]).toContain(JSON.stringify(now.counts));
      } else {
        expect(killed.code, killed.output).toBe(0);
        expect(now).toEqual(after);
      }
      // the store takes the same import afterwards, whole
      const again = await importProcess(s);
      expect(again.code, again.output).toBe(0);
      expect(await snapshot(s.db)).toEqual(after);
    } finally {
      await s.db.close();
    }
  }, 240_000);
});
