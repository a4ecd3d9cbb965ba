/**
 * Quick order: the rules of a pad where a pool service technician pastes or types lines of part
 * numbers and quantities (`SP1600Z2 2`, `R0358800, 1`), sees each line resolved to a product with
 * its price and stock, fixes the lines that did not resolve and adds them all to the cart.
 *
 * Pure: parsing a pasted text into lines, the key part numbers are compared by (the search's own
 * normalisation: case, hyphens, spaces and dots do not matter), and the resolution of one line
 * against the products a part-number search answered. The network, the machine and the view are
 * elsewhere (`quickOrderMachine` in skimmer/machines, `useQuickOrder` in skimmer/hooks).
 * @module
 */
import { lineQuantityCap, MAX_LINE_QUANTITY } from './cart.ts';
import type { InventoryLevel, Product, Variant } from './entities.ts';
import { toCents } from './money.ts';
import { QUANTITY_ERRORS, validateQuantity } from './quantity.ts';
import { normalizePhrase } from './search.ts';
import { addInventoryLevel, isVariantUnlimited } from './variants.ts';

/** Most lines a pad takes at once: a technician's van list, not a catalogue import. */
export const QUICK_ORDER_MAX_LINES = 100;

/** Largest quantity a line may ask for: the cart line's own cap (MAX_LINE_QUANTITY). */
export const QUICK_ORDER_MAX_QUANTITY = MAX_LINE_QUANTITY;

/** Shortest part number (normalised) worth searching for: the search's own part-number minimum. */
export const QUICK_ORDER_MIN_PART_LENGTH = 3;

/** The pad's messages. */
export const QUICK_ORDER_TEXT = {
  missingPart: 'Enter a part number.',
  shortPart: `A part number has at least ${QUICK_ORDER_MIN_PART_LENGTH} letters or digits.`,
  badQuantity: `Quantity must be a whole number from 1 to ${QUICK_ORDER_MAX_QUANTITY}.`,
  tooManyLines: `Only the first ${QUICK_ORDER_MAX_LINES} lines are read.`,
  notFound: (partNumber: string): string => `No product has the part number ${partNumber}.`,
  ambiguous: (partNumber: string): string => `Several products have the part number ${partNumber}: enter the full number of the one you want.`,
} as const;

/** A line that reads as a part number and a quantity. */
export interface QuickOrderItem {
  /** The part number as written (trimmed), e.g. 'SPX 1600 S'. */
  partNumber: string;
  /** Units wanted, 1 to {@link QUICK_ORDER_MAX_QUANTITY}; 1 when the line names none. */
  quantity: number;
}

/** One line of the pad after parsing: an item, or the reason it is not one. */
export type ParsedQuickOrderLine =
  | ({ ok: true } & QuickOrderItem)
  | { ok: false; partNumber: string; error: string };

/**
 * The key two part numbers are compared by: {@link normalizePhrase}, the rule the search index
 * matches part numbers with, so `spx-1600-s`, `SPX 1600 S` and `SPX1600S` are one part.
 *
 * @example partKey('SPX-1600 s'); // 'spx1600s'
 */
export function partKey(partNumber: string): string {
  return normalizePhrase(partNumber);
}

// A quantity after an explicit separator: 'SPX-1600, 2', 'SPX-1600;2', 'SPX-1600\t2', 'SPX-1600 | 2'
const EXPLICIT = /^(.*?)\s*[,;\t|]\s*(\S*)\s*$/;
// 'SPX-1600 x2', 'SPX-1600 ×2', 'SPX-1600 qty 2'; not 'AB 1600 X 2', where X ends the part number
const SUFFIX_TIMES = /^(.*?)\s+(?:[x×](\d+)|qty:?\s*(\d+))$/i;
// '2 x SPX-1600', '2x SPX-1600'
const PREFIX_TIMES = /^(\d+)\s*(?:x|×)\s+(.+)$/i;
// a last word of one to three digits after a space: 'SP1600Z2 2' (four digits are more often
// the end of a spaced part number, 'ABC 1234', than a quantity)
const TRAILING_COUNT = /^(.*\S)\s+(\d{1,3})$/;

function quantityOf(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= QUICK_ORDER_MAX_QUANTITY ? n : null;
}

function item(partNumber: string, quantityText: string | null): ParsedQuickOrderLine {
  const part = partNumber.trim();
  const key = partKey(part);
  if (key === '') return { ok: false, partNumber: part, error: QUICK_ORDER_TEXT.missingPart };
  if (key.length < QUICK_ORDER_MIN_PART_LENGTH) return { ok: false, partNumber: part, error: QUICK_ORDER_TEXT.shortPart };
  const quantity = quantityText === null || quantityText === '' ? 1 : quantityOf(quantityText);
  if (quantity === null) return { ok: false, partNumber: part, error: QUICK_ORDER_TEXT.badQuantity };
  return { ok: true, partNumber: part, quantity };
}

