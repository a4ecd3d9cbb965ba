/**
 * The calls of the content pages that the main client does not make on its own:
 *
 * - `createContentClient(options).confirmSubscription(token)`: `POST /api/newsletterSubscriptions/confirm {token}`,
 *   the newsletter's double opt-in from the emailed `/confirm-subscription?token=` link. A separate
 *   client beside `createClient` (same options, same response and error rules, sent once, never
 *   retried), so the main client's interface stays the spec's list of calls.
 * - Loads over the main client for the content screens: a missing page as `null` instead of a
 *   404 error (`orMissing`), every collection of the category index (`allCollections`), and a
 *   brand with one page of its products (`brandWithProducts`).
 * @module
 */
import ky, { type KyInstance } from 'ky';
import type { Collection, PageInfo, ProductCardData } from '../domain/entities.ts';
import type { ApiClient, CallOptions, ClientOptions, FetchLike } from './client.ts';
import { DEFAULT_TIMEOUT_MS } from './client.ts';
import { orMissing } from './or-missing.ts';
import { readResponse } from './response.ts';
import { NO_RETRY, toCallError } from './retry.ts';
import type { Brand, SuccessResponse, VendorSummary } from './types.ts';

/** The content calls outside the main client. Every function rejects with an `ApiError`. */
export interface ContentClient {
  /** `POST /api/newsletterSubscriptions/confirm` with `{token}`: confirms a newsletter subscription. */
  confirmSubscription(token: string, call?: CallOptions): Promise<SuccessResponse>;
}

/**
 * Creates the content client with the options of `createClient` (base URL, fetch, headers, ky
 * hooks, credentials, timeout).
 *
 * @example
 * const content = createContentClient({ baseUrl: '' });
 * await content.confirmSubscription(new URLSearchParams(location.search).get('token') ?? '');
 */
export function createContentClient(options: ClientOptions): ContentClient {
  const http: KyInstance = ky.create({
    fetch: (input, init) => {
      const fetchFn: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
      return fetchFn(input as Request, init);
    },
    hooks: options.hooks ?? {},
    credentials: options.credentials ?? 'include',
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: false,
    retry: NO_RETRY,
  });

  async function post<T>(path: string, json: unknown, call?: CallOptions): Promise<T> {
    try {
      const headers = new Headers(options.headers);
      headers.set('Accept', 'application/json');
      headers.set('Content-Type', 'application/json');
      const response = await http(options.baseUrl.replace(/\/+$/, '') + path, {
        method: 'POST',
        headers,
        body: JSON.stringify(json),
        retry: NO_RETRY,
        signal: call?.signal,
      });
      return (await readResponse(response)) as T;
    } catch (error) {
      throw toCallError(error);
    }
  }

  return {
    confirmSubscription: (token, call) => post('/api/newsletterSubscriptions/confirm', { token }, call),
  };
}

// orMissing lives in its own module: the catalogue reads use it, and importing it from here put
// this content client (about 0.7 KB gzipped) in every listing and product page's first load
export { orMissing };

/**
 * Collections per request of {@link allCollections} (the largest page size the search accepts).
 * @default 76
 */
export const COLLECTIONS_PAGE = 76;

/**
 * Most requests {@link allCollections} makes: a bound, so a server that never answers a short
 * page cannot keep the page loading forever.
 * @default 20
 */
export const COLLECTIONS_MAX_REQUESTS = 20;

/** A collection of the category index. */
export type IndexCollection = Pick<Collection, 'id' | 'title' | 'handle'>;

/**
 * Every collection (id, title, handle), read page by page from `GET /api/collections` until a
 * short page. Duplicates (a collection moving between pages mid-read) are kept once.
 *
 * @example const collections = await allCollections(api);
 */
export async function allCollections(client: ApiClient, call?: CallOptions): Promise<IndexCollection[]> {
  const seen = new Map<number, IndexCollection>();
  for (let page = 0; page < COLLECTIONS_MAX_REQUESTS; page += 1) {
    const { collections } = await client.searchCollections({ limit: COLLECTIONS_PAGE, page, fields: ['id', 'title', 'handle'] }, call);
    for (const c of collections) if (!seen.has(c.id)) seen.set(c.id, { id: c.id, title: c.title, handle: c.handle });
    if (collections.length < COLLECTIONS_PAGE) break;
  }
  return [...seen.values()];
}

/** A brand page's data: the brand and one page of its products. */
export interface BrandWithProducts {
  brand: Brand;
  products: ProductCardData[];
  pageInfo: PageInfo;
}

/**
 * A brand (by name or handle) with one page of its products (`GET /api/brands/{name}`, then the
 * products filter with `v` = the brand's name), or `null` when the brand does not exist.
 *
 * @example const data = await brandWithProducts(api, 'AquaCrest', { page: 0, limit: 24 });
 */
export async function brandWithProducts(
  client: ApiClient,
  name: string,
  query: { page: number; limit: number },
  call?: CallOptions,
): Promise<BrandWithProducts | null> {
  const found = await orMissing(client.brandByName(name, call));
  if (!found) return null;
  const { products, pageInfo } = await client.filterProducts({ v: found.brand.name, page: query.page, limit: query.limit }, call);
  return { brand: found.brand, products, pageInfo };
}

/**
 * Vendors per request of {@link allVendors} (the largest page the vendors call serves).
 * @default 100
 */
export const VENDORS_PAGE = 100;

/**
 * Every vendor with its product count, by name (`GET /api/products/vendors/fullDetail` with
 * sortBy NAME, order ASC), read page by page until a short page, at most
 * {@link COLLECTIONS_MAX_REQUESTS} requests.
 *
 * @example const vendors = await allVendors(api); // [{ name: 'AquaCrest', productCount: 107, ... }, ...]
 */
export async function allVendors(client: ApiClient, call?: CallOptions): Promise<VendorSummary[]> {
  const out: VendorSummary[] = [];
  const seen = new Set<number>();
  for (let page = 0; page < COLLECTIONS_MAX_REQUESTS; page += 1) {
    const { vendors } = await client.vendors({ page, limit: VENDORS_PAGE, sortBy: 'NAME', order: 'ASC' }, call);
    for (const v of vendors) {
      if (seen.has(v.id)) continue;
      seen.add(v.id);
      out.push(v);
    }
    if (vendors.length < VENDORS_PAGE) break;
  }
  return out;
}
