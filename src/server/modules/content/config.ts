/**
 * The store's theme and store configuration as the seed writes them into
 * `store_settings`, and the fixed links the storefront needs (the expert-assistance page).
 * @module
 */
import type { StoreConfig, ThemeConfig } from '../../../domain/entities.ts';
import { contentImageUrl } from './media.ts';

/**
 * The page the search results message links to ('Click HERE to request expert assistance!'
 * links to an articles page with id 355). It is a generic page with id 355,
 * reached on the storefront's `/:handle/:id.htm` route and by `GET /api/pages/id/355`.
 */
export const EXPERT_ASSISTANCE_PAGE = {
  id: 355,
  handle: 'expert-assistance',
  path: '/expert-assistance/355.htm',
} as const;

/**
 * Store configuration as the API serves it: the spec's fields plus `expertAssistanceUrl`, so a
 * storefront can link the expert-assistance page without hard-coding its id.
 */
export interface ServedStoreConfig extends StoreConfig {
  /** @default '/expert-assistance/355.htm' */
  expertAssistanceUrl: string;
}

/**
 * Google's published reCAPTCHA v2 test key: it always passes and shows a "for testing only"
 * notice, which is what a development store wants. Operators replace it in `store_settings`.
 */
export const DEVELOPMENT_RECAPTCHA_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';

/** The store configuration the seed writes. */
export function defaultStoreConfig(): ServedStoreConfig {
  return {
    storeName: 'Skimmer Pool & Spa Supply',
    storeLogoUrl: contentImageUrl('logo-skimmer', 400),
    storeFaviconUrl: contentImageUrl('favicon-skimmer', 200),
    storefrontAnnouncement: 'Free ground shipping on orders over $99 to the contiguous US. Parts experts on call 7 days a week.',
    contactPhoneNumber: '(360) 555-0142',
    storeEmail: 'support@skimmer-pool.example',
    gTagId: null,
    appTimeZone: 'America/Los_Angeles',
    merchantReturnDays: 30,
    recaptchaSiteKey: DEVELOPMENT_RECAPTCHA_SITE_KEY,
    collectionPath: '/collections',
    productPath: '/products',
    articlePath: '/articles',
    expertAssistanceUrl: EXPERT_ASSISTANCE_PAGE.path,
  };
}

/** The theme configuration the seed writes; every field of the theme configuration. */
export function defaultThemeConfig(): ThemeConfig {
  return {
    storeCurrency: '$',
    productTopBannerUrl: contentImageUrl('banner-product-top-free-shipping'),
    productNoImageUrl: contentImageUrl('no-image-available', 400),
    defaultLimitPerPage: 24,
    infoCards: [
      { url: '/shipping-policy', title: 'Fast Shipping', text: 'Most orders ship the next business day.', imageUrl: contentImageUrl('info-fast-shipping', 400) },
      { url: EXPERT_ASSISTANCE_PAGE.path, title: 'Expert Help', text: 'Parts specialists who know your equipment.', imageUrl: contentImageUrl('info-expert-help', 400) },
      { url: '/returns', title: '30-Day Returns', text: 'Unused parts back within 30 days.', imageUrl: contentImageUrl('info-easy-returns', 400) },
      { url: '/help_answer/how-do-i-search-by-part-number', title: 'Part Number Search', text: 'Hyphens and spaces optional.', imageUrl: contentImageUrl('info-part-number-search', 400) },
    ],
    heroSection: {
      images: [
        { backgroundUrl: contentImageUrl('hero-1-open-your-pool'), title: 'Open Your Pool the Easy Way', subtitle: 'O-rings, lubricants, chemicals and filters in one order.', url: '/articles/how-to-open-your-pool-for-the-season' },
        { backgroundUrl: contentImageUrl('hero-2-variable-speed-pumps'), title: 'Variable Speed Pumps', subtitle: 'Cut pump energy use by up to 80 percent.', url: '/collections/pumps' },
        { backgroundUrl: contentImageUrl('hero-3-spa-parts'), title: 'Spa Parts That Fit', subtitle: 'Heaters, jets, packs and covers for every make.', url: '/collections/spa-parts' },
      ],
    },
    seoTitle: 'Skimmer Pool & Spa Supply | Pool and Spa Parts and Equipment',
    seoDescription: 'Pool and spa parts, pumps, filters, heaters, salt systems and chemicals. Search by part number and get expert help choosing the right part.',
    featuredProducts: { url: '/searchresults.asp?isFeatured=true', bannerUrl: contentImageUrl('banner-featured-products', 400) },
    imagePlacements: { collection: { menuImage: 'menu' } },
    additionalHeaderLinks: [
      { id: 9001, title: 'Brands', url: '/brands', children: [], maxChildItemsToDisplay: null },
      { id: 9002, title: 'Blog', url: '/blogs', children: [], maxChildItemsToDisplay: null },
      { id: 9003, title: 'Q&A', url: '/questions', children: [], maxChildItemsToDisplay: null },
      { id: 9004, title: 'Help', url: '/help.asp', children: [], maxChildItemsToDisplay: null },
    ],
    exitIntentPopUp: {
      bgImageUrl: contentImageUrl('exit-popup-pool-water'),
      discountMessage: 'Take 10% off your first order',
      discountCode: 'FIRST10',
    },
    blogDescription: 'How-to guides, buying advice and troubleshooting from our pool and spa parts specialists.',
  };
}
