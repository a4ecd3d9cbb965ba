/**
 * Query strings for API calls.
 *
 * Kept private to src/api (not re-exported from the package entry): the domain's
 * search-query <-> URL helpers (src/domain/urls.ts) own the storefront's page URLs; this module
 * only turns a call's parameters into the query the reference server reads. Tag filters use the
 * same `t=prefix,value` form as the page URL (spec section 2, collection page parameters), so the
 * two agree if the domain helper later replaces this one.
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

/**
 * One tag filter as the API reads it: `prefix,value` (spec section 2: "t (repeated, each
 * 'prefix,value')"). The prefix is everything before the first comma on the server side, so a
 * value may itself contain commas; a prefix may not.
 */
export function tagParam(pair: readonly [string, string]): string {
  return `${pair[0]},${pair[1]}`;
}

/** Encodes one path segment (a handle, a vendor name, a tag), so `/` or `?` in it stays inside it. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
