/**
 * The wallet page of a signed-in customer (the sign-in gate, `signed-in-gate.ts`, runs it with the
 * user as input): the payment-methods and transaction-history tabs, delete with confirmation,
 * the card-address modal, and adding a method through a polled popup.
 *
 * Saved addresses come from the customer (input, then 'addresses.changed').
 * Server rendering may pass the lists in the input: they start listed.
 * @module
 */
import { assign, enqueueActions, raise, setup } from 'xstate';
import { MESSAGES, PAYMENT_POPUP, addPaymentMethodTarget, failureMessage, paymentPopupFeatures } from '../domain/account.ts';
import { removeById, successOutcome, transactionFilter } from '../domain/account-state.ts';
import { walletActions, walletActorInputs, walletActors, walletGuards } from './wallet.helpers.ts';
import type { WalletContext, WalletEmitted, WalletEvent, WalletInput } from './wallet.types.ts';

export type { OpenPopupInput, PopupHandle, WalletActors, WalletContext, WalletEmitted, WalletEvent, WalletInput, WalletNotice, WalletTab } from './wallet.types.ts';

/**
 * The wallet machine. Actors to provide: `fetchPaymentMethods`,
 * `fetchTransactions`, `deletePaymentMethod`, `updatePaymentMethod` (see
 * {@link WalletActors} for inputs and outputs) and `openPopup` (opens the
 * 600x400 popup; resolves a handle whose `closed` turns true when the
 * shopper closes it, rejects when the browser blocks it).
 *
 * The texts a view shows for a state (empty lists, the delete
 * question) are the states' `meta.message`: `snapshot.getMeta()`.
 *
 * Choices where the spec is silent: transactions load with the page (not on
 * first showing the tab); a logged-in user without an id cannot use the
 * wallet (state 'unavailable', the generic message); the missing-link
 * message and every failure are 'danger' toasts.
 *
 * @example
 * const wallet = createActor(walletMachine.provide({ actors }), { input: { user } }).start();
 * wallet.on('notify', ({ tone, message }) => toasts.push({ tone, message }));
 * wallet.send({ type: 'method.delete', id: 12 });
 * wallet.send({ type: 'delete.confirm' });
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
    emitted: {} as WalletEmitted,
  },
  actors: walletActors,
  delays: { 'wallet.popupPoll': PAYMENT_POPUP.pollMs },
  guards: walletGuards,
  actions: walletActions,
}).createMachine({
  id: 'wallet',
  context: ({ input }) => {
    const user = input.user;
    return {
      user,
      userId: user.id ?? null,
      tab: 'paymentMethods',
      paymentMethods: input.paymentMethods ?? [],
      links: input.links ?? null,
      transactions: input.transactions ?? [],
      displayableId: null,
      addresses: input.addresses ?? [],
      deleteTarget: null,
      addressTarget: null,
      selectedAddressId: null,
      popup: null,
      notice: null,
      preloaded: { methods: input.paymentMethods !== undefined, transactions: input.transactions !== undefined },
    };
  },
  initial: 'start',
  on: {
    'addresses.changed': { actions: assign({ addresses: ({ event }) => event.addresses }) },
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    start: {
      always: [{ guard: 'hasUserId', target: 'ready' }, { target: 'unavailable' }],
    },
    unavailable: {
      entry: { type: 'tell', params: { tone: 'danger', message: failureMessage(null) } },
    },
    ready: {
      type: 'parallel',
      states: {
        tab: {
          on: { 'tab.select': { actions: assign({ tab: ({ event }) => event.tab }) } },
        },
        methods: {
          initial: 'start',
          states: {
            start: { always: [{ guard: { type: 'preloaded', params: { key: 'methods' } }, target: 'settle' }, { target: 'loading' }] },
            settle: { always: [{ guard: { type: 'isEmpty', params: { key: 'paymentMethods' } }, target: 'empty' }, { target: 'listed' }] },
            loading: {
              invoke: {
                src: 'fetchPaymentMethods',
                input: walletActorInputs.fetchPaymentMethods,
                onDone: {
                  target: 'settle',
                  actions: assign({ paymentMethods: ({ event }) => event.output?.paymentMethods ?? [], links: ({ event }) => event.output?._links ?? null }),
                },
                onError: { target: 'failed', actions: 'tellFailure' },
              },
            },
            listed: {},
            empty: { meta: { message: MESSAGES.noPaymentMethods } },
            failed: {},
          },
          on: { 'methods.reload': '.loading', 'methods.settle': '.settle' },
        },
        transactions: {
          initial: 'start',
          states: {
            start: { always: [{ guard: { type: 'preloaded', params: { key: 'transactions' } }, target: 'settle' }, { target: 'loading' }] },
            settle: { always: [{ guard: { type: 'isEmpty', params: { key: 'transactions' } }, target: 'empty' }, { target: 'listed' }] },
            loading: {
              invoke: {
                src: 'fetchTransactions',
                input: walletActorInputs.fetchTransactions,
                onDone: { target: 'settle', actions: assign({ transactions: ({ event }) => event.output?.transactions ?? [] }) },
                onError: { target: 'failed', actions: 'tellFailure' },
              },
            },
            listed: {},
            empty: { meta: { message: MESSAGES.noTransactions } },
            failed: {},
          },
          on: {
            'transactions.filter': { target: '.loading', actions: assign({ displayableId: ({ event }) => transactionFilter(event.displayableId) }) },
          },
        },
        deletion: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'method.delete': {
                  guard: 'deletable',
                  target: 'confirming',
                  actions: assign({ deleteTarget: ({ context, event }) => context.paymentMethods.find((m) => m.id === event.id) ?? null }),
                },
              },
            },
            confirming: {
              meta: { message: MESSAGES.confirmDeletePaymentMethod },
              on: {
                'delete.cancel': { target: 'idle', actions: assign({ deleteTarget: null }) },
                'delete.confirm': 'deleting',
              },
            },
            deleting: {
              invoke: {
                src: 'deletePaymentMethod',
                input: walletActorInputs.deletePaymentMethod,
                onDone: {
                  target: 'idle',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const outcome = successOutcome(event.output);
                    if (outcome.ok && context.deleteTarget) {
                      enqueue.assign({ paymentMethods: removeById(context.paymentMethods, context.deleteTarget.id) });
                      enqueue.raise({ type: 'methods.settle' });
                      enqueue({ type: 'tell', params: { tone: 'success', message: MESSAGES.paymentMethodDeleted } });
                    } else if (!outcome.ok) {
                      enqueue({ type: 'tell', params: { tone: 'danger', message: outcome.message } });
                    }
                    enqueue.assign({ deleteTarget: null });
                  }),
                },
                onError: { target: 'idle', actions: ['tellFailure', assign({ deleteTarget: null })] },
              },
            },
          },
        },
        addressEdit: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'address.edit': {
                  guard: 'knownMethod',
                  target: 'open',
                  actions: assign({
                    addressTarget: ({ context, event }) => context.paymentMethods.find((m) => m.id === event.id) ?? null,
                    selectedAddressId: null,
                  }),
                },
              },
            },
            open: {
              on: {
                'address.select': {
                  guard: 'knownAddress',
                  actions: assign({ selectedAddressId: ({ event }) => event.mailingAddressId }),
                },
                'address.save': { guard: 'addressChosen', target: 'saving' },
                'address.cancel': { target: 'closed', actions: assign({ addressTarget: null, selectedAddressId: null }) },
              },
            },
            saving: {
              invoke: {
                src: 'updatePaymentMethod',
                input: walletActorInputs.updatePaymentMethod,
                onDone: [
                  {
                    guard: ({ event }) => successOutcome(event.output).ok,
                    target: 'closed',
                    actions: [
                      assign({ addressTarget: null, selectedAddressId: null }),
                      { type: 'tell', params: { tone: 'success', message: MESSAGES.addressUpdated } },
                      raise({ type: 'methods.reload' }),
                    ],
                  },
                  {
                    target: 'open',
                    actions: { type: 'tell', params: ({ event }) => ({ tone: 'danger', message: (successOutcome(event.output) as { message: string }).message }) },
                  },
                ],
                onError: { target: 'open', actions: 'tellFailure' },
              },
            },
          },
        },
        adding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'method.add': [
                  { guard: 'hasAddTarget', target: 'opening' },
                  { actions: { type: 'tell', params: { tone: 'danger', message: MESSAGES.missingPaymentMethodTarget } } },
                ],
              },
            },
            opening: {
              invoke: {
                src: 'openPopup',
                input: ({ context }) => {
                  const target = addPaymentMethodTarget(context.links);
                  return { url: target.ok ? target.value : '', width: PAYMENT_POPUP.width, height: PAYMENT_POPUP.height, features: paymentPopupFeatures() };
                },
                onDone: { target: 'polling', actions: assign({ popup: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: 'tellFailure' },
              },
            },
            polling: {
              after: {
                'wallet.popupPoll': [
                  { guard: 'popupClosed', target: 'idle', actions: [assign({ popup: null }), raise({ type: 'methods.reload' })] },
                  { target: 'polling', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
  },
});
