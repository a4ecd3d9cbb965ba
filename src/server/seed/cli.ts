/**
 * `npm run seed -- --products N --seed S [--db path]`: (re)creates a database file with a
 * generated catalogue and content. An existing file at the path is replaced, since a seed is a
 * fresh store by definition. Defaults: 3000 products, seed 1, DATABASE_PATH or data/skimmer.db.
 * @module
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openSqlite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedStore } from './store.ts';

/** Parses the command line; throws with a usage message on bad input. */
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

function run(): void {
  const args = parseSeedArgs(process.argv.slice(2));
  mkdirSync(dirname(args.db), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(args.db + suffix)) rmSync(args.db + suffix);
  const db = openSqlite(args.db);
  migrate(db);
  const summary = seedStore(db, { products: args.products, seed: args.seed });
  db.close();
  console.log(JSON.stringify({ db: args.db, ...summary }, null, 2));
}

try {
  run();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.error('usage: npm run seed -- [--products N] [--seed S] [--db path]');
  process.exit(1);
}
