/**
 * The server half of the HTTP benchmark, run as a child process so its resident memory is
 * the server's alone: opens the seeded database, builds CORE's app (which loads the
 * catalogue and builds the search index), listens on a free loopback port and reports it
 * to the parent over IPC. Answers 'memory' with its memory and the catalogue cache's hit
 * counts, and stops on 'stop'. A third argument 'off' starts it without the card store and
 * the answer cache (the cold path), 'cards' without the answer cache only.
 */
import { buildApp } from '../src/server/app.ts';
import { openSqlite } from '../src/server/platform/db/database.ts';
import { readRateLimitConfig } from '../src/server/platform/http/limits.ts';
import { memoryMb } from './search-stats.ts';

/**
 * Resident memory once the process has settled: a collection, a second for the heap's
 * sweeper and the allocator to hand freed pages back, another collection. Read right after a
 * collection, RSS still counts pages being freed (about 100 MB more just after start-up);
 * the peak is reported apart (`peakRss`).
 */
async function settledMemoryMb(): Promise<{ rss: number; heap: number; peakRss: number }> {
  memoryMb();
  await new Promise((r) => setTimeout(r, 1000));
  return { ...memoryMb(), peakRss: Math.round(process.resourceUsage().maxRSS / 1024) };
}

const [dbPath, dataDir, cache = 'on'] = process.argv.slice(2);
if (!dbPath || !dataDir || !process.send) throw new Error('usage: fork search-server.ts <db> <dataDir> (with IPC)');
const send = (m: unknown): void => { process.send?.(m); };

const started = performance.now();
const db = openSqlite(dbPath);
const catalogueCache = cache === 'off' ? { cards: false, responseBytes: 0 } : cache === 'cards' ? { responseBytes: 0 } : {};
// the search limit is on (its counting is part of the measured cost) but out of reach of the
// load generator, a single client sending thousands of searches a second
const rateLimits = { ...readRateLimitConfig(), search: 1_000_000_000 };
const app = await buildApp({ db, dataDir, logger: false, catalogueCache, rateLimits });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const startMs = Math.round(performance.now() - started);
send({ type: 'ready', port, startMs, memory: await settledMemoryMb() });

process.on('message', (m: unknown) => {
  if (m === 'memory') void settledMemoryMb().then((memory) => send({ type: 'memory', memory, cache: app.catalogue.cache.stats }));
  if (m === 'stop') void app.close().then(async () => { await db.close(); process.exit(0); });
});
