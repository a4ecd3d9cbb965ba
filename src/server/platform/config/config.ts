/**
 * Server configuration from the environment, read in one place so main.ts, the seed command
 * and docs/server.md agree on names and defaults.
 * @module
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** The server's configuration. */
export interface ServerConfig {
  /** PORT. @default 3000 */
  port: number;
  /** HOST. @default '0.0.0.0' */
  host: string;
  /** DATA_DIR: database, media cache. @default './data' */
  dataDir: string;
  /** DATABASE_PATH. @default '{DATA_DIR}/skimmer.db' */
  databasePath: string;
  /** SEED_PRODUCTS: catalogue size of a first start. @default 3000 */
  seedProducts: number;
  /** SEED: generator seed of a first start. @default 1 */
  seed: number;
  /** LOG_LEVEL. @default 'info' */
  logLevel: string;
  /** SEARCH_CACHE_MB: megabytes of product-search answers kept between catalogue writes; 0 turns the cache off. @default 24 */
  searchCacheMb: number;
  /** RENDER_THREADS: worker threads rendering the storefront's pages (0: on the main thread). @default one per core beyond the first (render/pool.ts) */
  renderThreads: number | null;
  /**
   * SEARCH_SNAPSHOT: the search index's snapshot file, which a start reads instead of the whole
   * catalogue when it is current (modules/search/snapshot-file.ts); `off`: none.
   * @default '{DATABASE_PATH}.search' (embedded database), '{DATA_DIR}/search-index.snap' (DATABASE_URL)
   */
  searchSnapshot: string | null;
  /**
   * CARD_CACHE_MB: megabytes of product cards (the JSON of a search answer's products) kept in
   * memory with the embedded database, the least recently shown let go past it (a card is about
   * 600 bytes: 64 MB holds about 110,000); a start reads a quarter of it. With DATABASE_URL
   * every card is kept. @default 64
   */
  cardCacheMb: number;
  /** SEARCH_SNAPSHOT_MINUTES: how often the snapshot is written again when the catalogue changed (and at close). @default 10 */
  searchSnapshotMinutes: number;
  /**
   * SEARCH_SNAPSHOT_MAP: `on` maps the snapshot's file (its pages shared by the machine's workers,
   * where the optional mmap binding is installed); `off` reads it into each process's memory. @default on
   */
  searchSnapshotMap: boolean;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`${name} must be 'on' or 'off', got '${env[name]}'`);
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return n;
}

/**
 * Reads the configuration; a malformed value stops the start with a message naming the variable.
 * @example
 * readConfig({ PORT: '8080' }).port; // 8080
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR && env.DATA_DIR.trim() !== '' ? env.DATA_DIR : './data');
  const databasePath = env.DATABASE_PATH && env.DATABASE_PATH.trim() !== '' ? resolve(env.DATABASE_PATH) : join(dataDir, 'skimmer.db');
  const snapshot = env.SEARCH_SNAPSHOT?.trim() ?? '';
  return {
    port: intFrom(env, 'PORT', 3000, 0, 65535),
    host: env.HOST && env.HOST.trim() !== '' ? env.HOST : '0.0.0.0',
    dataDir,
    databasePath,
    seedProducts: intFrom(env, 'SEED_PRODUCTS', 3000, 0, 1_000_000),
    seed: intFrom(env, 'SEED', 1, 0, 4_294_967_295),
    logLevel: env.LOG_LEVEL && env.LOG_LEVEL.trim() !== '' ? env.LOG_LEVEL : 'info',
    searchCacheMb: intFrom(env, 'SEARCH_CACHE_MB', 24, 0, 4096),
    renderThreads: env.RENDER_THREADS === undefined || env.RENDER_THREADS.trim() === '' ? null : intFrom(env, 'RENDER_THREADS', 0, 0, 64),
    searchSnapshot: snapshot === 'off' ? null : snapshot !== '' ? resolve(snapshot)
      : env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? join(dataDir, 'search-index.snap') : `${databasePath}.search`,
    searchSnapshotMinutes: intFrom(env, 'SEARCH_SNAPSHOT_MINUTES', 10, 1, 1440),
    searchSnapshotMap: onOff(env, 'SEARCH_SNAPSHOT_MAP', true),
    cardCacheMb: intFrom(env, 'CARD_CACHE_MB', 64, 4, 65536),
  };
}

/** The catalogue formats `npm run seed -- --from FILE --format ...` reads (the import's). */
export const SEED_FILE_FORMATS = ['shopify', 'volusion', 'skimmer'] as const;

/** What `npm run seed` was asked for. */
export interface SeedArgs {
  products: number;
  seed: number;
  db: string;
  /** A catalogue file to seed from instead of the generator (`--from`). */
  from?: string;
  /** Its format (`--format`), given with `--from`. */
  format?: (typeof SEED_FILE_FORMATS)[number];
  /** Volusion's categories CSV (`--categories`). */
  categories?: string;
}

/**
 * Parses the arguments of `npm run seed` (`--products N --seed S --db path`, or
 * `--from FILE --format shopify|volusion|skimmer [--categories FILE]` to seed the catalogue from
 * a file); throws on an unknown option, a malformed number or a combination that means nothing.
 * @default products 3000
 * @default seed 1
 * @default db DATABASE_PATH
 * @example
 * parseSeedArgs(['--products', '100000', '--seed', '7']); // { products: 100000, seed: 7, db: '.../data/skimmer.db' }
 * parseSeedArgs(['--from', 'products.csv', '--format', 'shopify']).from; // 'products.csv'
 */
export function parseSeedArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): SeedArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { products: { type: 'string' }, seed: { type: 'string' }, db: { type: 'string' }, from: { type: 'string' }, format: { type: 'string' }, categories: { type: 'string' } },
    strict: true,
  });
  const config = readConfig(env);
  const int = (raw: string | undefined, name: string, fallback: number, max: number): number => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`--${name} must be an integer from 0 to ${max}`);
    return n;
  };
  const from = values.from?.trim() || null;
  const format = values.format ?? null;
  if (from !== null && (format === null || !(SEED_FILE_FORMATS as readonly string[]).includes(format))) throw new Error(`--from needs --format ${SEED_FILE_FORMATS.join('|')}`);
  if (from === null && (format !== null || values.categories !== undefined)) throw new Error('--format and --categories go with --from FILE');
  if (from !== null && values.products !== undefined) throw new Error('--products makes a generated catalogue; --from seeds from a file: give one of them');
  if (values.categories !== undefined && format !== 'volusion') throw new Error('--categories goes with --format volusion');
  return {
    products: int(values.products, 'products', 3000, 1_000_000),
    seed: int(values.seed, 'seed', 1, 4_294_967_295),
    db: values.db ?? config.databasePath,
    ...(from === null ? {} : { from, format: format as NonNullable<SeedArgs['format']> }),
    ...(values.categories === undefined ? {} : { categories: values.categories }),
  };
}
