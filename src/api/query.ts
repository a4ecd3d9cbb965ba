/**
 * Query strings of the simple API calls (nav, vendors, reviews, states, paging ...).
 *
 * Kept private to src/api (not re-exported from the package entry). The search calls
 * (`/api/products/filter`, `/api/collections`) do not use it: their query is written by the
 * domain's `productsFilterQuery` (src/domain/urls.ts), which the server reads back with the
 * matching parser.
 * @module
 */

/** A value a query parameter can take. Arrays repeat the key once per element. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * Builds `?a=1&b=2` (or `''` when nothing is left) from a record, in key order.
 *
 * Left out: `undefined`, `null`, `''` and non-finite numbers, so a query never carries
 * `q=undefined` or an empty `sortBy=` (the spec's default sort is the empty value, which is the
 * same as no sort). Booleans are sent as `true`/`false`. Arrays repeat the key, skipping empty
 * elements; an empty array is left out.
 *
 * @example
 * queryString({ q: 'pump', page: 0, t: ['Size,Large', 'Voltage,115V'] })
 * // '?q=pump&page=0&t=Size%2CLarge&t=Voltage%2C115V'
 */
export function queryString(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number | boolean)[]) {
        const text = scalar(item);
        if (text !== null) search.append(key, text);
      }
      continue;
    }
    const text = scalar(value as string | number | boolean | null | undefined);
    if (text !== null) search.append(key, text);
  }
  const out = search.toString();
  return out === '' ? '' : `?${out}`;
}

function scalar(value: string | number | boolean | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value === '' ? null : value;
}

/** Encodes one path segment (a handle, a vendor name, a tag), so `/` or `?` in it stays inside it. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
