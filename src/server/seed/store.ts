/**
 * Seeds a whole store: the catalogue, then the content (articles, brands, help, navigation ...)
 * which reads the catalogue's vendors and collections. What `npm run seed` and a first
 * `npm start` run.
 * @module
 */
import { seedContent, type SeedContentSummary } from '../modules/content/seed.ts';
import type { Db } from '../platform/db/database.ts';
import { syncIdentities } from '../platform/db/migrate.ts';
import { collectGarbage } from '../platform/ops/garbage.ts';
import { seedDatabase, type SeedSummary } from './seed-database.ts';
import { DEFAULT_PRODUCT_COUNT } from './generate.ts';
import { seedEquipment, type EquipmentSeedSummary } from './equipment-database.ts';

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
 * await seedStore(db, { products: 3000, seed: 1 });
 */
export async function seedStore(db: Db, options: SeedStoreOptions = {}): Promise<{ catalogue: SeedSummary; content: SeedContentSummary; equipment: EquipmentSeedSummary }> {
  const seed = options.seed ?? 1;
  const catalogue = await seedDatabase(db, { products: options.products ?? DEFAULT_PRODUCT_COUNT, seed });
  // equipment models, diagrams, fitment and part-number cross-reference
  const equipment = await seedEquipment(db, { seed });
  // the generation's garbage (a million products: about 250 MB in the heap) is let go before the
  // content and the demo customer's password hash (128 MiB of its own), not kept beside them
  collectGarbage();
  const content = await seedContent(db, { seed });
  // PostgreSQL: the seed wrote explicit ids; the identities must start past them
  await syncIdentities(db);
  return { catalogue, content, equipment };
}

/** True when the database already holds a catalogue (a second start reuses it). */
export async function isSeeded(db: Db): Promise<boolean> {
  return ((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0) > 0;
}
