/**
 * Seeds a whole store: the catalogue, then the content (articles, brands, help, navigation ...)
 * which reads the catalogue's vendors and collections. What `npm run seed` and a first
 * `npm start` run.
 * @module
 */
import { seedContent, type SeedContentSummary } from '../content/seed.ts';
import type { Db } from '../db/database.ts';
import { seedDatabase, type SeedSummary } from './seed-database.ts';
import { DEFAULT_PRODUCT_COUNT } from './generate.ts';

/** Options of `seedStore`. */
export interface SeedStoreOptions {
  /** @default 3000 */
  products?: number;
  /** @default 1 */
  seed?: number;
}

/**
 * Seeds catalogue and content into a migrated, empty database.
 * @example
 * seedStore(db, { products: 3000, seed: 1 });
 */
export function seedStore(db: Db, options: SeedStoreOptions = {}): { catalogue: SeedSummary; content: SeedContentSummary } {
  const seed = options.seed ?? 1;
  const catalogue = seedDatabase(db, { products: options.products ?? DEFAULT_PRODUCT_COUNT, seed });
  const content = seedContent(db, { seed });
  return { catalogue, content };
}

/** True when the database already holds a catalogue (a second start reuses it). */
export function isSeeded(db: Db): boolean {
  return (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products')?.n ?? 0) > 0;
}
