/**
 * The `fits` parameter of listings and of `GET /api/products/filter`: the handles of the
 * equipment models the products must fit ('Fits my equipment' passes every saved model), written
 * as one comma-separated value, `fits=a,b`.
 * @module
 */

/** Most models one `fits` parameter names (the server refuses more). */
export const FITS_MAX_HANDLES = 20;

const HANDLE = /^[a-z0-9][a-z0-9_-]{0,199}$/i;

/**
 * The handles of a `fits` value, cleaned: trimmed, only handle-shaped ones, each once, at most
 * {@link FITS_MAX_HANDLES}, in the order given. Anything else (not an array) is [].
 *
 * @example normalizeFits([' a ', 'a', 'b,c', '']); // ['a']
 */
export function normalizeFits(fits: unknown): string[] {
  if (!Array.isArray(fits)) return [];
  const out: string[] = [];
  for (const raw of fits) {
    if (typeof raw !== 'string') continue;
    const handle = raw.trim();
    if (!HANDLE.test(handle) || out.includes(handle)) continue;
    out.push(handle);
    if (out.length === FITS_MAX_HANDLES) break;
  }
  return out;
}
