/**
 * Shopify's product CSV, both ways. Reading: rows grouped by `Handle` (the first row of a handle
 * carries the product, every row may carry a variant and an image), `Option1..3 Name/Value`
 * variants, prices, stock, weight, images, tags, vendor, type, `Published`, SEO fields, and
 * metafield columns (`Name (product.metafields.ns.key)`) kept as attributes (tags named after the
 * metafield). A product with any bad row is rejected whole (a half product would drop variants
 * on an update), each bad row reported.
 *
 * What Shopify's CSV cannot say is carried in metafield columns of Skimmer's own namespace, so
 * an export read back keeps it: the part number (`Part Number (product.metafields.skimmer.part_number)`),
 * the collections (`Collections (product.metafields.skimmer.collections)`, handles), each
 * variant's ship profile and the product's notices (shipping.ts). A file without the collections
 * column files a new product under a collection named after its `Type`.
 * @module
 */
import { ImportError } from '../../platform/csv/errors.ts';
import type { ByteSource, CsvRow } from '../../platform/csv/reader.ts';
import { readCsv } from '../../platform/csv/reader.ts';
import {
  exportedImageUrl,
  handleOf,
  parseFlag,
  parseHandle,
  parseLongText,
  parseOptionalPrice,
  parsePrice,
  parseQuantity,
  parseShortText,
  parseWeight,
  type CellResult,
} from './cells.ts';
import type { ReportBuilder } from './report.ts';
import { readNotices, readShopifyShipping, SHIPPING_METAFIELD_KEYS, SHOPIFY_NOTICES_COLUMN, SHOPIFY_SHIPPING_COLUMNS, shopifyNoticesCell, shopifyShippingCells } from './shipping.ts';
import type { CatalogueItem, IncomingImage, IncomingItem, IncomingVariant } from './schemas.ts';

/** The tag prefix of a Shopify tag written without one (`sale`), and of `Type`'s. */
export const PLAIN_TAG_PREFIX = 'Tag';
/** The tag prefix `Type` maps to (the catalogue's part type facet). */
export const TYPE_TAG_PREFIX = 'Part Type';
/** The metafield column carrying the part number. */
export const PART_NUMBER_COLUMN = 'Part Number (product.metafields.skimmer.part_number)';
/** The metafield column carrying the collections' handles. */
export const COLLECTIONS_COLUMN = 'Collections (product.metafields.skimmer.collections)';

/** The columns of Shopify's product CSV the store writes, in Shopify's order. */
export const SHOPIFY_COLUMNS: readonly string[] = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy',
  'Variant Fulfillment Service', 'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable',
  'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description',
  'Variant Image', 'Variant Weight Unit', 'Status', PART_NUMBER_COLUMN, COLLECTIONS_COLUMN,
  ...Object.values(SHOPIFY_SHIPPING_COLUMNS).filter((c) => c !== 'Variant Taxable'), SHOPIFY_NOTICES_COLUMN,
];

/** Shopify columns the store knows and has no use for (not reported as unknown). */
const IGNORED = new Set([
  'Product Category', 'Variant Inventory Tracker', 'Variant Fulfillment Service', 'Variant Requires Shipping',
  'Variant Barcode', 'Gift Card', 'Variant Image', 'Variant Tax Code', 'Cost per item', 'Status', 'Google Shopping / Google Product Category',
  'Google Shopping / Gender', 'Google Shopping / Age Group', 'Google Shopping / MPN', 'Google Shopping / AdWords Grouping',
  'Google Shopping / AdWords Labels', 'Google Shopping / Condition', 'Google Shopping / Custom Product', 'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1', 'Google Shopping / Custom Label 2', 'Google Shopping / Custom Label 3', 'Google Shopping / Custom Label 4',
  'Included / United States', 'Price / United States', 'Compare At Price / United States', 'Variant Weight',
]);

const READ = new Set(SHOPIFY_COLUMNS);
const METAFIELD_RE = /^(.*?)\s*\((?:product|variant)\.metafields\.([^.)]+)\.([^)]+)\)$/;

