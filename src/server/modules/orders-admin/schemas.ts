/**
 * JSON schemas of the back office's order routes (validation, serialisation and the OpenAPI
 * document). Bodies refuse unknown fields; money is integer cents; every answer other than 200 is
 * the store's `{ error }`.
 * @module
 */
import {
  CARRIERS, FULFILMENT_STATUSES, MAX_RESTOCKING_FEE_PERCENT, ORDER_STATUSES, PAYMENT_STATUSES,
} from '../../../domain/order-operations/index.ts';

const error = { $ref: 'Error#' } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
/** Units of a line. */
const units = { type: 'integer', minimum: 1, maximum: 9999 } as const;
const lineQuantity = {
  type: 'object', additionalProperties: false,
  properties: { lineId: { type: 'integer', minimum: 1 }, quantity: units },
  required: ['lineId', 'quantity'],
} as const;

/** The refusals every order route may answer. */
export const orderErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error, 503: error } as const;

/** A path's order `{id}`. */
export const orderParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
/** A path's order `{id}` and return `{rid}`. */
export const returnParams = {
  type: 'object', properties: { id: { type: 'integer', minimum: 1 }, rid: { type: 'integer', minimum: 1 } }, required: ['id', 'rid'],
} as const;

/** The Idempotency-Key of a write: the same request sent again (a retry, a double click) finds what the first made. */
export const idempotencyHeaders = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,100}$', description: 'One key per operator action; its retries send the same key.' } },
} as const;

/** GET /api/admin/orders's query. */
export const listQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...ORDER_STATUSES] },
    payment: { type: 'string', enum: [...PAYMENT_STATUSES] },
    fulfilment: { type: 'string', enum: [...FULFILMENT_STATUSES] },
    from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2}))?$', description: 'Placed at or after (a date or an ISO date-time).' },
    to: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2}))?$', description: 'Placed before (a date: before the end of that day).' },
    q: { type: 'string', minLength: 1, maxLength: 100, description: 'An order number, part of an email or a name, or a SKU.' },
    before: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T[0-9:.]{8,15}Z_\\d{1,15}$', description: 'The nextBefore of the previous page.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

/** One order of the list. */
export const listItem = {
  type: 'object',
  properties: {
    id: int, createdAt: str, email: str, name: str, units: int, totalCents: int, currency: str,
    status: str, state: str, paymentStatus: str, fulfilmentStatus: str,
  },
  required: ['id', 'createdAt', 'email', 'name', 'units', 'totalCents', 'currency', 'status', 'state', 'paymentStatus', 'fulfilmentStatus'],
} as const;

/** The list's answer. */
export const listAnswer = {
  type: 'object',
  properties: { orders: { type: 'array', items: listItem }, nextBefore: { ...strOrNull, description: 'The cursor of the next page (null on the last).' } },
  required: ['orders', 'nextBefore'],
} as const;

const actor = { type: 'object', properties: { kind: str, id: intOrNull, name: strOrNull } } as const;

const lineSchema = {
  type: 'object',
  properties: {
    id: int, productId: int, inventoryLevelId: intOrNull, title: str, variantTitle: strOrNull, sku: strOrNull, productHandle: str, imageUrl: strOrNull,
    quantity: int, unitCents: int, fulfilled: int, returning: int, returned: int, refunded: int, restocked: int,
    shipClass: str, notReturnableOnceOpened: { type: 'boolean' }, location: strOrNull, bin: strOrNull,
  },
} as const;

const paymentRecord = {
  type: 'object',
  properties: {
    id: int, provider: str, providerPaymentId: strOrNull, status: str, captureMethod: str, amountCents: int, currency: str,
    cardBrand: strOrNull, cardLast4: strOrNull, createdAt: str, capturedCents: int, refundedCents: int,
    captures: { type: 'array', items: { type: 'object', properties: { id: int, providerCaptureId: strOrNull, amountCents: int, createdAt: str } } },
    refunds: {
      type: 'array',
      items: { type: 'object', properties: { id: int, providerRefundId: strOrNull, amountCents: int, status: str, reason: strOrNull, createdAt: str, updatedAt: str } },
    },
  },
} as const;

const linesOut = { type: 'array', items: { type: 'object', properties: { lineId: int, quantity: int, amountCents: int, opened: { type: 'boolean' } } } } as const;

/** A fulfilment as answered. */
export const fulfilmentSchema = {
  type: 'object',
  properties: { id: int, carrier: str, carrierName: str, trackingNumber: str, trackingUrl: strOrNull, shippedAt: str, by: actor, lines: linesOut },
} as const;

/** A refund as answered. */
export const refundSchema = {
  type: 'object',
  properties: {
    id: int, kind: str, returnId: intOrNull, amountCents: int, reason: strOrNull, status: str, providerRefundId: strOrNull, failure: strOrNull,
    createdAt: str, by: actor, lines: linesOut,
  },
} as const;

/** A return as answered. */
export const returnSchema = {
  type: 'object',
  properties: {
    id: int, status: str, reason: str, feePercent: int, buyerPaysFreight: { type: 'boolean' }, restocked: { type: ['boolean', 'null'] },
    feeCents: intOrNull, refundCents: intOrNull, authorisedAt: str, receivedAt: strOrNull, by: actor, lines: linesOut,
  },
} as const;

