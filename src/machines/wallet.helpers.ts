/**
 * The wallet machine's implementations (call actors' inputs and stand-ins, guards, the notice
 * actions), kept apart so the machine file stays a readable statechart.
 * @module
 */
import { enqueueActions, fromPromise } from 'xstate';
import { addPaymentMethodTarget, canDeletePaymentMethod, canSaveCardAddress, cardAddressUpdate, serverFailureMessage } from '../domain/account.ts';
import { missingActor, notify } from './account.helpers.ts';
import type { OpenPopupInput, PopupHandle, WalletActors, WalletContext, WalletEmitted, WalletEvent, WalletNotice } from './wallet.types.ts';

export type { OpenPopupInput, PopupHandle, WalletActors, WalletContext, WalletEmitted, WalletEvent, WalletInput, WalletNotice, WalletTab } from './wallet.types.ts';

// The machine enters the states that call these only with a user id, a delete
// target and an address target set; the fallbacks keep the types total.
/** The input each call actor receives, built from the context. */
export const walletActorInputs = {
  fetchPaymentMethods: ({ context }: { context: WalletContext }): WalletActors['fetchPaymentMethods']['input'] => ({ userId: context.userId ?? 0 }),
  fetchTransactions: ({ context }: { context: WalletContext }): WalletActors['fetchTransactions']['input'] => ({
    userId: context.userId ?? 0,
    displayableId: context.displayableId,
  }),
  deletePaymentMethod: ({ context }: { context: WalletContext }): WalletActors['deletePaymentMethod']['input'] => ({
    userId: context.userId ?? 0,
    paymentMethodId: context.deleteTarget?.id ?? 0,
  }),
  updatePaymentMethod: ({ context }: { context: WalletContext }): WalletActors['updatePaymentMethod']['input'] => ({
    userId: context.userId ?? 0,
    paymentMethodId: context.addressTarget?.id ?? 0,
    body: cardAddressUpdate(context.addressTarget ?? { isGiftCard: false }, context.selectedAddressId ?? 0),
  }),
};

type Call<K extends keyof WalletActors> = ReturnType<typeof fromPromise<WalletActors[K]['output'], WalletActors[K]['input']>>;
const unprovided = <K extends keyof WalletActors>(name: K): Call<K> =>
  fromPromise<WalletActors[K]['output'], WalletActors[K]['input']>(async () => {
    throw missingActor(name);
  });

/** The machine's call actors until a hook or a test provides them: each throws that it is missing. */
export const walletActors = {
  fetchPaymentMethods: unprovided('fetchPaymentMethods'),
  fetchTransactions: unprovided('fetchTransactions'),
  deletePaymentMethod: unprovided('deletePaymentMethod'),
  updatePaymentMethod: unprovided('updatePaymentMethod'),
  openPopup: fromPromise<PopupHandle, OpenPopupInput>(async () => {
    throw missingActor('openPopup');
  }),
};

type Args = { context: WalletContext; event: WalletEvent };

/** The wallet's guards: each asks a domain rule of the context and the event. */
export const walletGuards = {
  preloaded: ({ context }: Args, params: { key: 'methods' | 'transactions' }) => context.preloaded[params.key],
  isEmpty: ({ context }: Args, params: { key: 'paymentMethods' | 'transactions' }) => context[params.key].length === 0,
  popupClosed: ({ context }: Args) => context.popup === null || context.popup.closed === true,
  hasUserId: ({ context }: Args) => context.userId !== null,
  /** A gift card is never deleted (the domain's rule), and an unknown id asks nothing. */
  deletable: ({ context, event }: Args) => event.type === 'method.delete' && context.paymentMethods.some((m) => m.id === event.id && canDeletePaymentMethod(m)),
  knownMethod: ({ context, event }: Args) => event.type === 'address.edit' && context.paymentMethods.some((m) => m.id === event.id),
  knownAddress: ({ context, event }: Args) => event.type === 'address.select' && context.addresses.some((a) => a.id === event.mailingAddressId),
  addressChosen: ({ context }: Args) => canSaveCardAddress(context.selectedAddressId),
  hasAddTarget: ({ context }: Args) => addPaymentMethodTarget(context.links).ok,
};

/** The wallet's notice actions: the inline notice and the same words as a toast. */
export const walletActions = {
  tell: enqueueActions<WalletContext, WalletEvent, WalletNotice, WalletEvent, never, never, never, never, WalletEmitted>(({ enqueue }, params) => {
    enqueue.assign({ notice: params });
    enqueue.emit(notify(params.tone, params.message));
  }),
  /** A refusal's server text, else the exception's message. */
  tellFailure: enqueueActions<WalletContext, WalletEvent, undefined, WalletEvent, never, never, never, never, WalletEmitted>(({ enqueue, event }) => {
    const message = serverFailureMessage((event as { error?: unknown }).error);
    enqueue.assign({ notice: { tone: 'danger', message } });
    enqueue.emit(notify('danger', message));
  }),
};
