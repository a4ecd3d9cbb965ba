/**
 * skimmer/machines: the storefront's behaviour as XState v5 machines.
 *
 * Each machine holds the states and transitions of one piece of the storefront, calls the
 * pure rules of `skimmer/domain` in its guards and assigns, and declares its side effects as
 * named actors and delays that you supply with `machine.provide(...)`: no machine fetches,
 * touches the browser or reads the clock. User messages are emitted as
 * `{ type: 'notify', tone, message }` with the spec's exact strings.
 *
 * @example
 * import { createActor, fromPromise } from 'xstate';
 * import { cartMachine } from 'skimmer/machines';
 *
 * const cart = createActor(cartMachine.provide({
 *   actors: { fetchCheckout: fromPromise(() => client.getCheckout()) },
 * }), { input: {} }).start();
 * cart.on('notify', (e) => toast(e.tone, e.message));
 * cart.send({ type: 'cart.add', inventoryLevelId: 42, quantity: 1 });
 *
 * The address book and new-address machines are in `skimmer/machines/address` (they bring the
 * phone and postcode libraries).
 * @module
 */
export * from './cart.machine.ts';
export { cartErrorMessage } from './cart.helpers.ts';
export * from './quantity-input.machine.ts';
export * from './product-page.machine.ts';
export * from './search-box.machine.ts';
export * from './search-box.helpers.ts';
export * from './search-results.machine.ts';
export * from './search-results.helpers.ts';
export * from './collection-listing.machine.ts';
export * from './exit-intent.machine.ts';
export * from './newsletter.machine.ts';
export * from './auth.machine.ts';
export * from './sign-in.machine.ts';
export * from './wallet.machine.ts';
export * from './orders.machine.ts';
export * from './order.machine.ts';
export { addToOrderErrorText, orderLoadErrorText } from './orders.helpers.ts';
export * from './recovery-email.machine.ts';
export * from './signed-in-gate.ts';
export * from './signed-in-gate.connect.ts';
export * from './loader.machine.ts';
export * from './prefetch.machine.ts';
export * from './carousel.machine.ts';
export type { AlertEmitted, LogEmitted, NavigateBackEmitted, NavigateEmitted, NotifyEmitted, NotifyTone } from './account.helpers.ts';
export * from './quick-order.machine.ts';
export * from './quick-order.connect.ts';
export * from './diagram-explorer.machine.ts';
export * from './diagram-explorer.connect.ts';
export * from './my-equipment.machine.ts';
export * from './my-equipment.connect.ts';
export * from './sign-in.connect.ts';
export * from './orders.connect.ts';
export * from './order.connect.ts';
