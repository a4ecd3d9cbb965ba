/**
 * JSON schemas of the content routes: they validate input (a malformed value answers 400),
 * serialise output (only declared fields leave the server) and feed the OpenAPI document.
 * @module
 */

/** Upper bound of zero-based page numbers: deep enough for any list, small enough for OFFSET. */
export const MAX_PAGE = 100_000;

/** Largest page size a content list serves. */
export const MAX_LIMIT = 100;

/** Deepest navigation tree the API builds. The storefront asks for depth 2 (nav depth is 2). */
export const MAX_NAV_DEPTH = 4;

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;

/** A zero-based page number. @default 0 */
export const pageParam = { type: 'integer', minimum: 0, maximum: MAX_PAGE, default: 0 } as const;

/** A page size with its route's default. */
export const limitParam = (def: number) => ({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: def }) as const;

/** A URL handle: lower-case letters, digits and hyphens (upper case accepted, matched lower-cased). */
export const handleParam = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' } as const;

/** The error body of every 4xx/5xx answer (DESIGN rule 12). */
export const errorSchema = {
  type: 'object',
  properties: { error: str },
  required: ['error'],
} as const;

const errors = { '4xx': errorSchema, '5xx': errorSchema } as const;

/** Adds the shared error bodies to a route's 200 schema. */
export function responses(ok: object): Record<string, object> {
  return { 200: ok, ...errors };
}

/** Paging block of content lists. */
export const pageInfoSchema = {
  type: 'object',
  properties: { limitPerPage: int, totalObjects: int, totalPages: int, pages: int, count: int },
  required: ['limitPerPage', 'totalObjects', 'totalPages', 'pages', 'count'],
} as const;

/**
 * A nav link schema nested `depth` levels. Built out rather than recursive ($ref) so the
 * serializer and the OpenAPI generator need no shared-schema registration.
 */
export function navLinkSchema(depth: number): object {
  return {
    type: 'object',
    properties: {
      id: int,
      title: str,
      url: str,
      maxChildItemsToDisplay: nint,
      imageUrl: nstr,
      children: { type: 'array', items: depth > 1 ? navLinkSchema(depth - 1) : { type: 'object', properties: {} } },
    },
    required: ['id', 'title', 'url', 'children'],
  };
}

/** Article as lists and the article page carry it. */
export const articleSchema = {
  type: 'object',
  properties: {
    id: int, title: str, handle: str, imageUrl: nstr, author: str, createdAt: str, seoDescription: nstr,
    bodyHtml: str, tags: { type: 'array', items: str }, wordCount: int,
  },
  required: ['id', 'title', 'handle', 'author', 'createdAt'],
} as const;

/** Site review (url, message, name, stars); message null means the storefront shows its default. */
export const siteReviewSchema = {
  type: 'object',
  properties: { url: str, message: nstr, name: str, stars: int },
  required: ['url', 'message', 'name', 'stars'],
} as const;

/** Brand. */
export const brandSchema = {
  type: 'object',
  properties: { id: int, name: str, handle: str, description: nstr, logoUrl: nstr },
  required: ['id', 'name', 'handle'],
} as const;

const ref = { type: 'object', properties: { id: int, handle: str, title: str }, required: ['id', 'handle', 'title'] } as const;

/** Help topic with answer titles. */
export const helpTopicSchema = {
  type: 'object',
  properties: { id: int, handle: str, title: str, answers: { type: 'array', items: ref } },
  required: ['id', 'handle', 'title', 'answers'],
} as const;

/** One help answer. */
export const helpAnswerSchema = {
  type: 'object',
  properties: { id: int, handle: str, title: str, bodyHtml: str, topic: ref },
  required: ['id', 'handle', 'title', 'bodyHtml', 'topic'],
} as const;

/** Question topic. */
export const questionTopicSchema = {
  type: 'object',
  properties: { id: int, handle: str, title: str, description: nstr, threadCount: int },
  required: ['id', 'handle', 'title', 'threadCount'],
} as const;

const threadSummaryProps = {
  id: int, displayableId: str, handle: str, title: str, author: str, createdAt: str, answerCount: int,
} as const;