/** A Shopify tag read into [prefix, value]: `Prefix: Value`, or a plain tag under {@link PLAIN_TAG_PREFIX}. */
export function parseShopifyTag(text: string): [string, string] | null {
  const t = text.trim();
  if (t === '') return null;
  const i = t.indexOf(':');
  if (i < 0) return [PLAIN_TAG_PREFIX, t];
  const prefix = t.slice(0, i).trim();
  const value = t.slice(i + 1).trim();
  return prefix === '' || value === '' ? [PLAIN_TAG_PREFIX, t] : [prefix, value];
}

function renderTag(prefix: string, value: string): string | null {
  const p = prefix.replace(/,/g, ' ').trim();
  const v = value.replace(/,/g, ' ').trim();
  if (v === '' && p === '') return null;
  if (p === '' || p === PLAIN_TAG_PREFIX) return v.includes(':') || v === '' ? `${PLAIN_TAG_PREFIX}: ${v}`.trim() : v;
  return v === '' ? p : `${p}: ${v}`;
}

/**
 * A tag as the export writes it in the `Tags` list: the form that reads back as itself (commas,
 * the list's separator, become spaces), or null when nothing would read back.
 */
export function shopifyTagText(prefix: string, value: string): string | null {
  const first = renderTag(prefix, value);
  if (first === null) return null;
  const read = parseShopifyTag(first);
  return read ? renderTag(read[0], read[1]) : null;
}

interface Pending {
  handle: string;
  line: number;
  rows: CsvRow[];
}

/**
 * Reads a Shopify product CSV into products, reporting bad rows and unknown columns.
 * @example
 * for await (const item of parseShopify(createReadStream('products.csv'), report)) await apply(item);
 */
export async function* parseShopify(source: ByteSource, report: ReportBuilder): AsyncGenerator<IncomingItem> {
  const seenHandles = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  let pending: Pending | null = null;
  let hasCollections = false;
  let metafields: string[] = [];
  const rows = readCsv(source, (header) => {
    if (!header.columns.includes('Handle')) {
      throw new ImportError(`This is not a Shopify product CSV: it has no 'Handle' column (columns: ${header.columns.slice(0, 6).join(', ')}${header.columns.length > 6 ? ' ...' : ''}).`, 1);
    }
    hasCollections = header.columns.includes(COLLECTIONS_COLUMN);
    metafields = header.columns.filter((c) => METAFIELD_RE.test(c));
    for (const c of header.columns) {
      if (!READ.has(c) && !IGNORED.has(c) && !METAFIELD_RE.test(c)) report.warn(1, c, null, `Column '${c}' is not one Skimmer reads; it is ignored`);
    }
  });
  for await (const row of rows) {
    report.totals.rows++;
    const raw = row.get('Handle').trim();
    if (pending && raw === pending.handle) {
      pending.rows.push(row);
      continue;
    }
    if (pending) {
      const item = build(pending, report, seenSkus, hasCollections, metafields);
      if (item) yield item;
    }
    const handle = parseHandle(raw);
    if (!handle.ok) {
      report.reject(row.line, 'Handle', raw, handle.reason);
      report.totals.rejected++;
      pending = null;
      continue;
    }
    const before = seenHandles.get(handle.value);
    if (before !== undefined) {
      report.reject(row.line, 'Handle', raw, `Handle '${raw}' appears again after other products (first at line ${before}); keep a product's rows together`);
      report.totals.rejected++;
      pending = null;
      continue;
    }
    seenHandles.set(handle.value, row.line);
    pending = { handle: handle.value, line: row.line, rows: [row] };
  }
  if (pending) {
    const item = build(pending, report, seenSkus, hasCollections, metafields);
    if (item) yield item;
  }
  if (report.totals.rows === 0) report.warn(0, null, null, 'The file has a header but no products');
}

