/**
 * The back office's orders: the list, an order's page with its timeline, fulfilments with
 * tracking, cancels, refunds through the payment provider, returns and notes (routes.ts), the
 * rules over the database (service.ts), and the shipments the shopper's order page shows.
 * @module
 */
export { ordersAdminRoutes, type OrdersAdminRoutesOptions } from './routes.ts';
export { OrdersAdminService, ORDER_ADMIN_ERRORS, orderShipments, RefundPendingError, type OrderDetail, type OrderShipment, type OrdersAdminDeps } from './service.ts';
export { ORDER_MAIL_KINDS } from './mail.ts';
