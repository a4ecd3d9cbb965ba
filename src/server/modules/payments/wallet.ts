/**
 * The wallet's side of the provider: a shopper's customer at the provider, created once and kept
 * on our side (payment_customers), and their cards saved on it. With Stripe a saved card is a
 * PaymentMethod of the shopper's Stripe Customer, saved through a SetupIntent (authenticated by
 * the bank when it asks, 3-D Secure); the store keeps only its id, brand, last four and expiry
 * (the account module writes that row). Deleting a card detaches it at the provider first.
 *
 * Why no card is half-saved, whatever fails:
 * - The store writes its row only once the provider says the card is the customer's. A refusal,
 *   a 500 or a timeout before that writes nothing.
 * - Every save of one payment method on one shopper sends the same idempotency key
 *   ({@link paymentKeys.setup}): the form posted again (a retry, a double click, the process
 *   dying after the provider's answer) is the same setup, never a second one. (A failed try is
 *   not retried with the same payment method: the Payment Element makes a new one per submit.)
 * - After an unknown outcome (a timeout, a 500 that came after the work) the payment method is
 *   read back: attached to the shopper's customer means saved, and the row is written.
 * - The shopper's customer is created under a key per try, each try counted (and committed)
 *   before it is sent: a provider answers a 500 stored under a key again to every retry with
 *   that key. A try whose answer was lost may leave an empty customer at the provider; the one
 *   recorded first is the shopper's.
 * - A card is deleted from the wallet only after the provider detached it: the payment method is
 *   read first (detached already: done), then detached under a key per try (detaching is
 *   harmless twice; a 500 stored under one try's key does not answer the next).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import {
  PaymentDeclinedError, PaymentRequestError, PaymentUnavailableError, paymentKeys,
  type CardSetup, type PaymentProvider, type ProviderName, type WalletCard,
} from './provider.ts';
import * as repo from './repository.ts';

/** How saving a card went (a refusal throws PaymentDeclinedError, an unknown outcome PaymentUnavailableError). */
export type SaveCardOutcome =
  | { kind: 'saved'; card: WalletCard & { expMonth: number; expYear: number }; provider: ProviderName }
  | { kind: 'requires_action'; setupId: string; clientSecret: string | null; nextActionUrl: string | null };

/** Fault points of the wallet (tests only): the process "dies" right after a provider call answered. */
export interface WalletFaults {
  afterProviderCall?: (call: 'setup' | 'detach') => void | Promise<void>;
}

/** What the wallet service is built from. */
export interface WalletServiceOptions {
  db: Db;
  provider: PaymentProvider;
  /** @default none */
  faults?: WalletFaults;
  /** @default Date.now */
  now?: () => number;
}

/** The service. */
export interface WalletService {
  readonly provider: PaymentProvider;
  /** The shopper's customer at the provider, or undefined before their first saved card there. */
  customerOf(customerRef: number): Promise<string | undefined>;
  /** The shopper's customer at the provider: ours when recorded, else created there (once, by its key) and recorded. */
  ensureCustomer(customerRef: number, email: string): Promise<string>;
  /**
   * Saves a payment method made by the provider's own form (Stripe: pm_... from the Payment
   * Element) on the shopper's customer. `saved` when the provider says it is the customer's:
   * the caller then writes its row (only the id, brand, last four and expiry).
   */
  saveCard(input: { customerRef: number; email: string; methodId: string }): Promise<SaveCardOutcome>;
  /**
   * The shopper is back from authenticating a card (3-D Secure): the setup's state at the
   * provider. Undefined when the setup is not this shopper's.
   */
  resumeSetup(customerRef: number, setupId: string): Promise<SaveCardOutcome | { kind: 'failed'; message: string } | { kind: 'pending' } | undefined>;
  /**
   * Takes a saved card off the shopper's customer at its provider, before the wallet deletes its
   * row. `methodRef` is the wallet row's id and `attempt` its detachment's number (counted and
   * committed by the caller before this call). A card of another provider than the store's
   * (saved before PAYMENT_PROVIDER changed) is left there: the store cannot reach that provider now.
   */
  removeCard(card: { provider: ProviderName; token: string; methodRef: number; attempt: number }): Promise<void>;
}

/** The refusal of a card the provider reports without its card details (a bug of ours or of the provider). */
const NO_CARD = 'The payment provider did not report the card saved.';

