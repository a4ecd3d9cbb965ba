/**
 * The redirects' shapes: an old address of another platform (Volusion, Shopify) as the store
 * recognises it, an operator's redirect, the outcome of a redirects CSV, and the admin route's
 * JSON schemas.
 * @module
 */

/** An old address the store can lead somewhere. */
export type LegacyAddress =
  /** A Volusion product code (a product's or a variant's SKU, or its part number), any case. */
  | { kind: 'product-code'; code: string }
  /** A Volusion category id. */
  | { kind: 'category-id'; id: number }
  /** A Shopify product handle, where the store's product path is not Shopify's. */
  | { kind: 'product-handle'; handle: string }
  /** A Shopify collection handle, where the store's collection path is not Shopify's. */
  | { kind: 'collection-handle'; handle: string };

/** An operator's redirect as stored. */
export interface StoredRedirect {
  /** The old address as matched (see `redirectKey`). */
  fromKey: string;
  /** The old address as the operator wrote it. */
  fromPath: string;
  /** Where it leads: a path of the store or an absolute URL. */
  to: string;
}

/** A line of a redirects CSV that cannot be taken, in plain words. */
export interface RedirectProblem {
  /** The line in the file (the header is line 1). */
  line: number;
  reason: string;
}

/** What a redirects CSV did. */
export interface RedirectImportResult {
  /** Rows of the file taken (new or replacing an old one). */
  imported: number;
  /** Redirects (of the file or already stored) whose target was another redirect, now pointing at the end of the chain. */
  collapsed: number;
  /** Redirects stored after the import. */
  total: number;
}

/** Longest redirects CSV the admin route takes. @default 5 MiB */
export const REDIRECTS_BODY_LIMIT = 5 * 1024 * 1024;

/** The body of `POST /api/admin/redirects`: the CSV's text. */
export const importRedirectsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['csv'],
  properties: { csv: { type: 'string', maxLength: REDIRECTS_BODY_LIMIT } },
} as const;

/** The answers of `POST /api/admin/redirects`. */
export const importRedirectsResponse = {
  200: {
    type: 'object',
    properties: { imported: { type: 'integer' }, collapsed: { type: 'integer' }, total: { type: 'integer' } },
  },
  400: {
    type: 'object',
    properties: {
      error: { type: 'string' },
      problems: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, reason: { type: 'string' } } } },
    },
  },
  401: { $ref: 'Error#' },
  403: { $ref: 'Error#' },
  404: { $ref: 'Error#' },
} as const;
