/**
 * The cart quantity input: digits only, the typed value applied after an 800 ms pause when valid, plus and minus buttons
 * with their disabled rules. The machine never calls the cart: it emits `quantity.apply` (and runs
 * the overridable `applyQuantity` action) and the hook sends the cart its `cart.setQuantity`.
 *
 * @module
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { digitsOnly, isMinusDisabled, isPlusDisabled, validateQuantity } from '../domain/quantity.ts';
import type { QuantityInputContext, QuantityInputInput, QuantityInputEvent, QuantityInputEmitted } from './quantity-input.types.ts';

export type { QuantityInputContext, QuantityInputInput, QuantityInputEvent, QuantityInputEmitted } from './quantity-input.types.ts';

/**
 * The pause after the last keystroke before a typed quantity is applied, in ms.
 * @default 800
 */
export const QUANTITY_DEBOUNCE_MS = 800;

/** Sets the quantity and asks the cart for it. */
function applied(quantity: number) {
  return { quantity, text: String(quantity), error: null };
}

/**
 * The quantity input machine. Provide `applyQuantity` (or listen to the emitted `quantity.apply`)
 * to send the cart `{ type: 'cart.setQuantity', lineItemId, quantity }`.
 *
 * Choices where the spec is silent: the typed value is checked when the pause ends (an error shows
 * then, and clears as soon as the shopper types again); a valid value equal to the line's quantity
 * is not applied again; plus and minus step from the line's quantity and apply at once, cancelling
 * a pending typed value; minus is also disabled while updating (as every cart button); a change of
 * the line from the cart resets the text unless the shopper is typing.
 *
 * @example
 * const input = createActor(quantityInputMachine, { input: { quantity: 2, availableQuantity: 5, availableForSale: true } }).start();
 * input.on('quantity.apply', ({ quantity }) => cart.send({ type: 'cart.setQuantity', lineItemId, quantity }));
 * input.send({ type: 'quantity.changed', value: '4' }); // applied 800 ms later
 */
export const quantityInputMachine = setup({
  types: {
    context: {} as QuantityInputContext,
    events: {} as QuantityInputEvent,
    input: {} as QuantityInputInput,
    emitted: {} as QuantityInputEmitted,
  },
  delays: { 'quantity.debounce': QUANTITY_DEBOUNCE_MS },
  guards: {
    canIncrement: ({ context }) => !isPlusDisabled(context),
    canDecrement: ({ context }) => !isMinusDisabled(context),
    typedValueApplies: ({ context }) => {
      const result = validateQuantity(context.text, context);
      return result.ok && result.quantity !== context.quantity;
    },
  },
  actions: {
    /** Overridable hook for callers that prefer a callback to the emitted event. */
    applyQuantity: (_, _params: { quantity: number }) => {},
    emitApply: emit((_, params: { quantity: number }) => ({ type: 'quantity.apply' as const, quantity: params.quantity })),
    type: assign({ text: ({ event }) => (event.type === 'quantity.changed' ? digitsOnly(event.value) : ''), error: null }),
    /** A refused value keeps its text and shows why; an unchanged one is tidied ('02' reads '2'). */
    refuseOrKeep: assign(({ context }) => {
      const result = validateQuantity(context.text, context);
      return result.ok ? { text: String(result.quantity), error: null } : { error: result.error };
    }),
    syncLine: assign(({ context, event }) => {
      if (event.type !== 'line.changed') return {};
      return {
        quantity: event.quantity ?? context.quantity,
        availableQuantity: event.availableQuantity ?? context.availableQuantity,
        availableForSale: event.availableForSale ?? context.availableForSale,
        updating: event.updating ?? context.updating,
      };
    }),
    resetText: assign({ text: ({ context }) => String(context.quantity), error: null }),
  },
}).createMachine({
  id: 'quantityInput',
  context: ({ input }) => ({
    text: String(input.quantity),
    quantity: input.quantity,
    availableQuantity: input.availableQuantity,
    availableForSale: input.availableForSale,
    updating: input.updating ?? false,
    error: null,
  }),
  on: {
    'quantity.changed': { target: '.typing', reenter: true, actions: 'type' },
    'quantity.increment': {
      guard: 'canIncrement',
      target: '.idle',
      actions: [
        assign(({ context }) => applied(context.quantity + 1)),
        { type: 'emitApply', params: ({ context }) => ({ quantity: context.quantity }) },
        { type: 'applyQuantity', params: ({ context }) => ({ quantity: context.quantity }) },
      ],
    },
    'quantity.decrement': {
      guard: 'canDecrement',
      target: '.idle',
      actions: [
        assign(({ context }) => applied(context.quantity - 1)),
        { type: 'emitApply', params: ({ context }) => ({ quantity: context.quantity }) },
        { type: 'applyQuantity', params: ({ context }) => ({ quantity: context.quantity }) },
      ],
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'line.changed': { actions: ['syncLine', 'resetText'] } },
    },
    typing: {
      on: { 'line.changed': { actions: 'syncLine' } },
      after: {
        'quantity.debounce': [
          {
            guard: 'typedValueApplies',
            target: 'idle',
            actions: [
              assign(({ context }) => applied(Number(context.text))),
              { type: 'emitApply', params: ({ context }) => ({ quantity: context.quantity }) },
              { type: 'applyQuantity', params: ({ context }) => ({ quantity: context.quantity }) },
            ],
          },
          { target: 'idle', actions: 'refuseOrKeep' },
        ],
      },
    },
  },
});

/** A quantity input snapshot, or anything with its context. */
type QuantitySnapshotLike = Pick<SnapshotFrom<typeof quantityInputMachine>, 'context'>;

/**
 * Whether the plus button is disabled: no stock remains for one more, or the cart is updating.
 * Same answer as `!snapshot.can({ type: 'quantity.increment' })`, for `useSelector`.
 */
export function isPlusButtonDisabled(snapshot: QuantitySnapshotLike): boolean {
  return isPlusDisabled(snapshot.context);
}

/**
 * Whether the minus button is disabled: the quantity would drop to 0 or less, or the cart is
 * updating. Same answer as `!snapshot.can({ type: 'quantity.decrement' })`.
 */
export function isMinusButtonDisabled(snapshot: QuantitySnapshotLike): boolean {
  return isMinusDisabled(snapshot.context);
}
