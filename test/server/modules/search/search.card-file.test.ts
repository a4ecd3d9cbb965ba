/**
 * The product cards on disk (search/card-file.ts): a card file gives the bytes it was written
 * with; a card store using it answers as one that reads every card from the database; a card
 * changed since the file (in the catalogue log, or applied later) is read from the database;
 * a store writes the file in the background when it has none and a second store uses it.
 */
import { existsSync, mkdtempSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { CatalogueCache } from '../../../../src/server/modules/search/cache.ts';
import { ALL_STALE_MIN, CardFile, CardFileKeeper, CardFileWriter, openCardFile } from '../../../../src/server/modules/search/card-file.ts';
import { cardFileKey, SNAPSHOT_REREAD } from '../../../../src/server/modules/search/snapshot-file.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { CatalogueLog, CatalogueLogEntry } from '../../../../src/server/platform/scale/change-feed.ts';
import { recordCatalogueChange } from '../../../../src/server/platform/scale/catalogue-log.repository.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'skimmer-card-file-'));
let files = 0;
const FIELDS = ['id', 'title', 'price'];

/** A card file of these cards (ids ascending) with `version`. */
function cardFile(cards: [number, string][], version = 5, key = 'k'): string {
  const path = join(dir, `${++files}.cards`);
  const w = new CardFileWriter(path, { key, version });
  for (const [id, text] of cards) w.add(id, text);
  expect(w.finish()).toBe(cards.length);
  return path;
}

/** A catalogue log holding `entries` (oldest kept: `oldest`). */
function logOf(entries: CatalogueLogEntry[], oldest = entries[0]?.version ?? 0): CatalogueLog {
  return {
    append: async () => 0,
    since: async (version, limit) => entries.filter((e) => e.version > version).slice(0, limit),
    latest: async () => entries[entries.length - 1]?.version ?? 0,
    oldest: async () => oldest,
  };
}

describe('a card file', () => {
  test('gives every card as written, by id; an id it lacks or a stale card is not given', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 60 }), fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { minLength: 60, maxLength: 60 }), (ids, texts) => {
      const sorted = [...ids].sort((a, b) => a - b);
      const cards = sorted.map((id, i) => [id, JSON.stringify({ id, t: texts[i] })] as [number, string]);
      const file = CardFile.open(cardFile(cards))!;
      expect(file.size).toBe(cards.length);
      for (const [id, text] of cards) {
        const at = file.find(id);
        expect(at).toBeGreaterThanOrEqual(0);
        const out = new Uint8Array(file.lengthAt(at));
        expect(file.copyAt(at, out, 0)).toBe(out.length);
        expect(Buffer.from(out).toString('utf8')).toBe(text);
      }
      expect(file.find(0)).toBe(-1);
      expect(file.find(10_001)).toBe(-1);
      if (cards.length > 0) {
        file.markStale([cards[0]![0]]);
        expect(file.find(cards[0]![0])).toBe(-1);
        expect(file.staleCount).toBe(1);
      }
    }), { numRuns: 40 });
  });

  test('refuses ids out of order, and a file cut short', () => {
    const w = new CardFileWriter(join(dir, 'order.cards'), { key: 'k', version: 1 });
    w.add(5, '{}');
    expect(() => w.add(5, '{}')).toThrow(/ascend/);
    w.abandon();
    expect(existsSync(join(dir, 'order.cards'))).toBe(false);
    const path = cardFile([[1, '{"id":1}'], [2, '{"id":2}']]);
    truncateSync(path, statSync(path).size - 8);
    expect(() => CardFile.open(path)).toThrow(/cut short|more than|add up/);
  });

  test('is worth writing again once a hundredth of its cards (at least 1,000) went stale', () => {
    const file = CardFile.open(cardFile(Array.from({ length: 2000 }, (_, i) => [i + 1, '{}'] as [number, string])))!;
    file.markStale(Array.from({ length: 999 }, (_, i) => i + 1));
    expect(file.worthRewriting).toBe(false);
    file.markStale([1000]);
    expect(file.worthRewriting).toBe(true);
    expect(file.find(1001)).toBeGreaterThanOrEqual(0);
  });

  test('gives none once a quarter of its cards (at least ALL_STALE_MIN) went stale, and keeps no set of them', () => {
    const n = 4 * ALL_STALE_MIN;
    const file = CardFile.open(cardFile(Array.from({ length: n }, (_, i) => [i + 1, '{}'] as [number, string])))!;
    file.markStale(Array.from({ length: ALL_STALE_MIN - 1 }, (_, i) => i + 1));
    expect(file.find(ALL_STALE_MIN)).toBeGreaterThanOrEqual(0);
    expect(file.staleCount).toBe(ALL_STALE_MIN - 1);
    file.markStale([ALL_STALE_MIN]);
    expect(file.staleCount).toBe(n);
    expect(file.find(n)).toBe(-1);
    expect(file.worthRewriting).toBe(true);
  });

  test("its key changes with the card's fields", () => {
    expect(cardFileKey(['id', 'title'])).toBe(cardFileKey(['id', 'title']));
    expect(cardFileKey(['id', 'title'])).not.toBe(cardFileKey(['id', 'title', 'price']));
  });

  test('is opened only for its key, with the cards of the changes since (and the few before) stale', async () => {
    const path = cardFile([[1, '{"id":1}'], [2, '{"id":2}'], [3, '{"id":3}'], [40, '{"id":40}']], 30);
    const entries = [{ version: 30 - SNAPSHOT_REREAD - 1, ids: [1] }, { version: 30 - SNAPSHOT_REREAD + 1, ids: [2] }, { version: 31, ids: [3] }];
    const opened = await openCardFile(path, 'k', logOf(entries));
    expect(opened.file).not.toBeNull();
    const file = opened.file!;
    expect([1, 2, 3, 40].map((id) => file.find(id) >= 0)).toEqual([true, false, false, true]);
    expect(await openCardFile(path, 'other', logOf(entries))).toEqual({ file: null, reason: 'written by other code' });
    // the log trimmed past its version: what changed since is unknown
    expect((await openCardFile(path, 'k', logOf([{ version: 40, ids: [1] }], 35))).file).toBeNull();
    expect((await openCardFile(join(dir, 'none.cards'), 'k', logOf([]))).file).toBeNull();
  });
});

