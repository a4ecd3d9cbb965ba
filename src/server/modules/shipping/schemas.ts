/**
 * JSON schemas of the shipping routes: the estimate's body (validated without coercion: a
 * quantity must be a number), its answers and the OpenAPI document.
 * @module
 */
import { MAX_QUOTE_LINES, MAX_QUOTE_UNITS, PARCEL_SERVICES } from '../../../domain/shipping/index.ts';
import { MAX_ID } from '../../schemas.ts';

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
