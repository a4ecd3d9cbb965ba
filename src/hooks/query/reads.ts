/**
 * The catalogue's reads (cache key and call) shared by the read hooks and the server render, so
 * both name the same data the same way.
 * @module
 */
import type { ApiClient } from '../../api/client.ts';
import { orMissing } from '../../api/or-missing.ts';
import type { Collection, HierarchyEntry, Product, ProductCardData, SearchQuery } from '../../domain/entities.ts';
import type { ResultsPage, SearchProductsInput } from '../../machines/search-results.machine.ts';
import type { Read } from './index.ts';

/** A product by handle: null when the store has none (404). */
export function productRead(client: ApiClient, handle: string): Read<Product | null> {
  return { key: ['product', handle], fetch: async (signal) => (await orMissing(client.productByHandle(handle, { signal })))?.product ?? null };
}

/** A collection by handle: null when the store has none (404). */
export function collectionRead(client: ApiClient, handle: string): Read<Collection | null> {
  return { key: ['collection', handle], fetch: async (signal) => (await orMissing(client.collectionByHandle(handle, { signal })))?.collection ?? null };
}

/** A collection's featured products. */
export function featuredRead(client: ApiClient, collectionId: number): Read<ProductCardData[]> {
  return { key: ['featured', collectionId], fetch: async (signal) => (await client.featuredProducts(collectionId, {}, { signal })).products ?? [] };
}

/** The hierarchy around a collection (its side list). */
export function hierarchyRead(client: ApiClient, collectionId: number): Read<Awaited<ReturnType<ApiClient['hierarchy']>>> {
  return { key: ['hierarchy', collectionId], fetch: (signal) => client.hierarchy(collectionId, { signal }) };
}

/** The upper hierarchy of a collection (a product page's breadcrumbs). */
export function upperHierarchyRead(client: ApiClient, collectionId: number): Read<Awaited<ReturnType<ApiClient['upperHierarchy']>>> {
  return { key: ['upper-hierarchy', collectionId], fetch: (signal) => client.upperHierarchy(collectionId, { signal }) };
}

/** One page of a listing (search results, or a collection's products with `c`). */
export function listingRead(client: ApiClient, query: SearchProductsInput): Read<ResultsPage> {
  return {
    key: ['listing', query],
    fetch: async (signal) => {
      const answer = await client.filterProducts(query, { signal });
      return { products: answer.products, pageInfo: answer.pageInfo };
    },
  };
}

/** The handle of the collection a 'cat' parameter names, or null. */
export function categoryRead(client: ApiClient, cat: string): Read<string | null> {
  return { key: ['cat', cat], fetch: async (signal) => (await orMissing(client.collectionByIdOrCat(cat, { signal })))?.collection?.handle ?? null };
}

/** Re-exported for the hooks' types. */
export type { HierarchyEntry, SearchQuery };