describe('a card store with a card file', () => {
  const values = (id: number): unknown[] => [id, `Product ${id}`, id * 1.5];
  const loader = (calls: number[][]) => (ids: readonly number[]) => {
    calls.push([...ids]);
    return new Map(ids.filter((id) => id <= 100).map((id) => [id, values(id)] as const));
  };

  test('answers as a store reading the database, reading only what the file lacks or holds stale', () => {
    const plain = new CatalogueCache(FIELDS, loader([]), { cards: false });
    const calls: number[][] = [];
    const cache = new CatalogueCache(FIELDS, loader(calls));
    const path = join(dir, 'store.cards');
    const w = new CardFileWriter(path, { key: 'k', version: 1 });
    for (let id = 1; id <= 80; id++) w.add(id, cache.cardText(values(id)));
    w.finish();
    cache.useCardFile(CardFile.open(path));
    // ids past the file's are read (81 to 100 exist, 101 does not)
    expect(cache.cardsJson([85, 101]).count).toBe(1);
    expect(calls).toEqual([[85, 101]]);
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 110 }), { maxLength: 40 }), (ids) => {
      expect(cache.cardsJson(ids).json.toString()).toBe(plain.cardsJson(ids).json.toString());
    }), { numRuns: 200 });
    calls.length = 0;
    expect(cache.cardsJson([3, 3, 7]).count).toBe(2);
    expect(calls).toEqual([]);
    expect(cache.stats.cardFileHits).toBeGreaterThan(0);
    // a change: the card is read from the database (once, then held)
    cache.forgetCards([7]);
    cache.cardsJson([3, 7]);
    expect(calls).toEqual([[7]]);
    cache.cardsJson([7]);
    expect(calls).toEqual([[7]]);
  });
});

describe('the card file keeper', () => {
  /** A card store whose loader records its calls, and a card file of products 1 to 3 at `version` 8. */
  function readingStore(name: string) {
    const path = join(dir, name);
    const calls: number[][] = [];
    const cache = new CatalogueCache(FIELDS, (ids) => {
      calls.push([...ids]);
      return new Map(ids.map((id) => [id, [id, `Product ${id}`, 1]] as const));
    });
    const writeFile = (): void => {
      const w = new CardFileWriter(path, { key: 'k', version: 8 });
      for (const id of [1, 2, 3]) w.add(id, cache.cardText([id, `Product ${id}`, 1]));
      w.finish();
    };
    /** A keeper that only reads the file. */
    const keeper = (log: CatalogueLog): CardFileKeeper => new CardFileKeeper({
      path, key: 'k', log, cache, batches: async function* () { /* never called: it only reads */ }, load: () => new Map(),
      version: async () => 8, write: false, logger: { info: () => undefined, error: () => undefined },
    });
    return { calls, cache, writeFile, keeper };
  }

  test('a store that only reads the file takes it once it appears, and a change since marks its cards stale', async () => {
    const { calls, cache, writeFile, keeper: reader } = readingStore('adopt.cards');
    const keeper = reader(logOf([{ version: 9, ids: [2] }], 1));
    expect(await keeper.adopt()).toBe(false);
    expect(cache.cardFile).toBeNull();
    writeFile();
    expect(await keeper.adopt()).toBe(true);
    expect(cache.cardFile?.size).toBe(3);
    cache.cardsJson([1, 2, 3]);
    expect(calls).toEqual([[2]]);
    await keeper.close();
  });

  test('a change applied while the file is being opened is stale in it', async () => {
    const { calls, cache, writeFile, keeper: reader } = readingStore('meanwhile.cards');
    writeFile();
    let keeper: CardFileKeeper | null = null;
    const log = logOf([{ version: 8, ids: [] }], 1);
    // while the log is read, the store applies a change to product 3 (not yet in the file's use)
    const since = log.since;
    log.since = async (version, limit) => {
      keeper!.changed([3]);
      cache.forgetCards([3]);
      return since(version, limit);
    };
    keeper = reader(log);
    expect(await keeper.open()).toBe(true);
    cache.cardsJson([1, 2, 3]);
    expect(calls).toEqual([[3]]);
    await keeper.close();
  });
});

