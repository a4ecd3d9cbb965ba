/**
 * Skimmer's own catalogue format, JSON Lines: a first line naming the format, then one collection
 * a line (parents first), then one product a line with everything the store holds. Lossless: an
 * export read into an empty store exports again byte for byte. Each line is checked field by
 * field; a bad line is rejected with its reason, the others go on. A product's `notices` and a
 * variant's `shipping` and a product's `callForPrice` may be left out (a file
 * written before them): the store's own are kept, or the defaults for a new product.
 * @module
 */
import { SHAPES, type Shape } from '../media/shapes.ts';
import { shown } from '../../platform/csv/cells.ts';
import { ImportError } from '../../platform/csv/errors.ts';
import { utf8Lines, type ByteSource } from '../../platform/csv/reader.ts';
import { exportedImageUrl, MAX_CELL_CHARS, MAX_IMPORT_PRICE_CENTS } from './cells.ts';
import type { ReportBuilder } from './report.ts';
import type { CatalogueCollection, CatalogueItem, IncomingItem, IncomingVariant, ItemShipping } from './schemas.ts';
import { orderedNotices, readNotices, SHIPPING_FIELDS, shippingProblem } from './shipping.ts';

/** The first line of a Skimmer catalogue file. */
export const JSONL_HEADER = { format: 'skimmer-catalogue', version: 1 } as const;

/** A collection read from a file, with the id it would like (a Volusion category's). */
export type IncomingCollection = CatalogueCollection & { kind: 'collection'; line: number; wantedId?: number };

class Bad extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Record<string, unknown>, key: string, nullable: boolean, max = MAX_CELL_CHARS): string | null {
  const v = o[key];
  if (v === null && nullable) return null;
  if (typeof v !== 'string') throw new Bad(`'${key}' must be ${nullable ? 'text or null' : 'text'}`);
  if (v.length > max) throw new Bad(`'${key}' is ${v.length.toLocaleString('en-US')} characters long; the limit is ${max.toLocaleString('en-US')}`);
  if (v.includes('\u0000')) throw new Bad(`'${key}' holds a NUL character`);
  return v;
}
const text = (o: Record<string, unknown>, key: string, max?: number): string => str(o, key, false, max) as string;
function int(o: Record<string, unknown>, key: string, min: number, max: number, nullable = false): number | null {
  const v = o[key];
  if (v === null && nullable) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new Bad(`'${key}' must be a whole number from ${min} to ${max}${nullable ? ' or null' : ''}`);
  return v;
}
const cents = (o: Record<string, unknown>, key: string, nullable = false): number | null => int(o, key, 0, MAX_IMPORT_PRICE_CENTS, nullable);
function bool(o: Record<string, unknown>, key: string): boolean {
  if (typeof o[key] !== 'boolean') throw new Bad(`'${key}' must be true or false`);
  return o[key] as boolean;
}
function arr(o: Record<string, unknown>, key: string): unknown[] {
  if (!Array.isArray(o[key])) throw new Bad(`'${key}' must be a list`);
  return o[key] as unknown[];
}
function objs(o: Record<string, unknown>, key: string): Record<string, unknown>[] {
  return arr(o, key).map((x, i) => {
    if (!isObj(x)) throw new Bad(`'${key}' item ${i + 1} must be an object`);
    return x;
  });
}
function shape(o: Record<string, unknown>, key: string, nullable = false): Shape | null {
  const v = o[key];
  if (v === null && nullable) return null;
  if (typeof v !== 'string' || !SHAPES.includes(v as Shape)) throw new Bad(`'${key}' must be one of ${SHAPES.join(', ')}`);
  return v as Shape;
}
const handle = (o: Record<string, unknown>, key: string): string => {
  const h = text(o, key, 255);
  if (!/^[\p{Ll}\p{Lo}\p{N}_-][\p{Ll}\p{Lo}\p{N}\p{M}_.-]*$/u.test(h)) throw new Bad(`'${key}' '${shown(h, 40)}' is not a handle (lower-case letters, digits and hyphens)`);
  return h;
};

