/**
 * The `test` adapter of the payment port: the default with no configuration, so `npm start` takes
 * test cards with no account anywhere. It decides by itself, as the hosted checkout always did:
 * a card number must pass the Luhn check and be in date, a security code is 3 or 4 digits, and
 * 4000 0000 0000 0002 is declined.
 *
 * It stands for an outside provider, so it keeps its own ledger (in this process's memory, as a
 * provider's is out of ours): the store's record is the payments table. Calls with an
 * idempotency key answer what the key answered first, as Stripe does; a key reused with other
 * parameters is refused.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../platform/http/canonical-json.ts';
import { cardBrand, expiryValid, luhnValid } from '../../../domain/payment-card.ts';
import {
  PaymentDeclinedError, PaymentRequestError, WebhookSignatureError,
  type CardSetup, type CreatePaymentInput, type PaymentCard, type PaymentMethodInput, type PaymentProvider, type ProviderEvent, type ProviderPayment,
  type ProviderRefund, type WalletCard,
} from './provider.ts';

/** The test card number that is always declined. */
export const TEST_DECLINED_CARD = '4000000000000002';

/** The test provider's refusals: the hosted checkout's own texts. */
export const TEST_CARD_ERRORS = {
  card: 'Enter a valid test card number.',
  expiry: 'Your card has expired or the expiry date is invalid.',
  cvc: 'Enter the 3 or 4 digit security code.',
  declined: 'Your card was declined.',
} as const;

/** The test provider: the port, and its own card form's tokenizer. */
export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /**
   * Turns a typed test card into a payment method of the test provider's wallet (what the
   * add-card page keeps as the saved card's token), or throws its refusal.
   */
  tokenize(card: Extract<PaymentMethodInput, { kind: 'card' }>): WalletCard;
}

/** Options of {@link createTestProvider}. */
export interface TestProviderOptions {
  /** The clock (card expiry, creation times). @default Date.now */
  now?: () => number;
}

interface Entry {
  payment: ProviderPayment;
  refunds: ProviderRefund[];
}

/**
 * Checks a typed test card and answers what a receipt shows, or throws the decline.
 * @example
 * testCard({ kind: 'card', number: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' }, Date.now());
 * // { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099 }
 */
export function testCard(method: Extract<PaymentMethodInput, { kind: 'card' }>, nowMs: number): PaymentCard {
  const digits = method.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) throw new PaymentDeclinedError(TEST_CARD_ERRORS.card, 'incorrect_number');
  const month = Number(method.expMonth);
  let year = Number(method.expYear);
  if (year >= 0 && year < 100) year += 2000;
  if (!expiryValid(month, year, nowMs)) throw new PaymentDeclinedError(TEST_CARD_ERRORS.expiry, 'expired_card');
  if (!/^\d{3,4}$/.test(method.cvc)) throw new PaymentDeclinedError(TEST_CARD_ERRORS.cvc, 'incorrect_cvc');
  if (digits === TEST_DECLINED_CARD) throw new PaymentDeclinedError(TEST_CARD_ERRORS.declined, 'card_declined');
  return { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: month, expYear: year };
}

/**
 * Creates the test provider.
 * @example
 * const provider = createTestProvider();
 * const p = await provider.createPayment({ amountCents: 1999, currency: 'usd', captureMethod: 'automatic', checkoutId, paymentRef: 1 }, paymentKeys.create(1));
 */
