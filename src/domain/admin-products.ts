/**
 * The back office's product rules: the list's filters in the address, what an operator types
 * (dollars, percents, units) as the API's numbers, and the checks of the product form and of the
 * bulk edit, each giving the body to send or the message to show.
 * @module
 */
import type { FormCheck } from './admin-orders.ts';

/** The product list's filters (each optional; `before` is the previous page's `nextBefore`). */
export interface AdminProductFilters {
  /** Part of the title, or an id, SKU or product code. */
  q?: string;
  /** Only products with a level holding this many units or fewer. */
  lowStock?: number;
  /** Only products shown to search engines (true) or hidden from them (false). */
  indexed?: boolean;
  /** Only products without a picture (true) or with one (false). */
  noImage?: boolean;
  before?: number;
}

/** The longest search the API takes. @default 100 */
export const PRODUCT_QUERY_MAX = 100;
/** The most units at one level the API takes. @default 1000000 */
export const PRODUCT_UNITS_MAX = 1_000_000;
/** The highest price the API takes, in cents. @default 10000000 */
export const PRODUCT_CENTS_MAX = 10_000_000;

const UNITS = /^\d{1,7}$/;

/**
 * The filters in an address's query (`?q=&lowStock=&indexed=&noImage=&before=`); anything the
 * API would refuse is left out.
 * @example parseProductFilters('?lowStock=5&noImage=true'); // { lowStock: 5, noImage: true }
 */
export function parseProductFilters(search: string): AdminProductFilters {
  const params = new URLSearchParams(search);
  const filters: AdminProductFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, PRODUCT_QUERY_MAX);
  const low = params.get('lowStock');
  if (low !== null && UNITS.test(low) && Number(low) <= PRODUCT_UNITS_MAX) filters.lowStock = Number(low);
  for (const name of ['indexed', 'noImage'] as const) {
    const value = params.get(name);
    if (value === 'true' || value === 'false') filters[name] = value === 'true';
  }
  const before = params.get('before');
  if (before !== null && /^[1-9]\d{0,14}$/.test(before)) filters.before = Number(before);
  return filters;
}

/**
 * The query string of `filters` (empty ones left out), the inverse of {@link parseProductFilters}.
 * @example productFiltersSearch({ q: 'pump', indexed: false }); // '?q=pump&indexed=false'
 */
export function productFiltersSearch(filters: AdminProductFilters): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.lowStock !== undefined) params.set('lowStock', String(filters.lowStock));
  if (filters.indexed !== undefined) params.set('indexed', String(filters.indexed));
  if (filters.noImage !== undefined) params.set('noImage', String(filters.noImage));
  if (filters.before !== undefined) params.set('before', String(filters.before));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether the filters narrow the list (a bulk edit needs one: it never acts on the whole catalogue by accident). */
export function hasProductFilter(filters: AdminProductFilters): boolean {
  return Boolean(filters.q?.trim()) || filters.lowStock !== undefined || filters.indexed !== undefined || filters.noImage !== undefined;
}

/**
 * A price the operator typed ('12', '12.5', '$1,012.50', '0') in cents, or null when it is not
 * an amount of at most two decimals within the API's range.
 * @example parsePriceCents('$1,012.5'); // 101250
 */
export function parsePriceCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!m) return null;
  const cents = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= PRODUCT_CENTS_MAX ? cents : null;
}

/**
 * A signed amount ('-2.50', '+3', '$-1') in cents, or null.
 * @example parseSignedCents('-2.5'); // -250
 */
export function parseSignedCents(text: string): number | null {
  const m = /^\s*([+-]?)\s*(.*)$/.exec(text.replace(/^\s*\$/, ''));
  if (!m) return null;
  const cents = parsePriceCents(m[2]!);
  if (cents === null) return null;
  return m[1] === '-' && cents > 0 ? -cents : cents;
}

/**
 * Cents as the operator types them back ('12.50'), the inverse of {@link parsePriceCents}.
 * @example centsToInput(1250); // '12.50'
 */
