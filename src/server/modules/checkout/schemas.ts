/**
 * JSON schemas of the cart, checkout and order routes: input validation (every body, query and
 * path), output serialisation (only the listed fields leave) and the OpenAPI document.
 * Field names are the storefront's, word for word (`LineItems`, `CheckoutShippingLine`, ...):
 * the client reads them as they are.
 * @module
 */
import { MAX_ID } from '../../platform/http/schemas.ts';
import { MAX_CODE_LENGTH } from './discounts.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/cart.ts';
import { MAX_HANDLES_PER_CALL, MAX_LINES_PER_CALL } from './checkouts.ts';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const id = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
const quantity = { type: 'integer', minimum: 1, maximum: MAX_LINE_QUANTITY } as const;

/** The checkout object and its line items, as the storefront reads them. */
export const checkoutSchema = {
  $id: 'Checkout',
  type: 'object',
  properties: {
    webUrl: str,
    LineItems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: int, inventoryLevelId: int, title: str, imageUrl: strOrNull, currentQuantity: int, totalUnitPrice: num,
          availableForSale: bool, availableQuantity: int, sku: strOrNull, productHandle: str, bypassNegativeQuantity: bool,
        },
      },
    },
    totalPrice: num,
    subtotalPrice: num,
    currencyCode: str,
    CheckoutShippingLine: { type: ['object', 'null'], properties: { price: num } },
    DiscountCodes: {
      type: 'array',
      items: { type: 'object', properties: { code: str, Discount: { type: 'object', properties: { title: str } } } },
    },
  },
} as const;

const address = {
  type: 'object',
  properties: {
    firstName: str, lastName: str, company: strOrNull, address1: str, address2: strOrNull, city: strOrNull,
    zip: str, phone: strOrNull, countryCode: str, stateCode: strOrNull,
  },
} as const;

/** A capture or refund of an order's payment, by the provider's id (null until it answered). */
export const orderMoneyMovementSchema = {
  $id: 'OrderMoneyMovement',
  type: 'object',
  properties: { id: strOrNull, amount: num, status: str, createdAt: str },
} as const;

/** An order (our shape; the spec names only the numeric orderId). */
export const orderSchema = {
  $id: 'Order',
  type: 'object',
  properties: {
    orderId: int, checkoutId: str, createdAt: str, status: str, email: str, currencyCode: str,
    subtotalPrice: num, discountPrice: num, shippingPrice: num, taxPrice: num, totalPrice: num,
    discountCodes: { type: 'array', items: str },
    // the domain's ShippingQuote the order was charged by, whole (src/domain/shipping/quote.ts)
    shippingQuote: { type: ['object', 'null'], additionalProperties: true },
    shippingAddress: address,
    payment: {
      type: 'object',
      properties: {
        brand: str, last4: str, provider: str, paymentId: str,
        captures: { type: 'array', items: { $ref: 'OrderMoneyMovement#' } },
        refunds: { type: 'array', items: { $ref: 'OrderMoneyMovement#' } },
      },
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: int, productId: int, inventoryLevelId: { type: ['integer', 'null'] }, title: str, sku: strOrNull, productHandle: str,
          imageUrl: strOrNull, quantity: int, unitPrice: num, addedAfterPlacement: bool,
        },
      },
    },
    // what shipped, by which carrier, with its tracking number and link (the back office's fulfilments)
    shipments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: int, carrierName: str, trackingNumber: str, trackingUrl: strOrNull, shippedAt: str,
          lines: { type: 'array', items: { type: 'object', properties: { lineId: int, title: str, quantity: int } } },
        },
      },
    },
  },
} as const;

const lineInput = {
  type: 'object',
  properties: { inventoryLevelId: id, quantity },
  required: ['inventoryLevelId', 'quantity'],
  additionalProperties: false,
} as const;

const errors = { 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 404: { $ref: 'Error#' }, 409: { $ref: 'Error#' }, 415: { $ref: 'Error#' }, 422: { $ref: 'Error#' } } as const;
const checkoutAnswer = { 200: { type: 'object', properties: { checkout: { $ref: 'Checkout#' } } }, ...errors } as const;
const idempotencyHeader = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', description: 'One key per logical add; its retries send the same key.' } },
} as const;

/** GET /api/checkouts. */
export const getCheckoutRoute = { tags: ['cart'], response: checkoutAnswer } as const;

/** POST /api/checkouts/lineItems: one line or a list. */
export const addLineItemsRoute = {
  tags: ['cart'],
  headers: idempotencyHeader,
  body: {
    anyOf: [
      lineInput,
      {
        type: 'object',
        properties: { lineItems: { type: 'array', items: lineInput, minItems: 1, maxItems: MAX_LINES_PER_CALL } },
        required: ['lineItems'],
        additionalProperties: false,
      },
    ],
  },
  response: checkoutAnswer,
} as const;

/** PUT /api/checkouts/lineItems. */
export const setLineItemRoute = { tags: ['cart'], body: lineInput, response: checkoutAnswer } as const;

/** DELETE /api/checkouts/lineItems/{lineItemId}. */
export const deleteLineItemRoute = {
  tags: ['cart'],
  params: { type: 'object', properties: { lineItemId: id }, required: ['lineItemId'] },
  response: checkoutAnswer,
} as const;

/** POST and DELETE /api/checkouts/{checkoutId}/discountCodes?code=. */
export const discountCodeRoute = {
  tags: ['cart'],
  params: { type: 'object', properties: { checkoutId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['checkoutId'] },
  querystring: { type: 'object', properties: { code: { type: 'string', maxLength: MAX_CODE_LENGTH * 4 } }, required: ['code'] },
  response: checkoutAnswer,
} as const;

/** POST /api/checkouts/products. */
export const addProductsRoute = {
  tags: ['cart'],
  headers: idempotencyHeader,
  body: {
    type: 'object',
    properties: { handles: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 300 }, minItems: 1, maxItems: MAX_HANDLES_PER_CALL } },
    required: ['handles'],
    additionalProperties: false,
  },
  response: checkoutAnswer,
} as const;

/** GET /api/orders. */
export const listOrdersRoute = {
  tags: ['orders'],
  response: { 200: { type: 'object', properties: { orders: { type: 'array', items: { $ref: 'Order#' } } } }, ...errors },
} as const;

const orderParams = { type: 'object', properties: { orderId: id }, required: ['orderId'] } as const;

/** GET /api/orders/{orderId}. */
export const getOrderRoute = {
  tags: ['orders'],
  params: orderParams,
  response: { 200: { type: 'object', properties: { order: { $ref: 'Order#' } } }, ...errors },
} as const;

/** POST /api/orders/{orderId}/relatedProducts/{productId}. */
export const addRelatedProductRoute = {
  tags: ['orders'],
  params: { type: 'object', properties: { orderId: id, productId: id }, required: ['orderId', 'productId'] },
  response: { 200: { type: 'object', properties: { success: bool, order: { $ref: 'Order#' } } }, ...errors },
} as const;
