/**
 * The index-like content pages (brands and a brand's page, the collections root, the vendors page,
 * the product index, the category index and the products list), one hook a file, under the path
 * the pages import them from.
 * @module
 */
export * from './useBrands.ts';
export * from './useBrandPage.ts';
export * from './useCollectionsIndex.ts';
export * from './useVendorsIndex.ts';
export * from './useProductIndex.ts';
export * from './useCategoryIndex.ts';
export * from './useProductsList.ts';
