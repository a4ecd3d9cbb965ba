/**
 * The feed's rows, pure: a product as the repository reads it becomes one row per variant within
 * Google Merchant Center's rules (plain text, its length limits, its availability words, prices
 * as "12.99 USD", shared item_group_id, its notices as Google's consumer_notice and
 * return_policy_label), and a row becomes a TSV line or a JSON line.
 * @module
 */
import { htmlToText } from '../../../domain/read-time.ts';
import { absoluteUrl } from '../../../domain/seo.ts';
import type { StoreLinks } from '../../../domain/urls.ts';
import { HAZMAT_HANDLING_TEXT, prop65FullWarning, type ProductNotice } from '../../../domain/shipping/notices.ts';
import { FEED_COLUMNS, FEED_CURRENCY, FEED_LIMITS, FEED_NOT_RETURNABLE_LABEL, type FeedAvailability, type FeedConsumerNoticeType, type FeedRow } from './schemas.ts';

/** A variant as the feed reads it. */
export interface FeedVariantSource {
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  /** Whether one of its inventory levels is for sale. */
  forSale: boolean;
  /** Units on the shelf over its levels for sale (a level below zero counts 0). */
  quantity: number;
  /** Whether a level for sale may go below zero (sold when the shelf is empty). */
  backorder: boolean;
  /** Whether it ships as a hazardous material (it then carries the handling notice). @default false */
  hazmat?: boolean;
}

/** A product as the feed reads it. */
export interface FeedProductSource {
  id: number;
  handle: string;
  title: string;
  sku: string | null;
  productCode: string | null;
  vendor: string | null;
  /** Pounds. */
  weight: number | null;
  descriptionHtml: string | null;
  seoDescription: string | null;
  /** Its first picture (a store path or an absolute URL), or null. */
  imageUrl: string | null;
  /** Its UPC / EAN / GTIN attribute, or null. */
  gtin: string | null;
  /** Its first collection with the ancestors, top first ('Pumps & Parts', 'Pool Pumps'). */
  collectionTrail: string[];
  variants: FeedVariantSource[];
  /** Its notices (Proposition 65, not returnable once opened) as stored. @default [] */
  notices?: readonly ProductNotice[];
}

