/**
 * Volusion's product export and its categories CSV, both ways. A Volusion product is a row; a
 * variant is a child product (`ischildofproductcode` names its parent), so rows are gathered
 * before products are handed on (a Volusion store is thousands of rows, not millions). The
 * product code is the SKU the store finds a product by; categories keep their Volusion id when
 * the store has it free, so the old category URLs can be kept.
 *
 * Mapping: `saleprice` (when set) is the price and `productprice` the compare-at price; otherwise
 * `productprice` is the price and `listprice` the compare-at price. `hideproduct` is the opposite
 * of Shopify's `Published` (the product's `isIndexed`). `stockstatus` is the quantity in stock.
 * `upc_code` is kept as a `UPC` attribute, `vendor_partno` as the part number.
 * @module
 */
import { ImportError } from '../../platform/csv/errors.ts';
import type { ByteSource, CsvRow } from '../../platform/csv/reader.ts';
import { readCsv } from '../../platform/csv/reader.ts';
import {
  exportedImageUrl,
  handleOf,
  parseFlag,
  parseLongText,
  parseOptionalPrice,
  parsePrice,
  parseQuantity,
  parseShortText,
  parseWeight,
  type CellResult,
} from './cells.ts';
import type { IncomingCollection } from './jsonl.ts';
import type { ReportBuilder } from './report.ts';
import type { CatalogueCollection, CatalogueItem, IncomingItem, IncomingVariant } from './schemas.ts';

/** The product columns the store writes, in this order. */
export const VOLUSION_COLUMNS: readonly string[] = [
  'productcode', 'ischildofproductcode', 'productname', 'productprice', 'listprice', 'saleprice', 'productweight',
  'productdescription', 'productdescriptionshort', 'productmanufacturer', 'vendor_partno', 'categoryids', 'hideproduct',
  'stockstatus', 'photourl', 'photo_alttext', 'upc_code', 'metatag_title', 'metatag_description',
];

/** The categories columns the store writes. */
export const VOLUSION_CATEGORY_COLUMNS: readonly string[] = ['categoryid', 'parentid', 'categoryname', 'categoryorder', 'categorydescription', 'metatag_title', 'metatag_description', 'hidden'];

/** The attribute (tag prefix) `upc_code` is kept as. */
export const UPC_TAG_PREFIX = 'UPC';

const KNOWN = new Set([...VOLUSION_COLUMNS, 'metatag_keywords', 'productnameshort', 'productkeywords', 'freeshippingitem', 'taxableproduct', 'productcondition', 'productfeatures']);

interface Row {
  line: number;
  code: string;
  parent: string;
  name: string;
  price: number;
  compare: number | null;
  row: CsvRow;
}

/** Options of {@link parseVolusion}. */
export interface VolusionParseOptions {
  /** The categories CSV (categoryid, categoryname, parentid). */
  categories?: ByteSource;
  /** Handles of the store's collections by id (category ids the file names without a categories file). */
  storeCollections?: ReadonlyMap<number, string>;
}

/**
 * Reads Volusion's categories CSV, then its products: the collections first, then the products.
 * @example
 * for await (const entry of parseVolusion(products, report, { categories })) ...
 */
