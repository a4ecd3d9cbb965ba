/**
 * The products list (/productslist.asp): one page of products. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import type { PageInfo, ProductCardData } from '../domain/entities.ts';
import { CONTENT_PATHS, CONTENT_PRODUCTS_PAGE_SIZE, CONTENT_TEXT, contentCrumbs, contentPageUrl, contentTitle } from '../domain/content.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import type { ContentListApi as ListApi } from './content-shared.ts';

/** What {@link useProductsList} returns. */
export interface ProductsListApi extends ListApi {
  products: ProductCardData[];
  pageInfo: PageInfo | null;
  page: number;
  pageUrl(page: number): string;
}

/**
 * The products list (/productslist.asp): every product as cards, 24 a page, in the catalogue's
 * default order.
 *
 * @example const list = useProductsList(0);
 */
export function useProductsList(page = 0): ProductsListApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad(`products-list:${page}`, page, (api, p, signal) => api.filterProducts({ page: p, limit: CONTENT_PRODUCTS_PAGE_SIZE }, { signal }));
  const products = load.data?.products ?? [];
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    products,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    message: load.status === 'loaded' && products.length === 0 ? CONTENT_TEXT.noProducts : load.message,
    title: contentTitle({ title: page > 0 ? `${CONTENT_TEXT.productsList} - Page ${page + 1}` : CONTENT_TEXT.productsList }, storeConfig.storeName),
    description: null,
    canonical: contentPageUrl(CONTENT_PATHS.productsList, page),
    crumbs: contentCrumbs([], CONTENT_TEXT.productsList),
    heading: CONTENT_TEXT.productsList,
    pageUrl: (n) => contentPageUrl(CONTENT_PATHS.productsList, n),
    reload: load.reload,
  };
}
