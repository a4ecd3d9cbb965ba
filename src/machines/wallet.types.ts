/**
 * Types of the wallet machine (`wallet.machine.ts`) and of its connect function.
 * @module
 */
import type { MailingAddress, PaymentMethod, Transaction, User } from '../domain/entities.ts';
import type { PaymentMethodLinks } from '../domain/account.ts';
import type { NotifyEmitted, NotifyTone } from './account.helpers.ts';

/**
 * The add-payment-method popup as the machine sees it: only whether the
 * shopper has closed it (a browser window's `closed`).
 */
export interface PopupHandle {
  readonly closed: boolean;
}

/** What `openPopup` receives: the target URL and the popup's size (600x400) and features string. */
export interface OpenPopupInput {
  url: string;
  width: number;
  height: number;
  features: string;
}

/** The two tabs; 'paymentMethods' is the default. */
export type WalletTab = 'paymentMethods' | 'transactions';

/** A message shown inline (and emitted as a toast). */
export interface WalletNotice {
  tone: NotifyTone;
  message: string;
}

/** The wallet page's state. */
export interface WalletContext {
  /** The signed-in customer. */
  user: User;
  /** The user's id, needed by every wallet call; null when the user has none. */
  userId: number | null;
  tab: WalletTab;
  paymentMethods: PaymentMethod[];
  /** The `_links` of the last payment-methods answer (the add target). */
  links: PaymentMethodLinks | null;
  transactions: Transaction[];
  /** The transaction filter (a displayable id), or null. */
  displayableId: string | null;
  /** The account's saved addresses, listed read-only in the card-address modal. */
  addresses: MailingAddress[];
  /** The method the delete modal asks about, or null. */
  deleteTarget: PaymentMethod | null;
  /** The method whose billing address is being edited, or null. */
  addressTarget: PaymentMethod | null;
  /** The saved address chosen in the modal; Save Changes is disabled while null. */
  selectedAddressId: number | null;
  /** The open add-payment-method popup, or null. */
  popup: PopupHandle | null;
  /** The last message, for inline display, or null. */
  notice: WalletNotice | null;
  /** Whether the input carried lists to start from (server rendering). */
  preloaded: { methods: boolean; transactions: boolean };
}

/** The signed-in customer (the sign-in gate gives it), saved addresses, and optional preloaded lists. */
export interface WalletInput {
  user: User;
  addresses?: MailingAddress[];
  paymentMethods?: PaymentMethod[];
  links?: PaymentMethodLinks | null;
  transactions?: Transaction[];
}

/** Events the page sends. */
export type WalletEvent =
  | { type: 'addresses.changed'; addresses: MailingAddress[] }
  | { type: 'tab.select'; tab: WalletTab }
  | { type: 'methods.reload' }
  | { type: 'methods.settle' }
  | { type: 'transactions.filter'; displayableId: string }
  | { type: 'method.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'address.edit'; id: number }
  | { type: 'address.select'; mailingAddressId: number }
  | { type: 'address.save' }
  | { type: 'address.cancel' }
  | { type: 'method.add' }
  | { type: 'notice.dismiss' };

/** Toasts. */
export type WalletEmitted = NotifyEmitted;

/** Inputs and outputs of the wallet's call actors. */
export interface WalletActors {
  /** GET /api/user/{id}/paymentMethods. */
  fetchPaymentMethods: { input: { userId: number }; output: { paymentMethods: PaymentMethod[]; _links?: PaymentMethodLinks | null } };
  /** GET /api/user/{id}/transactions[?displayableId]. */
  fetchTransactions: { input: { userId: number; displayableId: string | null }; output: { transactions: Transaction[] } };
  /** DELETE /api/user/{id}/paymentMethods/{paymentMethodId}. */
  deletePaymentMethod: { input: { userId: number; paymentMethodId: number }; output: { success?: boolean; error?: unknown } | null };
  /** PUT /api/user/{id}/paymentMethods/{paymentMethodId} with mailingAddressId (and the gift-card flag). */
  updatePaymentMethod: {
    input: { userId: number; paymentMethodId: number; body: { mailingAddressId: number; isGiftCard?: true } };
    output: { success?: boolean; error?: unknown } | null;
  };
}
