/**
 * A home product grid: FEATURED PRODUCTS, MOST POPULAR PRODUCTS or NEW
 * PRODUCTS, each one products call with page=0 and limit=4 (the domain's `homeGridQuery`).
 * A failure raises a toast with the error's message in the 'error' style.
 * @module
 */
import type { ProductCardData } from '../domain/entities.ts';
import { homeGridQuery, parseProductsFilterQuery, type HomeGrid } from '../domain/urls.ts';
import { useLoader, type LoaderApi } from './useLoader.ts';

/** What {@link useHomeGrid} returns: the loader's fields plus the cards. */
export interface HomeGridApi extends LoaderApi<ProductCardData[], HomeGrid> {
  /** The cards, [] before they load or after a failure. */
  products: ProductCardData[];
}

/**
 * The cards of one home grid. The query is the domain's `homeGridQuery`, read back into the
 * client's parameters, so the grid asks exactly what the domain rule says.
 *
 * @example
 * const { products, loading } = useHomeGrid('popular');
 */
export function useHomeGrid(grid: HomeGrid, initialProducts?: ProductCardData[]): HomeGridApi {
  const loader = useLoader<ProductCardData[], HomeGrid>({
    kind: 'products',
    params: grid,
    initialData: initialProducts,
    key: (which) => ['home-grid', which],
    load: async (client, which, signal) => {
      // the grids ask no field list: drop it so the query fits the client's field-typed parameter
      const { fields: _fields, ...query } = parseProductsFilterQuery(homeGridQuery(which));
      return (await client.filterProducts(query, { signal })).products;
    },
  });
  return { ...loader, products: loader.data ?? [] };
}
