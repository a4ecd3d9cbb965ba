/**
 * Rules of the product detail page (spec sections 2, 8 and 9): availability
 * text, warranty, page title, PDF names, SKU and the schema.org structured data.
 *
 * @module
 */
import type { Product, ProductPdf, Variant } from './entities.ts';
import { summarizeReviews } from './ratings.ts';
import { htmlToText } from './shell.ts';
import { pageTitle } from './page-title.ts';

export { pageTitle, TITLE_SEPARATOR } from './page-title.ts';

/** The three availability texts of the details grid (spec section 8). */
export const AVAILABILITY_TEXT = {
  inStock: 'In Stock and Ready to Ship!!!',
  outOfStock: 'Out of stock',
  unavailable: 'Currently unavailable',
} as const;

/**
 * Availability of a product or variant:
 * - `'in-stock'`: for sale, with stock above 0 or an inventory level that may go negative;
 * - `'out-of-stock'`: for sale, but no stock left;
 * - `'unavailable'`: not for sale at all (stock does not matter).
 */
export type Availability = 'in-stock' | 'out-of-stock' | 'unavailable';

/** What availability is judged from: a variant, an inventory level, a card. */
export interface StockInput {
  availableForSale: boolean;
  availableQuantity: number;
  /** Stock is unlimited when true (the level may go below zero). */
  bypassNegativeQuantity?: boolean;
}

/**
 * Availability of one sellable thing (see {@link Availability}).
 * Only the store's stock counts, not what the shopper already has in the
 * cart: the add button deals with that, the text describes the warehouse.
 *
 * @example
 * availabilityOf({ availableForSale: true, availableQuantity: 3 });  // 'in-stock'
 * availabilityOf({ availableForSale: true, availableQuantity: 0 });  // 'out-of-stock'
 * availabilityOf({ availableForSale: false, availableQuantity: 9 }); // 'unavailable'
 */
export function availabilityOf(input: StockInput): Availability {
  if (!input.availableForSale) return 'unavailable';
  if (input.bypassNegativeQuantity) return 'in-stock';
  return input.availableQuantity > 0 ? 'in-stock' : 'out-of-stock';
}

/** The spec's text for an availability. */
export function availabilityText(availability: Availability): string {
  switch (availability) {
    case 'in-stock':
      return AVAILABILITY_TEXT.inStock;
    case 'out-of-stock':
      return AVAILABILITY_TEXT.outOfStock;
    default:
      return AVAILABILITY_TEXT.unavailable;
  }
}

function variantStock(variant: Variant): StockInput {
  const levels = variant.availableInventoryLevels ?? [];
  return {
    availableForSale: variant.availableForSale,
    availableQuantity: variant.availableQuantity,
    bypassNegativeQuantity: levels.some((level) => level.availableForSale && level.bypassNegativeQuantity),
  };
}

/**
 * Availability shown on the product page.
 *
 * With a selected variant it is that variant's (an inventory level that
 * allows negative quantity makes it in stock). Before a variant is chosen:
 * a product not for sale is unavailable; otherwise it is in stock when any of
 * its variants for sale is in stock (or, without variants, the product itself
 * is for sale), else out of stock, so the shopper is not told 'Out of stock'
 * while the size they want is on the shelf.
 *
 * @example
 * productAvailability(product, null);            // before a choice
 * productAvailability(product, selectedVariant); // after it
 */
export function productAvailability(product: Pick<Product, 'availableForSale' | 'Variants'>, selected: Variant | null | undefined): Availability {
  if (selected) return availabilityOf(variantStock(selected));
  if (!product.availableForSale) return 'unavailable';
  const variants = product.Variants ?? [];
  if (variants.length === 0) return 'in-stock';
  return variants.some((variant) => availabilityOf(variantStock(variant)) === 'in-stock') ? 'in-stock' : 'out-of-stock';
}

/**
 * The collection whose upper hierarchy gives the product page's breadcrumbs: the one named by the
 * optional collection handle of the path (route table: "The optional collection handle is used for
 * breadcrumbs") when the product is in it, else the product's first collection; null when the
 * product is in none.
 *
 * @example
 * breadcrumbCollectionId({ Collections: [{ id: 7, handle: 'pumps' }, { id: 9, handle: 'motors' }] }, 'motors'); // 9
 * breadcrumbCollectionId({ Collections: [{ id: 7, handle: 'pumps' }] }, 'unknown'); // 7
 */
export function breadcrumbCollectionId(product: Pick<Product, 'Collections'>, collectionHandle: string | null | undefined): number | null {
  const collections = product.Collections ?? [];
  const named = collectionHandle ? collections.find((c) => c.handle === collectionHandle) : undefined;
  return (named ?? collections[0])?.id ?? null;
}

