/**
 * JSON schemas of the operators' mail routes (validation, serialisation and the OpenAPI
 * document). Every answer other than 200 is the store's `{ error }`.
 * @module
 */
import { MAIL_STATUSES } from './repository.ts';

const error = { $ref: 'Error#' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;

/** The refusals every mail route may answer. */
export const mailErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error } as const;

/** A path's mail `{id}`. */
export const mailParams = {
  type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'],
} as const;

/** GET /api/admin/mail's query. */
export const listQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...MAIL_STATUSES], description: 'pending (not tried yet), retrying (failed, tried again later), failed (given up), sent.' },
    to: { type: 'string', minLength: 1, maxLength: 254, description: 'The recipient, exactly (any case).' },
    q: { type: 'string', minLength: 1, maxLength: 100, description: 'Part of the recipient or the subject (any case).' },
    kind: { type: 'string', minLength: 1, maxLength: 64, description: 'The mail\'s kind (reset-password, order-confirmation ...).' },
    before: { type: 'integer', minimum: 1, description: 'The nextBefore of the previous page.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

const summaryProperties = {
  id: int, to: str, subject: str, kind: str, status: { type: 'string', enum: [...MAIL_STATUSES] }, attempts: int,
  lastError: strOrNull, createdAt: str, sentAt: strOrNull, nextAttemptAt: strOrNull,
} as const;
const summaryRequired = ['id', 'to', 'subject', 'kind', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt', 'nextAttemptAt'] as const;

/** A message as listed (no body). */
export const mailSummary = { type: 'object', properties: summaryProperties, required: [...summaryRequired] } as const;

/** A message with its body. */
export const mailMessage = {
  type: 'object',
  properties: { ...summaryProperties, text: str, html: strOrNull },
  required: [...summaryRequired, 'text', 'html'],
} as const;

/** The list's answer. */
export const listAnswer = {
  type: 'object',
  properties: { mail: { type: 'array', items: mailSummary }, nextBefore: { type: ['integer', 'null'] } },
  required: ['mail', 'nextBefore'],
} as const;

/** The answer of one message. */
export const messageAnswer = { type: 'object', properties: { mail: mailMessage }, required: ['mail'] } as const;

/** The answer of a resend. */
export const resendAnswer = { type: 'object', properties: { mail: mailSummary }, required: ['mail'] } as const;
