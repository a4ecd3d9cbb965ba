/**
 * The back office's products: the list with its filters, a product's editor, edits and bulk edits
 * of prices and stock (routes.ts), their rules over the database (service.ts) and their SQL
 * (repository.ts). Every change reaches the storefront through the catalogue change feed.
 * @module
 */
export { productsAdminRoutes, type ProductsAdminRoutesOptions } from './routes.ts';
export { BULK_MAX, LOW_STOCK_DEFAULT, PICTURES_MAX, PRODUCT_ADMIN_ERRORS, ProductsAdminService, searchIndexText, TEXT_IDS_MAX, type BulkInput, type ProductDetail, type ProductListItem, type ProductPatch } from './service.ts';