export async function* parseVolusion(source: ByteSource, report: ReportBuilder, options: VolusionParseOptions = {}): AsyncGenerator<IncomingItem | IncomingCollection> {
  const categoryHandle = new Map<number, string>(options.storeCollections ?? []);
  if (options.categories) {
    for (const c of await readCategories(options.categories, report)) {
      categoryHandle.set(c.wantedId!, c.handle);
      yield c;
    }
  }
  const rows: Row[] = [];
  const codes = new Map<string, number>();
  for await (const row of readCsv(source, (header) => {
    if (!header.columns.map((c) => c.toLowerCase()).includes('productcode')) throw new ImportError(`This is not a Volusion product export: it has no 'productcode' column (columns: ${header.columns.slice(0, 6).join(', ')}).`, 1);
    for (const c of header.columns) {
      if (!KNOWN.has(c.toLowerCase()) && !/^metatag_/i.test(c)) report.warn(1, c, null, `Column '${c}' is not one Skimmer reads; it is ignored`);
    }
  }, { lowerCase: true })) {
    report.totals.rows++;
    const problems: [string, string][] = [];
    const take = <T>(r: CellResult<T>, column: string): T | undefined => {
      if (r.ok) return r.value;
      problems.push([column, r.reason]);
      return undefined;
    };
    const code = take(parseShortText(row.get('productcode'), 'productcode'), 'productcode') ?? '';
    if (code === '' && problems.length === 0) problems.push(['productcode', 'productcode is empty']);
    const at = codes.get(code.toLowerCase());
    if (code !== '' && at !== undefined) problems.push(['productcode', `productcode '${code}' appears twice (lines ${at} and ${row.line})`]);
    const name = take(parseShortText(row.get('productname'), 'productname'), 'productname') ?? '';
    if (name === '') problems.push(['productname', 'productname is empty']);
    const regular = take(parsePrice(row.get('productprice'), 'productprice'), 'productprice');
    const sale = take(parseOptionalPrice(row.get('saleprice'), 'saleprice'), 'saleprice');
    const list = take(parseOptionalPrice(row.get('listprice'), 'listprice'), 'listprice');
    if (row.extra > 0) problems.push(['productcode', `Row has ${row.extra} more cells than the header has columns`]);
    if (problems.length > 0) {
      for (const [column, reason] of problems) report.reject(row.line, column, row.get(column), reason);
      report.totals.rejected++;
      if (code !== '' && at === undefined) codes.set(code.toLowerCase(), -row.line);
      continue;
    }
    codes.set(code.toLowerCase(), row.line);
    const price = sale ?? regular!;
    const compare = sale !== null && sale !== undefined ? regular! : (list ?? null);
    rows.push({ line: row.line, code, parent: row.get('ischildofproductcode').trim(), name, price, compare, row });
  }
  // children under their parents
  const children = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.parent === '') continue;
    const parentLine = codes.get(r.parent.toLowerCase());
    if (parentLine === undefined || parentLine < 0 || rows.find((x) => x.code.toLowerCase() === r.parent.toLowerCase())?.parent) {
      report.reject(r.line, 'ischildofproductcode', r.parent, parentLine !== undefined && parentLine < 0 ? `Parent product '${r.parent}' was rejected` : `ischildofproductcode '${r.parent}' names no product of the file`);
      report.totals.rejected++;
      continue;
    }
    let list = children.get(r.parent.toLowerCase());
    if (!list) children.set(r.parent.toLowerCase(), (list = []));
    list.push(r);
  }
  const handles = new Set<string>();
  for (const r of rows) {
    if (r.parent !== '') continue;
    const item = build(r, children.get(r.code.toLowerCase()) ?? [], report, categoryHandle, handles);
    if (item) yield item;
    else report.totals.rejected++;
  }
  if (report.totals.rows === 0) report.warn(0, null, null, 'The file has a header but no products');
}

