/**
 * `npm run bench:equipment [-- --products N --seed S --queries Q]`
 *
 * Parts that fit (issue 15) in process, at 100,000 products and 5,000 equipment models by
 * default: seeds a catalogue into a temporary SQLite file with the store's generator (products,
 * then equipment, fitment and the part-number cross-reference), builds the search index as the
 * server does (with the cross-reference numbers) and the equipment catalogue, then times:
 * - the `fits` filter: a model's products with exact facets, first ask of a model (its bitset
 *   is built) and asked again, alone and with a word, a vendor or a second model;
 * - equipment search: model numbers by prefix and whole (`GET /api/equipment?q=`), model names,
 *   type and brand browsing, and the product search's `equipment` (models named by a number);
 * - part-number lookup (`matchedPartNumber`), old numbers included.
 * Prints p50/p95/p99 per kind against the goal (p95 <= 2 ms). Figures, never assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqlite } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { EquipmentCatalogue } from '../src/server/modules/equipment/catalogue.ts';
import { loadSearchDocuments } from '../src/server/modules/catalogue/repository.ts';
import { loadEquipmentData } from '../src/server/modules/equipment/repository.ts';
import { createSearchIndex } from '../src/server/modules/search/index.ts';
import type { IndexQuery } from '../src/server/modules/search/types.ts';
import { seedEquipment } from '../src/server/seed/equipment-database.ts';
import { mixSeed, mulberry32 } from '../src/server/platform/random/prng.ts';
import { seedDatabase } from '../src/server/seed/seed-database.ts';
import { ms, percentiles, type Percentiles } from './search-stats.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    queries: { type: 'string', default: '2000' },
  },
});
const products = Number(args.products);
const seed = Number(args.seed);
const queries = Number(args.queries);
const GOAL_MS = 2;
const log = (...m: unknown[]): void => console.log(...m);

const tmp = mkdtempSync(join(tmpdir(), 'skimmer-bench-equipment-'));
try {
  log(`Parts-that-fit benchmark: ${products} products, seed ${seed}, ${queries} queries per kind, node ${process.version}`);
  const db = openSqlite(join(tmp, 'store.db'));
  await migrate(db);
  let t = performance.now();
  await seedDatabase(db, { products, seed });
  const eqSummary = await seedEquipment(db, { seed });
  log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${JSON.stringify(eqSummary)}`);
  t = performance.now();
  const catalogue = new EquipmentCatalogue(await loadEquipmentData(db));
  log(`  equipment catalogue loaded in ${(performance.now() - t).toFixed(0)} ms (${catalogue.size} models)`);
  t = performance.now();
  const index = createSearchIndex(await loadSearchDocuments(db), { extraPartNumbers: (id) => catalogue.searchNumbersOf(id) });
  log(`  search index built in ${((performance.now() - t) / 1000).toFixed(1)} s (${index.size} products)`);

  const rng = mulberry32(mixSeed(seed, 0xbe4c));
  const models = Array.from({ length: catalogue.size }, (_, i) => catalogue.summaryById(i + 1)!).filter(Boolean);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  const numbers = models.flatMap((m) => [m.modelNumber, ...m.aliases]);
  const partNumbers = await db.all<{ number: string }>('SELECT number FROM product_part_numbers ORDER BY product_id, position');
  const oldNumbers = await db.all<{ number: string }>("SELECT number FROM product_part_numbers WHERE kind = 'supersedes'");

  const time = (run: (i: number) => void): Percentiles => {
    for (let i = 0; i < 50; i++) run(i); // warm the JIT
    const samples: number[] = [];
    for (let i = 0; i < queries; i++) {
      const start = performance.now();
      run(i);
      samples.push(performance.now() - start);
    }
    return percentiles(samples);
  };
  const rows: [string, Percentiles][] = [];
  const fitsQuery = (over: Partial<IndexQuery>, ...ids: number[]): IndexQuery => ({ limit: 24, page: 0, ...over, fits: ids.map((id) => catalogue.fitsIds(id)) });

  // every ask of a model not asked before builds its bitset: the first asks of a cold server
  const coldOrder = [...models].sort(() => rng.next() - 0.5);
  rows.push(['fits, first ask of a model', time((i) => index.searchPage(fitsQuery({}, coldOrder[i % coldOrder.length]!.id)))]);
  const hot = Array.from({ length: 200 }, () => pick(models).id);
  rows.push(['fits, model asked again', time((i) => index.searchPage(fitsQuery({}, hot[i % hot.length]!)))]);
  rows.push(['fits + sort price_asc, page 1', time((i) => index.searchPage(fitsQuery({ sortBy: 'price_asc', page: 1 }, hot[i % hot.length]!)))]);
  rows.push(['fits + q (a word)', time((i) => index.searchPage(fitsQuery({ q: pick(['impeller', 'o-ring', 'gasket', 'motor', 'lid', 'seal']) }, hot[i % hot.length]!)))]);
  rows.push(['fits + vendor', time((i) => index.searchPage(fitsQuery({ v: pick(models).brand }, hot[i % hot.length]!)))]);
  rows.push(['fits, two models', time((i) => index.searchPage(fitsQuery({}, hot[i % hot.length]!, hot[(i + 7) % hot.length]!)))]);

  rows.push(['equipment ?q= number prefix', time(() => catalogue.list({ q: pick(numbers).slice(0, 3 + Math.floor(rng.next() * 4)), page: 0, limit: 24 }))]);
  rows.push(['equipment ?q= whole number', time(() => catalogue.list({ q: pick(numbers).toLowerCase(), page: 0, limit: 24 }))]);
  rows.push(['equipment ?q= name words', time(() => catalogue.list({ q: `${pick(models).series.split(' ')[0]} ${pick(['hp', 'sand', 'led', 'robot', ''])}`, page: 0, limit: 24 }))]);
  rows.push(['equipment ?type=&brand=', time(() => { const m = pick(models); catalogue.list({ type: m.type, brand: m.brand, page: 0, limit: 24 }); })]);
  rows.push(['search answer `equipment`', time(() => catalogue.searchByNumber(pick(numbers).slice(0, 5)))]);
  rows.push(['matchedPartNumber', time(() => catalogue.matchPartNumber(pick(partNumbers).number))]);
  if (oldNumbers.length > 0) rows.push(['old number, search + match', time(() => { const q = pick(oldNumbers).number; catalogue.matchPartNumber(q); index.searchPage({ q, limit: 24, page: 0 }); })]);

  log('');
  log(`  ${'kind'.padEnd(32)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)}   goal p95 <= ${GOAL_MS} ms`);
  for (const [label, p] of rows) {
    log(`  ${label.padEnd(32)} ${ms(p.p50).padStart(10)} ${ms(p.p95).padStart(10)} ${ms(p.p99).padStart(10)} ${ms(p.max).padStart(10)}   ${p.p95 <= GOAL_MS ? 'met' : 'NOT met'}`);
  }
  await db.close();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