/** Thread in a topic list. */
export const threadSummarySchema = {
  type: 'object',
  properties: threadSummaryProps,
  required: ['id', 'displayableId', 'handle', 'title', 'author', 'createdAt', 'answerCount'],
} as const;

/** Full thread with answers. */
export const threadSchema = {
  type: 'object',
  properties: {
    ...threadSummaryProps,
    body: str,
    topic: ref,
    answers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: int, author: str, isStaff: { type: 'boolean' }, body: str, createdAt: str },
        required: ['id', 'author', 'isStaff', 'body', 'createdAt'],
      },
    },
  },
  required: ['id', 'displayableId', 'handle', 'title', 'body', 'topic', 'answers'],
} as const;

/** Generic page. */
export const pageSchema = {
  type: 'object',
  properties: { id: int, handle: str, title: str, bodyHtml: str, seoTitle: nstr, seoDescription: nstr, path: str },
  required: ['id', 'handle', 'title', 'bodyHtml', 'path'],
} as const;

/** Country (countryCode, title) and state (stateCode, title). */
export const countrySchema = {
  type: 'object', properties: { countryCode: str, title: str }, required: ['countryCode', 'title'],
} as const;

/** State or province. */
export const stateSchema = {
  type: 'object', properties: { stateCode: str, title: str }, required: ['stateCode', 'title'],
} as const;

/** Store configuration: the spec's fields plus the route prefixes and the expert-assistance link. */
export const storeConfigSchema = {
  type: 'object',
  properties: {
    storeName: str, storeLogoUrl: str, storeFaviconUrl: str, storefrontAnnouncement: str,
    contactPhoneNumber: str, storeEmail: str, gTagId: nstr, appTimeZone: str, merchantReturnDays: nint,
    recaptchaSiteKey: str, collectionPath: str, productPath: str, articlePath: str, expertAssistanceUrl: str,
  },
  required: [
    'storeName', 'storeLogoUrl', 'storeFaviconUrl', 'storefrontAnnouncement', 'contactPhoneNumber', 'storeEmail',
    'gTagId', 'appTimeZone', 'merchantReturnDays', 'recaptchaSiteKey', 'collectionPath', 'productPath', 'articlePath',
  ],
} as const;

const urlItem = (extra: Record<string, object>) => ({ type: 'object', properties: { url: str, ...extra }, required: ['url'] });

/** Theme configuration: every field the storefront reads, storeCurrency to blogDescription. */
export const themeConfigSchema = {
  type: 'object',
  properties: {
    storeCurrency: str,
    productTopBannerUrl: nstr,
    productNoImageUrl: str,
    defaultLimitPerPage: int,
    infoCards: { type: 'array', items: urlItem({ title: str, text: str, imageUrl: str }) },
    heroSection: {
      type: 'object',
      properties: {
        images: {
          type: 'array',
          items: { type: 'object', properties: { backgroundUrl: str, title: str, subtitle: str, url: str }, required: ['backgroundUrl'] },
        },
      },
      required: ['images'],
    },
    seoTitle: str,
    seoDescription: str,
    featuredProducts: { type: 'object', properties: { url: str, bannerUrl: str }, required: ['url', 'bannerUrl'] },
    imagePlacements: {
      type: 'object',
      properties: { collection: { type: 'object', properties: { menuImage: str }, required: ['menuImage'] } },
      required: ['collection'],
    },
    additionalHeaderLinks: { type: 'array', items: navLinkSchema(2) },
    exitIntentPopUp: {
      type: 'object',
      properties: { bgImageUrl: str, discountMessage: str, discountCode: str },
      required: ['bgImageUrl', 'discountMessage', 'discountCode'],
    },
    blogDescription: str,
  },
  required: [
    'storeCurrency', 'productTopBannerUrl', 'productNoImageUrl', 'defaultLimitPerPage', 'infoCards', 'heroSection',
    'seoTitle', 'seoDescription', 'featuredProducts', 'imagePlacements', 'additionalHeaderLinks', 'exitIntentPopUp',
    'blogDescription',
  ],
} as const;
