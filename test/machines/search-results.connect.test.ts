import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PageInfo, ProductCardData } from '../../src/domain/entities.ts';
import { LISTING_TEXT, SKELETON_CARD_COUNT } from '../../src/domain/listing.ts';
import { connectSearchResults } from '../../src/machines/search-results.connect.ts';
import { searchResultsMachine, type ResultsPage, type SearchProductsInput } from '../../src/machines/search-results.machine.ts';

const card = (id: number): ProductCardData => ({
  id, title: `Pump ${id}`, handle: `pump-${id}`, imageUrl: null, price: 10, compareAtPrice: null, availableForSale: true,
  avgRating: null, totalReviews: 0, isFeatured: false, inventoryLevelId: id, availableQuantity: 5, bypassNegativeQuantity: false, vendor: 'Pentair',
});
const pageOf = (products: ProductCardData[]): ResultsPage => {
  const pageInfo: PageInfo = { limitPerPage: 24, totalObjects: products.length, totalPages: 1, pages: 1, count: products.length, availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPrice: 100 };
  return { products, pageInfo };
};
const start = (initial: ResultsPage | null) =>
  createActor(
    searchResultsMachine.provide({
      actors: {
        searchProducts: fromPromise((_: { input: SearchProductsInput }) => new Promise<ResultsPage>(() => undefined)),
        lookupCategory: fromPromise((_: { input: { cat: string } }) => new Promise<string | null>(() => undefined)),
      },
    }),
    { input: { query: { q: 'pump' }, initial, storedView: null } },
  ).start();

describe('connectSearchResults', () => {
  test('no listing yet reads as loading with its skeleton cards and no products', () => {
    expect(connectSearchResults(undefined, 'Skimmer')).toMatchObject({ status: 'loading', loading: true, products: [], pageInfo: null, skeletonCount: SKELETON_CARD_COUNT, view: 'grid' });
  });

  test('a search in flight is loading with the page title and breadcrumb of its query', () => {
    const view = connectSearchResults(start(null).getSnapshot(), 'Skimmer');
    expect(view).toMatchObject({ status: 'loading', skeletonCount: SKELETON_CARD_COUNT, title: 'Search results - Skimmer', breadcrumb: 'Search for "pump"' });
  });

  test('given results it is loaded with them and no skeletons', () => {
    const view = connectSearchResults(start(pageOf([card(1), card(2)])).getSnapshot(), 'Skimmer');
    expect(view).toMatchObject({ status: 'loaded', loading: false, skeletonCount: 0, noMatchText: null });
    expect(view.products.map((p) => p.id)).toEqual([1, 2]);
  });

  test('a finished search that found nothing says so', () => {
    expect(connectSearchResults(start(pageOf([])).getSnapshot(), 'Skimmer').noMatchText).toBe(LISTING_TEXT.noMatch);
  });
});
