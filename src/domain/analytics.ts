/**
 * Analytics payloads: the begin_checkout event and the
 * page-view event. Building them is pure; sending them is the caller's job
 * (an injected analytics sink), so tests and server rendering send nothing.
 *
 * @module
 */
import type { CartLine, Checkout } from './entities.ts';

/** Name of the event sent when checkout starts. */
export const BEGIN_CHECKOUT_EVENT = 'begin_checkout';

/** Name of the page-view event. */
export const PAGE_VIEW_EVENT = 'page_view';

/**
 * Currency used when neither the checkout nor the caller names one.
 * @default 'USD'
 */
export const DEFAULT_ANALYTICS_CURRENCY = 'USD';

/** One item of the begin_checkout event. */
export interface AnalyticsItem {
  /** The line's SKU, or its inventory level id when it has no SKU. */
  id: string;
  name: string;
  quantity: number;
  /** Unit price, rounded to cents. */
  price: number;
}

/** The begin_checkout payload. */
export interface BeginCheckoutPayload {
  value: number;
  currency: string;
  items: AnalyticsItem[];
}

const toCents = (amount: number): number => (Number.isFinite(amount) ? Math.round(amount * 100) : 0);

/**
 * The begin_checkout payload: one item per cart line with a positive quantity
 * (id, name, quantity, unit price); value and currency from the checkout.
 *
 * The value is the checkout's totalPrice (what the shopper is about to pay,
 * discounts included); without a checkout, it is the sum of the lines
 * (price x quantity, summed in cents). The currency is the checkout's
 * currencyCode, else `fallbackCurrency`. Amounts are rounded to cents once.
 *
 * @param fallbackCurrency currency when the checkout has none (default {@link DEFAULT_ANALYTICS_CURRENCY}, 'USD')
 * @example
 * beginCheckoutPayload(lines, checkout);
 * // { value: 59.98, currency: 'USD', items: [{ id: 'SP-1500', name: 'Pump basket', quantity: 2, price: 29.99 }] }
 */
export function beginCheckoutPayload(
  lines: readonly CartLine[],
  checkout: Pick<Checkout, 'totalPrice' | 'currencyCode'> | null | undefined,
  fallbackCurrency: string = DEFAULT_ANALYTICS_CURRENCY,
): BeginCheckoutPayload {
  let sumCents = 0;
  const items: AnalyticsItem[] = [];
  for (const line of lines) {
    const quantity = Number.isFinite(line.quantity) ? Math.trunc(line.quantity) : 0;
    if (quantity <= 0) continue;
    const cents = toCents(line.price);
    sumCents += cents * quantity;
    const sku = line.sku?.trim();
    items.push({ id: sku ? sku : String(line.inventoryLevelId), name: line.title, quantity, price: cents / 100 });
  }
  const total = checkout && Number.isFinite(checkout.totalPrice) ? toCents(checkout.totalPrice) : sumCents;
  const currency = checkout?.currencyCode?.trim() || fallbackCurrency;
  return { value: total / 100, currency, items };
}

/**
 * What the page-view event reads from the browser, injected so the rule runs
 * anywhere: location.href, the document's language, characterSet and title,
 * and the user agent.
 */
export interface PageViewEnvironment {
  /** Full URL of the page. */
  location: string;
  /** Browser language, e.g. 'en-US'. */
  language: string;
  /** Character encoding of the page, e.g. 'UTF-8'. */
  characterSet: string;
  userAgent: string;
  title: string;
}

/** The page-view payload, with Google Analytics parameter names. */
export interface PageViewPayload {
  page_location: string;
  language: string;
  page_encoding: string;
  user_agent: string;
  page_title: string;
}

/**
 * The page-view payload: location, language, encoding, user agent and title.
 * The URL's #fragment is dropped (a scroll anchor is not another page); the
 * language is lower-cased as analytics tools group it.
 *
 * @example
 * pageViewPayload({ location: 'https://shop.test/p/x#reviews', language: 'en-US', characterSet: 'UTF-8', userAgent: 'UA', title: 'X - Skimmer' });
 * // { page_location: 'https://shop.test/p/x', language: 'en-us', page_encoding: 'UTF-8', user_agent: 'UA', page_title: 'X - Skimmer' }
 */
export function pageViewPayload(env: PageViewEnvironment): PageViewPayload {
  const hash = env.location.indexOf('#');
  return {
    page_location: hash >= 0 ? env.location.slice(0, hash) : env.location,
    language: env.language.toLowerCase(),
    page_encoding: env.characterSet,
    user_agent: env.userAgent,
    page_title: env.title,
  };
}
