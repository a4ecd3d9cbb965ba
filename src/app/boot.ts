/**
 * What index.html's inline script leaves on `window.__SKIMMER_BOOT__`: the store configuration
 * the server wrote into the page (or, without it, the configuration call), and the requests it
 * starts while the scripts download: on a product URL the product, on a collection URL the
 * collection. Each answer is used once, by the first render that needs it.
 * @module
 */
import type { Collection, Product, StoreConfig, ThemeConfig } from '../domain/entities.ts';

/** The answer of GET /api/config. */
export interface ConfigResponse {
  storeConfig: StoreConfig;
  themeConfig: ThemeConfig;
}

/** What index.html's inline script leaves on `window.__SKIMMER_BOOT__`. */
export interface BootRequests {
  /** The configuration the server filled into the page. */
  configData?: ConfigResponse;
  /** GET /api/config, when the page came without the configuration (vite dev). */
  config?: Promise<Response>;
  /** The product call's JSON body (null when it failed or was not ok). */
  product?: { handle: string; body: Promise<{ product?: Product | null } | null> };
  /** The collection call's JSON body (null when it failed or was not ok). */
  collection?: { handle: string; body: Promise<{ collection?: Collection | null } | null> };
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

let collection: { handle: string; collection: Promise<Collection | null> } | null | undefined;

/**
 * The collection index.html began to fetch, for the first page view only, like
 * {@link bootProductFor}: null for another handle, once {@link releaseBootCollection} ran, or
 * when there was none; a failed answer gives null and the page loads the collection itself.
 */
export function bootCollectionFor(handle: string): Promise<Collection | null> | null {
  if (collection === undefined) {
    const request = bootRequests()?.collection;
    collection = request
      ? { handle: request.handle, collection: request.body.then((body) => body?.collection ?? null).catch(() => null) }
      : null;
  }
  return collection && collection.handle === handle ? collection.collection : null;
}

/** After the first collection page has mounted: later views load their collection themselves. */
export function releaseBootCollection(): void {
  collection = null;
}

/** Reads `window.__SKIMMER_BOOT__` again on the next call (tests). */
export function resetBoot(): void {
  product = undefined;
  collection = undefined;
}
