/**
 * The requests index.html starts while the scripts download (its inline script sets
 * `window.__SKIMMER_BOOT__`): the store configuration and, on a product URL, the product. Each is
 * used once, by the first render that needs it.
 * @module
 */
import type { Product } from '../domain/entities.ts';

/** What index.html's inline script leaves on `window.__SKIMMER_BOOT__`. */
export interface BootRequests {
  config?: Promise<Response>;
  /** The product call's JSON body (null when it failed or was not ok). */
  product?: { handle: string; body: Promise<{ product?: Product | null } | null> };
}

function bootRequests(): BootRequests | undefined {
  return typeof window === 'undefined' ? undefined : (window as { __SKIMMER_BOOT__?: BootRequests }).__SKIMMER_BOOT__;
}

let product: { handle: string; product: Promise<Product | null> } | null | undefined;

/**
 * The product index.html began to fetch, for the first page view only: null for another handle,
 * once {@link releaseBootProduct} ran, or when there was none. A failed or non-ok answer gives
 * null, and the page then loads the product itself (with its error rules). The promise is the
 * same on every call, so React's `use` can wait for it.
 */
export function bootProductFor(handle: string): Promise<Product | null> | null {
  if (product === undefined) {
    const request = bootRequests()?.product;
    product = request
      ? {
          handle: request.handle,
          product: request.body.then((body) => body?.product ?? null).catch(() => null),
        }
      : null;
  }
  return product && product.handle === handle ? product.product : null;
}

/** After the first product page has mounted: later views load their product themselves. */
export function releaseBootProduct(): void {
  product = null;
}

/** Reads `window.__SKIMMER_BOOT__` again on the next call (tests). */
export function resetBoot(): void {
  product = undefined;
}
