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
  return {
    port: intFrom(env, 'PORT', 3000, 0, 65535),
    host: env.HOST && env.HOST.trim() !== '' ? env.HOST : '0.0.0.0',
    dataDir,
    databasePath: env.DATABASE_PATH && env.DATABASE_PATH.trim() !== '' ? resolve(env.DATABASE_PATH) : join(dataDir, 'skimmer.db'),
    seedProducts: intFrom(env, 'SEED_PRODUCTS', 3000, 0, 1_000_000),
    seed: intFrom(env, 'SEED', 1, 0, 4_294_967_295),
    logLevel: env.LOG_LEVEL && env.LOG_LEVEL.trim() !== '' ? env.LOG_LEVEL : 'info',
    searchCacheMb: intFrom(env, 'SEARCH_CACHE_MB', 24, 0, 4096),
    renderThreads: env.RENDER_THREADS === undefined || env.RENDER_THREADS.trim() === '' ? null : intFrom(env, 'RENDER_THREADS', 0, 0, 64),
  };
}

/**
 * Parses the arguments of `npm run seed` (`--products N --seed S --db path`); throws on an
 * unknown option or a malformed number.
 * @default products 3000
 * @default seed 1
 * @default db DATABASE_PATH
 * @example
 * parseSeedArgs(['--products', '100000', '--seed', '7']); // { products: 100000, seed: 7, db: '.../data/skimmer.db' }
 */
export function parseSeedArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): { products: number; seed: number; db: string } {
  const { values } = parseArgs({
    args: [...argv],
    options: { products: { type: 'string' }, seed: { type: 'string' }, db: { type: 'string' } },
    strict: true,
  });
  const config = readConfig(env);
  const int = (raw: string | undefined, name: string, fallback: number, max: number): number => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`--${name} must be an integer from 0 to ${max}`);
    return n;
  };
  return {
    products: int(values.products, 'products', 3000, 1_000_000),
    seed: int(values.seed, 'seed', 1, 4_294_967_295),
    db: values.db ?? config.databasePath,
  };
}
