/**
 * The schema pieces every module's routes share: the one error shape `{ error }` (added once
 * with `app.addSchema` and referenced as `Error#`), the error responses every route may give,
 * and the bounds of ids, pages and page sizes in paths and queries.
 * @module
 */

/** Largest id a path or query accepts (ids are 32-bit in both SQLite and PostgreSQL schemas). */
export const MAX_ID = 2_147_483_647;
/** Largest page size a listing serves (catalogue, equipment). @default 100 */
export const MAX_LIMIT = 100;
/** Deepest zero-based page accepted; deeper pages are a crawler's junk, not a shopper. @default 100000 */
export const MAX_PAGE = 100_000;

/** `{ error }`: the one error shape of the API. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

/** Error responses every route may give. */
export const errorResponses = {
  400: { $ref: 'Error#' },
  404: { $ref: 'Error#' },
  500: { $ref: 'Error#' },
} as const;

/** Params of routes keyed by a handle. */
export const handleParams = {
  type: 'object',
  properties: { handle: { type: 'string', minLength: 1, maxLength: 255 } },
  required: ['handle'],
} as const;
