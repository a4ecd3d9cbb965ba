/**
 * JSON schemas of the back office's product routes (validation, serialisation and the OpenAPI
 * document). Bodies refuse unknown fields; money is integer cents; every answer other than 200 is
 * the store's `{ error }`.
 * @module
 */
import { MAX_ADJUSTED_CENTS } from '../../../domain/price-adjust.ts';
import { BULK_MAX } from './service.ts';

const error = { $ref: 'Error#' } as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const cents = { type: 'integer', minimum: 0, maximum: MAX_ADJUSTED_CENTS } as const;
const centsOrNull = { anyOf: [cents, { type: 'null' }] } as const;
const id = { type: 'integer', minimum: 1 } as const;
/** Units on hand at one level (an operator's count; below zero only by selling). */
const quantity = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const textOrNull = (max: number) => ({ anyOf: [{ type: 'string', maxLength: max }, { type: 'null' }] }) as const;
const flag = { type: 'string', enum: ['true', 'false'] } as const;

/** The refusals every product route may answer. */
export const productErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 413: error, 415: error, 429: error } as const;

/** POST /api/admin/products/{productId}/images's query: the picture's text and the file's name. */
export const pictureQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { altText: { type: 'string', maxLength: 500 }, fileName: { type: 'string', maxLength: 255 } },
} as const;

/** A path's `{productId}`. */
export const productParams = { type: 'object', properties: { productId: id }, required: ['productId'] } as const;

/** GET /api/admin/products's query. */
export const listQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    q: { type: 'string', minLength: 1, maxLength: 100, description: 'Part of the title, or a product id, SKU, product code or variant SKU (whole, any case).' },
    lowStock: { type: 'integer', minimum: 0, maximum: 1_000_000, description: 'Only products with a level for sale (not selling below zero) holding this many units or fewer.' },
    indexed: { ...flag, description: 'Only products shown to search engines and feeds (true) or kept out of them (false).' },
    noImage: { ...flag, description: 'Only products without a picture (true) or with one (false).' },
    before: { ...id, description: 'The nextBefore of the previous page.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

/** One product of the list. */
export const listItem = {
  type: 'object',
  properties: {
    id: int, handle: str, title: str, sku: strOrNull, vendor: strOrNull, priceCents: int, compareAtPriceCents: intOrNull,
    callForPrice: bool, isIndexed: bool, isFeatured: bool, imageUrl: strOrNull, variantCount: int, stock: int, lowestStock: intOrNull,
  },
  required: ['id', 'handle', 'title', 'sku', 'vendor', 'priceCents', 'compareAtPriceCents', 'callForPrice', 'isIndexed', 'isFeatured', 'imageUrl', 'variantCount', 'stock', 'lowestStock'],
} as const;

/** The list's answer. */
export const listAnswer = {
  type: 'object',
  properties: { products: { type: 'array', items: listItem }, nextBefore: { ...intOrNull, description: 'The cursor of the next page (null on the last).' } },
  required: ['products', 'nextBefore'],
} as const;

const levelSchema = {
  type: 'object',
  properties: { id: int, location: str, quantity: int, availableForSale: bool, bypassNegativeQuantity: bool, binLocation: strOrNull },
  required: ['id', 'location', 'quantity', 'availableForSale', 'bypassNegativeQuantity', 'binLocation'],
} as const;

const variantSchema = {
  type: 'object',
  properties: { id: int, title: str, sku: strOrNull, priceCents: int, compareAtPriceCents: intOrNull, levels: { type: 'array', items: levelSchema } },
  required: ['id', 'title', 'sku', 'priceCents', 'compareAtPriceCents', 'levels'],
} as const;

const tagSchema = { type: 'object', properties: { prefix: str, value: str }, required: ['prefix', 'value'] } as const;

/** A product for editing. */
export const productSchema = {
  type: 'object',
  properties: {
    id: int, handle: str, title: str, sku: strOrNull, productCode: strOrNull, vendor: strOrNull,
    descriptionHtml: strOrNull, seoTitle: strOrNull, seoDescription: strOrNull,
    priceCents: int, compareAtPriceCents: intOrNull, isIndexed: bool, isFeatured: bool, callForPrice: bool,
    variants: { type: 'array', items: variantSchema },
    images: { type: 'array', items: { type: 'object', properties: { id: int, url: str, altText: strOrNull }, required: ['id', 'url', 'altText'] } },
    tags: { type: 'array', items: tagSchema },
  },
  required: ['id', 'handle', 'title', 'sku', 'productCode', 'vendor', 'descriptionHtml', 'seoTitle', 'seoDescription', 'priceCents', 'compareAtPriceCents', 'isIndexed', 'isFeatured', 'callForPrice', 'variants', 'images', 'tags'],
} as const;

/** `{ product }`. */
export const productAnswer = { type: 'object', properties: { product: productSchema }, required: ['product'] } as const;

/** PATCH /api/admin/products/{productId}. */
export const patchBody = {
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: {
    title: text(300),
    descriptionHtml: textOrNull(100_000),
    seoTitle: textOrNull(300),
    seoDescription: textOrNull(1000),
    isIndexed: { ...bool, description: 'Shown to search engines, the sitemap and the product feeds.' },
    isFeatured: bool,
    callForPrice: bool,
    priceCents: { ...cents, description: 'Every variant\'s price (a variant\'s own priceCents wins).' },
    compareAtPriceCents: { ...centsOrNull, description: 'Every variant\'s compare-at price; above the price, or null.' },
    variants: {
      type: 'array', maxItems: 500,
      items: {
        type: 'object', additionalProperties: false,
        properties: {
          id,
          priceCents: cents,
          compareAtPriceCents: centsOrNull,
          levels: {
            type: 'array', maxItems: 100,
            items: {
              type: 'object', additionalProperties: false,
              properties: {
                id,
                quantity,
                expectedQuantity: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, description: 'The quantity the operator saw: 409 when the level holds another now (a sale meanwhile).' },
                availableForSale: bool,
                binLocation: textOrNull(64),
              },
              required: ['id'],
            },
          },
        },
        required: ['id'],
      },
    },
    tags: {
      type: 'array', maxItems: 200, description: 'Every tag (attribute) of the product, as prefix and value.',
      items: { type: 'object', additionalProperties: false, properties: { prefix: text(100), value: text(200) }, required: ['prefix', 'value'] },
    },
    images: {
      type: 'array', maxItems: 200, description: 'The pictures kept, in their new order, with their alternative text; the others are removed.',
      items: { type: 'object', additionalProperties: false, properties: { id, altText: textOrNull(500) }, required: ['id'] },
    },
  },
} as const;

