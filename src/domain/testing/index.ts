/**
 * skimmer/domain/testing: fast-check arbitraries for the storefront's entities, so you can
 * property-test your own rules against the same coherent data our tests use.
 *
 * @example
 * import fc from 'fast-check';
 * import { cartLinesArb } from 'skimmer/domain/testing';
 * import { cartQuantityOf } from 'skimmer/domain';
 *
 * fc.assert(fc.property(cartLinesArb(), (lines) => lines.every((l) => l.quantity > 0)));
 * @module
 */
export * from './catalogue.ts';
export * from './cart.ts';
export * from './search.ts';
export * from './address.ts';
export * from './quick-order.ts';
export * from './equipment.ts';
export * from './shipping.ts';
