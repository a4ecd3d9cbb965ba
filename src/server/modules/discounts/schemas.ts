/**
 * JSON schemas of the operators' discount routes (validation, serialisation and the OpenAPI
 * document). Bodies refuse unknown fields; money is integer cents; every answer other than 200 is
 * the store's `{ error }`.
 * @module
 */
import { MAX_AMOUNT_CENTS, MAX_MIN_SUBTOTAL_CENTS } from './service.ts';
import { DISCOUNT_STATUSES } from './repository.ts';

const error = { $ref: 'Error#' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const KINDS = ['percentage', 'fixed', 'free_shipping'] as const;
const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
const dateTimeOrNull = { type: ['string', 'null'], format: 'date-time', description: 'An ISO date-time (null: none).' } as const;

/** The refusals every discount route may answer. */
export const discountErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error } as const;

/** A path's `{code}` (any case). */
export const codeParams = {
  type: 'object', properties: { code: { type: 'string', pattern: CODE_PATTERN } }, required: ['code'],
} as const;

/** GET /api/admin/discounts's query. */
export const listQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...DISCOUNT_STATUSES], description: 'active (the storefront takes it), paused, scheduled (not started), ended, used_up.' },
    q: { type: 'string', minLength: 1, maxLength: 100, description: 'Part of the code or of its title.' },
    after: { type: 'string', pattern: CODE_PATTERN, description: 'The nextAfter of the previous page.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

const fields = {
  title: { type: 'string', minLength: 1, maxLength: 100, description: 'What the cart shows (default: made from the kind and value).' },
  kind: { type: 'string', enum: [...KINDS], description: 'percentage (value: percent), fixed (value: cents off), free_shipping (no value).' },
  value: { type: 'integer', minimum: 0, maximum: MAX_AMOUNT_CENTS, description: 'Percent from 1 to 100, or cents off from 1; 0 for free shipping.' },
  minSubtotalCents: { type: 'integer', minimum: 0, maximum: MAX_MIN_SUBTOTAL_CENTS, description: 'The lines\' subtotal the code needs.' },
  startsAt: dateTimeOrNull,
  endsAt: dateTimeOrNull,
  maxUses: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000_000, description: 'How many placed orders may use it (null: no limit).' },
  oncePerCustomer: { type: 'boolean', description: 'One placed order per customer account.' },
  oncePerIp: { type: 'boolean', description: 'One placed order per IP address (the address the code was applied from).' },
} as const;

/** POST /api/admin/discounts. */
export const createBody = {
  type: 'object', additionalProperties: false,
  properties: { code: { type: 'string', pattern: CODE_PATTERN }, ...fields, paused: { type: 'boolean', description: 'Created paused.' } },
  required: ['code', 'kind'],
} as const;

/** PATCH /api/admin/discounts/{code}. */
export const patchBody = {
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: { action: { type: 'string', enum: ['pause', 'resume', 'expire'], description: 'pause, resume, or expire (end it now).' }, ...fields },
} as const;

/** A code as answered. */
export const discountSchema = {
  type: 'object',
  properties: {
    code: str, title: str, kind: { type: 'string', enum: [...KINDS] }, value: int, minSubtotalCents: int, startsAt: strOrNull, endsAt: strOrNull,
    maxUses: { type: ['integer', 'null'] }, uses: int, oncePerCustomer: bool, oncePerIp: bool, paused: bool,
    status: { type: 'string', enum: [...DISCOUNT_STATUSES] }, createdAt: strOrNull, updatedAt: strOrNull,
  },
  required: ['code', 'title', 'kind', 'value', 'minSubtotalCents', 'startsAt', 'endsAt', 'maxUses', 'uses', 'oncePerCustomer', 'oncePerIp', 'paused', 'status', 'createdAt', 'updatedAt'],
} as const;

/** The list's answer. */
export const listAnswer = {
  type: 'object',
  properties: { discounts: { type: 'array', items: discountSchema }, nextAfter: strOrNull },
  required: ['discounts', 'nextAfter'],
} as const;

/** The answer of one code. */
export const discountAnswer = { type: 'object', properties: { discount: discountSchema }, required: ['discount'] } as const;
