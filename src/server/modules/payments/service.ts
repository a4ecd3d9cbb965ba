/**
 * The payment rules: paying a checkout through the provider port, applying the provider's
 * webhooks once, capturing at fulfilment, voiding, refunding within what was captured, and
 * reconciling our records with the provider's.
 *
 * Why nothing is charged twice and no order is lost, whatever fails:
 * - An attempt's row is committed BEFORE any provider call, and every call's idempotency key is
 *   derived from that row's id: a call retried after a timeout or a crash is the same call.
 * - After any unknown outcome (timeout, 5xx, a crash after the provider answered), the next try
 *   first asks the provider for the payment's state (`retrieve`) and only confirms again when the
 *   provider says it was not confirmed; so a shopper's retry never charges again.
 * - Success is applied by one idempotent step ({@link PaymentsService.applySuccess}): the row's
 *   state, the capture (unique per payment), the order (one per checkout, placed by the
 *   `placeOrderFromCheckout` dependency, which must answer the existing order when called again),
 *   then the order's id on the row. The shopper's return and the webhook may both run it, in any
 *   order, as often as they come.
 * - A webhook event's id is recorded after it was applied: a replay of a recorded event is skipped,
 *   and one that died half-way is applied again, harmlessly.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/faults.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  PaymentDeclinedError, PaymentRequestError, PaymentUnavailableError, paymentKeys, WebhookSignatureError,
  type CaptureMethod, type PaymentMethodInput, type PaymentProvider, type ProviderPayment, type ProviderRefund,
} from './provider.ts';
import * as repo from './repository.ts';
import type { PaymentRow, RefundRow } from './repository.ts';
import { createWalletService, type WalletService } from './wallet.ts';

/** A payment as the store records it, handed to whoever places the order. */
export interface RecordedPayment {
  /** Our payment row's id. */
  paymentRef: number;
  checkoutId: string;
  provider: PaymentProvider['name'];
  providerPaymentId: string;
  status: 'authorised' | 'captured';
  amountCents: number;
  currency: string;
  /** Cents taken (0 while only authorised). */
  capturedCents: number;
  card: { brand: string; last4: string } | null;
}

/**
 * Places the order of a checkout once its payment succeeded, and answers its id. Must be
 * idempotent per checkout (a second call answers the order the first placed) and must check that
 * the payment's amount and currency are the checkout's total; a checkout that can no longer be
 * placed (out of stock, gone) throws an HttpError of 4xx: the payment is then voided or refunded.
 */
export type PlaceOrderFromCheckout = (checkoutId: string, payment: RecordedPayment) => Promise<{ orderId: number }>;

/** Points where a test makes the process "die" (throw) right after a provider call answered. */
export interface PaymentFaults {
  /** Called after each provider call that changed something, with its name (the wallet's setup and detach too). */
  afterProviderCall?: (call: 'create' | 'authorise' | 'capture' | 'void' | 'refund' | 'setup' | 'detach') => void | Promise<void>;
}

/** What the service is built from. */
export interface PaymentsServiceOptions {
  db: Db;
  provider: PaymentProvider;
  /** @default 'automatic' */
  captureMethod?: CaptureMethod;
  /** Places an order from a stored checkout (the webhook that arrives first needs it). @default none: the caller places the order */
  placeOrderFromCheckout?: PlaceOrderFromCheckout;
  /** @default none */
  faults?: PaymentFaults;
  /** @default Date.now */
  now?: () => number;
}

/** What paying a checkout needs. */
export interface PayCheckoutInput {
  checkoutId: string;
  /** The checkout's total, in cents. */
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
  method: PaymentMethodInput;
  /** The provider's customer of a signed-in shopper with a wallet. */
  customerId?: string;
  /** Where Stripe sends the shopper back after 3-D Secure. */
  returnUrl?: string;
}

/** How paying went (a decline throws PaymentDeclinedError, an unknown outcome PaymentUnavailableError). */
export type PayOutcome =
  | { kind: 'paid'; payment: RecordedPayment; orderId: number | null }
  | { kind: 'requires_action'; paymentRef: number; providerPaymentId: string; nextActionUrl: string | null; clientSecret: string | null };

/** A payment with its capture and refunds (the order page and the back office). */
export interface PaymentDetails {
  payment: PaymentRow;
  capture: repo.CaptureRow | null;
  refunds: RefundRow[];
  /** Captured minus refunded or being refunded: what may still be refunded. */
  refundableCents: number;
}