/** Warranty tab text (spec section 9). */
export const WARRANTY_TEXT = 'This product has a 1 year warranty from the manufacturer only.';

/** Other fixed texts of the product page (spec sections 2 and 4). */
export const PRODUCT_PAGE_TEXT = {
  loading: 'Fetching product...',
  shipping: 'Calculated at Checkout',
  shareEmailSubject: 'Check this out',
} as const;

/**
 * The product page title: the SEO title when set, else the title, with the
 * store name appended when absent.
 *
 * @example
 * productPageTitle({ title: 'Pump', seoTitle: null }, 'Skimmer'); // 'Pump - Skimmer'
 */
export function productPageTitle(product: Pick<Product, 'title' | 'seoTitle'>, storeName: string): string {
  const seo = product.seoTitle?.trim();
  return pageTitle(seo ? seo : product.title, storeName);
}

/**
 * Number of dash-separated storage segments in front of a PDF's name.
 * @default 4
 */
export const PDF_PREFIX_SEGMENTS = 4;

/**
 * Display name of a stored PDF: the filename without its first four
 * dash-separated segments (the storage prefix), dashes in the name kept.
 *
 * A filename with fewer than five segments, or whose remainder is blank, has
 * no recognisable prefix and is shown whole: a name nobody can read beats an
 * empty card.
 *
 * @example
 * pdfDisplayName('1700000000-12-34-ab-Pump-Manual.pdf'); // 'Pump-Manual.pdf'
 * pdfDisplayName('manual.pdf');                          // 'manual.pdf'
 */
export function pdfDisplayName(localFilename: string): string {
  const segments = localFilename.split('-');
  if (segments.length <= PDF_PREFIX_SEGMENTS) return localFilename;
  const name = segments.slice(PDF_PREFIX_SEGMENTS).join('-');
  return name.trim() === '' ? localFilename : name;
}

/** A PDF ready for the PDFs pane. */
export interface PdfCard {
  url: string;
  name: string;
}

/**
 * The PDFs pane's cards, in stored order. A PDF without a stored filename is
 * named after the last segment of its URL.
 */
