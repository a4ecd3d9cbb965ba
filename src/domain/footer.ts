/**
 * The footer's fixed content and rules: hours, copyright line, postal
 * address, payment icons, the link lists, CATEGORIES from the navigation, POPULAR BRANDS and the
 * newsletter form's answer when it was posted without JavaScript. A module of its own: the
 * footer's HTML comes from the server, its code loads once the page has settled.
 * @module
 */
import { MESSAGES, newsletterErrorText } from './account.ts';
import { ACCOUNT_PATH } from './chrome.ts';
import type { NavItem, NavLink, Vendor } from './entities.ts';
import { byName } from './lists.ts';

/** Fixed texts of the footer. */
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
  /** Accessible label of the policy links' list. */
  policies: 'Store policies',
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
  { title: 'About Us', url: '/about-us' },
  { title: 'Contact Us', url: '/contact-us' },
  { title: 'Product Index', url: '/pindex.asp' },
  { title: 'Category Index', url: '/cindex.asp' },
];

/**
 * The store's policy pages, linked on the footer's bottom line beside the copyright: every page
 * links them, so shoppers and crawlers find them without JavaScript (the seeded content pages;
 * the spec names no such list, these are ours).
 */
export const FOOTER_POLICY_LINKS: readonly NavItem[] = [
  { title: 'Shipping Policy', url: '/shipping-policy' },
  { title: 'Returns and Refunds', url: '/returns' },
  { title: 'Privacy Policy', url: '/privacy-policy' },
  { title: 'Terms of Service', url: '/terms-of-service' },
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

/**
 * Where the newsletter form posts when the page runs no JavaScript (a plain HTML form post; with
 * JavaScript the form calls the JSON API through the newsletter machine instead).
 */
export const NEWSLETTER_FORM_ACTION = '/newsletter/subscribe';

/**
 * The query parameter the no-JavaScript newsletter answer comes back with: the server redirects
 * to the page the form was on with `?newsletter={outcome}#newsletter`, and the footer rendered
 * for that address shows the outcome's message.
 */
export const NEWSLETTER_NOTICE_PARAM = 'newsletter';

/** The id of the newsletter block, the fragment the answer returns to (the browser scrolls to it). */
export const NEWSLETTER_ANCHOR = 'newsletter';

/**
 * The outcomes of a newsletter form posted without JavaScript: 'subscribed' (the confirmation
 * mail is on its way, or the address is already confirmed), 'invalid' (no or a malformed
 * address), 'limited' (too many requests from the shopper's address or to that email) and
 * 'failed' (anything else).
 */
export const NEWSLETTER_NOTICES = ['subscribed', 'invalid', 'limited', 'failed'] as const;

/** One outcome of {@link NEWSLETTER_NOTICES}. */
export type NewsletterNotice = (typeof NEWSLETTER_NOTICES)[number];

/**
 * The server's words for a refused request (the account limits'), shown as 'Error: {message}'
 * like every failed subscription; the server's own constant is tested equal to it.
 */
export const NEWSLETTER_LIMITED_TEXT = 'Too many attempts. Please try again later.';

/** An outcome's message and how it is coloured (errors red), as the form shows it with JavaScript. */
export interface NewsletterNoticeView {
  message: string;
  tone: 'success' | 'danger';
}

const NOTICE_VIEWS: Record<NewsletterNotice, NewsletterNoticeView> = {
  subscribed: { message: MESSAGES.newsletterSuccess, tone: 'success' },
  invalid: { message: MESSAGES.newsletterInvalid, tone: 'danger' },
  limited: { message: newsletterErrorText(NEWSLETTER_LIMITED_TEXT), tone: 'danger' },
  failed: { message: newsletterErrorText(undefined), tone: 'danger' },
};

/**
 * The message of a no-JavaScript newsletter outcome: the same words the form shows with
 * JavaScript ('Please check your email to confirm.', 'Invalid subscription request.',
 * 'Error: {message}').
 *
 * @example
 * newsletterNoticeView('invalid'); // { message: 'Invalid subscription request.', tone: 'danger' }
 */
export function newsletterNoticeView(notice: NewsletterNotice): NewsletterNoticeView {
  return NOTICE_VIEWS[notice];
}

/** The path and query of a page address ('/a?b#c' gives '/a' and '?b'); the fragment is dropped. */
function splitPage(page: string): { path: string; params: URLSearchParams } {
  const bare = page.split('#', 1)[0] ?? '';
  const at = bare.indexOf('?');
  return at === -1 ? { path: bare, params: new URLSearchParams() } : { path: bare.slice(0, at), params: new URLSearchParams(bare.slice(at + 1)) };
}

/**
 * The outcome a page address carries (its `newsletter` query parameter), or null when it carries
 * none or an unknown one (a hand-typed value shows nothing: the page never echoes its query).
 *
 * @example
 * newsletterNoticeOf('/brands?newsletter=subscribed'); // 'subscribed'
 * newsletterNoticeOf('/brands?newsletter=hello');      // null
 */
export function newsletterNoticeOf(page: string): NewsletterNotice | null {
  const value = splitPage(page).params.get(NEWSLETTER_NOTICE_PARAM);
  return (NEWSLETTER_NOTICES as readonly string[]).includes(value ?? '') ? (value as NewsletterNotice) : null;
}

/**
 * The page the no-JavaScript form returns to, as its hidden `returnTo` field carries it: the
 * page's path and query without a previous answer's parameter, so answering twice does not pile
 * them up.
 *
 * @example
 * newsletterReturnPath('/collections/pumps?page=2&newsletter=invalid'); // '/collections/pumps?page=2'
 */
export function newsletterReturnPath(page: string): string {
  const { path, params } = splitPage(page);
  params.delete(NEWSLETTER_NOTICE_PARAM);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Where the server sends the shopper after a no-JavaScript subscription (a 303): the page named
 * by the form's `returnTo` when it is a path on this site (else the home page, so a crafted form
 * cannot send anyone elsewhere), with the outcome in its query and the newsletter block as the
 * fragment.
 *
 * @example
 * newsletterAnswerUrl('/brands?page=1', 'subscribed'); // '/brands?page=1&newsletter=subscribed#newsletter'
 * newsletterAnswerUrl('//evil.example', 'invalid');     // '/?newsletter=invalid#newsletter'
 */
export function newsletterAnswerUrl(returnTo: string | null | undefined, notice: NewsletterNotice): string {
  const page = (returnTo ?? '').trim();
  // a path on this site: one leading slash (not '//host'), no backslash (browsers read it as a
  // slash) and no control character; unlike the sign-in's return path, every page may be one
  const onSite = page.startsWith('/') && !page.startsWith('//') && !/[\\\p{Cc}]/u.test(page);
  const { path, params } = splitPage(onSite ? newsletterReturnPath(page) : '/');
  params.set(NEWSLETTER_NOTICE_PARAM, notice);
  return `${path}?${params.toString()}#${NEWSLETTER_ANCHOR}`;
}
