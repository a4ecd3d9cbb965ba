/**
 * The payment-provider port: what the store asks of whoever moves the money (the embedded test
 * provider, or Stripe). Every call that changes something carries an idempotency key derived from
 * our own ids ({@link paymentKeys}), so a call retried after a timeout, a 500 or a crash is the
 * same call to the provider and never charges, captures or refunds twice.
 *
 * Amounts are integer cents in the currency's smallest unit, with the currency (ISO 4217, lower
 * case as Stripe writes it).
 * @module
 */

/** Which adapter answers. */
export type ProviderName = 'test' | 'stripe';

/**
 * When the money is taken: `automatic` captures at checkout; `manual` authorises at checkout and
 * captures at fulfilment (items that ship later).
 */
export type CaptureMethod = 'automatic' | 'manual';

/** A payment's state at the provider, in the store's words. */
export type ProviderPaymentStatus =
  /** created, waiting for a payment method or its confirmation */
  | 'created'
  /** the shopper must act (3-D Secure): follow `nextActionUrl`, or confirm in the browser */
  | 'requires_action'
  /** the money is held, to be captured (manual capture) */
  | 'authorised'
  /** the money is taken */
  | 'captured'
  /** the last confirmation failed (declined); the payment may be confirmed again */
  | 'failed'
  /** voided: nothing will be taken */
  | 'canceled';

/** The card a payment used: what a receipt shows, never the number. */
export interface PaymentCard {
  brand: string;
  last4: string;
  expMonth?: number;
  expYear?: number;
}

/** A payment as the provider reports it. */
export interface ProviderPayment {
  /** The provider's id (Stripe: pi_...; test: tp_...). */
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  currency: string;
  /** Taken so far (0 until captured). */
  capturedCents: number;
  /** Refunded so far. */
  refundedCents: number;
  captureMethod: CaptureMethod;
  /** The captured charge's id (Stripe: ch_...), once captured. */
  captureId: string | null;
  card: PaymentCard | null;
  /** For the browser's Payment Element (Stripe only). */
  clientSecret: string | null;
  /** Where the shopper completes 3-D Secure, when `status` is requires_action. */
  nextActionUrl: string | null;
  /** The provider's words for the last failure (a decline), when `status` is failed. */
  failureMessage: string | null;
  /** The provider's customer it was created for (a saved card's payment), or null. */
  customerId: string | null;
  /** Our ids, carried as the payment's metadata: a webhook or a reconciliation finds its checkout. */
  checkoutId: string | null;
  paymentRef: number | null;
  /** When the provider created it (ISO-8601 UTC). */
  createdAt: string;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Our refund row's id, from the refund's metadata (null for a refund made elsewhere, as in Stripe's dashboard). */
  refundRef: number | null;
}

/**
 * How the shopper pays: a card typed on our hosted page (the test provider only: with Stripe the
 * card never reaches our server), or a provider's payment method id (Stripe: pm_... from the
 * Payment Element or the wallet; test: a saved card's token).
 */
export type PaymentMethodInput =
  | { kind: 'card'; number: string; expMonth: string | number; expYear: string | number; cvc: string }
  | { kind: 'method'; id: string };

/** What creating a payment needs. */
export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  captureMethod: CaptureMethod;
  checkoutId: string;
  /** Our payment row's id. */
  paymentRef: number;
  /** The provider's customer (wallet), when the shopper is signed in and has one. */
  customerId?: string;
}

/** A webhook event, parsed and verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment it concerns (Stripe: the PaymentIntent's id), when any. */
  paymentId: string | null;
  /** The refund it concerns, when it is a refund event. */
  refund: ProviderRefund | null;
}

/** A saved card in the provider's wallet. */
export interface WalletCard extends PaymentCard {
  /** The provider's payment method id (Stripe: pm_...). */
  id: string;
}

/**
 * A card being saved on a customer at the provider for later payments (Stripe: a SetupIntent,
 * which attaches its payment method to the customer when it succeeds).
 */
export interface CardSetup {
  /** The provider's id (Stripe: seti_...; test: tset_...). */
  id: string;
  /**
   * `succeeded`: the card is the customer's (attached); `requires_action`: the shopper must
   * authenticate (3-D Secure) with `clientSecret`; `failed`: refused, nothing attached;
   * `processing`: no outcome yet.
   */
  status: 'succeeded' | 'requires_action' | 'failed' | 'processing';
  /** The provider's customer it saves the card on. */
  customerId: string | null;
  /** Our customer's id, from the setup's metadata. */
  customerRef: number | null;
  /** The card saved (or being saved). */
  card: WalletCard | null;
  /** For the browser's handling of 3-D Secure (Stripe only). */
  clientSecret: string | null;
  /** Where the shopper authenticates, when the provider gives a page for it. */
  nextActionUrl: string | null;
  /** The provider's words for a refusal, when `status` is failed. */
  failureMessage: string | null;
}

/** What saving a card needs. */
export interface SetupCardInput {
  /** The provider's customer (created once per shopper, see the wallet service). */
  customerId: string;
  /** Our customer's id, carried as the setup's metadata. */
  customerRef: number;
  /** The provider's payment method made by its own form (Stripe: pm_... from the Payment Element). */
  methodId: string;
}

