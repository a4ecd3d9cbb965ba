/**
 * skimmer/domain: the framework-agnostic core of the storefront.
 *
 * Pure, typed functions for every rule of the spec: no React, XState, network, DOM or clock
 * (functions that need the time take it as an argument). Money is computed in integer cents.
 *
 * The address form rules (`address.ts`) pull in libphonenumber-js and postcode-validator, so they
 * have their own entry, `skimmer/domain/address`, and are not re-exported here: a page without
 * the address form never loads phone metadata.
 * @module
 */
export type * from './entities.ts';
export * from './money.ts';
/** Call-for-price products: their label and contact action, no price comparison, no cart. */
export * from './call-for-price.ts';
export * from './cart.ts';
export * from './variants.ts';
export * from './quantity.ts';
export * from './add-button.ts';
export * from './search.ts';
export * from './price-phrase.ts';
export * from './urls.ts';
export * from './pagination.ts';
export * from './product-page.ts';
export * from './product-json-ld.ts';
export * from './ratings.ts';
export * from './lists.ts';
export * from './recently-viewed.ts';
export * from './footer.ts';
export * from './carousel.ts';
export * from './account.ts';
export * from './shell.ts';
export * from './exit-intent.ts';
export * from './read-time.ts';
export * from './analytics.ts';
export * from './cart-calls.ts';
export * from './product-add.ts';
export * from './listing.ts';
export * from './loading.ts';
export * from './account-state.ts';
export * from './carousel-motion.ts';
export * from './sign-in.ts';
export * from './orders.ts';
/** How an address is printed: one rule for cards, orders, billing addresses and the server's pages. */
export * from './address-format.ts';
/** The keyboard rule of every tab list. */
export * from './tabs.ts';
export * from './content.ts';
export * from './quick-order.ts';
export * from './equipment.ts';
export * from './diagram.ts';
export * from './fits.ts';
/** Shipping classes, rates, delivery dates, sales tax, product notices and the one shipping quote. */
export * from './shipping/index.ts';
/** What the storefront shows of a shipping quote: arrival lines, shipments, totals rows, the shopper's ZIP. */
export * from './shipping-view.ts';