export function pdfCards(pdfs: readonly ProductPdf[] | null | undefined): PdfCard[] {
  return (pdfs ?? []).map((pdf) => {
    const stored = pdf.Attachment?.localFilename;
    const name = stored ? pdfDisplayName(stored) : (pdf.url.split(/[?#]/)[0] ?? '').split('/').pop() || pdf.url;
    return { url: pdf.url, name };
  });
}

/**
 * The SKU as shown in structured data: trimmed, each whitespace character
 * replaced by a dash (not collapsed, so the result maps back one to one).
 *
 * @example
 * skuWithDashes('SP 1500 X'); // 'SP-1500-X'
 */
export function skuWithDashes(sku: string | null | undefined): string {
  return (sku ?? '').trim().replace(/\s/g, '-');
}

/**
 * Days a shopper has to return a product when the store configures none.
 * 30 days is the most common window of US retailers and what shoppers expect
 * by default; the spec says a default exists without its value.
 * @default 30
 */
export const DEFAULT_MERCHANT_RETURN_DAYS = 30;

/**
 * How long the structured-data price is valid, in milliseconds (one week).
 * @default 604800000
 */
export const PRICE_VALID_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Options of {@link productJsonLd}. */
export interface ProductJsonLdOptions {
  /** The current time, as a Date or epoch milliseconds. */
  now: Date | number;
  /** ISO 4217 currency code of the price. @default 'USD' */
  currency?: string;
  /** The store's return window (store configuration merchantReturnDays); a positive integer, else the default. */
  merchantReturnDays?: number | null;
  /** Canonical URL of the product page, added to the product and its offer. */
  url?: string;
  /** IANA time zone of the priceValidUntil date (store configuration appTimeZone). @default 'UTC' */
  timeZone?: string;
}

/** schema.org MerchantReturnPolicy, as embedded in the offer. */
export interface MerchantReturnPolicyLd {
  '@type': 'MerchantReturnPolicy';
  applicableCountry: 'US';
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow';
  merchantReturnDays: number;
  returnMethod: 'https://schema.org/ReturnByMail';
  returnFees: 'https://schema.org/RestockingFees';
}

/** schema.org Offer of the product. */
export interface OfferLd {
  '@type': 'Offer';
  url?: string;
  /** Decimal string with two decimals ('12.50'), computed in cents. */
  price: string;
  priceCurrency: string;
  availability: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
  /** YYYY-MM-DD; left out when `now` is not a valid time. */
  priceValidUntil?: string;
  itemCondition: 'https://schema.org/NewCondition';
  hasMerchantReturnPolicy: MerchantReturnPolicyLd;
}

/** schema.org Product JSON-LD object, ready for JSON.stringify. */
export interface ProductJsonLd {
  '@context': 'https://schema.org/';
  '@type': 'Product';
  name: string;
  url?: string;
  sku?: string;
  mpn?: string;
  brand?: { '@type': 'Brand'; name: string };
  image?: string[];
  description?: string;
  offers: OfferLd;
  aggregateRating?: { '@type': 'AggregateRating'; ratingValue: number; reviewCount: number; bestRating: 5; worstRating: 0 };
}

function centsText(amount: number): string {
  const cents = Number.isFinite(amount) ? Math.round(amount * 100) : 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * A time as YYYY-MM-DD in a time zone. An unknown time zone falls back to UTC
 * rather than throwing; an invalid time gives null.
 *
 * @param timeZone IANA time zone of the date (default 'UTC')
 * @example
 * isoDate(Date.UTC(2025, 0, 31, 12)); // '2025-01-31'
 */
export function isoDate(time: Date | number, timeZone = 'UTC'): string | null {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const date = new Date(ms);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  const year = Number(parts.year);
  if (!Number.isFinite(year) || year < 1 || year > 9999) return null;
  return `${String(year).padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/**
 * The end date of the structured-data price: one week after `now`.
 *
 * @param timeZone IANA time zone of the date (default 'UTC'; pass the store's appTimeZone)
 * @example
 * priceValidUntil(new Date('2025-03-01T10:00:00Z')); // '2025-03-08'
 */
export function priceValidUntil(now: Date | number, timeZone = 'UTC'): string | null {
  const ms = typeof now === 'number' ? now : now.getTime();
  return isoDate(ms + PRICE_VALID_FOR_MS, timeZone);
}

/**
 * The return window to advertise: the configured number of days when it is a
 * positive integer, else {@link DEFAULT_MERCHANT_RETURN_DAYS}.
 */
export function merchantReturnDays(configured: number | null | undefined): number {
  return typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MERCHANT_RETURN_DAYS;
}

/**
 * The schema.org Product JSON-LD object of a product page (spec section 9).
 *
 * - sku has spaces replaced by dashes and is left out when empty; productCode becomes mpn.
 * - brand is the vendor; image lists the product images (or imageUrl when there are none).
 * - description is the SEO description, else the description HTML as plain text.
 * - offers: the product price as a two-decimal string, the currency, InStock when
 *   {@link productAvailability} says in stock and OutOfStock otherwise (a product
 *   not for sale is not discontinued, just not buyable now), priceValidUntil one
 *   week after `now`, and a US-only return policy: a finite window of
 *   merchantReturnDays (default 30), returns by mail, restocking fees.
 * - aggregateRating: the average of the Reviews' starsRating to two decimals and
 *   the review count; left out when there are no reviews.
 *
 * @example
 * const ld = productJsonLd(product, { now: new Date('2025-03-01T00:00:00Z'), merchantReturnDays: 14 });
 * ld.offers.priceValidUntil; // '2025-03-08'
 * JSON.stringify(ld);        // for <script type="application/ld+json">
 */
export function productJsonLd(product: Product, options: ProductJsonLdOptions): ProductJsonLd {
  const images = (product.Images ?? []).map((image) => image.url).filter((url) => url);
  if (images.length === 0 && product.imageUrl) images.push(product.imageUrl);
  const description = product.seoDescription?.trim() || htmlToText(product.descriptionHtml);
  const sku = skuWithDashes(product.sku);
  const validUntil = priceValidUntil(options.now, options.timeZone ?? 'UTC');
  const summary = summarizeReviews(product.Reviews);

  const offers: OfferLd = {
    '@type': 'Offer',
    ...(options.url ? { url: options.url } : {}),
    price: centsText(product.price),
    priceCurrency: options.currency?.trim() || 'USD',
    availability: productAvailability(product, null) === 'in-stock' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    ...(validUntil ? { priceValidUntil: validUntil } : {}),
    itemCondition: 'https://schema.org/NewCondition',
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'US',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: merchantReturnDays(options.merchantReturnDays),
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/RestockingFees',
    },
  };

  return {
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: product.title,
    ...(options.url ? { url: options.url } : {}),
    ...(sku ? { sku } : {}),
    ...(product.productCode?.trim() ? { mpn: product.productCode.trim() } : {}),
    ...(product.vendor?.trim() ? { brand: { '@type': 'Brand' as const, name: product.vendor.trim() } } : {}),
    ...(images.length ? { image: images } : {}),
    ...(description ? { description } : {}),
    offers,
    ...(summary
      ? { aggregateRating: { '@type': 'AggregateRating' as const, ratingValue: summary.ratingValue, reviewCount: summary.reviewCount, bestRating: 5 as const, worstRating: 0 as const } }
      : {}),
  };
}