/**
 * The port. Calls that change something take the idempotency key as their last argument: build
 * it with {@link paymentKeys}, from our own ids, never at random.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** What the browser needs to talk to the provider (Stripe's publishable key); null for the test provider. */
  readonly publishableKey: string | null;
  /** Creates the provider's payment for one attempt, not yet confirmed. */
  createPayment(input: CreatePaymentInput, key: string): Promise<ProviderPayment>;
  /**
   * Confirms a payment with a payment method: authorises it, and captures it at once when it was
   * created with automatic capture. A decline throws {@link PaymentDeclinedError}; a payment that
   * needs 3-D Secure answers `requires_action`.
   */
  authorise(paymentId: string, method: PaymentMethodInput, key: string, options?: { returnUrl?: string }): Promise<ProviderPayment>;
  /** Captures an authorised payment, all of it or `amountCents` of it. */
  capture(paymentId: string, amountCents: number | undefined, key: string): Promise<ProviderPayment>;
  /** Voids a payment not captured yet. */
  void(paymentId: string, key: string): Promise<ProviderPayment>;
  /** Refunds part or all of a captured payment; `refundRef` is our refund row's id. */
  refund(paymentId: string, amountCents: number, refundRef: number, key: string): Promise<ProviderRefund>;
  /** The payment as the provider has it now (the source of truth after any fault). */
  retrieve(paymentId: string): Promise<ProviderPayment>;
  /** Every payment created in [fromMs, toMs) (reconciliation). */
  listPayments(fromMs: number, toMs: number): Promise<ProviderPayment[]>;
  /**
   * Verifies a webhook's signature over its raw body and parses it; a bad signature, an old
   * timestamp or a body changed after signing throws {@link WebhookSignatureError}.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** The wallet: a customer, and the cards saved on it (only their id, brand, last four and expiry are ours). */
  createCustomer(customerRef: number, email: string, key: string): Promise<{ id: string }>;
  /**
   * Saves a payment method on a customer for later payments, authenticating it with the card's
   * bank when needed (Stripe: a SetupIntent created and confirmed at once, which attaches the
   * payment method to the customer when it succeeds). A refusal throws {@link PaymentDeclinedError}.
   */
  setupCard(input: SetupCardInput, key: string): Promise<CardSetup>;
  /** A card setup as the provider has it now (after 3-D Secure, or after a fault). */
  retrieveSetup(setupId: string): Promise<CardSetup>;
  /** A payment method, with the customer it is attached to (null when none). */
  retrieveCard(methodId: string): Promise<{ card: WalletCard; customerId: string | null }>;
  /** Attaches a payment method to a customer without a setup (no authentication: prefer {@link PaymentProvider.setupCard}). */
  attachCard(customerId: string, methodId: string, key: string): Promise<WalletCard>;
  listCards(customerId: string): Promise<WalletCard[]>;
  /** Takes a payment method off its customer: it can never be charged again. */
  detachCard(methodId: string, key: string): Promise<void>;
}

/** The card was declined (or the payment method refused): the shopper may try another. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    /** The provider's code (card_declined, expired_card, incorrect_number ...). */
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/**
 * The provider did not answer, answered 5xx, or timed out: the outcome is unknown. Retrying with
 * the same key is safe, and the payment's state is read back with `retrieve`.
 */
export class PaymentUnavailableError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    /**
     * The provider answered with a server error (5xx) rather than not at all. Stripe keeps such an
     * answer as the result of its idempotency key and gives it again to every retry with that key
     * for a day, so a call that only creates something (no money moves) is retried under a new key.
     * @default false
     */
    readonly answered = false,
  ) {
    super(message);
    this.name = 'PaymentUnavailableError';
  }
}

/** The provider refused the request itself (a bug of ours, or a payment in the wrong state). */
export class PaymentRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentRequestError';
  }
}

/** A webhook whose signature does not hold. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The idempotency keys of every provider call, derived from our own ids: the same logical call
 * always sends the same key, and two different calls never share one.
 * @example
 * paymentKeys.create(12); // 'payment:12:create'
 * paymentKeys.confirm(12, 2); // 'payment:12:confirm:2'
 * paymentKeys.refund(7); // 'refund:7'
 * paymentKeys.setup(5, 'pm_1Q'); // 'wallet:5:setup:pm_1Q'
 */
export const paymentKeys = {
  /** Creating the provider's payment of our payment row. */
  create: (paymentRef: number) => `payment:${paymentRef}:create`,
  /** The n-th confirmation of it (a confirmation that failed for sure is tried again under a new key). */
  confirm: (paymentRef: number, attempt: number) => `payment:${paymentRef}:confirm:${attempt}`,
  capture: (paymentRef: number) => `payment:${paymentRef}:capture`,
  void: (paymentRef: number) => `payment:${paymentRef}:void`,
  /** Our refund row's id: a refund retried is the same refund. */
  refund: (refundRef: number) => `refund:${refundRef}`,
  /** The n-th creation of our customer at the provider (a creation that failed is tried again under a new key). */
  customer: (customerRef: number, attempt: number) => `customer:${customerRef}:${attempt}`,
  /** Saving one payment method on our customer: the same save sent again is the same setup. */
  setup: (customerRef: number, methodId: string) => `wallet:${customerRef}:setup:${methodId}`,
  attach: (customerId: string, methodId: string) => `wallet:${customerId}:attach:${methodId}`,
  /** The n-th detachment of a wallet card (our payment_methods row): detaching twice is harmless, and a 500 stored under one key is not answered again to the next try. */
  detach: (methodRef: number, attempt: number) => `wallet:detach:${methodRef}:${attempt}`,
} as const;