function build(r: Row, kids: Row[], report: ReportBuilder, categoryHandle: Map<number, string>, handles: Set<string>): IncomingItem | null {
  const row = r.row;
  let bad = false;
  const take = <T>(result: CellResult<T>, column: string, on: CsvRow = row): T | undefined => {
    if (result.ok) return result.value;
    bad = true;
    report.reject(on.line, column, on.get(column), result.reason);
    return undefined;
  };
  let handle = handleOf(r.name) || handleOf(r.code) || 'product';
  if (handles.has(handle)) handle = `${handle}-${handleOf(r.code)}`;
  for (let n = 2; handles.has(handle); n++) handle = `${handleOf(r.name)}-${n}`;
  handles.add(handle);
  const item: IncomingItem = { handle, line: r.line, key: 'sku', title: r.name, sku: r.code, priceCents: r.price, compareAtPriceCents: r.compare };
  const description = take(parseLongText(row.get('productdescription'), 'productdescription'), 'productdescription');
  const short = take(parseLongText(row.get('productdescriptionshort'), 'productdescriptionshort'), 'productdescriptionshort');
  if (row.has('productdescription') || row.has('productdescriptionshort')) item.descriptionHtml = description || short || null;
  if (row.has('productmanufacturer')) item.vendor = take(parseShortText(row.get('productmanufacturer'), 'productmanufacturer'), 'productmanufacturer') || null;
  if (row.has('vendor_partno')) item.productCode = take(parseShortText(row.get('vendor_partno'), 'vendor_partno'), 'vendor_partno') || null;
  if (row.has('productweight')) {
    const w = take(parseWeight(row.get('productweight'), 'lb', 'productweight'), 'productweight');
    if (w !== undefined) item.weight = w;
  }
  if (row.has('hideproduct')) {
    const hidden = take(parseFlag(row.get('hideproduct'), 'hideproduct', false), 'hideproduct');
    if (hidden !== undefined) item.isIndexed = !hidden;
  }
  if (row.has('metatag_title')) item.seoTitle = take(parseShortText(row.get('metatag_title'), 'metatag_title'), 'metatag_title') || null;
  if (row.has('metatag_description')) item.seoDescription = take(parseLongText(row.get('metatag_description').trim(), 'metatag_description'), 'metatag_description') || null;
  if (row.has('upc_code')) {
    const upc = take(parseShortText(row.get('upc_code'), 'upc_code'), 'upc_code');
    item.tags = upc ? [[UPC_TAG_PREFIX, upc]] : [];
  }
  if (row.has('categoryids')) {
    const collections: string[] = [];
    for (const part of row.get('categoryids').split(',').map((s) => s.trim()).filter((s) => s !== '')) {
      const h = /^\d{1,9}$/.test(part) ? categoryHandle.get(Number(part)) : undefined;
      if (h === undefined) report.warn(row.line, 'categoryids', part, /^\d{1,9}$/.test(part) ? `Category ${part} is not in the categories file or the store; the product is filed without it` : `Category id '${part}' is not a number`);
      else if (!collections.includes(h)) collections.push(h);
    }
    item.collections = collections;
  }
  if (row.has('photourl')) {
    const url = row.get('photourl').trim();
    const alt = row.get('photo_alttext').trim();
    item.images = url === '' ? [] : [{ url, altText: alt === '' ? null : alt, at: { line: row.line, column: 'photourl' } }];
  }
  const stockOf = (on: CsvRow): IncomingVariant['stock'] | undefined => {
    if (!on.has('stockstatus') || on.get('stockstatus').trim() === '') return undefined;
    const q = take(parseQuantity(on.get('stockstatus'), 'stockstatus'), 'stockstatus', on);
    return q === undefined ? undefined : { quantity: q };
  };
  if (kids.length === 0) {
    const stock = stockOf(row);
    item.options = [];
    item.variants = [{ title: 'Default Title', sku: r.code, priceCents: r.price, compareAtPriceCents: r.compare, options: [], ...(stock ? { stock } : {}) }];
  } else {
    const titles = new Map<string, number>();
    const variants: IncomingVariant[] = [];
    for (const k of kids) {
      let title = k.name;
      if (title.toLowerCase().startsWith(r.name.toLowerCase()) && title.length > r.name.length) title = title.slice(r.name.length).replace(/^[\s\-–,:/]+/, '');
      if (title === '') title = k.code;
      const dup = titles.get(title);
      if (dup !== undefined) take({ ok: false, reason: `Child product '${title}' of '${r.code}' is named like the one at line ${dup}` }, 'productname', k.row);
      titles.set(title, k.line);
      const stock = stockOf(k.row);
      variants.push({ title, sku: k.code, priceCents: k.price, compareAtPriceCents: k.compare, options: [title], ...(stock ? { stock } : {}) });
    }
    item.options = [{ name: 'Option', values: variants.map((v) => v.title) }];
    item.variants = variants;
  }
  return bad ? null : item;
}

