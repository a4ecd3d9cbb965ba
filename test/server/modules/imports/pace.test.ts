/**
 * An import in the store's own process gives the event loop turns: a big CSV handed over in one
 * piece is parsed and imported with other work running in between (a request would be answered
 * there), where csv-parse alone reads a whole chunk in one go and an SQLite import never waits;
 * and the store takes an import's committed change (app.catalogue.reindex) a slice of APPLY_SLICE
 * products at a time, answering searches between the slices.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { APPLY_SLICE, buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import type { ApplyChange, ChangeFeed } from '../../../../src/server/platform/scale/change-feed.ts';
import { createSearchIndex } from '../../../../src/server/modules/search/index.ts';
import type { SearchDocument } from '../../../../src/server/modules/search/types.ts';
import { PARSE_PIECE_CHARS, readCsv } from '../../../../src/server/platform/csv/reader.ts';
import { SLICE_MS, pace, restBetweenStretches, turn } from '../../../../src/server/platform/csv/pace.ts';
import { CHANGE_BURST_MS, restingPace } from '../../../../src/server/modules/imports/pace.ts';
import { importCatalogue } from '../../../../src/server/modules/imports/service.ts';
import { emptyStore } from './imports.helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

/** A Shopify CSV of `n` products (numbered from `from`), as one string. */
function catalogue(n: number, from = 0): string {
  const lines = ['Handle,Title,Body (HTML),Variant SKU,Variant Price'];
  for (let i = from; i < from + n; i++) lines.push(`part-${i},Part ${i},"<p>A part for pools, ${'and spas '.repeat(8)}</p>",P-${i},${(5 + (i % 90)).toFixed(2)}`);
  return lines.join('\n') + '\n';
}

