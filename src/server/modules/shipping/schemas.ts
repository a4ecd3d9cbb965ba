/**
 * JSON schemas of the shipping routes: the estimate's body (validated without coercion: a
 * quantity must be a number), the operators' ship profiles and notices, their answers and the
 * OpenAPI document.
 * @module
 */
import { HAZARD_GROUPS, MAX_HANDLING_DAYS, MAX_QUOTE_LINES, MAX_QUOTE_UNITS, PARCEL_SERVICES, SHIP_CLASSES } from '../../../domain/shipping/index.ts';
import { MAX_ID } from '../../platform/http/schemas.ts';

const bool = { type: 'boolean' } as const;

/** The body of `POST /api/shipping/estimate` (src/api/shipping.ts, EstimateShippingRequest). */
export const estimateBody = {
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_QUOTE_LINES,
      items: {
        type: 'object',
        properties: {
          inventoryLevelId: { type: 'integer', minimum: 1, maximum: MAX_ID },
          quantity: { type: 'integer', minimum: 1, maximum: MAX_QUOTE_UNITS },
        },
        required: ['inventoryLevelId', 'quantity'],
        additionalProperties: false,
      },
    },
    destination: {
      type: 'object',
      properties: {
        zip: { type: 'string', minLength: 1, maxLength: 20 },
        state: { type: 'string', maxLength: 20 },
        country: { type: 'string', maxLength: 3 },
      },
      required: ['zip'],
      additionalProperties: false,
    },
    // the shopper's own cart instead of lines: its lines, prices and discount codes
    checkoutId: { type: 'string', minLength: 1, maxLength: 64 },
    service: { type: 'string', enum: [...PARCEL_SERVICES] },
    freight: { type: 'object', properties: { liftgate: bool, residential: bool }, additionalProperties: false },
  },
  required: ['destination'],
  // lines or a cart, never both: a cart's lines are the server's, not the body's
  oneOf: [{ required: ['lines'] }, { required: ['checkoutId'] }],
  additionalProperties: false,
} as const;

/** A refused quote: the domain's message and code. */
export const refusalSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
} as const;

/** POST /api/shipping/estimate. */
export const estimateRoute = {
  tags: ['shipping'],
  summary: "Shipping, delivery dates, tax and totals of lines, or of the shopper's own cart with its discount codes, to a ZIP code (no account needed)",
  body: estimateBody,
  response: {
    200: {
      type: 'object',
      properties: {
        // the domain's ShippingQuote as JSON, whole (src/domain/shipping/quote.ts)
        quote: { type: 'object', additionalProperties: true },
      },
    },
    400: { $ref: 'Error#' },
    404: { $ref: 'Error#' },
    422: refusalSchema,
    429: { $ref: 'Error#' },
  },
} as const;

const nullableNumber = { type: ['number', 'null'] } as const;
const chemicals = { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } } as const;

/** A product notice (the domain's ProductNotice). */
export const productNoticeSchema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['prop65', 'hazmat-handling', 'not-returnable-once-opened'] },
    cancer: chemicals,
    reproductiveHarm: chemicals,
  },
  required: ['kind'],
  additionalProperties: false,
  // a Proposition 65 warning names its chemicals per endpoint; the other notices are their kind alone
  if: { properties: { kind: { const: 'prop65' } } },
  then: { required: ['cancer', 'reproductiveHarm'] },
  else: { not: { anyOf: [{ required: ['cancer'] }, { required: ['reproductiveHarm'] }] } },
} as const;

const dimensions = {
  type: ['object', 'null'],
  properties: { lengthIn: { type: 'number' }, widthIn: { type: 'number' }, heightIn: { type: 'number' } },
  required: ['lengthIn', 'widthIn', 'heightIn'],
  additionalProperties: false,
} as const;

/** A variant's ship profile as an operator writes it. */
export const variantShippingBody = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_ID },
    shipClass: { type: 'string', enum: [...SHIP_CLASSES] },
    // pounds as packed; null: the product's weight (the domain refuses 0 and more than the class takes)
    weightLb: nullableNumber,
    dimensions,
    freightClass: nullableNumber,
    hazardGroup: { type: ['string', 'null'], enum: [...HAZARD_GROUPS, null] },
    handlingDays: { type: 'integer', minimum: 0, maximum: MAX_HANDLING_DAYS },
    taxable: bool,
  },
  required: ['id', 'shipClass', 'weightLb', 'dimensions', 'freightClass', 'hazardGroup', 'handlingDays', 'taxable'],
  additionalProperties: false,
} as const;

/** The body of `PUT /api/admin/products/{productId}/shipping`. */
export const productShippingBody = {
  type: 'object',
  properties: {
    // the variants whose profile changes (others keep theirs), each once
    variants: { type: 'array', maxItems: 500, items: variantShippingBody },
    // every notice of the product (an empty list: none)
    notices: { type: 'array', maxItems: 3, items: productNoticeSchema },
  },
  required: ['variants', 'notices'],
  additionalProperties: false,
} as const;

/** A product's ship profiles and notices, as operators read and write them. */
export const productShippingSchema = {
  type: 'object',
  properties: {
    productId: { type: 'integer' },
    title: { type: 'string' },
    /** The product's own weight, pounds: a variant without a weight ships at it. */
    productWeightLb: nullableNumber,
    variants: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...variantShippingBody.properties,
          title: { type: 'string' },
          sku: { type: ['string', 'null'] },
        },
      },
    },
    notices: { type: 'array', items: productNoticeSchema },
    // the texts the product page and a California checkout show
    prop65FullWarning: { type: ['string', 'null'] },
  },
  required: ['productId', 'title', 'productWeightLb', 'variants', 'notices', 'prop65FullWarning'],
} as const;

const productParams = { type: 'object', properties: { productId: { type: 'integer', minimum: 1, maximum: MAX_ID } }, required: ['productId'] } as const;
const adminErrors = { 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 404: { $ref: 'Error#' } } as const;

/** GET /api/admin/products/{productId}/shipping. */
export const getProductShippingRoute = {
  tags: ['shipping'],
  summary: "A product's ship profiles (class, weight, size, freight class, hazard group, handling days, taxable) and notices (operators: owner, staff)",
  params: productParams,
  response: { 200: productShippingSchema, ...adminErrors },
} as const;

/** PUT /api/admin/products/{productId}/shipping. */
export const putProductShippingRoute = {
  tags: ['shipping'],
  summary: "Set a product's ship profiles and notices (operators: owner, staff; audited; the product page's estimate and the checkout follow at once)",
  params: productParams,
  body: productShippingBody,
  response: { 200: productShippingSchema, ...adminErrors },
} as const;
