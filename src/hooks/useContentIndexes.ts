/**
 * The index-like content pages (spec section 2, route table): brands and a brand's page, the
 * collections root, the vendors page, the product index (/pindex.asp), the category index
 * (/cindex.asp) and the products list (/productslist.asp). Each returns what its page shows,
 * with the SEO title, canonical path and breadcrumbs (see `useContent.ts`).
 * @module
 */
import { useMemo } from 'react';
import { allCollections, allVendors, brandWithProducts } from '../api/content.ts';
import type { PageInfo, ProductCardData } from '../domain/entities.ts';
import {
  alphabetGroups,
  CONTENT_PATHS,
  CONTENT_PRODUCTS_PAGE_SIZE,
  CONTENT_TEXT,
  contentCrumbs,
  contentPageUrl,
  contentTitle,
  countText,
  PRODUCT_INDEX_PAGE_SIZE,
  topCollections,
  type LetterGroup,
  type TopCollection,
} from '../domain/content.ts';
import { brandLink, createStoreLinks, vendorLink, type StoreLinks } from '../domain/urls.ts';
import { useSkimmer } from './context.ts';
import { useContentLoad, type ContentHead, type ContentStatus } from './useContent.ts';

function useLinks(): StoreLinks {
  const { storeConfig } = useSkimmer();
  return useMemo(() => createStoreLinks(storeConfig), [storeConfig]);
}

/** What the list pages share. */
interface ListApi extends ContentHead {
  status: ContentStatus;
  message: string | null;
  reload(): void;
}

// ------------------------------------------------------------------------------------ brands

/** A brand of the brands page. */
export interface BrandView {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  description: string | null;
}

/** What {@link useBrands} returns. */
export interface BrandsApi extends ListApi {
  brands: BrandView[];
  /** The brands A-Z by first letter. */
  groups: LetterGroup<BrandView>[];
  intro: string;
}

/**
 * The brands page (/brands): every brand A-Z, each linking to /brands/{name}.
 * @example const { groups } = useBrands();
 */
export function useBrands(): BrandsApi {
  const { storeConfig } = useSkimmer();
  const load = useContentLoad('brands', undefined, (api, _p, signal) => api.brands({ signal }));
  const brands = useMemo<BrandView[]>(
    () => (load.data?.brands ?? []).map((b) => ({ id: b.id, name: b.name, href: brandLink(b.name), logoUrl: b.logoUrl, description: b.description })),
    [load.data],
  );
  const groups = useMemo(() => alphabetGroups(brands, (b) => b.name), [brands]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    brands,
    groups,
    intro: CONTENT_TEXT.brandsIntro,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.brands }, storeConfig.storeName),
    description: CONTENT_TEXT.brandsIntro,
    canonical: CONTENT_PATHS.brands,
    crumbs: contentCrumbs([], CONTENT_TEXT.brands),
    heading: CONTENT_TEXT.brands,
    reload: load.reload,
  };
}

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

// ------------------------------------------------------------------------------------ collections and vendors

/** What {@link useCollectionsIndex} returns. */
export interface CollectionsIndexApi extends ListApi {
  collections: TopCollection[];
}

/**
 * The collections root: every top collection of the navigation (depth 2) with its picture and
 * child collections.
 *
 * @example const { collections } = useCollectionsIndex();
 */
export function useCollectionsIndex(): CollectionsIndexApi {
  const { storeConfig, themeConfig } = useSkimmer();
  const links = useLinks();
  const params = { collectionUrlPrefix: storeConfig.collectionPath, imagePlacement: themeConfig.imagePlacements.collection.menuImage };
  const load = useContentLoad('collections', params, (api, p, signal) => api.nav({ ...p, depth: 2 }, { signal }));
  const collections = useMemo(() => topCollections(load.data?.navData ?? [], storeConfig.collectionPath), [load.data, storeConfig.collectionPath]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    collections,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.collections }, storeConfig.storeName),
    description: null,
    canonical: links.collections(),
    crumbs: contentCrumbs([], CONTENT_TEXT.collections),
    heading: CONTENT_TEXT.collections,
    reload: load.reload,
  };
}

/** A vendor of the vendors page. */
export interface VendorView {
  id: number;
  name: string;
  /** The vendor link: the search results with v. */
  href: string;
  /** The brand page. */
  brandHref: string;
  productCount: number;
  countText: string;
}