export function createTestProvider(options: TestProviderOptions = {}): TestProvider {
  const now = options.now ?? Date.now;
  const ledger = new Map<string, Entry>();
  const keys = new Map<string, { hash: string; outcome: { ok: unknown } | { err: Error } }>();
  const wallet = new Map<string, { customer: string | null; card: WalletCard }>();
  const setups = new Map<string, CardSetup>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  /** Runs a call once per key: a repeat answers (or throws) what the first did. */
  const once = async <T>(key: string, params: unknown, run: () => T): Promise<T> => {
    const hash = createHash('sha256').update(canonicalJson(params)).digest('hex');
    const seen = keys.get(key);
    if (seen) {
      if (seen.hash !== hash) throw new PaymentRequestError(`Idempotency key ${key} was used with other parameters.`, 'idempotency_error');
      if ('err' in seen.outcome) throw seen.outcome.err;
      return structuredClone(seen.outcome.ok) as T;
    }
    try {
      const ok = run();
      keys.set(key, { hash, outcome: { ok: structuredClone(ok) } });
      return ok;
    } catch (err) {
      // a decline is the call's answer (a repeat is declined again); a refused request is not stored
      if (err instanceof PaymentDeclinedError) keys.set(key, { hash, outcome: { err } });
      throw err;
    }
  };
  const entry = (paymentId: string): Entry => {
    const found = ledger.get(paymentId);
    if (!found) throw new PaymentRequestError(`No such payment: ${paymentId}`, 'resource_missing');
    return found;
  };
  const copy = (p: ProviderPayment): ProviderPayment => ({ ...p, card: p.card ? { ...p.card } : null });

  return {
    name: 'test',
    publishableKey: null,
    async createPayment(input: CreatePaymentInput, key) {
      return await once(key, { op: 'create', ...input }, () => {
        const payment: ProviderPayment = {
          id: id('tp'), status: 'created', amountCents: input.amountCents, currency: input.currency, capturedCents: 0, refundedCents: 0,
          captureMethod: input.captureMethod, captureId: null, card: null, clientSecret: null, nextActionUrl: null, failureMessage: null,
          customerId: input.customerId ?? null, checkoutId: input.checkoutId, paymentRef: input.paymentRef, createdAt: new Date(now()).toISOString(),
        };
        ledger.set(payment.id, { payment, refunds: [] });
        return copy(payment);
      });
    },
    async authorise(paymentId, method, key) {
      return await once(key, { op: 'authorise', paymentId, method }, () => {
        const { payment } = entry(paymentId);
        if (payment.status !== 'created' && payment.status !== 'failed') {
          throw new PaymentRequestError(`Payment ${paymentId} is ${payment.status}: it cannot be confirmed.`, 'payment_intent_unexpected_state');
        }
        let card: PaymentCard | null;
        try {
          card = method.kind === 'card' ? testCard(method, now()) : (wallet.get(method.id)?.card ?? null);
        } catch (err) {
          payment.status = 'failed';
          payment.failureMessage = (err as Error).message;
          throw err;
        }
        payment.card = card;
        payment.failureMessage = null;
        if (payment.captureMethod === 'automatic') {
          payment.status = 'captured';
          payment.capturedCents = payment.amountCents;
          payment.captureId = id('tch');
        } else payment.status = 'authorised';
        return copy(payment);
      });
    },
    async capture(paymentId, amountCents, key) {
      return await once(key, { op: 'capture', paymentId, amountCents }, () => {
        const { payment } = entry(paymentId);
        if (payment.status !== 'authorised') throw new PaymentRequestError(`Payment ${paymentId} is ${payment.status}: it cannot be captured.`, 'payment_intent_unexpected_state');
        const amount = amountCents ?? payment.amountCents;
        if (!Number.isInteger(amount) || amount < 1 || amount > payment.amountCents) throw new PaymentRequestError('The amount to capture is above the amount authorised.', 'amount_too_large');
        payment.status = 'captured';
        payment.capturedCents = amount;
        payment.captureId = id('tch');
        return copy(payment);
      });
    },
    async void(paymentId, key) {
      return await once(key, { op: 'void', paymentId }, () => {
        const { payment } = entry(paymentId);
        if (payment.status === 'captured') throw new PaymentRequestError(`Payment ${paymentId} is captured: refund it instead.`, 'payment_intent_unexpected_state');
        payment.status = 'canceled';
        return copy(payment);
      });
    },
    async refund(paymentId, amountCents, refundRef, key) {
      return await once(key, { op: 'refund', paymentId, amountCents, refundRef }, () => {
        const found = entry(paymentId);
        const { payment } = found;
        if (payment.status !== 'captured') throw new PaymentRequestError(`Payment ${paymentId} is not captured.`, 'charge_not_captured');
        if (!Number.isInteger(amountCents) || amountCents < 1 || payment.refundedCents + amountCents > payment.capturedCents) {
          throw new PaymentRequestError('Refund amount is greater than the unrefunded amount.', 'amount_too_large');
        }
        payment.refundedCents += amountCents;
        const refund: ProviderRefund = { id: id('tre'), paymentId, amountCents, status: 'succeeded', refundRef };
        found.refunds.push(refund);
        return { ...refund };
      });
    },
    async retrieve(paymentId) {
      return copy(entry(paymentId).payment);
    },
    async listPayments(fromMs, toMs) {
      return [...ledger.values()]
        .map((e) => e.payment)
        .filter((p) => Date.parse(p.createdAt) >= fromMs && Date.parse(p.createdAt) < toMs)
        .map(copy);
    },
    parseWebhook(): ProviderEvent {
      // the test provider decides synchronously: nothing is ever delivered later
      throw new WebhookSignatureError('The test provider sends no webhooks.');
    },
    tokenize(card) {
      const saved: WalletCard = { id: id('tpm'), ...testCard(card, now()) };
      wallet.set(saved.id, { customer: null, card: saved });
      return { ...saved };
    },
    async createCustomer(customerRef, email, key) {
      return await once(key, { op: 'customer', customerRef, email }, () => ({ id: `tcus_${customerRef}` }));
    },
    async setupCard(input, key) {
      return await once(key, { op: 'setup', ...input }, () => {
        const saved = wallet.get(input.methodId);
        if (!saved) throw new PaymentRequestError(`No such payment method: ${input.methodId}`, 'resource_missing');
        if (saved.customer !== null && saved.customer !== input.customerId) throw new PaymentRequestError('The payment method belongs to another customer.', 'payment_method_unexpected_state');
        saved.customer = input.customerId;
        const setup: CardSetup = {
          id: id('tset'), status: 'succeeded', customerId: input.customerId, customerRef: input.customerRef, card: { ...saved.card },
          clientSecret: null, nextActionUrl: null, failureMessage: null,
        };
        setups.set(setup.id, setup);
        return structuredClone(setup);
      });
    },
    async retrieveSetup(setupId) {
      const setup = setups.get(setupId);
      if (!setup) throw new PaymentRequestError(`No such setup: ${setupId}`, 'resource_missing');
      return structuredClone(setup);
    },
    async retrieveCard(methodId) {
      const saved = wallet.get(methodId);
      if (!saved) throw new PaymentRequestError(`No such payment method: ${methodId}`, 'resource_missing');
      return { card: { ...saved.card }, customerId: saved.customer };
    },
    async attachCard(customerId, methodId, key) {
      return await once(key, { op: 'attach', customerId, methodId }, () => {
        const saved = wallet.get(methodId);
        if (!saved) throw new PaymentRequestError(`No such payment method: ${methodId}`, 'resource_missing');
        saved.customer = customerId;
        return { ...saved.card };
      });
    },
    async listCards(customerId) {
      return [...wallet.values()].filter((w) => w.customer === customerId).map((w) => ({ ...w.card }));
    },
    async detachCard(methodId, key) {
      await once(key, { op: 'detach', methodId }, () => {
        const saved = wallet.get(methodId);
        if (saved) saved.customer = null;
        return null;
      });
    },
  };
}