/** Text as one TSV cell could hold it: no tab, carriage return or line feed, spaces collapsed. */
export function flatText(text: string): string {
  return text.replace(/[\t\r\n\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** At most `max` characters (code points, so no surrogate pair is cut), trimmed. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

/** Plain text of HTML or text: tags and entities gone, one line, at most `max` characters. */
export function plain(text: string | null | undefined, max: number): string {
  // entities decoded into '<b>' are text, but Google reads them as markup: dropped as well
  return clip(flatText(htmlToText(text).replace(/<[^>]*>/g, ' ')), max);
}

/** Cents as Google's price, "12.99 USD". */
export function feedPrice(cents: number, currency: string = FEED_CURRENCY): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/** Pounds as Google's shipping weight, "3 lb" or "2.25 lb"; '' for none. */
export function feedWeight(pounds: number | null): string {
  if (pounds === null || !Number.isFinite(pounds) || pounds <= 0) return '';
  return `${Number(pounds.toFixed(2))} lb`;
}

/**
 * Google's availability of a variant: on the shelf is in_stock; an empty shelf that still sells
 * (a level that may go below zero) is backorder; anything else out_of_stock. The store has no
 * pre-orders, so 'preorder' is never written.
 */
export function feedAvailability(v: Pick<FeedVariantSource, 'forSale' | 'quantity' | 'backorder'>): FeedAvailability {
  if (!v.forSale) return 'out_of_stock';
  if (v.quantity > 0) return 'in_stock';
  return v.backorder ? 'backorder' : 'out_of_stock';
}

/**
 * A variant's notices: the product's, and the hazardous-material handling notice when the
 * variant ships as hazmat (as the quote adds it to such a line).
 */
export function variantNotices(notices: readonly ProductNotice[], hazmat: boolean): readonly ProductNotice[] {
  return hazmat && !notices.some((n) => n.kind === 'hazmat-handling') ? [...notices, { kind: 'hazmat-handling' }] : notices;
}

/**
 * Google's consumer notice of some notices, `type:message`, or '': the full Proposition 65
 * warning (the one a California shopper sees before paying) before the handling text, which a
 * row then leaves to the JSON Lines. The message is one line of plain text within Google's 1,000
 * characters.
 * @example
 * feedConsumerNotice([{ kind: 'hazmat-handling' }]); // 'safety_warning:Hazardous material: ships by ground …'
 */
export function feedConsumerNotice(notices: readonly ProductNotice[]): string {
  const warning = prop65FullWarning(notices);
  const [type, message]: [FeedConsumerNoticeType, string] | [null, null] = warning
    ? ['prop_65', warning]
    : notices.some((n) => n.kind === 'hazmat-handling') ? ['safety_warning', HAZMAT_HANDLING_TEXT] : [null, null];
  return type === null ? '' : `${type}:${clip(flatText(message), FEED_LIMITS.consumer_notice_message)}`;
}

/** What {@link feedRows} needs besides the product. */
export interface FeedRowContext {
  /** The store's origin, 'https://shop.example'. */
  origin: string;
  links: Pick<StoreLinks, 'product'>;
  /** Ids already written to this feed: a SKU used twice falls back to the variant's own id. */
  usedIds: Set<string>;
}

/** A feed id: the SKU when it is short enough and not taken, else `skimmer-{variantId}`. */
function rowId(sku: string | null, variantId: number, used: Set<string>): string {
  const text = sku === null ? '' : flatText(sku);
  let id = text !== '' && Array.from(text).length <= FEED_LIMITS.id && !used.has(text.toLowerCase()) ? text : `skimmer-${variantId}`;
  for (let n = 2; used.has(id.toLowerCase()); n++) id = `skimmer-${variantId}-${n}`;
  used.add(id.toLowerCase());
  return id;
}

/**
 * A product's rows: one per variant. Choices: a product with several variants gives each row the
 * product's item_group_id (its SKU when short enough, else `skimmer-p{productId}`), a title with
 * the variant's own name after the product's, and a link that preselects the variant; a product
 * with one variant has no item_group_id. The description is the product's, else its SEO
 * description, else its title. The price is the regular one and the sale price what the shopper
 * pays, when the compare-at price is above it.
 * @example
 * feedRows(product, { origin: 'https://shop.example', links, usedIds: new Set() })[0].price; // '649.00 USD'
 */
export function feedRows(product: FeedProductSource, ctx: FeedRowContext): FeedRow[] {
  const grouped = product.variants.length > 1;
  const groupSku = product.sku === null ? '' : flatText(product.sku);
  const itemGroupId = !grouped ? '' : groupSku !== '' && Array.from(groupSku).length <= FEED_LIMITS.item_group_id ? groupSku : `skimmer-p${product.id}`;
  const description = plain(product.descriptionHtml, FEED_LIMITS.description) || plain(product.seoDescription, FEED_LIMITS.description) || plain(product.title, FEED_LIMITS.description);
  const productType = clip(product.collectionTrail.map((t) => plain(t, FEED_LIMITS.product_type).replace(/>/g, '›')).filter((t) => t !== '').join(' > '), FEED_LIMITS.product_type);
  const image = product.imageUrl ? flatText(product.imageUrl) : '';
  const brand = plain(product.vendor, FEED_LIMITS.brand);
  const gtin = product.gtin ? flatText(product.gtin).replace(/[^0-9]/g, '') : '';
  const stored = product.notices ?? [];
  const returnLabel = stored.some((n) => n.kind === 'not-returnable-once-opened') ? FEED_NOT_RETURNABLE_LABEL : '';
  return product.variants.map((v): FeedRow => {
    const notices = variantNotices(stored, v.hazmat === true);
    const variantTitle = grouped && v.title !== '' && v.title !== 'Default Title' ? ` - ${v.title}` : '';
    const onSale = v.compareAtPriceCents !== null && v.compareAtPriceCents > v.priceCents;
    const mpn = plain(product.productCode ?? v.sku ?? product.sku, FEED_LIMITS.mpn);
    return {
      id: rowId(v.sku, v.id, ctx.usedIds),
      title: plain(`${product.title}${variantTitle}`, FEED_LIMITS.title),
      description,
      link: absoluteUrl(ctx.origin, ctx.links.product(product.handle, grouped ? { variant: v.id } : {})),
      image_link: image === '' ? '' : absoluteUrl(ctx.origin, image),
      availability: feedAvailability(v),
      price: feedPrice(onSale ? v.compareAtPriceCents! : v.priceCents),
      sale_price: onSale ? feedPrice(v.priceCents) : '',
      brand,
      gtin,
      mpn,
      identifier_exists: gtin !== '' || (brand !== '' && mpn !== '') ? 'yes' : 'no',
      product_type: productType,
      shipping_weight: feedWeight(product.weight),
      item_group_id: itemGroupId,
      condition: 'new',
      consumer_notice: feedConsumerNotice(notices),
      return_policy_label: returnLabel,
      notices,
    };
  });
}

/** The TSV's header line (with its line feed). */
export function tsvHeader(): string {
  return `${FEED_COLUMNS.join('\t')}\n`;
}

/** A row as a TSV line (with its line feed): no cell holds a tab or a line break. */
export function tsvLine(row: FeedRow): string {
  return `${FEED_COLUMNS.map((c) => flatText(row[c])).join('\t')}\n`;
}

/**
 * A row as a JSON line (with its line feed): the same fields, empty ones left out, and the
 * variant's `notices` (every one, as the domain has them) when it has any.
 */
export function jsonLine(row: FeedRow): string {
  const out: Record<string, unknown> = {};
  for (const c of FEED_COLUMNS) if (row[c] !== '') out[c] = row[c];
  if (row.notices.length > 0) out.notices = row.notices;
  return `${JSON.stringify(out)}\n`;
}