/** What {@link useVendorsIndex} returns. */
export interface VendorsIndexApi extends ListApi {
  vendors: VendorView[];
  groups: LetterGroup<VendorView>[];
}

/**
 * The vendors page (collectionPath/vendors): every vendor A-Z with its product count, linking to
 * the search results with v (route notes: the vendor link).
 *
 * @example const { groups } = useVendorsIndex();
 */
export function useVendorsIndex(): VendorsIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad('vendors', undefined, (api, _p, signal) => allVendors(api, { signal }));
  const vendors = useMemo<VendorView[]>(
    () =>
      (load.data ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        href: vendorLink(v.name),
        brandHref: brandLink(v.name),
        productCount: v.productCount,
        countText: countText(v.productCount, 'product'),
      })),
    [load.data],
  );
  const groups = useMemo(() => alphabetGroups(vendors, (v) => v.name), [vendors]);
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    vendors,
    groups,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.vendors }, storeConfig.storeName),
    description: null,
    canonical: links.vendors(),
    crumbs: contentCrumbs([[CONTENT_TEXT.collections, links.collections()]], CONTENT_TEXT.vendors),
    heading: CONTENT_TEXT.vendors,
    reload: load.reload,
  };
}

// ------------------------------------------------------------------------------------ index pages

/** An entry of the A-Z indexes. */
export interface IndexEntry {
  id: number;
  title: string;
  href: string;
}

/** What {@link useProductIndex} returns. */
export interface ProductIndexApi extends ListApi {
  groups: LetterGroup<IndexEntry>[];
  pageInfo: PageInfo | null;
  page: number;
  pageUrl(page: number): string;
}

/**
 * The product index (/pindex.asp): products A-Z (title ascending), 76 a page, grouped by letter.
 * @example const index = useProductIndex(0);
 */
export function useProductIndex(page = 0): ProductIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad(`product-index:${page}`, page, (api, p, signal) =>
    api.filterProducts({ sortBy: 'title_asc', page: p, limit: PRODUCT_INDEX_PAGE_SIZE, fields: ['id', 'title', 'handle'] }, { signal }),
  );
  const groups = useMemo(
    () => alphabetGroups((load.data?.products ?? []).map((p) => ({ id: p.id, title: p.title, href: links.product(p.handle) })), (e) => e.title),
    [load.data, links],
  );
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    groups,
    pageInfo: load.data?.pageInfo ?? null,
    page,
    message: load.status === 'loaded' && groups.length === 0 ? CONTENT_TEXT.noProducts : load.message,
    title: contentTitle({ title: page > 0 ? `${CONTENT_TEXT.productIndex} - Page ${page + 1}` : CONTENT_TEXT.productIndex }, storeConfig.storeName),
    description: null,
    canonical: contentPageUrl(CONTENT_PATHS.productIndex, page),
    crumbs: contentCrumbs([], CONTENT_TEXT.productIndex),
    heading: CONTENT_TEXT.productIndex,
    pageUrl: (n) => contentPageUrl(CONTENT_PATHS.productIndex, n),
    reload: load.reload,
  };
}

/** What {@link useCategoryIndex} returns. */
export interface CategoryIndexApi extends ListApi {
  groups: LetterGroup<IndexEntry>[];
  count: number;
}

/**
 * The category index (/cindex.asp): every collection A-Z, grouped by letter.
 * @example const index = useCategoryIndex();
 */
export function useCategoryIndex(): CategoryIndexApi {
  const { storeConfig } = useSkimmer();
  const links = useLinks();
  const load = useContentLoad('categories', undefined, (api, _p, signal) => allCollections(api, { signal }));
  const groups = useMemo(
    () => alphabetGroups((load.data ?? []).map((c) => ({ id: c.id, title: c.title, href: links.collection(c.handle) })), (e) => e.title),
    [load.data, links],
  );
  return {
    status: load.status === 'missing' ? 'loaded' : load.status,
    groups,
    count: load.data?.length ?? 0,
    message: load.message,
    title: contentTitle({ title: CONTENT_TEXT.categoryIndex }, storeConfig.storeName),
    description: null,
    canonical: CONTENT_PATHS.categoryIndex,
    crumbs: contentCrumbs([], CONTENT_TEXT.categoryIndex),
    heading: CONTENT_TEXT.categoryIndex,
    reload: load.reload,
  };
}

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