function build(p: Pending, report: ReportBuilder, seenSkus: Map<string, number>, hasCollections: boolean, metafieldNames: string[]): IncomingItem | null {
  let bad = false;
  const take = <T>(result: CellResult<T>, row: CsvRow, column: string): T | undefined => {
    if (result.ok) return result.value;
    bad = true;
    report.reject(row.line, column, row.get(column), result.reason);
    return undefined;
  };
  const first = p.rows[0]!;
  const item: IncomingItem = { handle: p.handle, line: p.line };
  if (first.has('Title')) {
    const title = take(parseShortText(first.get('Title'), 'Title'), first, 'Title');
    if (title === '') take({ ok: false, reason: 'Title is empty' }, first, 'Title');
    else if (title !== undefined) item.title = title;
  }
  if (first.has('Body (HTML)')) {
    const body = take(parseLongText(first.get('Body (HTML)'), 'Body (HTML)'), first, 'Body (HTML)');
    if (body !== undefined) item.descriptionHtml = body === '' ? null : body;
  }
  if (first.has('Vendor')) {
    const vendor = take(parseShortText(first.get('Vendor'), 'Vendor'), first, 'Vendor');
    if (vendor !== undefined) item.vendor = vendor === '' ? null : vendor;
  }
  if (first.has('Published')) {
    const published = take(parseFlag(first.get('Published'), 'Published'), first, 'Published');
    if (published !== undefined) item.isIndexed = published;
  }
  for (const [column, key] of [['SEO Title', 'seoTitle'], ['SEO Description', 'seoDescription']] as const) {
    if (!first.has(column)) continue;
    const text = take(column === 'SEO Title' ? parseShortText(first.get(column), column) : parseLongText(first.get(column).trim(), column), first, column);
    if (text !== undefined) item[key] = text === '' ? null : text;
  }
  // tags: the Tags list, the Type, and metafield attributes
  const tags: [string, string][] = [];
  if (first.has('Tags')) {
    for (const t of first.get('Tags').split(',')) {
      const checked = take(parseShortText(t, 'Tags'), first, 'Tags');
      const tag = checked === undefined ? null : parseShopifyTag(checked);
      if (tag) tags.push(tag);
    }
  }
  const type = first.has('Type') ? take(parseShortText(first.get('Type'), 'Type'), first, 'Type') : undefined;
  if (type) tags.push([TYPE_TAG_PREFIX, type]);
  let metafields = false;
  for (const column of metafieldNames) {
    const m = METAFIELD_RE.exec(column)!;
    // the ship profile (each variant row) and the notices: read below
    if (m[2] === 'skimmer' && SHIPPING_METAFIELD_KEYS.has(m[3]!)) continue;
    const value = take(parseShortText(first.get(column), column), first, column);
    if (value === undefined) continue;
    if (m[2] === 'skimmer' && m[3] === 'part_number') item.productCode = value === '' ? null : value;
    else if (m[2] === 'skimmer' && m[3] === 'collections') {
      item.collections = [];
      for (const h of value.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
        const checked = parseHandle(h, 'Collection');
        if (checked.ok) item.collections.push(checked.value);
        else report.warn(first.line, column, h, `${checked.reason}; the product is filed without it`);
      }
    }
    else if (value !== '') {
      metafields = true;
      tags.push([m[1]!.trim() || m[3]!, value]);
    }
  }
  if (first.has('Tags') || type || metafields) item.tags = tags;
  if (first.has(SHOPIFY_NOTICES_COLUMN)) {
    const text = first.get(SHOPIFY_NOTICES_COLUMN).trim();
    let value: unknown = [];
    let ok = true;
    if (text !== '') {
      try {
        value = JSON.parse(text);
      } catch {
        ok = false;
        take({ ok: false, reason: 'Notices are not JSON (a list such as [{"kind":"hazmat-handling"}])' }, first, SHOPIFY_NOTICES_COLUMN);
      }
    }
    if (ok) {
      const notices = readNotices(value);
      const read = take(notices.ok ? { ok: true, value: notices.value } : { ok: false, reason: notices.reason }, first, SHOPIFY_NOTICES_COLUMN);
      if (read !== undefined) item.notices = read;
    }
  }
  if (!hasCollections && type) item.typeCollection = { handle: handleOf(type) || 'imported', title: type };

  // options and variants
  const optionNames: string[] = [];
  for (const n of [1, 2, 3]) {
    const name = take(parseShortText(first.get(`Option${n} Name`), `Option${n} Name`), first, `Option${n} Name`);
    if (name) optionNames.push(name);
    else break;
  }
  const defaultTitle = optionNames.length === 1 && optionNames[0] === 'Title' && first.get('Option1 Value').trim() === 'Default Title';
  const names = defaultTitle ? [] : optionNames;
  const variants: IncomingVariant[] = [];
  const combos = new Map<string, number>();
  const images: IncomingImage[] = [];
  const imagePositions: number[] = [];
  let weight: number | null | undefined;
  for (const row of p.rows) {
    const isVariant = row.get('Variant SKU').trim() !== '' || row.get('Variant Price').trim() !== '' || row.get('Option1 Value').trim() !== '';
    if (row.extra > 0) take({ ok: false, reason: `Row has ${row.extra} more cells than the header has columns` }, row, 'Handle');
    if (isVariant) {
      const values: string[] = [];
      names.forEach((name, i) => {
        const column = `Option${i + 1} Value`;
        const v = take(parseShortText(row.get(column), column), row, column);
        if (v === '') take({ ok: false, reason: `${column} is empty (the product has an option '${name}')` }, row, column);
        else if (v !== undefined) values.push(v);
      });
      const title = names.length === 0 ? 'Default Title' : values.join(' / ');
      const combo = values.join('\u0000');
      const dup = combos.get(combo);
      if (dup !== undefined && values.length === names.length) take({ ok: false, reason: `Options '${title}' appear twice for '${p.handle}' (lines ${dup} and ${row.line})` }, row, 'Option1 Value');
      combos.set(combo, row.line);
      const skuText = take(parseShortText(row.get('Variant SKU'), 'Variant SKU'), row, 'Variant SKU');
      const sku = skuText ? skuText : null;
      if (sku !== null) {
        const at = seenSkus.get(sku);
        if (at !== undefined) take({ ok: false, reason: `Variant SKU '${sku}' appears twice (lines ${at} and ${row.line})` }, row, 'Variant SKU');
        else seenSkus.set(sku, row.line);
      }
      const price = take(parsePrice(row.get('Variant Price'), 'Variant Price'), row, 'Variant Price');
      const compare = take(parseOptionalPrice(row.get('Variant Compare At Price'), 'Variant Compare At Price'), row, 'Variant Compare At Price');
      const variant: IncomingVariant = { title, sku, priceCents: price ?? 0, compareAtPriceCents: compare ?? null, options: values };
      const shipping = readShopifyShipping(row);
      if (!shipping.ok) take({ ok: false, reason: shipping.problem.reason }, row, shipping.problem.column);
      else if (Object.keys(shipping.value).length > 0) variant.shipping = shipping.value;
      if (row.has('Variant Inventory Qty')) {
        const qty = take(parseQuantity(row.get('Variant Inventory Qty'), 'Variant Inventory Qty'), row, 'Variant Inventory Qty');
        const policy = row.get('Variant Inventory Policy').trim().toLowerCase();
        if (policy !== '' && policy !== 'deny' && policy !== 'continue') take({ ok: false, reason: `Variant Inventory Policy '${policy}' is not deny or continue` }, row, 'Variant Inventory Policy');
        variant.stock = { quantity: qty ?? 0, ...(policy === '' ? {} : { bypassNegativeQuantity: policy === 'continue' }) };
      }
      if (variants.length === 0) {
        const grams = row.get('Variant Grams').trim();
        const unit = row.get('Variant Weight Unit').trim() || 'lb';
        if (grams !== '') weight = take(parseWeight(grams, 'g', 'Variant Grams'), row, 'Variant Grams');
        else if (row.get('Variant Weight').trim() !== '') weight = take(parseWeight(row.get('Variant Weight'), unit, 'Variant Weight'), row, 'Variant Weight');
        else if (row.has('Variant Grams')) weight = null;
      }
      variants.push(variant);
    }
    const src = row.get('Image Src').trim();
    if (src !== '') {
      const url = src;
      if (!images.some((i) => i.url === url)) {
        const alt = row.get('Image Alt Text').trim();
        const pos = row.get('Image Position').trim();
        let position = Number.POSITIVE_INFINITY;
        if (pos !== '') {
          if (/^\d{1,6}$/.test(pos)) position = Number(pos);
          else report.warn(row.line, 'Image Position', pos, `Image Position '${pos}' is not a whole number; the image goes last`);
        }
        images.push({ url, altText: alt === '' ? null : alt, at: { line: row.line, column: 'Image Src' } });
        imagePositions.push(position);
      }
    }
  }
  if (variants.length === 0) take({ ok: false, reason: `Product '${p.handle}' has no variant row (a row with a Variant Price)` }, first, 'Variant Price');
  if (bad) {
    report.totals.rejected++;
    return null;
  }
  item.options = names.map((name, i) => ({ name, values: [...new Set(variants.map((v) => v.options[i]!))] }));
  item.variants = variants;
  const head = variants[0]!;
  item.sku = head.sku;
  item.priceCents = head.priceCents;
  item.compareAtPriceCents = head.compareAtPriceCents;
  if (weight !== undefined) item.weight = weight;
  if (images.length > 0 || p.rows.some((r) => r.has('Image Src'))) {
    item.images = images.map((img, i) => ({ img, pos: imagePositions[i]!, i })).sort((a, b) => a.pos - b.pos || a.i - b.i).map((x) => x.img);
  }
  return item;
}