async function readCategories(source: ByteSource, report: ReportBuilder): Promise<IncomingCollection[]> {
  const read: { id: number; parent: number; name: string; order: number; row: CsvRow }[] = [];
  const ids = new Set<number>();
  for await (const row of readCsv(source, (header) => {
    const lower = header.columns.map((c) => c.toLowerCase());
    for (const need of ['categoryid', 'categoryname']) if (!lower.includes(need)) throw new ImportError(`The categories file has no '${need}' column (columns: ${header.columns.slice(0, 6).join(', ')}).`, 1);
  }, { lowerCase: true })) {
    const idText = row.get('categoryid').trim();
    const parentText = row.get('parentid').trim() || '0';
    const name = parseShortText(row.get('categoryname'), 'categoryname');
    const order = row.get('categoryorder').trim() || '0';
    let reason: [string, string] | null = null;
    if (!/^\d{1,9}$/.test(idText) || Number(idText) === 0) reason = ['categoryid', `categoryid '${idText}' is not a number above 0`];
    else if (ids.has(Number(idText))) reason = ['categoryid', `categoryid '${idText}' appears twice`];
    else if (!/^\d{1,9}$/.test(parentText)) reason = ['parentid', `parentid '${parentText}' is not a number`];
    else if (!name.ok) reason = ['categoryname', name.reason];
    else if (name.value === '') reason = ['categoryname', 'categoryname is empty'];
    else if (!/^-?\d{1,9}$/.test(order)) reason = ['categoryorder', `categoryorder '${order}' is not a whole number`];
    if (reason) {
      report.reject(row.line, `categories: ${reason[0]}`, row.get(reason[0]), reason[1]);
      continue;
    }
    ids.add(Number(idText));
    read.push({ id: Number(idText), parent: Number(parentText), name: (name as { value: string }).value, order: Math.max(0, Number(order)), row });
  }
  // parents first; a parent missing (or a loop) puts the category at the top
  const byId = new Map(read.map((c) => [c.id, c]));
  const depth = (c: (typeof read)[number]): number => {
    let d = 0;
    for (let cur = c, seen = new Set<number>(); cur.parent !== 0 && byId.has(cur.parent) && !seen.has(cur.id); cur = byId.get(cur.parent)!) {
      seen.add(cur.id);
      d++;
      if (d > 50) break;
    }
    return d;
  };
  const sorted = read.map((c) => ({ c, d: depth(c) })).sort((a, b) => a.d - b.d || a.c.order - b.c.order || a.c.id - b.c.id);
  const handles = new Map<number, string>();
  const used = new Set<string>();
  const out: IncomingCollection[] = [];
  for (const { c } of sorted) {
    const parentHandle = c.parent !== 0 ? (handles.get(c.parent) ?? null) : null;
    if (c.parent !== 0 && parentHandle === null) report.warn(c.row.line, 'categories: parentid', String(c.parent), `Parent category ${c.parent} is not in the file; the category goes at the top`);
    let handle = handleOf(c.name) || `category-${c.id}`;
    if (used.has(handle) && parentHandle) handle = `${parentHandle}-${handle}`;
    if (used.has(handle)) handle = `${handle}-${c.id}`;
    used.add(handle);
    handles.set(c.id, handle);
    const text = (column: string): string | null => {
      const v = c.row.get(column).trim();
      return v === '' ? null : v;
    };
    const hidden = parseFlag(c.row.get('hidden'), 'hidden', false);
    out.push({
      kind: 'collection',
      line: c.row.line,
      wantedId: c.id,
      handle,
      title: c.name,
      parent: parentHandle,
      position: c.order,
      seoTitle: text('metatag_title'),
      seoDescription: text('metatag_description'),
      isIndexed: hidden.ok ? !hidden.value : true,
      descriptionHtml: text('categorydescription'),
      imageUrl: null,
      imageShape: null,
      imageHue: null,
    });
  }
  return out;
}

const money = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

/** Rows of one product as Volusion's export writes them: the product, then a child row a variant. */
export function volusionRows(item: CatalogueItem, collectionIds: readonly number[]): Record<string, string>[] {
  const code = item.sku ?? item.handle;
  const withChildren = item.variants.length > 1 || item.options.length > 0;
  const first = item.variants[0];
  const image = item.images[0];
  const parent: Record<string, string> = {
    productcode: code,
    ischildofproductcode: '',
    productname: item.title,
    productprice: money(item.priceCents),
    listprice: money(item.compareAtPriceCents),
    saleprice: '',
    productweight: item.weight === null ? '' : String(item.weight),
    productdescription: item.descriptionHtml ?? '',
    productdescriptionshort: '',
    productmanufacturer: item.vendor ?? '',
    vendor_partno: item.productCode ?? '',
    categoryids: collectionIds.join(','),
    hideproduct: item.isIndexed ? 'N' : 'Y',
    stockstatus: withChildren ? '' : String(first?.inventory[0]?.quantity ?? 0),
    photourl: image ? exportedImageUrl(image) : '',
    photo_alttext: image?.altText ?? '',
    upc_code: item.tags.find(([p]) => p === UPC_TAG_PREFIX)?.[1] ?? '',
    metatag_title: item.seoTitle ?? '',
    metatag_description: item.seoDescription ?? '',
  };
  const rows = [parent];
  if (withChildren) {
    item.variants.forEach((v, i) => {
      const row: Record<string, string> = Object.fromEntries(VOLUSION_COLUMNS.map((c) => [c, '']));
      row.productcode = v.sku ?? `${code}-${i + 1}`;
      row.ischildofproductcode = code;
      row.productname = `${item.title} ${v.title}`;
      row.productprice = money(v.priceCents);
      row.listprice = money(v.compareAtPriceCents);
      row.hideproduct = parent.hideproduct!;
      row.stockstatus = String(v.inventory[0]?.quantity ?? 0);
      rows.push(row);
    });
  }
  return rows;
}

/** A category as Volusion's categories CSV writes it. */
export function volusionCategoryRow(c: CatalogueCollection, id: number, parentId: number): Record<string, string> {
  return {
    categoryid: String(id),
    parentid: String(parentId),
    categoryname: c.title,
    categoryorder: String(c.position),
    categorydescription: c.descriptionHtml ?? '',
    metatag_title: c.seoTitle ?? '',
    metatag_description: c.seoDescription ?? '',
    hidden: c.isIndexed ? 'N' : 'Y',
  };
}
