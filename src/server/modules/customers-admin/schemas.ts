/**
 * JSON schemas of the back office's customer routes (validation, serialisation and the OpenAPI
 * document). The answers list their fields one by one: the serialiser drops anything else, so no
 * hash, token or card number can leave even if a query read one. Every answer other than 200 is
 * the store's `{ error }`.
 * @module
 */
const error = { $ref: 'Error#' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

/** The refusals every customer route may answer. */
export const customerErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error } as const;

/** A path's customer `{id}`. */
export const customerParams = {
  type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'],
} as const;

/** GET /api/admin/customers's query. */
export const listQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    q: { type: 'string', minLength: 1, maxLength: 100, description: 'Part of an email, of a name ("first last"), or of a saved phone number (three digits or more; separators ignored).' },
    before: { type: 'integer', minimum: 1, description: 'The nextBefore of the previous page.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

/** A customer as listed. */
export const customerSummary = {
  type: 'object', additionalProperties: false,
  properties: { id: int, email: str, firstName: str, lastName: str, emailVerified: bool, createdAt: str, orders: int },
  required: ['id', 'email', 'firstName', 'lastName', 'emailVerified', 'createdAt', 'orders'],
} as const;

/** The list's answer. */
export const listAnswer = {
  type: 'object',
  properties: { customers: { type: 'array', items: customerSummary }, nextBefore: { type: ['integer', 'null'] } },
  required: ['customers', 'nextBefore'],
} as const;

const address = {
  type: 'object', additionalProperties: false,
  properties: {
    id: int, firstName: str, lastName: str, company: strOrNull, address1: str, address2: strOrNull, city: strOrNull, zip: str, phone: str,
    countryCode: strOrNull, stateCode: strOrNull, isDefault: bool,
  },
  required: ['id', 'firstName', 'lastName', 'address1', 'zip', 'phone', 'isDefault'],
} as const;

const card = {
  type: 'object', additionalProperties: false,
  description: 'A wallet card: its brand and last four digits, never more.',
  properties: { id: int, brand: str, last4: { type: 'string', pattern: '^[0-9]{0,4}$' }, giftCard: bool, createdAt: str },
  required: ['id', 'brand', 'last4', 'giftCard', 'createdAt'],
} as const;

const order = {
  type: 'object', additionalProperties: false,
  properties: { id: int, createdAt: str, totalCents: int, currency: str, state: str, paymentStatus: str, fulfilmentStatus: str },
  required: ['id', 'createdAt', 'totalCents', 'currency', 'state', 'paymentStatus', 'fulfilmentStatus'],
} as const;

/** A customer's page. */
export const customerDetail = {
  type: 'object', additionalProperties: false,
  properties: {
    id: int, email: str, firstName: str, lastName: str, emailVerified: bool, recoveryEmail: strOrNull, recoveryEmailVerified: bool, createdAt: str, updatedAt: str,
    addresses: { type: 'array', items: address },
    cards: { type: 'array', items: card },
    orders: {
      type: 'object', additionalProperties: false,
      properties: { count: int, totalCents: int, recent: { type: 'array', items: order } },
      required: ['count', 'totalCents', 'recent'],
    },
  },
  required: ['id', 'email', 'firstName', 'lastName', 'emailVerified', 'recoveryEmailVerified', 'createdAt', 'updatedAt', 'addresses', 'cards', 'orders'],
} as const;

/** The answer of a customer's page. */
export const detailAnswer = { type: 'object', properties: { customer: customerDetail }, required: ['customer'] } as const;

/** The answer of a password-reset request. */
export const resetAnswer = {
  type: 'object',
  properties: { success: bool, email: str },
  required: ['success', 'email'],
} as const;