const PRODUCT_KEYS = new Set(['kind', 'handle', 'title', 'sku', 'productCode', 'vendor', 'weight', 'priceCents', 'compareAtPriceCents', 'descriptionHtml', 'seoTitle', 'seoDescription', 'isIndexed', 'isFeatured', 'callForPrice', 'salesCount', 'createdAt', 'collections', 'tags', 'options', 'variants', 'images', 'model3ds', 'pdfs', 'reviews', 'questions', 'related', 'notices']);

/** A variant's `shipping`: the profile fields it gives (any of them), checked. */
function shipping(v: unknown): Partial<ItemShipping> {
  if (!isObj(v)) throw new Bad("variant 'shipping' must be an object");
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (!(SHIPPING_FIELDS as readonly string[]).includes(key)) throw new Bad(`variant 'shipping' has a field '${key}' Skimmer does not read (${SHIPPING_FIELDS.join(', ')})`);
    const nullable = !['shipClass', 'handlingDays', 'taxable'].includes(key);
    const type = key === 'shipClass' || key === 'hazardGroup' ? 'string' : key === 'taxable' ? 'boolean' : 'number';
    if (!(typeof value === type || (nullable && value === null))) throw new Bad(`variant 'shipping' '${key}' must be ${type === 'string' ? 'text' : type === 'boolean' ? 'true or false' : 'a number'}${nullable ? ' or null' : ''}`);
    out[key] = value;
  }
  const problem = shippingProblem(out as Partial<ItemShipping>);
  if (problem) throw new Bad(problem);
  return out as Partial<ItemShipping>;
}

