/**
 * The back office's order rules: an order's state after placing and its statuses with their
 * declared transitions, the operations (fulfil, cancel, refund, return, receive), the store's
 * return rules, carriers and tracking links, and the packing slip.
 * @module
 */
export * from './state.ts';
export * from './operations.ts';
export * from './returns.ts';
export * from './tracking.ts';
export * from './packing-slip.ts';
