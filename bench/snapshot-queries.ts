/**
 * `npx tsx bench/snapshot-queries.ts --db /tmp/s1m.db [--snapshot /tmp/s1m.db.search] [--runs 2] [--read]`
 * (issue 30): the search index read from a store's snapshot (written by a first `npm start` or
 * `npm run bench:scale` on that database), in this process, without HTTP or cards: how long the
 * read takes, the memory it holds (after a full collection: heap and typed arrays) and the time
 * of each distinct judged shopper query (bench/search-families.json, search-judged.json,
 * search-natural.json), first page of 24 by relevance, each run in turn. Run node with
 * --expose-gc for the memory figures (`node --expose-gc --import tsx bench/snapshot-queries.ts`).
 * The snapshot is mapped where the mmap binding is installed (as the store does); `--read` reads
 * it into memory instead (SEARCH_SNAPSHOT_MAP=off).
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadFastSearchIndex } from '../src/server/modules/search/fast/index.ts';
import { loadSearchSynonyms } from '../src/server/modules/search/synonyms.repository.ts';
import { openDatabase } from '../src/server/platform/db/database.ts';
import { percentiles } from './search-stats.ts';

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, snapshot: { type: 'string' }, runs: { type: 'string', default: '2' }, read: { type: 'boolean', default: false } },
  strict: true,
});
if (!args.db) throw new Error('--db path: the database the snapshot was written for');
const db = await openDatabase({ path: args.db });
const synonyms = await loadSearchSynonyms(db);
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

gc?.();
const before = process.memoryUsage();
const started = performance.now();
const { index, mapped } = loadFastSearchIndex(args.snapshot ?? `${args.db}.search`, { synonyms }, { map: !args.read });
console.log(`read (warm-up included, ${mapped ? 'mapped' : 'read into memory'}): ${((performance.now() - started) / 1000).toFixed(2)} s, ${index.size} products`);
gc?.();
const after = process.memoryUsage();
console.log(gc ? `held: heap ${mb(after.heapUsed - before.heapUsed)}, typed arrays ${mb(after.arrayBuffers - before.arrayBuffers)}, RSS ${mb(after.rss - before.rss)}` : 'memory: run node with --expose-gc');

const queries = new Set<string>();
for (const file of ['search-families.json', 'search-judged.json', 'search-natural.json']) {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8');
  for (const m of text.matchAll(/"q": "((?:[^"\\]|\\.)*)"/g)) queries.add(JSON.parse(`"${m[1]}"`) as string);
}
for (let run = 1; run <= Number(args.runs); run++) {
  const times: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    index.searchPage({ q, sortBy: '', limit: 24, page: 0 });
    times.push(performance.now() - t);
  }
  const p = percentiles(times);
  console.log(`run ${run}: ${times.length} distinct queries, p50 ${p.p50.toFixed(2)} p95 ${p.p95.toFixed(2)} p99 ${p.p99.toFixed(2)} max ${p.max.toFixed(2)} ms`);
  const list = [...queries];
  const slowest = times.map((t, i) => [t, list[i]!] as const).sort((x, y) => y[0] - x[0]).slice(0, 8);
  console.log(`  slowest: ${slowest.map(([t, q]) => `${t.toFixed(1)} ms "${q}"`).join('; ')}`);
}
await db.close();