function product(o: Record<string, unknown>, line: number): IncomingItem {
  const weight = o.weight;
  if (weight !== null && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0 || weight > 10_000)) throw new Bad("'weight' must be pounds from 0 to 10,000 or null");
  const options = objs(o, 'options').map((x) => ({ name: text(x, 'name', 1000), values: arr(x, 'values').map((v) => { if (typeof v !== 'string') throw new Bad("option 'values' must be text"); return v; }) }));
  const item: IncomingItem & Omit<CatalogueItem, 'variants' | 'notices' | 'callForPrice'> & { variants: IncomingVariant[] } = {
    line,
    handle: handle(o, 'handle'),
    title: text(o, 'title', 1000),
    sku: str(o, 'sku', true, 1000),
    productCode: str(o, 'productCode', true, 1000),
    vendor: str(o, 'vendor', true, 1000),
    weight: weight as number | null,
    priceCents: cents(o, 'priceCents') as number,
    compareAtPriceCents: cents(o, 'compareAtPriceCents', true),
    descriptionHtml: str(o, 'descriptionHtml', true),
    seoTitle: str(o, 'seoTitle', true, 1000),
    seoDescription: str(o, 'seoDescription', true),
    isIndexed: bool(o, 'isIndexed'),
    isFeatured: bool(o, 'isFeatured'),
    salesCount: int(o, 'salesCount', 0, 1e12) as number,
    createdAt: text(o, 'createdAt', 40),
    collections: arr(o, 'collections').map((h) => handle({ h }, 'h')),
    tags: arr(o, 'tags').map((t) => {
      if (!Array.isArray(t) || t.length !== 2 || typeof t[0] !== 'string' || typeof t[1] !== 'string') throw new Bad("'tags' must be a list of [prefix, value] pairs");
      return [t[0], t[1]] as [string, string];
    }),
    options,
    variants: objs(o, 'variants').map((v) => {
      const values = arr(v, 'options').map((x) => { if (typeof x !== 'string') throw new Bad("variant 'options' must be text"); return x; });
      if (values.length !== options.length) throw new Bad(`variant '${shown(String(v.title), 30)}' has ${values.length} option values; the product has ${options.length} options`);
      values.forEach((x, k) => { if (!options[k]!.values.includes(x)) throw new Bad(`variant value '${shown(x, 30)}' is not a value of option '${options[k]!.name}'`); });
      return {
        title: text(v, 'title', 1000),
        sku: str(v, 'sku', true, 1000),
        priceCents: cents(v, 'priceCents') as number,
        compareAtPriceCents: cents(v, 'compareAtPriceCents', true),
        options: values,
        inventory: objs(v, 'inventory').map((l) => ({
          location: text(l, 'location', 1000),
          quantity: int(l, 'quantity', -1e9, 1e9) as number,
          availableForSale: bool(l, 'availableForSale'),
          bypassNegativeQuantity: bool(l, 'bypassNegativeQuantity'),
          priceCents: cents(l, 'priceCents') as number,
          compareAtPriceCents: cents(l, 'compareAtPriceCents', true),
        })),
        // a file written before the ship profiles leaves the variant's own
        ...(v.shipping === undefined ? {} : { shipping: shipping(v.shipping) }),
      };
    }),
    images: objs(o, 'images').map((i) => ({ url: text(i, 'url', 2000), altText: str(i, 'altText', true, 1000), shape: shape(i, 'shape') as Shape, hue: int(i, 'hue', 0, 359) as number })),
    model3ds: objs(o, 'model3ds').map((m) => ({ url: text(m, 'url', 2000), posterUrl: text(m, 'posterUrl', 2000), shape: shape(m, 'shape') as Shape, hue: int(m, 'hue', 0, 359) as number })),
    pdfs: objs(o, 'pdfs').map((f) => ({ url: text(f, 'url', 2000), localFilename: text(f, 'localFilename', 200), title: text(f, 'title', 1000) })),
    reviews: objs(o, 'reviews').map((r) => ({ starsRating: int(r, 'starsRating', 1, 5) as number, title: str(r, 'title', true), body: str(r, 'body', true), author: str(r, 'author', true, 1000), createdAt: text(r, 'createdAt', 40) })),
    questions: objs(o, 'questions').map((q) => ({ question: text(q, 'question'), askedBy: text(q, 'askedBy', 1000), answer: str(q, 'answer', true), answeredBy: str(q, 'answeredBy', true, 1000), createdAt: text(q, 'createdAt', 40) })),
    related: arr(o, 'related').map((h) => handle({ h }, 'h')),
  };
  // a file written before call-for-price products leaves the store's own flag
  if (o.callForPrice !== undefined) item.callForPrice = bool(o, 'callForPrice');
  if (o.notices !== undefined) {
    const notices = readNotices(o.notices);
    if (!notices.ok) throw new Bad(`'notices': ${notices.reason}`);
    item.notices = notices.value;
  }
  if (item.title.trim() === '') throw new Bad("'title' is empty");
  if (item.variants.length === 0) throw new Bad('a product needs at least one variant');
  return item;
}

function collection(o: Record<string, unknown>, line: number): IncomingCollection {
  return {
    kind: 'collection',
    line,
    handle: handle(o, 'handle'),
    title: text(o, 'title', 1000),
    parent: o.parent === null ? null : handle(o, 'parent'),
    position: int(o, 'position', 0, 1e9) as number,
    seoTitle: str(o, 'seoTitle', true, 1000),
    seoDescription: str(o, 'seoDescription', true),
    isIndexed: bool(o, 'isIndexed'),
    descriptionHtml: str(o, 'descriptionHtml', true),
    imageUrl: str(o, 'imageUrl', true, 2000),
    imageShape: shape(o, 'imageShape', true),
    imageHue: int(o, 'imageHue', 0, 359, true),
  };
}

/**
 * Reads a Skimmer JSON Lines catalogue: collections and products, each bad line reported.
 * @throws ImportError when the file is empty or its first line is not the format's header
 */
