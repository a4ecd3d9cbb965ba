/**
 * The back office's customers: search, a customer's page (profile, addresses, wallet cards as
 * brand and last four, orders) and the storefront's password-reset mail on an operator's request.
 * @module
 */
export { customersAdminRoutes, type CustomersAdminRoutesOptions } from './routes.ts';
export { CUSTOMER_ADMIN_ERRORS, CustomersAdminService, searchTerms, type CustomerDetail, type CustomerSummary } from './service.ts';