describe('a store with a card file', () => {
  let db: Db;
  const apps: FastifyInstance[] = [];
  const storeDir = mkdtempSync(join(tmpdir(), 'skimmer-card-file-app-'));
  const path = join(storeDir, 'store.search');
  beforeAll(async () => {
    db = await seededDb(200, 37);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (): Promise<FastifyInstance> => {
    const app = await buildApp({ db, dataDir: storeDir, webDir: join(storeDir, 'no-web'), searchSnapshot: { path } });
    apps.push(app);
    return app;
  };
  const titles = async (app: FastifyInstance, ids: number[]): Promise<string[]> => {
    const res = await app.inject({ url: `/api/products/byIds?ids=${ids.join(',')}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { products: { title: string }[] }).products.map((p) => p.title);
  };
  const cardsOf = async (app: FastifyInstance): Promise<string> => (await app.inject({ url: '/api/products/filter?limit=100' })).body;

  test('with PostgreSQL there is none: every card is held in memory', async () => {
    if (db.dialect.name !== 'postgres') return;
    const app = await start();
    await new Promise((r) => setTimeout(r, 200));
    expect(app.catalogue.cache.cardFile).toBeNull();
    expect(existsSync(`${path}.cards`)).toBe(false);
  });

  test('a first start writes it in the background and then gives its cards; a second start uses it at once', async () => {
    if (db.dialect.name === 'postgres') return;
    const first = await start();
    await vi.waitFor(() => expect(first.catalogue.cache.cardFile).not.toBeNull(), { timeout: 20_000 });
    expect(existsSync(`${path}.cards`)).toBe(true);
    const second = await start();
    const file = second.catalogue.cache.cardFile;
    expect(file?.size).toBe(200);
    expect(file?.staleCount).toBe(0);
    const before = second.catalogue.cache.stats.cardFileHits;
    const plain = await cardsOf(second);
    expect(second.catalogue.cache.stats.cardFileHits).toBeGreaterThan(before);
    // the same bytes as a store reading every card from the database
    const reading = await buildApp({ db, dataDir: storeDir, webDir: join(storeDir, 'no-web'), catalogueCache: { cards: false } });
    apps.push(reading);
    expect(plain).toBe(await cardsOf(reading));
  });

  test('a change applied by the store, or logged before a start, shows its new card', async () => {
    if (db.dialect.name === 'postgres') return;
    const app = apps[1]!;
    const [a, b] = [(await db.get<{ id: number }>('SELECT MIN(id) AS id FROM products'))!.id, (await db.get<{ id: number }>('SELECT MAX(id) AS id FROM products'))!.id];
    // as the store writes: the change logged in the write's transaction, then applied
    const change = await db.transaction(async (tx) => {
      await tx.run('UPDATE products SET title = ? WHERE id = ?', ['Retitled by the store', a]);
      return recordCatalogueChange(tx, [a]);
    });
    await app.catalogue.reindex(change.ids, change.version);
    expect((await titles(app, [a]))[0]).toBe('Retitled by the store');
    // written by another process: in the log only, before this start
    await db.transaction(async (tx) => {
      await tx.run('UPDATE products SET title = ? WHERE id = ?', ['Retitled elsewhere', b]);
      await recordCatalogueChange(tx, [b]);
    });
    const next = await start();
    expect(next.catalogue.cache.cardFile).not.toBeNull();
    expect(await titles(next, [a, b])).toEqual(['Retitled by the store', 'Retitled elsewhere']);
  });
});