export async function* parseSkimmer(source: ByteSource, report: ReportBuilder): AsyncGenerator<IncomingItem | IncomingCollection> {
  let first = true;
  const warned = new Set<string>();
  for await (const { line, text: raw } of utf8Lines(source)) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      if (first) throw new ImportError('This is not a Skimmer catalogue: its first line is not JSON.', line);
      report.totals.rows++;
      report.totals.rejected++;
      report.reject(line, null, raw, `Line is not JSON (${(err as Error).message.replace(/^.*?: /, '').slice(0, 80)})`);
      continue;
    }
    if (first) {
      first = false;
      if (!isObj(value) || value.format !== JSONL_HEADER.format) throw new ImportError(`This is not a Skimmer catalogue: the first line must be ${JSON.stringify(JSONL_HEADER)}.`, line);
      if (value.version !== JSONL_HEADER.version) throw new ImportError(`This Skimmer catalogue is version ${String(value.version)}; this store reads version ${JSONL_HEADER.version}.`, line);
      continue;
    }
    report.totals.rows++;
    try {
      if (!isObj(value)) throw new Bad('Line is not an object');
      if (value.kind === 'collection') {
        yield collection(value, line);
        continue;
      }
      if (value.kind !== 'product') throw new Bad(`'kind' must be 'collection' or 'product'`);
      for (const key of Object.keys(value)) {
        if (!PRODUCT_KEYS.has(key) && !warned.has(key)) {
          warned.add(key);
          report.warn(line, key, null, `Field '${key}' is not one Skimmer reads; it is ignored`);
        }
      }
      yield product(value, line);
    } catch (err) {
      if (!(err instanceof Bad)) throw err;
      report.totals.rejected++;
      const handleText = isObj(value) && typeof value.handle === 'string' ? value.handle : null;
      report.reject(line, null, handleText, err.message);
    }
  }
  if (first) throw new ImportError('The file is empty.');
  if (report.totals.rows === 0) report.warn(0, null, null, 'The file has a header but no products');
}

/** One product as a line of the format (no ids: a file names things by handle). */
export function productLine(item: CatalogueItem): string {
  return JSON.stringify({
    kind: 'product',
    handle: item.handle,
    title: item.title,
    sku: item.sku,
    productCode: item.productCode,
    vendor: item.vendor,
    weight: item.weight,
    priceCents: item.priceCents,
    compareAtPriceCents: item.compareAtPriceCents,
    descriptionHtml: item.descriptionHtml,
    seoTitle: item.seoTitle,
    seoDescription: item.seoDescription,
    isIndexed: item.isIndexed,
    isFeatured: item.isFeatured,
    callForPrice: item.callForPrice,
    salesCount: item.salesCount,
    createdAt: item.createdAt,
    collections: item.collections,
    tags: item.tags,
    options: item.options,
    variants: item.variants.map((v) => ({
      title: v.title,
      sku: v.sku,
      priceCents: v.priceCents,
      compareAtPriceCents: v.compareAtPriceCents,
      options: v.options,
      inventory: v.inventory.map((l) => ({ location: l.location, quantity: l.quantity, availableForSale: l.availableForSale, bypassNegativeQuantity: l.bypassNegativeQuantity, priceCents: l.priceCents, compareAtPriceCents: l.compareAtPriceCents })),
      shipping: Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, v.shipping[f]])),
    })),
    images: item.images.map((i) => ({ url: exportedImageUrl(i), altText: i.altText, shape: i.shape, hue: i.hue })),
    model3ds: item.model3ds.map((m) => ({ url: m.url, posterUrl: m.posterUrl, shape: m.shape, hue: m.hue })),
    pdfs: item.pdfs,
    reviews: item.reviews,
    questions: item.questions,
    related: item.related,
    notices: orderedNotices(item.notices),
  });
}

/** One collection as a line of the format. */
export function collectionLine(c: CatalogueCollection): string {
  return JSON.stringify({
    kind: 'collection',
    handle: c.handle,
    title: c.title,
    parent: c.parent,
    position: c.position,
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    isIndexed: c.isIndexed,
    descriptionHtml: c.descriptionHtml,
    imageUrl: c.imageUrl,
    imageShape: c.imageShape,
    imageHue: c.imageHue,
  });
}