const filterSchema = {
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: {
    q: text(100),
    lowStock: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    indexed: bool,
    noImage: bool,
    ids: { type: 'array', minItems: 1, maxItems: BULK_MAX, items: id },
  },
} as const;

/** POST /api/admin/products/bulk-edit. */
export const bulkBody = {
  type: 'object', additionalProperties: false,
  properties: {
    filter: filterSchema,
    price: {
      type: 'object', additionalProperties: false, minProperties: 1,
      description: 'Exactly one of percent (two decimals at most, -100 to 1000), amountCents (signed) or setCents; compareAt: adjust (default), keep or clear.',
      properties: {
        percent: { type: 'number', minimum: -100, maximum: 1000 },
        amountCents: { type: 'integer', minimum: -MAX_ADJUSTED_CENTS, maximum: MAX_ADJUSTED_CENTS },
        setCents: cents,
        compareAt: { type: 'string', enum: ['adjust', 'keep', 'clear'] },
      },
    },
    stock: {
      type: 'object', additionalProperties: false, minProperties: 1, description: 'Exactly one of set (units at every level) or add (signed; never below zero).',
      properties: { set: quantity, add: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } },
    },
    dryRun: { ...bool, description: 'Only count and show a sample before and after; nothing is written.' },
    expectedCount: { type: 'integer', minimum: 0, description: 'The count of the preview: 409 when the filter matches another number now.' },
  },
  required: ['filter'],
} as const;

const pair = { type: 'object', properties: { priceCents: int, compareAtPriceCents: intOrNull, stock: int }, required: ['priceCents', 'compareAtPriceCents', 'stock'] } as const;

/** A bulk edit's answer. */
export const bulkAnswer = {
  type: 'object',
  properties: {
    matched: int, changed: int, dryRun: bool,
    sample: { type: 'array', items: { type: 'object', properties: { id: int, title: str, before: pair, after: pair }, required: ['id', 'title', 'before', 'after'] } },
  },
  required: ['matched', 'changed', 'dryRun', 'sample'],
} as const;