/** Counts the turns the event loop takes while `work` runs (a timer armed again at each turn). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const timer = setInterval(() => {
    if (running) turns++;
  }, 1);
  try {
    await work();
  } finally {
    running = false;
    clearInterval(timer);
  }
  return turns;
}

let db: Db;
beforeAll(async () => {
  db = await emptyStore();
});
afterAll(async () => {
  await db?.close();
});

test('reading a big CSV handed over in one chunk lets timers run between its pieces', async () => {
  const text = catalogue(20_000);
  expect(text.length).toBeGreaterThan(50 * PARSE_PIECE_CHARS);
  let rows = 0;
  const turns = await turnsDuring(async () => {
    for await (const row of readCsv([text], () => undefined)) if (row.get('Handle')) rows++;
  });
  expect(rows).toBe(20_000);
  expect(turns).toBeGreaterThan(0);
});

test('an import of a few thousand products in this process lets timers run while it works', async () => {
  const turns = await turnsDuring(async () => {
    const report = await importCatalogue(db, [catalogue(3_000)], { format: 'shopify' });
    expect(report.totals).toMatchObject({ created: 3_000, rejected: 0 });
  });
  expect(turns).toBeGreaterThan(0);
});

test(`the store takes a large change ${APPLY_SLICE} products at a time, answering searches between the slices`, async () => {
  const store = await emptyStore();
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-pace-'));
  const app = await buildApp({ db: store, dataDir: dir, webDir: join(dir, 'no-web') });
  try {
    const report = await importCatalogue(store, [catalogue(20 * APPLY_SLICE)], { format: 'shopify' });
    expect(report.changedIds).toHaveLength(20 * APPLY_SLICE);
    // searches sent while the store takes the change are answered before it has taken all of it
    let reindexed = false;
    const answeredDuring: boolean[] = [];
    const reindex = app.catalogue.reindex(report.changedIds, report.version!).then(() => void (reindexed = true));
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/api/products/filter?q=part' });
      expect(res.statusCode).toBe(200);
      answeredDuring.push(!reindexed);
    }
    await reindex;
    expect(answeredDuring).toContain(true);
    // and once it has, every product is found
    const all = await app.inject({ url: '/api/products/filter?q=part' });
    expect(all.json<{ pageInfo: { totalObjects: number } }>().pageInfo.totalObjects).toBe(20 * APPLY_SLICE);
  } finally {
    await app.close();
    await store.close();
  }
});

test('while the store takes a large change, the answers of before it are given whole, and the new ones once it is in', async () => {
  const store = await emptyStore();
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-pace-'));
  const app = await buildApp({ db: store, dataDir: dir, webDir: join(dir, 'no-web') });
  const totalOf = async (): Promise<number> => {
    const res = await app.inject({ url: '/api/products/filter?q=part' });
    expect(res.statusCode).toBe(200);
    return res.json<{ pageInfo: { totalObjects: number } }>().pageInfo.totalObjects;
  };
  try {
    const before = await importCatalogue(store, [catalogue(30)], { format: 'shopify' });
    await app.catalogue.reindex(before.changedIds, before.version!);
    expect(await totalOf()).toBe(30);
    const report = await importCatalogue(store, [catalogue(20 * APPLY_SLICE, 30)], { format: 'shopify' });
    let reindexed = false;
    const during: number[] = [];
    const reindex = app.catalogue.reindex(report.changedIds, report.version!).then(() => void (reindexed = true));
    while (!reindexed && during.length < 8) {
      const total = await totalOf();
      if (!reindexed) during.push(total);
    }
    await reindex;
    // no answer shows part of the change
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during)).toEqual(new Set([30]));
    const misses = app.catalogue.cache.stats.responseMisses;
    expect(await totalOf()).toBe(30 + 20 * APPLY_SLICE);
    // the popular answer was worked out again over the change before it was put in: the first
    // shopper after the change finds it ready
    expect(app.catalogue.cache.stats.responseMisses).toBe(misses);
  } finally {
    await app.close();
    await store.close();
  }
});

test('a small change is shown by the next answer', async () => {
  const store = await emptyStore();
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-pace-'));
  const app = await buildApp({ db: store, dataDir: dir, webDir: join(dir, 'no-web') });
  try {
    const first = await importCatalogue(store, [catalogue(APPLY_SLICE)], { format: 'shopify' });
    await app.catalogue.reindex(first.changedIds, first.version!);
    const total = async (): Promise<number> => (await app.inject({ url: '/api/products/filter?q=part' })).json<{ pageInfo: { totalObjects: number } }>().pageInfo.totalObjects;
    expect(await total()).toBe(APPLY_SLICE);
    const more = await importCatalogue(store, [catalogue(1, APPLY_SLICE)], { format: 'shopify' });
    await app.catalogue.reindex(more.changedIds, more.version!);
    expect(await total()).toBe(APPLY_SLICE + 1);
  } finally {
    await app.close();
    await store.close();
  }
});

test("a large change of another process's making, which the feed's catch-up takes from the log, is applied here once", async () => {
  const store = await emptyStore();
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-pace-'));
  // the index counts the documents written to it
  const index = createSearchIndex([]);
  const written: number[] = [];
  const upsert = index.upsert.bind(index);
  index.upsert = (doc: SearchDocument) => {
    written.push(doc.id);
    upsert(doc);
  };
  // a feed whose catch-up reads the change from the log (as redisFeed's poll does once another process committed it)
  // (one catch-up at a time: a call during one waits for it)
  let log: { version: number; ids: number[] } | null = null;
  let applied = 0;
  let running: Promise<void> | null = null;
  let catchUp: (() => Promise<void>) | null = null;
  const feed = (apply: ApplyChange): Promise<ChangeFeed> => Promise.resolve({
    catchUp() {
      running ??= (async () => {
        if (log !== null && log.version > applied) {
          await apply(log.ids);
          applied = log.version;
        }
      })().finally(() => (running = null));
      return running;
    },
    publish: async () => undefined,
    get applied() {
      return applied;
    },
    close: async () => undefined,
  }).then((made) => {
    catchUp = () => made.catchUp();
    return made;
  });
  const app = await buildApp({ db: store, dataDir: dir, webDir: join(dir, 'no-web'), searchIndex: index, catalogueFeed: feed });
  try {
    const report = await importCatalogue(store, [catalogue(3 * APPLY_SLICE)], { format: 'shopify' });
    log = { version: report.version!, ids: report.changedIds };
    // the feed's poll finds the commit first, then the import job hands the change over
    const polled = catchUp!();
    await app.catalogue.reindex(report.changedIds, report.version!);
    await polled;
    expect(written.sort((a, b) => a - b)).toEqual([...report.changedIds].sort((a, b) => a - b));
    const res = await app.inject({ url: '/api/products/filter?q=part' });
    expect(res.json<{ pageInfo: { totalObjects: number } }>().pageInfo.totalObjects).toBe(3 * APPLY_SLICE);
  } finally {
    await app.close();
    await store.close();
  }
});

test(`a large change rests as long as it worked once it has worked ${CHANGE_BURST_MS} ms, and only takes a turn before`, async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] });
  try {
    const pace = restingPace();
    const settled = (p: Promise<void>): { done: boolean } => {
      const state = { done: false };
      void p.then(() => (state.done = true));
      return state;
    };
    // under the burst: a turn of the event loop, no timer
    pace.worked(CHANGE_BURST_MS - 1);
    const turn = settled(pace.turn());
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
    // past it: a rest as long as the work since the last rest
    pace.worked(1);
    pace.worked(12);
    const rest = settled(pace.turn());
    await vi.advanceTimersByTimeAsync(CHANGE_BURST_MS + 12 - 1);
    expect(rest.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rest.done).toBe(true);
    // and the count starts again
    const next = settled(pace.turn());
    await vi.advanceTimersByTimeAsync(0);
    expect(next.done).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});

test(`an import told to rest (an API import's child) waits as long as each ${SLICE_MS} ms stretch took, times the ratio; untold, it only takes turns`, async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
  const settled = (p: Promise<void>): { done: boolean } => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };
  try {
    // the count starts at a turn (the module's clock was read before the timers were faked)
    const started = settled(turn());
    await vi.advanceTimersByTimeAsync(0);
    expect(started.done).toBe(true);
    // untold: a stretch past SLICE_MS ends in a turn of the event loop, no timer
    vi.advanceTimersByTime(SLICE_MS + 20);
    const turned = settled(pace());
    await vi.advanceTimersByTimeAsync(0);
    expect(turned.done).toBe(true);
    // told to rest twice as long as it worked: a stretch of SLICE_MS + 20 ms waits 2 * (SLICE_MS + 20)
    restBetweenStretches(2);
    vi.advanceTimersByTime(SLICE_MS + 20);
    const rested = settled(pace());
    await vi.advanceTimersByTimeAsync(2 * (SLICE_MS + 20) - 1);
    expect(rested.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rested.done).toBe(true);
    // a stretch under SLICE_MS goes on at once
    vi.advanceTimersByTime(SLICE_MS - 1);
    const short = settled(pace());
    await Promise.resolve();
    await Promise.resolve();
    expect(short.done).toBe(true);
    // a ratio of 0 (or nonsense) never rests
    restBetweenStretches(Number.NaN);
    vi.advanceTimersByTime(SLICE_MS + 50);
    const again = settled(pace());
    await vi.advanceTimersByTimeAsync(0);
    expect(again.done).toBe(true);
  } finally {
    restBetweenStretches(0);
    vi.useRealTimers();
  }
});
