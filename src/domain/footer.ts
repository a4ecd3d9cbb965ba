/**
 * The footer's fixed content and rules (spec section 2, Footer): hours, copyright line, postal
 * address, payment icons, the link lists, CATEGORIES from the navigation and POPULAR BRANDS. A
 * module of its own: the footer's code loads when it comes into view.
 * @module
 */
import { ACCOUNT_PATH } from './chrome.ts';
import type { NavItem, NavLink, Vendor } from './entities.ts';
import { byName } from './lists.ts';

/** Fixed texts of the footer (spec section 2, Footer). */
export const FOOTER_TEXT = {
  footerNavigate: 'NAVIGATE',
  footerCategories: 'CATEGORIES',
  footerBrands: 'POPULAR BRANDS',
  footerAccount: 'MY ACCOUNT',
  footerConnect: 'CONNECT WITH US',
  sellerReviews: 'SELLER REVIEWS',
  seeMoreReviews: 'See more reviews »',
  /** The newsletter block's button. */
  subscribe: 'Subscribe',
  /** Accessible label of the accepted payment methods list. */
  paymentMethods: 'Accepted payment methods',
  /** The seal badge's label. */
  seal: 'Shopper Approved',
  /**
   * The reCAPTCHA notice Google requires when its badge is hidden; the spec asks for "a
   * reCAPTCHA notice" without wording, so this is Google's own.
   */
  recaptchaNotice: 'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
} as const;

function productCount(vendor: Vendor): number {
  const count = vendor.productCount;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/** Opening hours shown in the footer's CONNECT WITH US block, one line each. */
export const FOOTER_HOURS = ['Mon-Fri 6AM-8PM PST', 'Sat-Sun 6AM-3PM PST'] as const;

/** The footer hours as one line, for places with no room for two. */
export const FOOTER_HOURS_TEXT = FOOTER_HOURS.join(' and ');

/**
 * The footer copyright line. The year is an argument (the domain reads no
 * clock); the wording around it is our choice, as the spec only asks for the
 * current year.
 *
 * @example
 * copyrightLine(2025, 'Skimmer'); // '© 2025 Skimmer. All rights reserved.'
 */
export function copyrightLine(year: number, storeName: string): string {
  const name = storeName.trim();
  return name ? `© ${year} ${name}. All rights reserved.` : `© ${year}. All rights reserved.`;
}

/** The seller reviews site the SELLER REVIEWS badge and 'See more reviews »' link to. */
export const SELLER_REVIEWS_URL = 'https://www.shopperapproved.com/reviews/skimmer-pool.example';

/** Accepted payment methods, in the spec's order (footer). */
export const PAYMENT_METHODS = ['Amex', 'Apple Pay', 'Diners', 'Discover', 'Google Pay', 'Mastercard', 'PayPal', 'Visa'] as const;

/**
 * The store's postal address in the footer. The spec asks for "a postal address in Washington
 * state USA" and the configuration has no address field, so it is fixed here (a note for the
 * coordinator: a `storeAddress` field in StoreConfig would let operators set it).
 */
export const STORE_POSTAL_ADDRESS = ['1420 Harbor Way, Suite 200', 'Olympia, WA 98501', 'USA'] as const;

/** The footer's NAVIGATE links ("configured links": fixed here until the configuration has them). */
export const FOOTER_NAVIGATE_LINKS: readonly NavItem[] = [
  { title: 'Home', url: '/' },
  { title: 'Brands', url: '/brands' },
  { title: 'Blog', url: '/blogs' },
  { title: 'Questions & Answers', url: '/questions' },
  { title: 'Help', url: '/help.asp' },
  { title: 'Product Index', url: '/pindex.asp' },
  { title: 'Category Index', url: '/cindex.asp' },
];

/** The footer's MY ACCOUNT links ("configured links"). */
export const FOOTER_ACCOUNT_LINKS: readonly NavItem[] = [
  { title: 'My Account', url: ACCOUNT_PATH },
  { title: 'Order History', url: '/orders.asp' },
  { title: 'Addresses', url: '/address.asp' },
  { title: 'Wallet', url: '/wallet' },
  { title: 'Shopping Cart', url: '/shoppingcart.asp' },
];

/**
 * The footer's CATEGORIES list: the top-level navigation links that lead to collections (the
 * nav data without the theme's extra links), as plain items.
 *
 * @example
 * footerCategories([{ id: 1, title: 'Pumps', url: '/collections/pumps', children: [] }]); // [{ title: 'Pumps', url: '/collections/pumps' }]
 */
export function footerCategories(navData: readonly NavLink[] | null | undefined): NavItem[] {
  return (navData ?? []).map(({ title, url }) => ({ title, url }));
}

/**
 * Brands shown in the footer's POPULAR BRANDS block.
 * @default 10
 */
export const FOOTER_BRANDS_LIMIT = 10;

/**
 * The 10 footer brands: by product count, descending; equal counts by name,
 * A to Z ignoring case and accents (numbers in names compare as numbers), then
 * by exact name so the order never depends on the server's. A missing or
 * non-numeric count counts as 0; brands with a blank name are dropped (they would link to
 * /brands/).
 *
 * @example
 * footerBrands([{ name: 'Zodiac', productCount: 5 }, { name: 'Hayward', productCount: 9 }]);
 * // [{ name: 'Hayward', ... }, { name: 'Zodiac', ... }]
 */
export function footerBrands<V extends Vendor>(vendors: readonly V[] | null | undefined): V[] {
  return (vendors ?? [])
    .filter((vendor) => vendor.name.trim() !== '')
    .slice()
    .sort((a, b) => {
      const count = productCount(b) - productCount(a);
      return count !== 0 ? count : byName(a.name, b.name);
    })
    .slice(0, FOOTER_BRANDS_LIMIT);
}

/**
 * Link of a brand page, '/brands/{name}', the name URL-encoded so names with
 * spaces or slashes stay one path segment.
 *
 * @example
 * brandPath('Pentair Pool'); // '/brands/Pentair%20Pool'
 */
export function brandPath(name: string): string {
  return `/brands/${encodeURIComponent(name)}`;
}
