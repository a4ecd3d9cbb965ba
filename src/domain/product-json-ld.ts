/**
 * The product page's schema.org structured data: the
 * offer with its price valid for a week, the return policy, the rating and the SKU with dashes.
 * A module of its own: the page adds it after its first render, so its code is not in the
 * product page's first load.
 *
 * @module
 */
import type { Product } from './entities.ts';
import { productAvailability, skuWithDashes } from './product-page.ts';
import { summarizeReviews } from './ratings.ts';
import { htmlToText } from './read-time.ts';
import { isCallForPrice } from './call-for-price.ts';
import { dateFormatsByZone } from './date-formats.ts';

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
  /** Left out for a product priced on request (call for price): it has no price to state. */
  offers?: OfferLd;
  aggregateRating?: { '@type': 'AggregateRating'; ratingValue: number; reviewCount: number; bestRating: 5; worstRating: 0 };
}

function centsText(amount: number): string {
  const cents = Number.isFinite(amount) ? Math.round(amount * 100) : 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** The YYYY-MM-DD parts' formatter of a time zone (one per zone: a server render writes an offer date per product page). */
const dayFormat = dateFormatsByZone({ year: 'numeric', month: '2-digit', day: '2-digit' });

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
  const format = dayFormat(timeZone);
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
 * The schema.org Product JSON-LD object of a product page.
 *
 * - sku has spaces replaced by dashes and is left out when empty; productCode becomes mpn.
 * - brand is the vendor; image lists the product images (or imageUrl when there are none).
 * - description is the SEO description, else the description HTML as plain text.
 * - offers: the product price as a two-decimal string, the currency, InStock when
 *   {@link productAvailability} says in stock and OutOfStock otherwise (a product
 *   not for sale is not discontinued, just not buyable now), priceValidUntil one
 *   week after `now`, and a US-only return policy: a finite window of
 *   merchantReturnDays (default 30), returns by mail, restocking fees.
 * - a call-for-price product has no offers (it has no price to state).
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
    // a product priced on request states no price (a $0.00 offer would tell search engines it is free)
    ...(isCallForPrice(product) ? {} : { offers }),
    ...(summary
      ? { aggregateRating: { '@type': 'AggregateRating' as const, ratingValue: summary.ratingValue, reviewCount: summary.reviewCount, bestRating: 5 as const, worstRating: 0 as const } }
      : {}),
  };
}
