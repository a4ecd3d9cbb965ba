/**
 * A brand's page (/brands/{brand}): the brand, one page of its products and the vendor link. What the page shows, with its SEO title, canonical path and
 * breadcrumbs.
 * @module
 */
import { brandWithProducts } from '../api/content.ts';
import type { PageInfo, ProductCardData } from '../domain/entities.ts';
import { CONTENT_PATHS, CONTENT_PRODUCTS_PAGE_SIZE, CONTENT_TEXT, contentCrumbs, contentPageUrl, contentTitle } from '../domain/content.ts';
import { brandLink, vendorLink } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad } from './useContentLoad.ts';
import type { ContentListApi as ListApi } from './content-shared.ts';
import type { BrandView } from './useBrands.ts';

/** What {@link useBrandPage} returns. */
export interface BrandPageApi extends ListApi {
  brand: BrandView | null;
  products: ProductCardData[];
  pageInfo: PageInfo | null;
  page: number;
  /** The vendor link: the search results with v = the brand (route notes). */
  searchHref: string | null;
  productsHeading: string;
  /** 'No products from this brand right now.' when it has none, a failure text, or null. */
  productsMessage: string | null;
  pageUrl(page: number): string;
}

/**
 * A brand's page (/brands/{brand}, by name or handle): the brand, one page of its products (24)
 * and the vendor link. Unknown brands are `missing`.
 *
 * @example const brand = useBrandPage('AquaCrest', 0);
 */
export function useBrandPage(name: string, page = 0): BrandPageApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad(`brand:${name}|${page}`, { name, page }, (api, p, signal) =>
    brandWithProducts(api, p.name, { page: p.page, limit: CONTENT_PRODUCTS_PAGE_SIZE }, { signal }),
  );
  const b = load.data?.brand ?? null;
  const brand = b && { id: b.id, name: b.name, href: brandLink(b.name), logoUrl: b.logoUrl, description: b.description };
  const products = load.data?.products ?? [];
  const path = brandLink(b?.name ?? name);
  return {
    status: load.status,
    brand,
    products,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    searchHref: b ? vendorLink(b.name) : null,
    productsHeading: CONTENT_TEXT.brandProducts(b?.name ?? name),
    productsMessage: load.status === 'loaded' && products.length === 0 ? CONTENT_TEXT.noBrandProducts : null,
    message: load.message,
    title: contentTitle({ title: b ? `${b.name} - ${CONTENT_TEXT.brands}` : CONTENT_TEXT.brands }, storeConfig.storeName),
    description: b?.description ?? null,
    canonical: contentPageUrl(path, page),
    crumbs: contentCrumbs([[CONTENT_TEXT.brands, CONTENT_PATHS.brands]], b?.name ?? ''),
    heading: b?.name ?? '',
    pageUrl: (n) => contentPageUrl(path, n),
    reload: load.reload,
  };
}