/**
 * Reads one line of the pad as a part number and a quantity.
 *
 * Rules, first match wins (part numbers may hold spaces, 'SPX 1600 S', so a space alone is a
 * weak separator):
 * 1. an explicit separator (comma, semicolon, tab, `|`): the part is before the last one, the
 *    quantity after it (empty: 1), so a spreadsheet's two columns paste as they are;
 * 2. `xN`, `×N` or `qty N` after the part, or `N x` before it;
 * 3. a last word of one to three digits after a space is the quantity;
 * 4. otherwise the whole line is the part number and the quantity is 1.
 * A quantity must be a whole number from 1 to 9999; a part number needs at least three letters or
 * digits. Rule 3 reads 'ABC 12' as part ABC, 12 units: write 'ABC 12, 1' for the part 'ABC 12'.
 *
 * @example
 * parseQuickOrderLine('SP1600Z2 2');   // { ok: true, partNumber: 'SP1600Z2', quantity: 2 }
 * parseQuickOrderLine('R0358800, 1');  // { ok: true, partNumber: 'R0358800', quantity: 1 }
 * parseQuickOrderLine('SPX 1600 S');   // { ok: true, partNumber: 'SPX 1600 S', quantity: 1 }
 * parseQuickOrderLine('EC-40-AP, 0');  // { ok: false, ..., error: 'Quantity must be a whole number from 1 to 9999.' }
 */
export function parseQuickOrderLine(line: string): ParsedQuickOrderLine {
  const text = line.trim();
  const explicit = EXPLICIT.exec(text);
  if (explicit) return item(explicit[1] ?? '', explicit[2] ?? '');
  const suffix = SUFFIX_TIMES.exec(text);
  if (suffix) return item(suffix[1] ?? '', suffix[2] ?? suffix[3] ?? '');
  const prefix = PREFIX_TIMES.exec(text);
  if (prefix) return item(prefix[2] ?? '', prefix[1] ?? '');
  const trailing = TRAILING_COUNT.exec(text);
  if (trailing && partKey(trailing[1] ?? '').length >= QUICK_ORDER_MIN_PART_LENGTH) return item(trailing[1] ?? '', trailing[2] ?? '');
  return item(text, null);
}

/** A pasted text read as lines: the lines that are not blank, and whether some were left out. */
export interface ParsedQuickOrder {
  lines: ParsedQuickOrderLine[];
  /** The text of each line (trimmed), in the order of `lines`. */
  texts: string[];
  /** True when the text had more than {@link QUICK_ORDER_MAX_LINES} non-blank lines (the rest are dropped). */
  truncated: boolean;
}

/**
 * Reads a pasted or typed text: one item a line (any line ending), blank lines skipped, at most
 * {@link QUICK_ORDER_MAX_LINES} lines.
 *
 * @example
 * parseQuickOrder('SP1600Z2 2\n\nR0358800, 1').lines.length; // 2
 */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const raw = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  const texts = raw.slice(0, QUICK_ORDER_MAX_LINES).map((l) => l.trim());
  return {
    lines: texts.map(parseQuickOrderLine),
    texts,
    truncated: raw.length > QUICK_ORDER_MAX_LINES,
  };
}

/**
 * Writes an item as a line {@link parseQuickOrderLine} reads back to the same item (the comma
 * keeps a part number that ends in digits whole).
 *
 * @example formatQuickOrderLine({ partNumber: 'SPX 1600 S', quantity: 2 }); // 'SPX 1600 S, 2'
 */
export function formatQuickOrderLine(item: QuickOrderItem): string {
  return `${item.partNumber.trim()}, ${item.quantity}`;
}

/** The product fields a resolution reads (what `GET /api/products/handle/{handle}` answers). */
export type QuickOrderProduct = Pick<Product, 'id' | 'handle' | 'title' | 'sku' | 'productCode' | 'imageUrl' | 'Variants'>;

/**
 * The part numbers a product answers to: its product code, its SKU and its variants' SKUs (the
 * same list the search index matches), each with the variant it names (null: the product's own).
 */
export function partNumbersOf(product: QuickOrderProduct): { partNumber: string; variant: Variant | null }[] {
  const out: { partNumber: string; variant: Variant | null }[] = [];
  if (product.productCode) out.push({ partNumber: product.productCode, variant: null });
  if (product.sku) out.push({ partNumber: product.sku, variant: null });
  for (const variant of product.Variants) if (variant.sku) out.push({ partNumber: variant.sku, variant });
  return out;
}

/** A line resolved to the inventory level an add would use. */
export interface ResolvedPart {
  productId: number;
  handle: string;
  title: string;
  imageUrl: string | null;
  /** The variant's title, null for a product with only the default variant. */
  variantTitle: string | null;
  /** The part number of the product or variant that matched, as the store writes it. */
  matchedPartNumber: string;
  inventoryLevelId: number;
  /** Price of one unit in cents (the level's price). */
  unitPriceCents: number;
  /** Units one line may hold: the stock, or the line cap when the level's stock is unlimited. */
  availableQuantity: number;
  quantity: number;
  /** quantity x unit price, in cents. */
  lineTotalCents: number;
}