/** One difference between our records and the provider's. */
export interface ReconciliationDifference {
  kind: 'payment_without_order' | 'order_without_payment' | 'amount_differs' | 'refund_differs' | 'status_differs';
  orderId: number | null;
  providerPaymentId: string | null;
  /** Plain words for the operator. */
  detail: string;
}

/** The refusals the service answers itself. */
export const PAYMENT_ERRORS = {
  noPayment: 'This order has no payment to act on.',
  refundAmount: 'Enter a refund amount of at least 0.01.',
  refundTooLarge: (refundableCents: number) => `A refund can be at most ${(refundableCents / 100).toFixed(2)}: the amount captured less what was refunded.`,
  notCaptured: 'This payment is not captured: void it instead of refunding it.',
  captured: 'This payment is captured: refund it instead of voiding it.',
  amountChanged: 'The order total changed since this payment was authorised.',
} as const;

const SUCCEEDED = new Set(['authorised', 'captured']);

/** The service. */
export interface PaymentsService {
  readonly provider: PaymentProvider;
  /** The wallet's cards at the same provider (wallet.ts). */
  readonly wallet: WalletService;
  /**
   * Pays a checkout: creates (or finds again) the attempt, confirms it with the shopper's payment
   * method, and on success places the order through `placeOrderFromCheckout`. Safe to call again
   * after any failure: a second call never charges twice.
   */
  payCheckout(input: PayCheckoutInput): Promise<PayOutcome>;
  /**
   * The shopper is back from the provider (Stripe's return after the Payment Element or 3-D
   * Secure, with `payment_intent` in the address): the payment's state is read from the provider
   * and a success places the order, exactly once whatever the webhook did first. Undefined when
   * the payment is not one of this checkout's; `failed` with the provider's words when the
   * confirmation failed (the shopper may pay again); `pending` while the provider has no outcome.
   */
  resume(checkoutId: string, providerPaymentId: string): Promise<PayOutcome | { kind: 'failed'; message: string } | { kind: 'pending' } | undefined>;
  /** Applies a success the provider reported (idempotent). Answers the order id (null without `placeOrderFromCheckout`). */
  applySuccess(row: PaymentRow, p: ProviderPayment): Promise<{ payment: RecordedPayment; orderId: number | null }>;
  /** Records the order an attempt paid for (when the caller placed it itself). */
  attachOrder(paymentRef: number, orderId: number): Promise<void>;
  /** Verifies and applies one webhook delivery. Throws WebhookSignatureError for a bad one. */
  applyWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored'; type: string }>;
  /** Captures an order's authorised payment (fulfilment), all or `amountCents` of it. */
  capture(orderId: number, amountCents?: number): Promise<PaymentDetails>;
  /** Voids an order's payment that is not captured yet. */
  void(orderId: number): Promise<PaymentDetails>;
  /**
   * Refunds part of an order's captured payment. `requestKey` (the caller's id of the request, as
   * a back-office click's) makes a repeated request find its refund instead of making another.
   */
  refund(input: { orderId: number; amountCents: number; requestKey?: string; reason?: string }): Promise<RefundRow>;
  /** An order's payment with its capture and refunds, or undefined. */
  details(orderId: number): Promise<PaymentDetails | undefined>;
  /** Every difference between our orders and payments and the provider's payments created in [fromMs, toMs). */
  reconcile(fromMs: number, toMs: number): Promise<ReconciliationDifference[]>;
}

/**
 * Builds the service.
 * @example
 * const payments = createPaymentsService({ db, provider: createTestProvider(), placeOrderFromCheckout });
 * const outcome = await payments.payCheckout({ checkoutId, amountCents: 4599, currency: 'USD', method: { kind: 'method', id: 'pm_...' } });
 */