/**
 * Builds the wallet service.
 * @example
 * const wallet = createWalletService({ db, provider });
 * const outcome = await wallet.saveCard({ customerRef: 7, email: 'pat@example.com', methodId: 'pm_...' });
 */
export function createWalletService(options: WalletServiceOptions): WalletService {
  const { db, provider } = options;
  const clock = options.now ?? Date.now;
  const fault = async (call: 'setup' | 'detach') => await options.faults?.afterProviderCall?.(call);

  const saved = (card: WalletCard | null): SaveCardOutcome => {
    if (!card || card.expMonth === undefined || card.expYear === undefined) throw new PaymentRequestError(NO_CARD, 'card_missing');
    return { kind: 'saved', card: { ...card, expMonth: card.expMonth, expYear: card.expYear }, provider: provider.name };
  };

  /** A setup's outcome for the shopper's customer: saved, authenticate, or refused. */
  const outcomeOf = (setup: CardSetup, customerId: string): SaveCardOutcome | { kind: 'failed'; message: string } | { kind: 'pending' } => {
    if (setup.status === 'succeeded') {
      if (setup.customerId !== customerId) throw new PaymentRequestError('The card was saved on another customer.', 'customer_mismatch');
      return saved(setup.card);
    }
    if (setup.status === 'requires_action') return { kind: 'requires_action', setupId: setup.id, clientSecret: setup.clientSecret, nextActionUrl: setup.nextActionUrl };
    if (setup.status === 'processing') return { kind: 'pending' };
    return { kind: 'failed', message: setup.failureMessage ?? 'Your card could not be saved.' };
  };

  const customerOf = async (customerRef: number) => await repo.providerCustomerOf(db, customerRef, provider.name);

  const ensureCustomer = async (customerRef: number, email: string): Promise<string> => {
    const known = await customerOf(customerRef);
    if (known) return known;
    const { attempt, providerCustomerId } = await repo.nextCustomerTry(db, customerRef, provider.name, new Date(clock()).toISOString());
    if (providerCustomerId) return providerCustomerId;
    const created = await provider.createCustomer(customerRef, email, paymentKeys.customer(customerRef, attempt));
    return await repo.recordProviderCustomer(db, customerRef, provider.name, created.id);
  };

  return {
    provider,
    customerOf,
    ensureCustomer,
    async saveCard(input) {
      const customerId = await ensureCustomer(input.customerRef, input.email);
      let setup: CardSetup;
      try {
        setup = await provider.setupCard({ customerId, customerRef: input.customerRef, methodId: input.methodId }, paymentKeys.setup(input.customerRef, input.methodId));
      } catch (err) {
        if (!(err instanceof PaymentUnavailableError)) throw err;
        // the outcome is unknown: the payment method says whether the provider saved it
        const found = await provider.retrieveCard(input.methodId).catch(() => null);
        if (found?.customerId === customerId) return saved(found.card);
        throw err;
      }
      await fault('setup');
      const outcome = outcomeOf(setup, customerId);
      if (outcome.kind === 'failed') throw new PaymentDeclinedError(outcome.message, 'setup_failed');
      if (outcome.kind === 'pending') throw new PaymentUnavailableError('The payment provider has not confirmed the card yet.');
      return outcome;
    },
    async resumeSetup(customerRef, setupId) {
      const customerId = await customerOf(customerRef);
      if (!customerId) return undefined;
      let setup: CardSetup;
      try {
        setup = await provider.retrieveSetup(setupId);
      } catch (err) {
        if (err instanceof PaymentRequestError && err.code === 'resource_missing') return undefined;
        throw err;
      }
      if (setup.customerId !== customerId || setup.customerRef !== customerRef) return undefined;
      return outcomeOf(setup, customerId);
    },
    async removeCard(card) {
      if (card.provider !== provider.name) return;
      /** Whether the card is on no customer any more (or gone at the provider). */
      const detached = async (): Promise<boolean> => {
        try {
          return (await provider.retrieveCard(card.token)).customerId === null;
        } catch (err) {
          if (err instanceof PaymentRequestError && err.code === 'resource_missing') return true;
          throw err;
        }
      };
      // detached already: an earlier try whose answer was lost, or the process died after it
      if (await detached()) return;
      try {
        await provider.detachCard(card.token, paymentKeys.detach(card.methodRef, card.attempt));
      } catch (err) {
        // refused as it stands: detached meanwhile (a second delete at once) is done
        if (!(err instanceof PaymentRequestError) || !(await detached())) throw err;
      }
      await fault('detach');
    },
  };
}
