/**
 * The whole catalogue out, streaming, in the three formats the import reads: products are read
 * a batch at a time and written as they come (csv-stringify for the CSVs), so an export of any
 * size holds one batch in memory. Every CSV cell a spreadsheet would run as a formula gets the
 * OWASP guard (a leading `'`), which the import takes off again. Cells are written as the import
 * reads them (trimmed, except descriptions), so an export read back and exported again is the
 * same file.
 * @module
 */
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/database.ts';
import { escapeCell } from './cells.ts';
import { collectionLine, JSONL_HEADER, productLine } from './jsonl.ts';
import { allCollections, exportPages } from './repository.ts';
import type { CatalogueFormat, CatalogueItem } from './schemas.ts';
import { SHOPIFY_COLUMNS, shopifyRows } from './shopify.ts';
import { VOLUSION_CATEGORY_COLUMNS, VOLUSION_COLUMNS, volusionCategoryRow, volusionRows } from './volusion.ts';

/** What an export writes: the products, or (Volusion) the categories file. */
export type ExportPart = 'products' | 'categories';

/** Cells written as they are (long texts the import does not trim). */
const UNTRIMMED = new Set(['Body (HTML)', 'productdescription', 'categorydescription']);

async function* items(db: Db): AsyncGenerator<CatalogueItem> {
  for await (const page of exportPages(db)) yield* page;
}

/** Streams records through csv-stringify with the given header. */
async function* csv(columns: readonly string[], records: AsyncIterable<Record<string, string>>): AsyncGenerator<string> {
  const out = stringify({ header: true, columns: [...columns], record_delimiter: 'unix' });
  const produce = (async () => {
    try {
      for await (const r of records) {
        const safe: Record<string, string> = {};
        for (const c of columns) {
          const raw = r[c] ?? '';
          safe[c] = escapeCell(UNTRIMMED.has(c) ? raw : raw.trim());
        }
        if (!out.write(safe)) await once(out, 'drain');
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  for await (const chunk of out as AsyncIterable<Buffer | string>) yield chunk.toString();
  await produce;
}

/**
 * The catalogue as a stream of text chunks in `format` (`part` 'categories': Volusion's
 * categories CSV).
 * @example
 * for await (const chunk of exportCatalogue(db, 'shopify')) file.write(chunk);
 */
export async function* exportCatalogue(db: Db, format: CatalogueFormat, part: ExportPart = 'products'): AsyncGenerator<string> {
  if (format === 'skimmer') {
    yield `${JSON.stringify(JSONL_HEADER)}\n`;
    for (const c of await allCollections(db)) yield `${collectionLine(c)}\n`;
    for await (const batch of batches(items(db), 200)) yield batch.map((i) => `${productLine(i)}\n`).join('');
    return;
  }
  if (format === 'shopify') {
    yield* csv(SHOPIFY_COLUMNS, (async function* () {
      for await (const item of items(db)) yield* shopifyRows(item);
    })());
    return;
  }
  const collections = await allCollections(db);
  const idOf = new Map(collections.map((c) => [c.handle, c.id!]));
  if (part === 'categories') {
    yield* csv(VOLUSION_CATEGORY_COLUMNS, (async function* () {
      for (const c of collections) yield volusionCategoryRow(c, c.id!, c.parent === null ? 0 : (idOf.get(c.parent) ?? 0));
    })());
    return;
  }
  yield* csv(VOLUSION_COLUMNS, (async function* () {
    for await (const item of items(db)) yield* volusionRows(item, item.collections.map((h) => idOf.get(h)).filter((x): x is number => x !== undefined));
  })());
}

async function* batches<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const x of source) {
    batch.push(x);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