export function createPaymentsService(options: PaymentsServiceOptions): PaymentsService {
  const { db, provider } = options;
  const captureMethod = options.captureMethod ?? 'automatic';
  const clock = options.now ?? Date.now;
  const at = () => new Date(clock()).toISOString();
  const fault = async (call: Parameters<NonNullable<PaymentFaults['afterProviderCall']>>[0]) => await options.faults?.afterProviderCall?.(call);

  const recorded = (row: PaymentRow, p: ProviderPayment): RecordedPayment => ({
    paymentRef: row.id,
    checkoutId: row.checkoutId,
    provider: provider.name,
    providerPaymentId: p.id,
    status: p.status === 'captured' ? 'captured' : 'authorised',
    amountCents: p.amountCents,
    currency: p.currency.toUpperCase(),
    capturedCents: p.capturedCents,
    card: p.card ? { brand: p.card.brand, last4: p.card.last4 } : row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  });

  /** Writes what the provider reports of an attempt (its state and card; its capture once captured). */
  const syncState = async (row: PaymentRow, p: ProviderPayment): Promise<void> => {
    await db.transaction(async (tx) => {
      await repo.setProviderPaymentId(tx, row.id, p.id, at());
      await repo.updatePaymentState(tx, row.id, { status: p.status, cardBrand: p.card?.brand ?? null, cardLast4: p.card?.last4 ?? null, failureMessage: p.failureMessage, at: at() });
      if (p.status === 'captured' && p.capturedCents > 0) await repo.recordCapture(tx, row.id, p.captureId, p.capturedCents, at());
    });
  };

  /** Gives the money back for an attempt whose order cannot be placed. */
  const compensate = async (row: PaymentRow, p: ProviderPayment): Promise<void> => {
    if (p.status === 'captured') {
      // one compensation per payment (its request key): a second failure to place finds the first
      // refund, and so does one racing it (the shopper's request and the payment's webhook failing
      // to place at once: the second insert meets the key's unique index); the provider's call
      // below carries the refund's idempotency key, so both calling it refunds once
      const existing = await repo.refundByRequest(db, row.id, 'compensation');
      let refund: RefundRow;
      if (existing) refund = existing;
      else {
        try {
          refund = await repo.insertRefund(db, { paymentId: row.id, requestKey: 'compensation', providerRefundId: null, amountCents: p.capturedCents - p.refundedCents, status: 'pending', reason: 'the order could not be placed', at: at() });
        } catch (err) {
          const raced = isUniqueViolation(err) ? await repo.refundByRequest(db, row.id, 'compensation') : undefined;
          if (!raced) throw err;
          refund = raced;
        }
      }
      if (refund.status === 'pending') {
        const r = await provider.refund(p.id, refund.amountCents, refund.id, paymentKeys.refund(refund.id));
        await repo.updateRefund(db, refund.id, { status: r.status, providerRefundId: r.id, at: at() });
      }
    } else if (p.status === 'authorised') {
      await syncState(row, await provider.void(p.id, paymentKeys.void(row.id)));
    }
  };

  const applySuccess: PaymentsService['applySuccess'] = async (row, p) => {
    await syncState(row, p);
    const payment = recorded(row, p);
    const fresh = await repo.paymentById(db, row.id);
    if (fresh?.orderId != null) return { payment, orderId: fresh.orderId };
    if (!options.placeOrderFromCheckout) return { payment, orderId: null };
    let orderId: number;
    try {
      ({ orderId } = await options.placeOrderFromCheckout(row.checkoutId, payment));
    } catch (err) {
      // the checkout cannot become an order (stock gone, checkout gone): the shopper gets the money back
      if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500) await compensate(row, p);
      throw err;
    }
    await repo.attachOrder(db, row.id, orderId, at());
    return { payment, orderId };
  };

  /** The outcome of an attempt the provider reports on. */
  const settle = async (row: PaymentRow, p: ProviderPayment): Promise<PayOutcome | null> => {
    if (SUCCEEDED.has(p.status)) {
      const done = await applySuccess(row, p);
      return { kind: 'paid', ...done };
    }
    await syncState(row, p);
    if (p.status === 'requires_action') return { kind: 'requires_action', paymentRef: row.id, providerPaymentId: p.id, nextActionUrl: p.nextActionUrl, clientSecret: p.clientSecret };
    return null;
  };

  /** The attempt to confirm: the open one of the same amount, else a new one (the provider's payment created or found again). */
  const attemptFor = async (input: PayCheckoutInput, depth = 0): Promise<{ row: PaymentRow; p: ProviderPayment | null; outcome: PayOutcome | null }> => {
    const currency = input.currency.toLowerCase();
    const last = await repo.latestAttempt(db, input.checkoutId);
    if (last?.providerPaymentId && last.status !== 'canceled') {
      // whatever happened last time (a timeout, a 500, a crash after the provider's answer), the provider knows
      let p: ProviderPayment;
      try {
        p = await provider.retrieve(last.providerPaymentId);
      } catch (err) {
        if (!(err instanceof PaymentRequestError && err.code === 'resource_missing')) throw err;
        // the provider has no such payment: the test provider's ledger after a restart (it keeps
        // its payments in memory), where nothing exists under it any more, even one our record says
        // was captured (a crash between the capture and the order): the attempt is closed whatever
        // its state and a new one made. (Closed with the state guard of updatePaymentState, a
        // captured attempt stayed captured and the retry asked again forever: the crash drill's
        // retried orders hung.) A real provider that no longer knows a payment we recorded as
        // captured (the keys of another account?) is never paid again over it: the shopper is
        // asked to try later while an operator looks.
        if (last.status === 'captured' && provider.name !== 'test') {
          throw new PaymentUnavailableError(`The payment ${last.providerPaymentId} recorded as captured is unknown to ${provider.name}.`, err);
        }
        await repo.closeVanishedAttempt(db, last.id, err.message, at());
        if (depth > 2) throw new Error(`attempt ${last.id} of checkout ${input.checkoutId} could not be closed`);
        return await attemptFor(input, depth + 1);
      }
      const same = p.amountCents === input.amountCents && p.currency === currency;
      // a saved card is paid on its customer's payment: one made without it (a new card tried first) cannot take it
      const sameCustomer = input.customerId === undefined || p.customerId === input.customerId;
      if (SUCCEEDED.has(p.status) && same) return { row: last, p, outcome: await settle(last, p) };
      if (SUCCEEDED.has(p.status) || (p.status !== 'canceled' && !(same && sameCustomer))) {
        // the checkout (or the customer paying) changed since this attempt: it is let go and a new one made
        if (p.status === 'captured') await compensate(last, p);
        else await syncState(last, await provider.void(p.id, paymentKeys.void(last.id)));
      } else if (p.status === 'requires_action') {
        return { row: last, p, outcome: await settle(last, p) };
      } else if (p.status !== 'canceled') {
        await syncState(last, p);
        return { row: last, p, outcome: null };
      } else await syncState(last, p);
    }
    let row = last && !last.providerPaymentId && last.status !== 'canceled' && last.amountCents === input.amountCents && last.currency === currency ? last : undefined;
    if (!row) {
      try {
        row = await repo.insertAttempt(db, { checkoutId: input.checkoutId, provider: provider.name, captureMethod, amountCents: input.amountCents, currency, at: at() });
      } catch (err) {
        // a second submit at the same moment wrote the same attempt first: that one is continued
        if (!isUniqueViolation(err) || depth > 2) throw err;
        return await attemptFor(input, depth + 1);
      }
    }
    // the same key as any earlier try of this row: a create that answered before a crash answers the same payment
    let p: ProviderPayment;
    try {
      p = await provider.createPayment(
        { amountCents: input.amountCents, currency, captureMethod: row.captureMethod, checkoutId: input.checkoutId, paymentRef: row.id, ...(input.customerId ? { customerId: input.customerId } : {}) },
        paymentKeys.create(row.id),
      );
    } catch (err) {
      // a 5xx answer stays the answer of this key at the provider: the attempt is closed, so the
      // shopper's next try makes a new one under a new key (nothing was confirmed under this one,
      // so no money moved; a payment the provider made anyway is never confirmed)
      if (err instanceof PaymentUnavailableError && err.answered) {
        await repo.updatePaymentState(db, row.id, { status: 'canceled', cardBrand: null, cardLast4: null, failureMessage: err.message, at: at() });
      }
      throw err;
    }
    await fault('create');
    await repo.setProviderPaymentId(db, row.id, p.id, at());
    return { row: { ...row, providerPaymentId: p.id }, p, outcome: null };
  };

  const details = async (orderId: number): Promise<PaymentDetails | undefined> => {
    const payment = await repo.paymentOfOrder(db, orderId);
    if (!payment) return undefined;
    const capture = (await repo.captureOf(db, payment.id)) ?? null;
    const refunds = await repo.refundsOf(db, payment.id);
    const pending = refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amountCents, 0);
    return { payment, capture, refunds, refundableCents: Math.max(0, (capture?.amountCents ?? 0) - pending) };
  };

  const orderPayment = async (orderId: number): Promise<PaymentRow & { providerPaymentId: string }> => {
    const row = await repo.paymentOfOrder(db, orderId);
    if (!row?.providerPaymentId) throw new HttpError(404, PAYMENT_ERRORS.noPayment);
    return row as PaymentRow & { providerPaymentId: string };
  };

  /** Writes what the provider said of a refund: ours (by its metadata), or one made elsewhere. */
  const syncRefund = async (r: ProviderRefund): Promise<void> => {
    const ours = r.refundRef !== null ? await repo.refundById(db, r.refundRef) : await repo.refundByProviderId(db, r.id);
    if (ours) {
      await repo.updateRefund(db, ours.id, { status: r.status, providerRefundId: r.id, at: at() });
      return;
    }
    const payment = await repo.paymentByProviderId(db, provider.name, r.paymentId);
    if (!payment) return;
    try {
      await repo.insertRefund(db, { paymentId: payment.id, requestKey: null, providerRefundId: r.id, amountCents: r.amountCents, status: r.status, reason: 'made at the provider', at: at() });
    } catch (err) {
      // two deliveries of one refund at once: the other wrote it
      if (!(await repo.refundByProviderId(db, r.id))) throw err;
    }
  };

  return {
    provider,
    wallet: createWalletService({ db, provider, now: clock, ...(options.faults ? { faults: { afterProviderCall: async (call) => await fault(call) } } : {}) }),
    applySuccess,
    async payCheckout(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new HttpError(422, 'The amount to pay must be a whole number of cents above 0.');
      if (!/^[A-Za-z]{3}$/.test(input.currency)) throw new HttpError(422, 'The currency must be a 3-letter ISO code.');
      const paid = await repo.paidAttempt(db, input.checkoutId);
      if (paid?.providerPaymentId) {
        const p = await provider.retrieve(paid.providerPaymentId);
        return { kind: 'paid', payment: recorded(paid, p), orderId: paid.orderId };
      }
      const { row, outcome } = await attemptFor(input);
      if (outcome) return outcome;
      const providerPaymentId = row.providerPaymentId;
      if (!providerPaymentId) throw new Error('attempt without a provider payment');
      // counted (and committed) before it is sent: a confirmation that failed for sure is retried
      // under a new key, never under the key of one whose outcome is unknown (that one is retrieved)
      const tries = await repo.nextConfirmTry(db, row.id, at());
      let p: ProviderPayment;
      try {
        p = await provider.authorise(providerPaymentId, input.method, paymentKeys.confirm(row.id, tries), input.returnUrl ? { returnUrl: input.returnUrl } : {});
      } catch (err) {
        if (err instanceof PaymentDeclinedError) {
          await repo.updatePaymentState(db, row.id, { status: 'failed', cardBrand: null, cardLast4: null, failureMessage: err.message, at: at() });
        } else if (err instanceof PaymentRequestError) {
          // refused as it stands (confirmed meanwhile by a second submit, say): the provider's state decides
          const now = await provider.retrieve(providerPaymentId);
          const outcome = await settle(row, now);
          if (outcome) return outcome;
        }
        throw err;
      }
      await fault('authorise');
      const settled = await settle(row, p);
      if (settled) return settled;
      throw new PaymentDeclinedError(p.failureMessage ?? 'Your card was declined.', 'card_declined');
    },
    async resume(checkoutId, providerPaymentId) {
      const row = await repo.paymentByProviderId(db, provider.name, providerPaymentId);
      if (row?.checkoutId !== checkoutId) return undefined;
      const p = await provider.retrieve(providerPaymentId);
      if (row.orderId !== null) return { kind: 'paid', payment: recorded(row, p), orderId: row.orderId };
      const outcome = await settle(row, p);
      if (outcome) return outcome;
      if (p.status === 'failed') return { kind: 'failed', message: p.failureMessage ?? 'Your card was declined.' };
      return { kind: 'pending' };
    },
    async attachOrder(paymentRef, orderId) {
      await repo.attachOrder(db, paymentRef, orderId, at());
    },
    async applyWebhook(rawBody, signature) {
      const event = provider.parseWebhook(rawBody, signature);
      if (await repo.eventApplied(db, provider.name, event.id)) return { outcome: 'duplicate', type: event.type };
      let applied = false;
      if (event.type.startsWith('payment_intent.') && event.paymentId) {
        // the event's own copy may be older than others already applied (late, out of order): the
        // provider's current state is what is applied
        const p = await provider.retrieve(event.paymentId);
        let row = await repo.paymentByProviderId(db, provider.name, p.id);
        if (!row && p.paymentRef !== null) {
          // created at the provider, and the process died before it wrote the provider's id
          const byRef = await repo.paymentById(db, p.paymentRef);
          if (byRef && byRef.checkoutId === p.checkoutId && byRef.provider === provider.name) row = byRef;
        }
        if (row) {
          await settle(row, p);
          applied = true;
        }
      } else if (event.refund) {
        await syncRefund(event.refund);
        applied = true;
      }
      await repo.recordEvent(db, provider.name, event.id, event.type, at());
      return { outcome: applied ? 'applied' : 'ignored', type: event.type };
    },
    async capture(orderId, amountCents) {
      const row = await orderPayment(orderId);
      if (row.status !== 'captured') {
        const p = await provider.capture(row.providerPaymentId, amountCents, paymentKeys.capture(row.id));
        await fault('capture');
        await syncState(row, p);
      }
      const out = await details(orderId);
      if (!out) throw new HttpError(404, PAYMENT_ERRORS.noPayment);
      return out;
    },
    async void(orderId) {
      const row = await orderPayment(orderId);
      if (row.status === 'captured') throw new HttpError(409, PAYMENT_ERRORS.captured);
      if (row.status !== 'canceled') {
        const p = await provider.void(row.providerPaymentId, paymentKeys.void(row.id));
        await fault('void');
        await syncState(row, p);
      }
      const out = await details(orderId);
      if (!out) throw new HttpError(404, PAYMENT_ERRORS.noPayment);
      return out;
    },
    async refund(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new HttpError(422, PAYMENT_ERRORS.refundAmount);
      const row = await orderPayment(input.orderId);
      // the check and the pending row in one transaction, the payment's row locked: two refunds at
      // once cannot both pass the check
      const refund = await db.transaction(async (tx) => {
        const locked = await repo.lockPayment(tx, row.id);
        if (!locked) throw new HttpError(404, PAYMENT_ERRORS.noPayment);
        if (input.requestKey !== undefined) {
          const earlier = await repo.refundByRequest(tx, row.id, input.requestKey);
          if (earlier) return earlier;
        }
        if (locked.status !== 'captured') throw new HttpError(409, PAYMENT_ERRORS.notCaptured);
        const captured = (await repo.captureOf(tx, row.id))?.amountCents ?? 0;
        const refundable = captured - (await repo.refundedOrPendingCents(tx, row.id));
        if (input.amountCents > refundable) throw new HttpError(422, PAYMENT_ERRORS.refundTooLarge(Math.max(0, refundable)));
        return await repo.insertRefund(tx, {
          paymentId: row.id, requestKey: input.requestKey ?? null, providerRefundId: null, amountCents: input.amountCents, status: 'pending', reason: input.reason ?? null, at: at(),
        });
      });
      if (refund.status !== 'pending') return refund;
      let r: ProviderRefund;
      try {
        // a refund retried (same request key) is sent under the same key: the provider answers the first
        r = await provider.refund(row.providerPaymentId, refund.amountCents, refund.id, paymentKeys.refund(refund.id));
      } catch (err) {
        if (err instanceof PaymentRequestError || err instanceof PaymentDeclinedError) {
          await repo.updateRefund(db, refund.id, { status: 'failed', providerRefundId: null, at: at() });
          throw new HttpError(409, err.message);
        }
        throw err;
      }
      await fault('refund');
      await repo.updateRefund(db, refund.id, { status: r.status, providerRefundId: r.id, at: at() });
      return (await repo.refundById(db, refund.id)) ?? refund;
    },
    details,
    async reconcile(fromMs, toMs) {
      const from = new Date(fromMs).toISOString();
      const to = new Date(toMs).toISOString();
      const theirs = (await provider.listPayments(fromMs, toMs)).filter((p) => SUCCEEDED.has(p.status));
      const orders = await repo.ordersCreatedBetween(db, from, to);
      const ours = new Map<number, PaymentRow>();
      for (const p of await repo.paymentsOfOrders(db, orders.map((o) => o.id))) if (p.orderId !== null) ours.set(p.orderId, p);
      const byProviderId = new Map<string, PaymentRow>();
      for (const p of [...ours.values(), ...await repo.paymentsCreatedBetween(db, provider.name, from, to)]) if (p.providerPaymentId) byProviderId.set(p.providerPaymentId, p);
      const ids = [...byProviderId.values()].map((p) => p.id);
      const refunded = await repo.refundedCentsOf(db, ids);
      const captured = await repo.capturedCentsOf(db, ids);
      const diffs: ReconciliationDifference[] = [];
      const seen = new Set<string>();
      const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
      for (const p of theirs) {
        seen.add(p.id);
        const row = byProviderId.get(p.id);
        if (!row?.orderId) {
          diffs.push({ kind: 'payment_without_order', orderId: null, providerPaymentId: p.id, detail: `${provider.name} payment ${p.id} of ${money(p.amountCents, p.currency)} (checkout ${p.checkoutId ?? 'unknown'}) has no order` });
          continue;
        }
        const order = orders.find((o) => o.id === row.orderId);
        if (order && (order.totalCents !== p.amountCents || order.currency.toLowerCase() !== p.currency.toLowerCase())) {
          diffs.push({ kind: 'amount_differs', orderId: order.id, providerPaymentId: p.id, detail: `order ${order.id} totals ${money(order.totalCents, order.currency)}; ${provider.name} payment ${p.id} is ${money(p.amountCents, p.currency)}` });
        }
        if (row.status !== p.status || (captured.get(row.id) ?? 0) !== p.capturedCents) {
          diffs.push({ kind: 'status_differs', orderId: row.orderId, providerPaymentId: p.id, detail: `payment ${p.id} is ${row.status} (captured ${money(captured.get(row.id) ?? 0, p.currency)}) here and ${p.status} (captured ${money(p.capturedCents, p.currency)}) at ${provider.name}` });
        }
        if ((refunded.get(row.id) ?? 0) !== p.refundedCents) {
          diffs.push({ kind: 'refund_differs', orderId: row.orderId, providerPaymentId: p.id, detail: `payment ${p.id}: ${money(refunded.get(row.id) ?? 0, p.currency)} refunded here, ${money(p.refundedCents, p.currency)} at ${provider.name}` });
        }
      }
      for (const order of orders) {
        const row = ours.get(order.id);
        if (!row?.providerPaymentId || !seen.has(row.providerPaymentId)) {
          // an order recorded with a payment made outside the range is checked with that payment itself
          const p = row?.providerPaymentId ? await provider.retrieve(row.providerPaymentId).catch(() => null) : null;
          if (p && SUCCEEDED.has(p.status)) continue;
          diffs.push({ kind: 'order_without_payment', orderId: order.id, providerPaymentId: row?.providerPaymentId ?? null, detail: `order ${order.id} of ${money(order.totalCents, order.currency)} has no ${provider.name} payment that succeeded` });
        }
      }
      return diffs;
    },
  };
}

/** What a Stripe webhook delivery came to: applied (or a duplicate, or ignored), or refused and why. */
export type StripeWebhookAnswer =
  | { refused: null; outcome: 'applied' | 'duplicate' | 'ignored'; type: string }
  /** This store does not take Stripe payments. */
  | { refused: 'provider' }
  /** The signature is missing, wrong or too old; `reason` is the provider's word for it (logged). */
  | { refused: 'signature'; reason: string };

/**
 * Receives a delivery at the Stripe webhook endpoint: refused when the store's provider is not
 * Stripe or when the signature does not hold, else applied once ({@link PaymentsService.applyWebhook}).
 * Any other failure (the provider unreachable while the event is applied) is thrown, so the
 * delivery answers 5xx and Stripe sends it again later.
 */
export async function receiveStripeWebhook(service: PaymentsService, rawBody: Buffer, signature: string | undefined): Promise<StripeWebhookAnswer> {
  if (service.provider.name !== 'stripe') return { refused: 'provider' };
  try {
    const { outcome, type } = await service.applyWebhook(rawBody, signature);
    return { refused: null, outcome, type };
  } catch (err) {
    if (err instanceof WebhookSignatureError) return { refused: 'signature', reason: err.message };
    throw err;
  }
}
