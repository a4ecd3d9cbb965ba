/**
 * The default seeded store (3000 products, seed 1) as search documents and synonyms, for
 * the judged query set (search-judged.ts) and the quality benchmark (search-quality.ts):
 * seeded into a temporary SQLite file and read as the server reads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../src/server/platform/db/database.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { loadSearchDocuments } from '../src/server/modules/catalogue/repository.ts';
import { loadSearchSynonyms } from '../src/server/modules/search/synonyms.repository.ts';
import type { SearchDocument } from '../src/server/modules/search/types.ts';
import { seedDatabase } from '../src/server/seed/seed-database.ts';
import { seedEquipment } from '../src/server/seed/equipment-database.ts';
import { loadEquipmentData, type EquipmentData } from '../src/server/modules/equipment/repository.ts';

/** Products and seed of the judged store: the default of `npm run seed`. */
export const JUDGED_STORE = { products: 3000, seed: 1 } as const;

/** The seeded store's search documents and the synonyms its migration seeds. */
export async function loadJudgedStore(): Promise<{ docs: SearchDocument[]; synonyms: string[][] }> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-judged-'));
  try {
    const db = openSqlite(join(dir, 'store.db'));
    // awaited: the database calls may become asynchronous (a PostgreSQL adapter)
    await migrate(db);
    await seedDatabase(db, JUDGED_STORE);
    const docs = await loadSearchDocuments(db);
    const synonyms = await loadSearchSynonyms(db);
    await db.close();
    return { docs, synonyms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The judged store with its equipment, as `npm run seed` writes it (models, fitment, and the
 * descriptions' 'Fits ...' paragraphs): for the model-number family of search-quality.ts.
 */
export async function loadEquippedStore(): Promise<{ docs: SearchDocument[]; synonyms: string[][]; equipment: EquipmentData }> {
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-judged-'));
  try {
    const db = openSqlite(join(dir, 'store.db'));
    await migrate(db);
    await seedDatabase(db, JUDGED_STORE);
    await seedEquipment(db, { seed: JUDGED_STORE.seed });
    const docs = await loadSearchDocuments(db);
    const synonyms = await loadSearchSynonyms(db);
    const equipment = await loadEquipmentData(db);
    await db.close();
    return { docs, synonyms, equipment };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
