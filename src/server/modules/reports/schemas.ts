/**
 * JSON schemas of the back office's report routes (validation, serialisation and the OpenAPI
 * document). Every answer other than 200 is the store's `{ error }`.
 * @module
 */
import { MAX_REPORT_DAYS } from '../../../domain/admin-reports.ts';

const error = { $ref: 'Error#' } as const;
const int = { type: 'integer' } as const;

/** The refusals a report route may answer. */
export const reportErrors = { 400: error, 401: error, 403: error } as const;

/** GET /api/admin/reports/sales's query. */
export const salesQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    days: { type: 'integer', minimum: 1, maximum: MAX_REPORT_DAYS, default: 30, description: 'How many days, today included; the period before is as long.' },
    tz: {
      type: 'string', minLength: 1, maxLength: 64, default: 'UTC',
      description: 'The time zone the days are counted in: an IANA name (America/Los_Angeles) or an offset in minutes east of UTC (-480).',
    },
  },
} as const;

const day = {
  type: 'object', additionalProperties: false,
  properties: { date: { type: 'string', description: 'YYYY-MM-DD in the report\'s time zone.' }, orders: int, revenueCents: int },
  required: ['date', 'orders', 'revenueCents'],
} as const;

/** The answer of GET /api/admin/reports/sales. */
export const salesAnswer = {
  type: 'object', additionalProperties: false,
  properties: {
    days: { type: 'array', items: day, description: 'The last `days` days, oldest first, today last.' },
    previous: { type: 'array', items: day, description: 'The `days` days before them, oldest first.' },
    totals: {
      type: 'object', additionalProperties: false,
      properties: { orders: int, revenueCents: int, previousOrders: int, previousRevenueCents: int },
      required: ['orders', 'revenueCents', 'previousOrders', 'previousRevenueCents'],
    },
    currency: { type: 'string' },
    timeZone: { type: 'string' },
  },
  required: ['days', 'previous', 'totals', 'currency', 'timeZone'],
} as const;
