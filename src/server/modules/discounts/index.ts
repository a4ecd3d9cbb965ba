/**
 * The operators' discount codes: list, create, pause, resume, expire and edit (routes.ts,
 * service.ts) over the rows the storefront's cart reads (commerce/discounts.ts).
 * @module
 */
export { discountsAdminRoutes, type DiscountsAdminRoutesOptions } from './routes.ts';
export { DISCOUNT_ADMIN_ERRORS, DiscountsAdminService, defaultTitle, discountStatus, type DiscountView } from './service.ts';