export function centsToInput(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A percent the operator typed ('10', '-12.5', '+7.25%') as the number the API takes (two
 * decimals at most, -100 to 1000), or null. Parsed from the digits, so '0.1' is exactly 0.1.
 * @example parsePercent('-12.5%'); // -12.5
 */
export function parsePercent(text: string): number | null {
  const m = /^\s*([+-]?)\s*(\d{1,4})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const basisPoints = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  const signed = m[1] === '-' ? -basisPoints : basisPoints;
  if (signed < -10_000 || signed > 100_000) return null;
  return signed === 0 ? 0 : signed / 100;
}

/**
 * Units the operator typed (a whole number from 0 up to {@link PRODUCT_UNITS_MAX}), or null.
 * @example parseUnits(' 12 '); // 12
 */
export function parseUnits(text: string): number | null {
  const t = text.trim();
  if (!UNITS.test(t)) return null;
  const n = Number(t);
  return n <= PRODUCT_UNITS_MAX ? n : null;
}

/**
 * Signed units ('-3', '+10'), or null.
 * @example parseSignedUnits('-3'); // -3
 */
export function parseSignedUnits(text: string): number | null {
  const m = /^\s*([+-]?)\s*(\d{1,7})\s*$/.exec(text);
  if (!m) return null;
  const n = Number(m[2]);
  if (n > PRODUCT_UNITS_MAX) return null;
  return m[1] === '-' && n > 0 ? -n : n;
}

/** The back office's product forms: a product's edit and the bulk edit of a filtered list. */
export type ProductFormKind = 'productEdit' | 'productBulk' | 'productPicture';

/** The messages of the product forms' checks. */
export const PRODUCT_FORM_MESSAGES = {
  title: 'Enter a title.',
  price: 'Enter a price such as 12.50.',
  compareAt: 'Enter a compare-at price such as 19.99, or leave it empty.',
  compareAtBelow: 'The compare-at price must be above the price (or empty).',
  units: 'Enter stock as a whole number of units, 0 or more.',
  nothingChanged: 'Nothing has changed.',
  noFilter: 'Filter the list first: a bulk edit acts only on the products a filter finds.',
  percent: 'Enter a percent between -100 and 1000, such as 10 or -12.5.',
  amount: 'Enter an amount such as 2.50 or -2.50.',
  stockAdd: 'Enter the units to add (or take away with a minus sign), such as 5 or -5.',
  noBulkChange: 'Choose a price or a stock change.',
  preview: 'Preview the change first.',
  pictureMissing: 'Choose a picture file.',
  pictureType: 'Choose a JPEG, PNG, GIF or WebP picture.',
  pictureSize: 'Choose a picture of at most 15 MB.',
  pictureText: 'Describe the picture in at most 500 characters.',
} as const;

/** The picture types an upload takes (the server's). */
export const PICTURE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** The largest picture an upload takes, in bytes (the server's). @default 15 MB */
export const PICTURE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** What a picture upload sends besides the file: the product and the picture's text and name. */
export interface PictureUploadBody {
  id: number;
  altText: string | null;
  fileName: string;
}

/**
 * The picture form's check, from the chosen file's facts as text (`fileName`, `fileType`,
 * `fileSize` in bytes) and the picture's text (`altText`): the body, or the first message.
 * @example checkPictureUpload({ id: '7', fileName: 'lid.jpg', fileType: 'image/jpeg', fileSize: '52000', altText: 'Lid' });
 * // { ok: true, body: { id: 7, altText: 'Lid', fileName: 'lid.jpg' } }
 */
export function checkPictureUpload(fields: Record<string, string>): FormCheck<PictureUploadBody> {
  const f = (name: string) => fields[name] ?? '';
  if (f('fileName') === '') return { ok: false, error: PRODUCT_FORM_MESSAGES.pictureMissing };
  if (!(PICTURE_UPLOAD_TYPES as readonly string[]).includes(f('fileType').toLowerCase())) return { ok: false, error: PRODUCT_FORM_MESSAGES.pictureType };
  const size = Number(f('fileSize'));
  if (!Number.isInteger(size) || size < 1 || size > PICTURE_UPLOAD_MAX_BYTES) return { ok: false, error: PRODUCT_FORM_MESSAGES.pictureSize };
  const altText = f('altText').trim();
  if (altText.length > 500) return { ok: false, error: PRODUCT_FORM_MESSAGES.pictureText };
  return { ok: true, body: { id: Number(f('id')), altText: altText === '' ? null : altText, fileName: f('fileName') } };
}

/** A product as the form starts from (the API's product, reduced to what the form edits). */
export interface ProductFormSource {
  id: number;
  title: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  isIndexed: boolean;
  isFeatured: boolean;
  callForPrice: boolean;
  variants: readonly {
    id: number;
    priceCents: number;
    compareAtPriceCents: number | null;
    levels: readonly { id: number; quantity: number }[];
  }[];
}

/** The PATCH body of a product edit. */
export interface ProductPatch {
  title?: string;
  isIndexed?: boolean;
  isFeatured?: boolean;
  callForPrice?: boolean;
  priceCents?: number;
  compareAtPriceCents?: number | null;
  variants?: {
    id: number;
    priceCents?: number;
    compareAtPriceCents?: number | null;
    levels?: { id: number; quantity: number; expectedQuantity: number }[];
  }[];
}

/** What the product form sends: the product and its changes. */
export interface ProductEditBody {
  id: number;
  patch: ProductPatch;
}

// a compare-at of 0 is the catalogue's way of saying none (imports write it): shown empty
const compareText = (cents: number | null) => (cents === null || cents <= 0 ? '' : centsToInput(cents));

/**
 * The product form's fields, as typed text: `title`, `price`, `compareAt`, the flags ('true' or
 * 'false'), `variant.<id>.price`, `variant.<id>.compareAt`, `level.<id>.quantity`; each also as
 * `was.<name>`, what the operator was shown, so only changes are sent and a level's
 * expectedQuantity is the quantity shown; and `level.<id>.variant`, the level's variant.
 * @example productFormFields(product).price; // '12.50'
 */
export function productFormFields(product: ProductFormSource): Record<string, string> {
  const fields: Record<string, string> = {
    id: String(product.id),
    title: product.title,
    price: centsToInput(product.priceCents),
    compareAt: compareText(product.compareAtPriceCents),
    isIndexed: String(product.isIndexed),
    isFeatured: String(product.isFeatured),
    callForPrice: String(product.callForPrice),
  };
  for (const variant of product.variants) {
    fields[`variant.${variant.id}.price`] = centsToInput(variant.priceCents);
    fields[`variant.${variant.id}.compareAt`] = compareText(variant.compareAtPriceCents);
    for (const level of variant.levels) fields[`level.${level.id}.quantity`] = String(level.quantity);
  }
  for (const [name, value] of Object.entries({ ...fields })) if (name !== 'id') fields[`was.${name}`] = value;
  // which variant a level belongs to, so the check puts its stock under that variant
  for (const variant of product.variants) for (const level of variant.levels) fields[`level.${level.id}.variant`] = String(variant.id);
  return fields;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function compareAtOf(text: string): Parsed<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const cents = parsePriceCents(text);
  return cents === null ? { ok: false, error: PRODUCT_FORM_MESSAGES.compareAt } : { ok: true, value: cents };
}

/** A compare-at the form showed (always valid: the form wrote it). */
function shownCompareAt(text: string): number | null {
  return text.trim() === '' ? null : parsePriceCents(text);
}

/**
 * The product form's check: the changed fields as the PATCH body, or the first message. Prices
 * are dollars; an empty compare-at clears it; a compare-at must be above its price; a level's
 * new stock goes with the quantity shown (`expectedQuantity`), so a sale meanwhile is refused.
 * @example checkProductForm({ ...productFormFields(p), price: '9.99' }); // { ok: true, body: { id, patch: { priceCents: 999 } } }
 */
export function checkProductForm(fields: Record<string, string>): FormCheck<ProductEditBody> {
  const f = (name: string) => fields[name] ?? '';
  const changed = (name: string) => f(name) !== f(`was.${name}`);
  const patch: ProductPatch = {};
  const title = f('title').trim();
  if (title === '') return { ok: false, error: PRODUCT_FORM_MESSAGES.title };
  if (changed('title')) patch.title = title;

  const price = parsePriceCents(f('price'));
  if (price === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.price };
  const compareAt = compareAtOf(f('compareAt'));
  if (!compareAt.ok) return compareAt;
  if (compareAt.value !== null && compareAt.value <= price) return { ok: false, error: PRODUCT_FORM_MESSAGES.compareAtBelow };
  const productPriceChanged = price !== parsePriceCents(f('was.price'));
  if (productPriceChanged) patch.priceCents = price;
  if (compareAt.value !== shownCompareAt(f('was.compareAt')) || (productPriceChanged && compareAt.value !== null)) {
    patch.compareAtPriceCents = compareAt.value;
  }
  for (const flag of ['isIndexed', 'isFeatured', 'callForPrice'] as const) {
    if (changed(flag)) patch[flag] = f(flag) === 'true';
  }

  const variantIds = Object.keys(fields).filter((n) => /^variant\.\d+\.price$/.test(n)).map((n) => Number(n.split('.')[1]));
  const variants: NonNullable<ProductPatch['variants']> = [];
  for (const id of variantIds) {
    const v = parsePriceCents(f(`variant.${id}.price`));
    if (v === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.price };
    const vc = compareAtOf(f(`variant.${id}.compareAt`));
    if (!vc.ok) return vc;
    const ownPriceChanged = v !== parsePriceCents(f(`was.variant.${id}.price`));
    const ownCompareChanged = vc.value !== shownCompareAt(f(`was.variant.${id}.compareAt`));
    // the variant's price after the edit: its own when typed, else the product's new price
    const effective = ownPriceChanged ? v : productPriceChanged ? price : v;
    const effectiveCompare = ownCompareChanged ? vc.value : 'compareAtPriceCents' in patch ? compareAt.value : vc.value;
    if (effectiveCompare !== null && effectiveCompare <= effective) return { ok: false, error: PRODUCT_FORM_MESSAGES.compareAtBelow };
    const entry: NonNullable<ProductPatch['variants']>[number] = { id };
    if (ownPriceChanged) entry.priceCents = v;
    if (ownCompareChanged || (ownPriceChanged && vc.value !== null)) entry.compareAtPriceCents = vc.value;
    const levels: { id: number; quantity: number; expectedQuantity: number }[] = [];
    for (const levelId of levelIdsOf(fields, id)) {
      const name = `level.${levelId}.quantity`;
      const units = parseUnits(f(name));
      if (units === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.units };
      const was = Number(f(`was.${name}`));
      if (units !== was) levels.push({ id: levelId, quantity: units, expectedQuantity: was });
    }
    if (levels.length > 0) entry.levels = levels;
    if (Object.keys(entry).length > 1) variants.push(entry);
  }
  if (variants.length > 0) patch.variants = variants;
  if (Object.keys(patch).length === 0) return { ok: false, error: PRODUCT_FORM_MESSAGES.nothingChanged };
  return { ok: true, body: { id: Number(f('id')), patch } };
}

/** The ids of a variant's levels in the fields (`level.<id>.variant` = the variant's id). */
function levelIdsOf(fields: Record<string, string>, variantId: number): number[] {
  return Object.keys(fields)
    .filter((n) => /^level\.\d+\.variant$/.test(n) && fields[n] === String(variantId))
    .map((n) => Number(n.split('.')[1]));
}

/** The bulk edit's body (POST /api/admin/products/bulk-edit). */
export interface BulkEditBody {
  filter: { q?: string; lowStock?: number; indexed?: boolean; noImage?: boolean };
  price?: ({ percent: number } | { amountCents: number } | { setCents: number }) & { compareAt: 'adjust' | 'keep' | 'clear' };
  stock?: { set: number } | { add: number };
  dryRun: boolean;
  expectedCount?: number;
}

/**
 * The bulk form's fields for the list's `filters` (`filter.q`, `filter.lowStock`, ...), with no
 * change chosen: `priceMode` none, `stockMode` none, `phase` preview.
 * @example bulkEditFields({ lowStock: 5 })['filter.lowStock']; // '5'
 */
export function bulkEditFields(filters: AdminProductFilters): Record<string, string> {
  const fields: Record<string, string> = { priceMode: 'none', priceValue: '', compareAt: 'adjust', stockMode: 'none', stockValue: '', phase: 'preview' };
  if (filters.q?.trim()) fields['filter.q'] = filters.q.trim();
  if (filters.lowStock !== undefined) fields['filter.lowStock'] = String(filters.lowStock);
  if (filters.indexed !== undefined) fields['filter.indexed'] = String(filters.indexed);
  if (filters.noImage !== undefined) fields['filter.noImage'] = String(filters.noImage);
  return fields;
}

/**
 * The bulk edit's check: the body of a preview (`phase` preview: dryRun) or of the change (`phase`
 * apply: with `expectedCount`, the preview's count), or the first message.
 * @example checkBulkEdit({ ...bulkEditFields({ q: 'pump' }), priceMode: 'percent', priceValue: '10' }); // { ok: true, body: { filter: { q: 'pump' }, price: { percent: 10, compareAt: 'adjust' }, dryRun: true } }
 */
export function checkBulkEdit(fields: Record<string, string>): FormCheck<BulkEditBody> {
  const f = (name: string) => fields[name] ?? '';
  const filter: BulkEditBody['filter'] = {};
  if (f('filter.q').trim()) filter.q = f('filter.q').trim().slice(0, PRODUCT_QUERY_MAX);
  const low = parseUnits(f('filter.lowStock'));
  if (low !== null) filter.lowStock = low;
  for (const name of ['indexed', 'noImage'] as const) {
    const v = f(`filter.${name}`);
    if (v === 'true' || v === 'false') filter[name] = v === 'true';
  }
  if (Object.keys(filter).length === 0) return { ok: false, error: PRODUCT_FORM_MESSAGES.noFilter };
  const body: BulkEditBody = { filter, dryRun: f('phase') !== 'apply' };
  const compareAt = f('compareAt') === 'keep' || f('compareAt') === 'clear' ? f('compareAt') as 'keep' | 'clear' : 'adjust';
  const priceMode = f('priceMode');
  if (priceMode === 'percent') {
    const percent = parsePercent(f('priceValue'));
    if (percent === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.percent };
    body.price = { percent, compareAt };
  } else if (priceMode === 'amount') {
    const cents = parseSignedCents(f('priceValue'));
    if (cents === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.amount };
    body.price = { amountCents: cents, compareAt };
  } else if (priceMode === 'set') {
    const cents = parsePriceCents(f('priceValue'));
    if (cents === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.price };
    body.price = { setCents: cents, compareAt };
  }
  const stockMode = f('stockMode');
  if (stockMode === 'set') {
    const units = parseUnits(f('stockValue'));
    if (units === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.units };
    body.stock = { set: units };
  } else if (stockMode === 'add') {
    const units = parseSignedUnits(f('stockValue'));
    if (units === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.stockAdd };
    body.stock = { add: units };
  }
  if (!body.price && !body.stock) return { ok: false, error: PRODUCT_FORM_MESSAGES.noBulkChange };
  if (!body.dryRun) {
    const expected = parseUnits(f('expectedCount'));
    if (expected === null) return { ok: false, error: PRODUCT_FORM_MESSAGES.preview };
    body.expectedCount = expected;
  }
  return { ok: true, body };
}

/**
 * Whether an operator's role edits the catalogue (owner and staff; the API's `catalogue` permission).
 * @example canEditCatalogue('fulfilment'); // false
 */
export function canEditCatalogue(role: 'owner' | 'staff' | 'fulfilment'): boolean {
  return role === 'owner' || role === 'staff';
}
