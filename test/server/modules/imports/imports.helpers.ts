/**
 * Helpers of the catalogue import and export tests: an empty migrated store on the test database
 * (SQLite in memory, or a PostgreSQL schema in the server-pg project), a file's text as the bytes
 * an import reads, an export gathered into one string, and the sample files with their pictures.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { migrate } from '../../../../src/server/platform/db/migrate.ts';
import { exportCatalogue, type ExportPart } from '../../../../src/server/modules/imports/export.ts';
import type { CatalogueFormat } from '../../../../src/server/modules/imports/schemas.ts';
import { openTestDb } from '../../db.helpers.ts';

/** A migrated database with no catalogue. */
export async function emptyStore(): Promise<Db> {
  const db = await openTestDb();
  await migrate(db);
  return db;
}

/** Text as an import's byte source, cut into small chunks (so multi-byte characters and rows straddle chunks). */
export function bytes(text: string | Buffer, chunk = 7): Buffer[] {
  const all = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const out: Buffer[] = [];
  for (let i = 0; i < all.length; i += chunk) out.push(all.subarray(i, i + chunk));
  return out;
}

/** An export as one string. */
export async function exported(db: Db, format: CatalogueFormat, part: ExportPart = 'products'): Promise<string> {
  let text = '';
  for await (const chunk of exportCatalogue(db, format, part)) text += chunk;
  return text;
}

/** The folder of the sample catalogues (examples/catalogues), where their pictures' paths start. */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../../examples/catalogues/', import.meta.url));

/** A sample catalogue shipped under examples/catalogues. */
export function sample(name: string): Buffer {
  return readFileSync(`${SAMPLES_DIR}${name}`);
}

/** Import options that read a sample's pictures from beside it, as `npm run import` does for a file. */
export const SAMPLE_IMAGES = { images: { dir: SAMPLES_DIR } } as const;

/** Counts of the catalogue's rows, table by table: what "nothing written" compares. */
export async function rowCounts(db: Db): Promise<{ products: number } & Record<string, number>> {
  const out: { products: number } & Record<string, number> = { products: 0 };
  for (const t of ['products', 'variants', 'inventory_levels', 'collections', 'vendors', 'tags', 'product_tags', 'product_images', 'product_options', 'option_values', 'catalogue_log']) {
    out[t] = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))?.n ?? 0);
  }
  return out;
}
