/**
 * JSON schemas of the catalogue routes: they validate input (Fastify's Ajv), serialise output
 * (fast-json-stringify drops any field not listed, so nothing internal leaks), and feed the
 * OpenAPI document at /api/docs. Field names are the API's entity names, word for word: clients
 * read the answers by name.
 * @module
 */
import { SORT_OPTIONS, PAGE_SIZES } from '../../../domain/search.ts';
import { errorSchema, MAX_ID, MAX_LIMIT, MAX_PAGE } from '../../platform/http/schemas.ts';

// the API's shared schema pieces are the HTTP platform's (kept importable from here)
export { errorResponses, errorSchema, handleParams, MAX_ID, MAX_LIMIT, MAX_PAGE } from '../../platform/http/schemas.ts';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const int = { type: 'integer' } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const bool = { type: 'boolean' } as const;

/** Largest price filter, in store currency. @default 1000000000 */
export const MAX_PRICE = 1_000_000_000;

const inventoryLevel = {
  type: 'object',
  properties: {
    id: int, variantId: int, inventoryPrice: num, inventoryCompareAtPrice: numOrNull,
    availableForSale: bool, availableQuantity: int, bypassNegativeQuantity: bool,
  },
} as const;

const variant = {
  type: 'object',
  properties: {
    id: int, title: str, variantPosition: int, price: num, compareAtPrice: numOrNull,
    availableForSale: bool, availableQuantity: int, sku: strOrNull,
    availableInventoryLevels: { type: 'array', items: inventoryLevel },
    Options: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: int, name: str, VariantSelectedOptions: { type: 'object', properties: { optionValueSelected: str } } },
      },
    },
  },
} as const;

const review = {
  $id: 'Review',
  type: 'object',
  properties: { id: int, starsRating: num, title: strOrNull, body: strOrNull, author: strOrNull, createdAt: str },
} as const;

/** One of a product's notices (src/domain/shipping/notices.ts, ProductNotice). */
const productNotice = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['prop65', 'hazmat-handling', 'not-returnable-once-opened'] },
    // prop65 only: the listed chemicals of each endpoint
    cancer: { type: 'array', items: str },
    reproductiveHarm: { type: 'array', items: str },
  },
  required: ['kind'],
} as const;

/** The product of GET /api/products/handle/{handle}. */
export const productSchema = {
  $id: 'Product',
  type: 'object',
  properties: {
    id: int, handle: str, title: str, seoTitle: strOrNull, seoDescription: strOrNull, isIndexed: bool,
    sku: strOrNull, vendor: strOrNull, weight: numOrNull, price: num, compareAtPrice: numOrNull,
    availableForSale: bool, imageUrl: strOrNull, descriptionHtml: strOrNull, avgRating: numOrNull,
    totalReviews: int, productCode: strOrNull, isFeatured: bool,
    // quoted by phone: 'Call for price' instead of a price and an add button (domain/call-for-price.ts)
    callForPrice: bool,
    Images: { type: 'array', items: { type: 'object', properties: { id: int, url: str, altText: strOrNull } } },
    Model3Ds: { type: 'array', items: { type: 'object', properties: { id: int, posterUrl: str, url: str } } },
    PDFs: {
      type: 'array',
      items: { type: 'object', properties: { url: str, Attachment: { type: 'object', properties: { localFilename: str } } } },
    },
    Options: { type: 'array', items: { type: 'object', properties: { id: int, name: str, values: { type: 'array', items: str } } } },
    Variants: { type: 'array', items: variant },
    Collections: { type: 'array', items: { type: 'object', properties: { id: int, handle: str, title: str } } },
    Reviews: { type: 'array', items: { $ref: 'Review#' } },
    // parts that fit
    Fitments: {
      type: 'array',
      items: { type: 'object', properties: { id: int, handle: str, brand: str, model: str, modelNumber: str, type: str, title: str } },
    },
    PartNumbers: {
      type: 'array',
      items: { type: 'object', properties: { number: str, kind: { type: 'string', enum: ['oem', 'aftermarket', 'supersedes'] } } },
    },
    SupersededBy: { anyOf: [{ type: 'null' }, { $ref: 'ProductCard#' }] },
    // the replacement's part number, for 'Part X was replaced by Y'
    SupersededByNumber: { type: ['string', 'null'] },
    // Proposition 65 warnings, hazmat handling, not returnable once opened (domain ProductNotice)
    notices: { type: 'array', items: productNotice },
  },
} as const;

/** A product card; every field optional because `fields=` may select a few. */
export const cardSchema = {
  $id: 'ProductCard',
  type: 'object',
  properties: {
    id: int, title: str, handle: str, imageUrl: strOrNull, price: num, compareAtPrice: numOrNull,
    availableForSale: bool, avgRating: numOrNull, totalReviews: int, isFeatured: bool,
    inventoryLevelId: intOrNull, availableQuantity: int, bypassNegativeQuantity: bool, vendor: strOrNull,
    seoTitle: strOrNull, seoDescription: strOrNull, productCode: strOrNull, sku: strOrNull, callForPrice: bool,
  },
} as const;

