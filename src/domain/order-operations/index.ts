/**
 * The back office's order rules: an order's state after placing and its statuses with their
 * declared transitions, the operations (fulfil, cancel, refund, return, receive), the store's
 * return rules, carriers and tracking links, the packing slip and the invoice.
 * @module
 */
export * from './state.ts';
export * from './operations.ts';
export * from './returns.ts';
export * from './tracking.ts';
export * from './packing-slip.ts';
export * from './invoice.ts';
