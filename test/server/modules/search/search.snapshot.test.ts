/**
 * The search index's snapshot on disk (search/snapshot-file.ts): a store started on it answers as
 * a store built from the database does, catches up with the changes logged since it was written,
 * and builds (and writes) the index again whenever the snapshot is not current: no file, a cut
 * file, other collections, a product the log never told of.
 */
import { mkdtempSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { loadFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { SnapshotReader, SnapshotWriter, snapshotMappingAvailable } from '../../../../src/server/modules/search/fast/snapshot.ts';
import { SelectionPrints } from '../../../../src/server/modules/search/prints.ts';
import { openSearchSnapshot } from '../../../../src/server/modules/search/snapshot-file.ts';
import { loadSearchSynonyms } from '../../../../src/server/modules/search/synonyms.repository.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { recordCatalogueChange } from '../../../../src/server/platform/scale/catalogue-log.repository.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

let db: Db;
let dir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await seededDb(400, 31);
  dir = mkdtempSync(join(tmpdir(), 'skimmer-snapshot-app-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** An app over the test database with the snapshot at `path`. */
async function start(path: string, write = true): Promise<FastifyInstance> {
  const app = await buildApp({ db, dataDir: dir, webDir: join(dir, 'no-web'), searchSnapshot: { path, write } });
  apps.push(app);
  return app;
}

/** The id stamped on the snapshot's prints, new at every write. */
function writeId(path: string): string {
  const r = new SnapshotReader(`${path}.prints`);
  try {
    return r.json<{ id: string }>().id;
  } finally {
    r.close();
  }
}

/** A database whose only answer is its count of products. */
function countingDb(n: number): Db {
  return { get: async () => ({ n }) } as unknown as Db;
}

const QUERIES = [
  '/api/products/filter?q=pump&limit=24',
  '/api/products/filter?q=filter%20cartridge&limit=24&sortBy=price_asc',
  '/api/products/filter?q=heatr&limit=12',
  '/api/products/filter?limit=24&sortBy=title_asc&page=2',
  '/api/products/filter?q=valve&limit=24&sortBy=best_selling',
  '/api/products/filter?q=chlorine%20under%20%2450&limit=24',
];

async function answers(app: FastifyInstance): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const url of QUERIES) {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    out.push(res.json());
  }
  return out;
}

/** A catalogue write as the store makes one (the change and its log version in one transaction), not told to any app. */
async function retitle(id: number, title: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run('UPDATE products SET title = ? WHERE id = ?', [title, id]);
    await recordCatalogueChange(tx, [id]);
  });
}