/** A collection as the API answers it. */
export const collectionSchema = {
  $id: 'Collection',
  type: 'object',
  properties: {
    id: int, handle: str, title: str, seoTitle: strOrNull, seoDescription: strOrNull, isIndexed: bool,
    imageUrl: strOrNull, descriptionHtml: strOrNull,
    breadcrumbs: { type: ['array', 'null'], items: { type: 'object', properties: { title: str, handle: str } } },
    childCollectionsCount: int,
  },
} as const;

/** `{ hierarchy: { default: [...] } }`. */
export const hierarchySchema = {
  $id: 'Hierarchy',
  type: 'object',
  properties: {
    default: {
      type: 'array',
      items: { type: 'object', properties: { id: int, title: str, handle: str, LEVEL: int } },
    },
  },
} as const;

/** The page info of a product search: paging and facets. */
export const pageInfoSchema = {
  $id: 'PageInfo',
  type: 'object',
  properties: {
    limitPerPage: int, totalObjects: int, totalPages: int, pages: int, count: int,
    // true when no product matched every word and the answer holds those matching the most
    relaxed: { type: 'boolean' },
    // when q is a superseded part number: 'Part {number} was replaced by {replacementNumber}'
    replacedBy: {
      type: 'object',
      properties: { number: str, replacementNumber: str, productId: int, handle: str, title: str },
    },
    availableTagPrefixes: { type: 'array', items: { type: 'object', properties: { tagPrefixValue: str } } },
    availableTagFilters: {
      type: 'array',
      items: { type: 'object', properties: { tagPrefix: str, tagValue: str, tagCount: int } },
    },
    availableVendors: { type: 'array', items: { type: 'object', properties: { vendor: str, vendorCount: int } } },
    productMaxPrice: num,
  },
} as const;

/** Every shared schema, added once with `app.addSchema`. */
export const sharedSchemas = [errorSchema, review, productSchema, cardSchema, collectionSchema, hierarchySchema, pageInfoSchema];

const id = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
const page = { type: 'integer', minimum: 0, maximum: MAX_PAGE, description: 'Zero-based page.' } as const;
const limit = { type: 'integer', minimum: 1, maximum: MAX_LIMIT } as const;

/** Params of routes keyed by a numeric id. */
export const idParams = { type: 'object', properties: { id }, required: ['id'] } as const;

/**
 * The product search's query object (q, v, t, minPrice, maxPrice, sortBy, limit, page, c,
 * isFeatured, fields). `t` may repeat; each value is 'prefix,value'.
 */
export const searchQuerystring = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200, description: 'Keywords or a part number.' },
    v: { type: 'string', maxLength: 200, description: 'Vendor.' },
    t: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', maxLength: 300 },
      description: "Tag filters, repeated, each 'prefix,value'; one value per prefix (the last wins).",
    },
    minPrice: { type: 'number', minimum: 0, maximum: MAX_PRICE },
    maxPrice: { type: 'number', minimum: 0, maximum: MAX_PRICE },
    sortBy: { type: 'string', enum: SORT_OPTIONS.map((o) => o.value) },
    limit: { ...limit, description: `Page size; the storefront uses ${PAGE_SIZES.join(', ')} and 4.` },
    page,
    c: { type: 'string', pattern: '^[0-9]{0,10}$', description: 'Collection id (its subtree is searched).' },
    isFeatured: { type: 'boolean' },
    fields: { type: 'string', maxLength: 500, pattern: '^[A-Za-z]+(,[A-Za-z]+)*$', description: 'Comma-separated fields to return.' },
    fits: {
      type: 'string',
      minLength: 1,
      maxLength: 5200,
      description: 'Equipment handles, comma-separated (at most 20): only products that fit one of these models.',
    },
  },
} as const;

/** Paging of plain lists. */
export const pagingQuerystring = {
  type: 'object',
  properties: { page, limit },
} as const;

/** GET /api/products/byIds. */
export const byIdsQuerystring = {
  type: 'object',
  properties: {
    ids: { type: 'string', maxLength: 1200, pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$', description: 'Up to 100 comma-separated product ids.' },
    fields: searchQuerystring.properties.fields,
  },
  required: ['ids'],
} as const;

/** GET /api/products/vendors/fullDetail. */
export const vendorsQuerystring = {
  type: 'object',
  properties: {
    page,
    limit,
    sortBy: { type: 'string', enum: ['PRODUCT_COUNT', 'NAME'] },
    order: { type: 'string', enum: ['ASC', 'DESC'] },
  },
} as const;

/** Schema objects typed loosely for route options. */
export type JsonSchema = Record<string, unknown>;