/** One order with everything the back office shows of it. */
export const orderDetail = {
  type: 'object',
  properties: {
    id: int, createdAt: str, email: str, customerId: intOrNull, status: str, state: str, paymentStatus: str, fulfilmentStatus: str,
    cancelledAt: strOrNull, cancelReason: strOrNull, currency: str,
    subtotalCents: int, discountCents: int, shippingCents: int, taxCents: int, totalCents: int, discountCodes: { type: 'array', items: str },
    shippingAddress: { type: ['object', 'null'], additionalProperties: true },
    capturedCents: int, refundedCents: int, refundableCents: int,
    lines: { type: 'array', items: lineSchema },
    payments: { type: 'array', items: paymentRecord },
    fulfilments: { type: 'array', items: fulfilmentSchema },
    refunds: { type: 'array', items: refundSchema },
    returns: { type: 'array', items: returnSchema },
    notes: { type: 'array', items: { type: 'object', properties: { id: int, body: str, createdAt: str, by: actor } } },
    timeline: { type: 'array', items: { type: 'object', properties: { at: str, kind: str, text: str, by: { anyOf: [actor, { type: 'null' }] } } } },
  },
} as const;

/** `{ order }`. */
export const orderAnswer = { type: 'object', properties: { order: orderDetail }, required: ['order'] } as const;

const warnings = { type: 'array', items: str, description: 'What went wrong after the operation itself was done (a payment call the provider refused).' } as const;

/** POST .../fulfilments. */
export const fulfilBody = {
  type: 'object', additionalProperties: false,
  properties: {
    carrier: { type: 'string', enum: [...CARRIERS] },
    carrierName: text(60),
    trackingNumber: text(60),
    trackingUrl: text(500),
    lines: { type: 'array', minItems: 1, maxItems: 200, items: lineQuantity, description: 'The units to ship; every unit not shipped yet when absent.' },
    notify: { type: 'boolean', default: true, description: 'Send the shopper the shipped mail.' },
  },
  required: ['carrier', 'trackingNumber'],
} as const;
export const fulfilAnswer = {
  type: 'object', properties: { fulfilment: fulfilmentSchema, order: orderDetail, warnings, replayed: { type: 'boolean' } }, required: ['fulfilment', 'order', 'warnings'],
} as const;

/** POST .../cancel. */
export const cancelBody = {
  type: 'object', additionalProperties: false, properties: { reason: text(500) }, required: ['reason'],
} as const;
export const writeAnswer = { type: 'object', properties: { order: orderDetail, warnings }, required: ['order', 'warnings'] } as const;

/** POST .../refunds. */
export const refundBody = {
  type: 'object', additionalProperties: false,
  properties: {
    lines: { type: 'array', minItems: 1, maxItems: 200, items: lineQuantity },
    amountCents: { type: 'integer', minimum: 1, maximum: 100_000_000 },
    reason: text(500),
  },
  anyOf: [{ required: ['lines'] }, { required: ['amountCents'] }],
} as const;
export const refundAnswer = {
  type: 'object', properties: { refund: refundSchema, order: orderDetail, warnings, replayed: { type: 'boolean' } }, required: ['refund', 'order', 'warnings'],
} as const;

/** POST .../returns. */
export const returnBody = {
  type: 'object', additionalProperties: false,
  properties: {
    lines: {
      type: 'array', minItems: 1, maxItems: 200,
      items: {
        type: 'object', additionalProperties: false,
        properties: { lineId: { type: 'integer', minimum: 1 }, quantity: units, opened: { type: 'boolean', default: false } },
        required: ['lineId', 'quantity'],
      },
    },
    reason: text(500),
    restockingFeePercent: { type: 'integer', minimum: 0, maximum: MAX_RESTOCKING_FEE_PERCENT, default: 0 },
    notify: { type: 'boolean', default: true },
  },
  required: ['lines', 'reason'],
} as const;
export const returnAnswer = {
  type: 'object', properties: { return: returnSchema, order: orderDetail, warnings, replayed: { type: 'boolean' } }, required: ['return', 'order', 'warnings'],
} as const;

/** POST .../returns/{rid}/receive. */
export const receiveBody = {
  type: 'object', additionalProperties: false,
  properties: {
    restock: { type: 'boolean', description: 'Put the units back in stock.' },
    refund: { type: 'boolean', default: true, description: 'Refund the units at their price less the restocking fee.' },
  },
  required: ['restock'],
} as const;

/** POST .../notes. */
export const noteBody = { type: 'object', additionalProperties: false, properties: { body: text(2000) }, required: ['body'] } as const;

/** The packing slip's answer (HTML). */
export const packingSlipResponse = { 200: { type: 'string', description: 'The packing slip as an HTML page.' }, ...orderErrors } as const;
/** The invoice page's answers. */
export const invoiceResponse = { 200: { type: 'string', description: 'The invoice as an HTML page.' }, ...orderErrors } as const;