describe('the search index snapshot', () => {
  test('a first start writes it; a second start reads it and answers as a store built from the database', async () => {
    const path = join(dir, 'a.search');
    const built = await start(path);
    const first = writeId(path);
    const loaded = await start(path);
    // read, not written again
    expect(writeId(path)).toBe(first);
    expect(await answers(loaded)).toEqual(await answers(built));
    expect(loaded.catalogue.index.size).toBe(built.catalogue.index.size);
  });

  test('a start catches up with the changes the catalogue log holds since the snapshot', async () => {
    const path = join(dir, 'b.search');
    await start(path);
    const id = Number((await db.get<{ id: number }>('SELECT MIN(id) AS id FROM products'))?.id);
    const old = String((await db.get<{ title: string }>('SELECT title FROM products WHERE id = ?', [id]))?.title);
    await retitle(id, 'Zyxwvut Skimmer Basket');
    try {
      const first = writeId(path);
      const loaded = await start(path);
      expect(writeId(path)).toBe(first);
      const res = await loaded.inject({ url: '/api/products/filter?q=zyxwvut&limit=5' });
      expect(res.json().products.map((p: { id: number }) => p.id)).toEqual([id]);
      const fresh = await buildApp({ db, dataDir: dir, webDir: join(dir, 'no-web') });
      apps.push(fresh);
      expect(await answers(loaded)).toEqual(await answers(fresh));
    } finally {
      await retitle(id, old);
    }
  });

  test('is built again when it is cut short, for other collections, or a product came without a log entry', async () => {
    const path = join(dir, 'c.search');
    await start(path);
    let id = writeId(path);

    truncateSync(path, statSync(path).size >> 1);
    await start(path);
    expect(writeId(path)).not.toBe(id);
    id = writeId(path);

    writeFileSync(path, 'not a snapshot');
    await start(path);
    expect(writeId(path)).not.toBe(id);
    id = writeId(path);

    const collection = await db.get<{ id: number; title: string }>('SELECT id, title FROM collections ORDER BY id LIMIT 1');
    await db.run('UPDATE collections SET title = ? WHERE id = ?', [`${collection!.title} Renamed`, collection!.id]);
    try {
      await start(path);
      expect(writeId(path)).not.toBe(id);
      id = writeId(path);
    } finally {
      await db.run('UPDATE collections SET title = ? WHERE id = ?', [collection!.title, collection!.id]);
    }
  });

  test('is not used when, after catching up, it holds another count of products than the database', async () => {
    const path = join(dir, 'a.search');
    const options = { synonyms: await loadSearchSynonyms(db) };
    const { meta } = loadFastSearchIndex(path, options);
    const key = String(meta.key);
    // a log at the snapshot's version: nothing to read again
    const version = Number(meta.version);
    const args = {
      log: { latest: async () => version, oldest: async () => 0, since: async () => [], append: async () => 0 },
      options, prints: new SelectionPrints(), extraPartNumbers: () => [], readDocs: async () => [],
    };
    const count = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n);
    const same = await openSearchSnapshot({ path, key }, { ...args, db: countingDb(count) });
    expect(same.index?.size).toBe(count);
    const other = await openSearchSnapshot({ path, key }, { ...args, db: countingDb(count + 1) });
    expect(other.index).toBeNull();
    expect(other.index === null && other.reason).toContain(`the database ${count + 1}`);
  });

  test('a store that only reads it (a cluster\'s other workers) never writes it', async () => {
    const path = join(dir, 'd.search');
    await start(path, false);
    expect(() => statSync(path)).toThrow();
  });
});

describe('the snapshot file mapped', () => {
  /** A small file of every kind of section. */
  function written(): string {
    const path = join(dir, 'kinds.snap');
    const w = new SnapshotWriter();
    w.json({ a: 1 });
    w.u8(new Uint8Array([7, 8, 9]));
    w.u32(new Uint32Array([1, 2, 4_000_000_000]));
    w.i32(new Int32Array([-5, 6]));
    w.f64(new Float64Array([1.5, -2.25, 1e300]));
    w.strings(['pump', 'pump', 'filter', 'é']);
    w.writeFile(path);
    return path;
  }

  /** Every section of `written`'s file, read with `map`. */
  function readAll(path: string, map: boolean) {
    const r = new SnapshotReader(path, { map });
    const out = { mapped: r.isMapped, json: r.json(), u8: r.u8(), u32: r.u32(), i32: r.i32(), f64: r.f64(), strings: r.strings() };
    r.end();
    return out;
  }

  test('the mmap binding is installed here, so the store maps its snapshot', () => {
    expect(snapshotMappingAvailable()).toBe(true);
  });

  test('mapped, every section reads as read into memory; a write to a mapped array stays in this process', () => {
    const path = written();
    const mapped = readAll(path, true);
    const read = readAll(path, false);
    expect(mapped.mapped).toBe(true);
    expect(read.mapped).toBe(false);
    expect({ ...mapped, mapped: null }).toEqual({ ...read, mapped: null });
    expect([...mapped.u32]).toEqual([1, 2, 4_000_000_000]);
    expect(mapped.strings).toEqual(['pump', 'pump', 'filter', 'é']);
    // private mapping: the page is copied on write; the file (and another process's view) keeps its bytes
    mapped.u32[1] = 99;
    mapped.f64[0] = 0;
    expect(mapped.u32[1]).toBe(99);
    const again = readAll(path, true);
    expect([...again.u32]).toEqual([1, 2, 4_000_000_000]);
    expect(again.f64[0]).toBe(1.5);
  });

  test('a mapped file cut short is refused as one read into memory is', () => {
    const path = written();
    truncateSync(path, statSync(path).size - 8);
    expect(() => readAll(path, true)).toThrow(/cut short|more than/);
  });
});
