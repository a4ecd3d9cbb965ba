/**
 * The whole catalogue out, streaming, in the three formats the import reads: products are read
 * a page at a time and written as they come (a chunk a page, csv-stringify for the CSVs), so an
 * export of any size holds one page in memory. Every CSV cell a spreadsheet would run as a formula gets the
 * OWASP guard (a leading `'`), which the import takes off again. Cells are written as the import
 * reads them (trimmed, except descriptions), so an export read back and exported again is the
 * same file.
 * @module
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { escapeCell } from '../../platform/csv/cells.ts';
import { collectionLine, JSONL_HEADER, productLine } from './jsonl.ts';
import { allCollections, exportPages } from './repository.ts';
import type { CatalogueFormat } from './schemas.ts';
import { SHOPIFY_COLUMNS, shopifyRows } from './shopify.ts';
import { VOLUSION_CATEGORY_COLUMNS, VOLUSION_COLUMNS, volusionCategoryRow, volusionRows } from './volusion.ts';

/** What an export writes: the products, or (Volusion) the categories file. */
export type ExportPart = 'products' | 'categories';

/** Cells written as they are (long texts the import does not trim). */
const UNTRIMMED = new Set(['Body (HTML)', 'productdescription', 'categorydescription']);

/**
 * One page of records as CSV text (csv-stringify's synchronous form over the page's rows, the
 * header row first when `header`): a page is turned into one chunk, so the cost per row is the
 * formatting alone, not a trip through a stream and the async iterators around it.
 */
function csvText(columns: readonly string[], records: readonly Record<string, string>[], header: boolean): string {
  const rows: string[][] = header ? [[...columns]] : [];
  for (const r of records) {
    rows.push(
      columns.map((c) => {
        const raw = r[c] ?? '';
        return escapeCell(UNTRIMMED.has(c) ? raw : raw.trim());
      }),
    );
  }
  return rows.length === 0 ? '' : stringify(rows, { record_delimiter: 'unix' });
}

/** Streams pages of records as CSV text with the given header (the header alone for no record). */
async function* csv(columns: readonly string[], pages: AsyncIterable<readonly Record<string, string>[]>): AsyncGenerator<string> {
  let header = true;
  for await (const records of pages) {
    if (records.length === 0) continue;
    yield csvText(columns, records, header);
    header = false;
  }
  if (header) yield csvText(columns, [], true);
}

/**
 * The catalogue as a stream of text chunks in `format` (`part` 'categories': Volusion's
 * categories CSV), a chunk a page of products.
 * @example
 * for await (const chunk of exportCatalogue(db, 'shopify')) file.write(chunk);
 */
export async function* exportCatalogue(db: Db, format: CatalogueFormat, part: ExportPart = 'products'): AsyncGenerator<string> {
  if (format === 'skimmer') {
    yield `${JSON.stringify(JSONL_HEADER)}\n`;
    for (const c of await allCollections(db)) yield `${collectionLine(c)}\n`;
    for await (const page of exportPages(db)) if (page.length > 0) yield page.map((i) => `${productLine(i)}\n`).join('');
    return;
  }
  if (format === 'shopify') {
    yield* csv(SHOPIFY_COLUMNS, (async function* () {
      for await (const page of exportPages(db)) yield page.flatMap(shopifyRows);
    })());
    return;
  }
  const collections = await allCollections(db);
  const idOf = new Map(collections.map((c) => [c.handle, c.id!]));
  if (part === 'categories') {
    yield* csv(VOLUSION_CATEGORY_COLUMNS, (async function* () {
      yield collections.map((c) => volusionCategoryRow(c, c.id!, c.parent === null ? 0 : (idOf.get(c.parent) ?? 0)));
    })());
    return;
  }
  yield* csv(VOLUSION_COLUMNS, (async function* () {
    for await (const page of exportPages(db)) yield page.flatMap((item) => volusionRows(item, item.collections.map((h) => idOf.get(h)).filter((x): x is number => x !== undefined)));
  })());
}

/** The refusal of a categories export of another format than Volusion's. */
export const CATEGORIES_VOLUSION_ONLY = 'part=categories goes with the volusion format only.';

const CONTENT_TYPES: Record<CatalogueFormat, string> = { shopify: 'text/csv; charset=utf-8', volusion: 'text/csv; charset=utf-8', skimmer: 'application/x-ndjson; charset=utf-8' };

/** A catalogue export as a download: its content type, its file name and its text, streamed. */
export interface CatalogueFile {
  type: string;
  name: string;
  body: Readable;
}

/**
 * The whole catalogue as a file to download (the operators' export call).
 * @throws HttpError 400 for part=categories of another format than volusion
 * @example
 * catalogueFile(db, 'volusion', 'categories'); // { type: 'text/csv; charset=utf-8', name: 'catalogue-volusion-categories.csv', body }
 */
export function catalogueFile(db: Db, format: CatalogueFormat, part: ExportPart): CatalogueFile {
  if (part === 'categories' && format !== 'volusion') throw new HttpError(400, CATEGORIES_VOLUSION_ONLY);
  const name = `catalogue-${format}${part === 'categories' ? '-categories' : ''}.${format === 'skimmer' ? 'jsonl' : 'csv'}`;
  return { type: CONTENT_TYPES[format], name, body: Readable.from(exportCatalogue(db, format, part)) };
}