/** The outcome of {@link resolvePart}. */
export type PartResolution =
  | { status: 'resolved'; part: ResolvedPart }
  /** Found, but it cannot be added as asked: not for sale, or more than the stock. */
  | { status: 'unavailable'; part: Omit<ResolvedPart, 'inventoryLevelId'> & { inventoryLevelId: number | null }; error: string }
  | { status: 'ambiguous'; error: string; candidates: PartCandidate[] }
  | { status: 'not-found'; error: string; candidates: PartCandidate[] };

/** A product offered in place of a line that did not resolve: a click writes its part number. */
export interface PartCandidate {
  handle: string;
  title: string;
  /** The product's first part number (code, SKU or a variant's SKU), null when it has none. */
  partNumber: string | null;
}

function levelOf(variant: Variant): InventoryLevel | null {
  return variant.availableForSale ? addInventoryLevel(variant) : null;
}

/**
 * Resolves a line against the products a part-number search answered: the product (and variant)
 * whose part number has the line's key exactly; a prefix or a word match is not enough, since a
 * technician who types R0358800 wants that part and no other.
 *
 * - A variant's SKU names that variant. The product's code or SKU names the product: its first
 *   variant for sale (in the API's order), else its first variant.
 * - Two different products with the key: 'ambiguous' with them as candidates.
 * - None: 'not-found' with the products searched, so the view can offer them as suggestions.
 * - Found but not for sale, or more units than the stock (the cart's own rule,
 *   `validateQuantity`): 'unavailable' with the message the cart would show.
 *
 * @example
 * resolvePart({ partNumber: 'sp-1600-z2', quantity: 2 }, products).status; // 'resolved'
 */
export function resolvePart(item: QuickOrderItem, products: readonly QuickOrderProduct[]): PartResolution {
  const key = partKey(item.partNumber);
  const matches: { product: QuickOrderProduct; partNumber: string; variant: Variant | null }[] = [];
  for (const product of products) {
    const hit = partNumbersOf(product).find((p) => partKey(p.partNumber) === key);
    if (hit && !matches.some((m) => m.product.id === product.id)) matches.push({ product, ...hit });
  }
  const candidates = (list: readonly QuickOrderProduct[]): PartCandidate[] =>
    list.map((p) => ({ handle: p.handle, title: p.title, partNumber: partNumbersOf(p)[0]?.partNumber ?? null }));
  if (matches.length === 0) return { status: 'not-found', error: QUICK_ORDER_TEXT.notFound(item.partNumber.trim()), candidates: candidates(products) };
  if (matches.length > 1) return { status: 'ambiguous', error: QUICK_ORDER_TEXT.ambiguous(item.partNumber.trim()), candidates: candidates(matches.map((m) => m.product)) };

  const { product, partNumber, variant: named } = matches[0]!;
  const variant = named ?? product.Variants.find((v) => levelOf(v) !== null) ?? product.Variants[0] ?? null;
  const level = variant ? levelOf(variant) : null;
  const unitPriceCents = toCents(level?.inventoryPrice ?? variant?.price ?? 0);
  const availableQuantity = variant && level ? lineQuantityCap(variant.availableQuantity, isVariantUnlimited(variant)) : 0;
  const part = {
    productId: product.id,
    handle: product.handle,
    title: product.title,
    imageUrl: product.imageUrl,
    variantTitle: variant && product.Variants.length > 1 ? variant.title : null,
    matchedPartNumber: partNumber,
    availableQuantity,
    quantity: item.quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * item.quantity,
  };
  const check = validateQuantity(item.quantity, { availableQuantity, availableForSale: level !== null });
  if (!check.ok || level === null) return { status: 'unavailable', part: { ...part, inventoryLevelId: level?.id ?? null }, error: check.ok ? QUANTITY_ERRORS.unavailable : check.error };
  return { status: 'resolved', part: { ...part, inventoryLevelId: level.id } };
}

/** What an add-all did: how many lines went into the cart and how many did not. */
export interface AddAllOutcome {
  added: number;
  failed: number;
}

/**
 * The pad's notice after an add-all.
 *
 * @example addAllNotice({ added: 9, failed: 1 }); // 'Added 9 lines to the cart. 1 line could not be added.'
 */
export function addAllNotice({ added, failed }: AddAllOutcome): string {
  const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;
  const addedText = added > 0 ? `Added ${lines(added)} to the cart.` : 'Nothing was added to the cart.';
  return failed > 0 ? `${addedText} ${lines(failed)} could not be added.` : addedText;
}

/**
 * The total of the lines that would be added, in cents.
 *
 * @example quickOrderTotalCents([{ lineTotalCents: 1999 }, { lineTotalCents: 500 }]); // 2499
 */
export function quickOrderTotalCents(parts: readonly Pick<ResolvedPart, 'lineTotalCents'>[]): number {
  let total = 0;
  for (const p of parts) total += p.lineTotalCents;
  return total;
}