/** Rows of one product as Shopify's CSV writes them (cells not yet guarded against formulas). */
export function shopifyRows(item: CatalogueItem): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  const tags = item.tags.filter(([p]) => p !== TYPE_TAG_PREFIX || item.tags.filter(([q]) => q === TYPE_TAG_PREFIX).length > 1);
  const type = item.tags.find(([p]) => p === TYPE_TAG_PREFIX)?.[1] ?? '';
  const tagTexts = [...new Set(tags.map(([p, v]) => shopifyTagText(p, v)).filter((t): t is string => t !== null))];
  const names = item.options.slice(0, 3).map((o) => o.name);
  const count = Math.max(item.variants.length, item.images.length, 1);
  for (let i = 0; i < count; i++) {
    const v = item.variants[i];
    const img = item.images[i];
    const row: Record<string, string> = Object.fromEntries(SHOPIFY_COLUMNS.map((c) => [c, '']));
    row.Handle = item.handle;
    if (i === 0) {
      row.Title = item.title;
      row['Body (HTML)'] = item.descriptionHtml ?? '';
      row.Vendor = item.vendor ?? '';
      row.Type = type;
      row.Tags = tagTexts.join(', ');
      row.Published = item.isIndexed ? 'TRUE' : 'FALSE';
      row['SEO Title'] = item.seoTitle ?? '';
      row['SEO Description'] = item.seoDescription ?? '';
      row.Status = 'active';
      row[PART_NUMBER_COLUMN] = item.productCode ?? '';
      row[COLLECTIONS_COLUMN] = item.collections.join(', ');
      row[SHOPIFY_NOTICES_COLUMN] = shopifyNoticesCell(item.notices);
      if (names.length === 0) {
        row['Option1 Name'] = 'Title';
      } else names.forEach((n, k) => (row[`Option${k + 1} Name`] = n));
    }
    if (v) {
      if (names.length === 0) row['Option1 Value'] = 'Default Title';
      else names.forEach((_, k) => (row[`Option${k + 1} Value`] = v.options[k] ?? ''));
      const level = v.inventory[0];
      row['Variant SKU'] = v.sku ?? '';
      row['Variant Grams'] = i === 0 && item.weight !== null ? String(Math.round(item.weight * 453.59237)) : '';
      row['Variant Inventory Tracker'] = 'shopify';
      row['Variant Inventory Qty'] = String(level?.quantity ?? 0);
      row['Variant Inventory Policy'] = level?.bypassNegativeQuantity ? 'continue' : 'deny';
      row['Variant Fulfillment Service'] = 'manual';
      row['Variant Price'] = (v.priceCents / 100).toFixed(2);
      row['Variant Compare At Price'] = v.compareAtPriceCents === null ? '' : (v.compareAtPriceCents / 100).toFixed(2);
      row['Variant Requires Shipping'] = 'TRUE';
      Object.assign(row, shopifyShippingCells(v.shipping));
      row['Variant Weight Unit'] = 'lb';
    }
    if (img) {
      row['Image Src'] = exportedImageUrl(img);
      row['Image Position'] = String(i + 1);
      row['Image Alt Text'] = img.altText ?? '';
    }
    rows.push(row);
  }
  return rows;
}
