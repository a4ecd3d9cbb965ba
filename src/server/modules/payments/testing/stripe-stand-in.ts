/**
 * A local stand-in for the part of Stripe's HTTP API the `stripe` adapter uses, so the adapter
 * runs against the official library with no network: PaymentIntents (create, retrieve, list,
 * confirm, capture, cancel), Refunds (create), Customers (create, retrieve), SetupIntents (create,
 * retrieve, confirm, cancel: a succeeded one attaches its payment method to its customer) and
 * PaymentMethods (retrieve, attach, detach, list). A payment method attached to a customer is
 * used only on that customer's intents; a detached one is never used again, as Stripe rules. It listens on 127.0.0.1 on a free port; point the library at
 * it with its `host`, `port` and `protocol` options (or STRIPE_API_URL).
 *
 * It checks requests as Stripe documents them: a `sk_test_` key, form-encoded bodies with bracket
 * notation, unknown and missing parameters refused, amounts as integer cents, and Idempotency-Key
 * replay (the same key with the same parameters answers the stored answer, 500s and declines
 * included; the same key with other parameters answers 400 idempotency_error; a request that
 * failed validation stores nothing).
 *
 * Controls: fail the next calls with 500 (before or after doing the work), time out (do the work,
 * then never answer in time), decline, require 3-D Secure (payments and card setups), and hold webhooks to deliver them late,
 * twice or out of order. Webhooks are signed with the library's own `generateTestHeaderString`,
 * so the receiver's real `constructEvent` check runs. `charges` counts the money taken, with the
 * idempotency key of the call that took it.
 *
 * Test and benchmark code only: the store never imports it.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Stripe from 'stripe';

type Params = { [key: string]: string | Params | (string | Params)[] };
type Json = Record<string, unknown>;

/** Where webhooks go: answers the receiver's HTTP status. */
export type WebhookSink = (payload: string, signatureHeader: string) => Promise<number>;

/** Options of {@link startStripeStandIn}. */
export interface StandInOptions {
  /** The webhook endpoint's signing secret. @default 'whsec_standin' */
  webhookSecret?: string;
  /** Where webhooks are delivered. @default none (events are only recorded) */
  webhookSink?: WebhookSink;
  /** The clock (creation times). @default Date.now */
  now?: () => number;
}

/** A charge that took money. */
export interface StandInCharge {
  paymentIntent: string;
  charge: string;
  amount: number;
  /** The Idempotency-Key of the request that took it. */
  idempotencyKey: string | null;
}

/** A stand-in event and what its deliveries answered. */
export interface StandInEvent {
  id: string;
  type: string;
  payload: string;
  deliveries: number[];
}

/** The running stand-in. */
export interface StripeStandIn {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  readonly webhookSecret: string;
  /** Money taken, in order: one entry per capture (automatic or manual). */
  readonly charges: readonly StandInCharge[];
  /**
   * Every request answered: method, path, key, status, whether replayed, and the stand-in's own
   * handling time in milliseconds (from the first byte read to the answer written: what
   * Stripe's side costs, which a benchmark subtracts to find the adapter's own time).
   */
  readonly requests: readonly { method: string; path: string; idempotencyKey: string | null; status: number; replayed: boolean; ms: number }[];
  /** Every event, in the order it happened. */
  readonly events: readonly StandInEvent[];
  /** The next `count` POSTs whose path matches answer 500; with `after`, the work is done first. */
  failNext(options?: { count?: number; path?: RegExp; after?: boolean }): void;
  /** The next POST whose path matches does its work, then answers only after `ms` (past the client's timeout). */
  timeoutNext(options?: { path?: RegExp; ms?: number }): void;
  /** The next confirmation is declined, whatever the card. */
  declineNext(): void;
  /** The next confirmation needs 3-D Secure (status requires_action). */
  requireActionNext(): void;
  /** The shopper finishes (or fails) 3-D Secure on a payment waiting for it. */
  completeAction(paymentIntentId: string, succeed?: boolean): Promise<void>;
  /** The shopper finishes (or fails) 3-D Secure on a card setup waiting for it (success attaches the card). */
  completeSetupAction(setupIntentId: string, succeed?: boolean): Promise<void>;
  /** `auto` delivers each event as it happens; `hold` keeps them for {@link StripeStandIn.deliverHeld}. */
  setWebhookMode(mode: 'auto' | 'hold'): void;
  setWebhookSink(sink: WebhookSink | undefined): void;
  /** Delivers the held events (in order, reversed, each twice), and answers the receiver's statuses. */
  deliverHeld(options?: { reverse?: boolean; twice?: boolean }): Promise<number[]>;
  /** Delivers one recorded event again. */
  redeliver(eventId: string): Promise<number>;
  /** A signature header for a payload (tests of bad signatures: another secret, an old timestamp). */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  /** The stored PaymentIntent, as Stripe would answer it. */
  paymentIntent(id: string): Json | undefined;
  /**
   * A PaymentMethod made as the browser's Payment Element makes one (with the publishable key,
   * never through the store), from one of Stripe's test payment methods (pm_card_visa ...): its
   * own pm_... id, as the page then posts it.
   */
  browserPaymentMethod(testMethod: string): string;
  /** The stored SetupIntent, as Stripe would answer it. */
  setupIntent(id: string): Json | undefined;
  /** A payment method as Stripe would answer it (its `customer` says where it is attached). */
  paymentMethod(id: string): Json | undefined;
  /** The payment methods attached to a customer. */
  customerMethods(customerId: string): Json[];
  /** Sets a PaymentIntent's `created` time (seconds), for reconciliation ranges. */
  setCreated(id: string, seconds: number): void;
  close(): Promise<void>;
}

/** Stripe's magic test payment methods the stand-in knows. */
const TEST_CARDS: Record<string, { brand: string; last4: string; behaviour: 'ok' | 'decline' | 'action' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'ok' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'ok' },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: 'ok' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: 'action' },
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    /** Whether Stripe stores it under the Idempotency-Key (work started) or not (validation). */
    readonly stored: boolean,
  ) {
    super(String((body.error as Json | undefined)?.message ?? 'error'));
  }
}

const invalid = (message: string, code: string, param?: string): StripeFailure =>
  new StripeFailure(400, { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } }, false);
const missing = (id: string, param = 'id'): StripeFailure =>
  new StripeFailure(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param } }, false);

/**
 * Parses a form body or query string with Stripe's bracket notation
 * (`metadata[checkout_id]=x`, `expand[0]=latest_charge`, `created[gte]=1`).
 * @example
 * parseStripeForm('amount=100&metadata[a]=b&expand[0]=x'); // { amount: '100', metadata: { a: 'b' }, expand: ['x'] }
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) throw invalid(`Invalid parameter name: ${rawKey}`, 'parameter_invalid');
    const path = [m[1]!, ...[...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
    let node: Params = root;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i]!;
      node[k] ??= {};
      const next = node[k];
      if (typeof next === 'string') throw invalid(`Invalid parameter: ${rawKey}`, 'parameter_invalid');
      node = next as Params;
    }
    node[path[path.length - 1]!] = value;
  }
  // objects whose keys are 0..n-1 (or empty brackets) are arrays
  const arrays = (p: Params): Params => {
    for (const [k, v] of Object.entries(p)) {
      if (typeof v !== 'object' || Array.isArray(v)) continue;
      const child = arrays(v);
      const keys = Object.keys(child);
      p[k] = keys.length > 0 && keys.every((key, i) => key === String(i) || key === '') ? Object.values(child) as (string | Params)[] : child;
    }
    return p;
  };
  return arrays(root);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? 'whsec_standin';
  const now = options.now ?? Date.now;
  const signer = new Stripe('sk_test_standin');
  let sink = options.webhookSink;
  let webhookMode: 'auto' | 'hold' = 'auto';
  const held: StandInEvent[] = [];
  const events: StandInEvent[] = [];
  const charges: StandInCharge[] = [];
  const requests: { method: string; path: string; idempotencyKey: string | null; status: number; replayed: boolean; ms: number }[] = [];
  const intents = new Map<string, Json>();
  const setups = new Map<string, Json>();
  const chargesById = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const keys = new Map<string, { route: string; hash: string; status: number; body: Json }>();
  const inFlight = new Set<string>();
  let failures: { count: number; path: RegExp; after: boolean }[] = [];
  let timeouts: { path: RegExp; ms: number }[] = [];
  let declineNext = false;
  let actionNext = false;
  const pending = new Set<NodeJS.Timeout>();

  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const seconds = () => Math.floor(now() / 1000);

  const sign = (payload: string, o: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret, ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}) });
  const deliver = async (event: StandInEvent): Promise<number> => {
    if (!sink) return 0;
    const status = await sink(event.payload, sign(event.payload)).catch(() => 0);
    event.deliveries.push(status);
    return status;
  };
  const emit = (type: string, object: Json): void => {
    const event = {
      id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: seconds(), livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) },
    };
    const e: StandInEvent = { id: event.id, type, payload: JSON.stringify(event, null, 2), deliveries: [] };
    events.push(e);
    if (webhookMode === 'hold') held.push(e);
    else setImmediate(() => void deliver(e));
  };

  // ---------------------------------------------------------------- parameters

  const allow = (params: Params, names: readonly string[]) => {
    for (const k of Object.keys(params)) if (!names.includes(k)) throw invalid(`Received unknown parameter: ${k}`, 'parameter_unknown', k);
  };
  const str = (params: Params, name: string): string | undefined => {
    const v = params[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw invalid(`Invalid string: ${name}`, 'parameter_invalid_string', name);
    return v;
  };
  const required = (params: Params, name: string): string => {
    const v = str(params, name);
    if (v === undefined || v === '') throw invalid(`Missing required param: ${name}.`, 'parameter_missing', name);
    return v;
  };
  const integer = (params: Params, name: string): number | undefined => {
    const v = str(params, name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, 'parameter_invalid_integer', name);
    return Number(v);
  };
  const metadata = (params: Params): Record<string, string> => {
    const m = params.metadata;
    if (m === undefined) return {};
    if (typeof m !== 'object' || Array.isArray(m)) throw invalid('Invalid object: metadata', 'parameter_invalid', 'metadata');
    for (const v of Object.values(m)) if (typeof v !== 'string' || v.length > 500) throw invalid('Metadata values must be strings of at most 500 characters.', 'parameter_invalid', 'metadata');
    return { ...(m as Record<string, string>) };
  };
  const expansions = (params: Params): string[] => {
    const e = params.expand;
    if (e === undefined) return [];
    if (!Array.isArray(e) || e.some((x) => typeof x !== 'string')) throw invalid('Invalid array: expand', 'parameter_invalid', 'expand');
    return e as string[];
  };

  // ---------------------------------------------------------------- objects

  const view = (pi: Json, expand: readonly string[], prefix = ''): Json => {
    const out = structuredClone(pi);
    if (expand.includes(`${prefix}latest_charge`) && typeof out.latest_charge === 'string') out.latest_charge = structuredClone(chargesById.get(out.latest_charge) ?? null);
    if (expand.includes(`${prefix}payment_method`) && typeof out.payment_method === 'string') out.payment_method = structuredClone(methods.get(out.payment_method) ?? null);
    return out;
  };
  const intent = (piId: string): Json => {
    const pi = intents.get(piId);
    if (!pi) throw missing(piId, 'intent');
    return pi;
  };
  /** A payment method by id: a saved one, or a magic test one (each use of a magic id is a new method, as Stripe makes it). */
  const methodFor = (pmId: string): Json => {
    const saved = methods.get(pmId);
    if (saved?._detached) {
      throw invalid('The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.', 'payment_method_unexpected_state', 'payment_method');
    }
    if (saved) return saved;
    const card = TEST_CARDS[pmId];
    if (!card) throw missing(pmId, 'payment_method');
    const pm: Json = {
      id: id('pm'), object: 'payment_method', type: 'card', customer: null, created: seconds(), livemode: false, metadata: {},
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date(now()).getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      _behaviour: card.behaviour,
    };
    methods.set(pm.id as string, pm);
    return pm;
  };
  const publicMethod = (pm: Json): Json => {
    const { _behaviour: _, _detached: __, ...rest } = pm;
    return structuredClone(rest);
  };

  const takeMoney = (pi: Json, amount: number, key: string | null): void => {
    const charge = chargesById.get(pi.latest_charge as string)!;
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = amount;
    charges.push({ paymentIntent: pi.id as string, charge: charge.id as string, amount, idempotencyKey: key });
    emit('payment_intent.succeeded', pi);
    emit('charge.succeeded', charge);
  };

  /** Authorises (and captures, for automatic capture) with a payment method: Stripe's confirmation. */
  const confirmWith = (pi: Json, pmId: string, key: string | null, returnUrl: string | undefined): { status: number; body: Json } => {
    const pm = methodFor(pmId);
    if (pi.customer && pm.customer && pm.customer !== pi.customer) throw invalid('The payment method belongs to another customer.', 'payment_method_unexpected_state');
    if (pm.customer && !pi.customer) {
      throw invalid('The provided PaymentMethod belongs to a Customer, but you did not provide a customer. Please provide the Customer in the `customer` parameter.', 'payment_method_unexpected_state', 'customer');
    }
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    pi.next_action = null;
    const behaviour = declineNext ? 'decline' : actionNext ? 'action' : (pm._behaviour as string | undefined) ?? 'ok';
    declineNext = false;
    actionNext = false;
    if (behaviour === 'decline') {
      const charge: Json = {
        id: id('ch'), object: 'charge', amount: pi.amount, amount_captured: 0, amount_refunded: 0, captured: false, refunded: false,
        currency: pi.currency, payment_intent: pi.id, payment_method: pm.id, status: 'failed', created: seconds(),
        failure_code: 'card_declined', payment_method_details: { type: 'card', card: { ...(pm.card as Json) } },
      };
      chargesById.set(charge.id as string, charge);
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', charge: charge.id };
      pi.status = 'requires_payment_method';
      pi.latest_charge = charge.id;
      pi.last_payment_error = error;
      emit('payment_intent.payment_failed', pi);
      throw new StripeFailure(402, { error: { ...error, payment_intent: view(pi, ['latest_charge']) } }, true);
    }
    if (behaviour === 'action') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${base}/3ds/${String(pi.id)}`, return_url: returnUrl ?? null } };
      emit('payment_intent.requires_action', pi);
      return { status: 200, body: pi };
    }
    authorise(pi, pm, key);
    return { status: 200, body: pi };
  };
  const authorise = (pi: Json, pm: Json, key: string | null): void => {
    const charge: Json = {
      id: id('ch'), object: 'charge', amount: pi.amount, amount_captured: 0, amount_refunded: 0, captured: false, refunded: false,
      currency: pi.currency, payment_intent: pi.id, payment_method: pm.id, status: 'succeeded', created: seconds(),
      payment_method_details: { type: 'card', card: { ...(pm.card as Json) } },
    };
    chargesById.set(charge.id as string, charge);
    pi.latest_charge = charge.id;
    pi.next_action = null;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      emit('payment_intent.amount_capturable_updated', pi);
    } else takeMoney(pi, pi.amount as number, key);
  };

  const setupIntent = (setiId: string): Json => {
    const si = setups.get(setiId);
    if (!si) throw missing(setiId, 'intent');
    return si;
  };
  const setupView = (si: Json, expand: readonly string[]): Json => {
    const out = structuredClone(si);
    if (expand.includes('payment_method') && typeof out.payment_method === 'string') out.payment_method = publicMethod(methods.get(out.payment_method)!);
    return out;
  };
  /** The card is the customer's: attached, as a SetupIntent that succeeds does. */
  const setupSucceeded = (si: Json, pm: Json): void => {
    si.status = 'succeeded';
    si.next_action = null;
    si.last_setup_error = null;
    if (si.customer) {
      pm.customer = si.customer;
      emit('payment_method.attached', publicMethod(pm));
    }
    emit('setup_intent.succeeded', setupView(si, []));
  };
  /** Stripe's confirmation of a SetupIntent: the card checked with its bank, and attached on success. */
  const confirmSetup = (si: Json, pmId: string): void => {
    const pm = methodFor(pmId);
    if (pm.customer && pm.customer !== si.customer) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method_unexpected_state', 'payment_method');
    si.payment_method = pm.id;
    si.last_setup_error = null;
    si.next_action = null;
    const behaviour = declineNext ? 'decline' : actionNext ? 'action' : (pm._behaviour as string | undefined) ?? 'ok';
    declineNext = false;
    actionNext = false;
    if (behaviour === 'decline') {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_method: publicMethod(pm) };
      si.status = 'requires_payment_method';
      si.last_setup_error = error;
      emit('setup_intent.setup_failed', setupView(si, []));
      throw new StripeFailure(402, { error: { ...error, setup_intent: setupView(si, []) } }, true);
    }
    if (behaviour === 'action') {
      si.status = 'requires_action';
      si.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${base}/3ds/${String(si.id)}` } };
      emit('setup_intent.requires_action', setupView(si, []));
      return;
    }
    setupSucceeded(si, pm);
  };

  // ---------------------------------------------------------------- routes

  type Handler = (params: Params, match: RegExpExecArray, key: string | null) => { status: number; body: Json };
  const routes: { method: string; path: RegExp; run: Handler }[] = [
    {
      method: 'POST', path: /^\/v1\/payment_intents$/, run: (params, _m, key) => {
        allow(params, ['amount', 'currency', 'capture_method', 'automatic_payment_methods', 'metadata', 'customer', 'payment_method', 'confirm', 'return_url', 'description', 'receipt_email', 'expand']);
        const amount = integer(params, 'amount');
        if (amount === undefined) throw invalid('Missing required param: amount.', 'parameter_missing', 'amount');
        const currency = required(params, 'currency');
        if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}. Stripe currently supports these currencies: usd, eur, ...`, 'parameter_invalid', 'currency');
        if (currency === 'usd' && amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount_too_small', 'amount');
        const capture = str(params, 'capture_method') ?? 'automatic';
        if (!['automatic', 'automatic_async', 'manual'].includes(capture)) throw invalid(`Invalid capture_method: ${capture}`, 'parameter_invalid', 'capture_method');
        const apm = params.automatic_payment_methods;
        if (apm !== undefined) {
          if (typeof apm !== 'object' || Array.isArray(apm)) throw invalid('Invalid object: automatic_payment_methods', 'parameter_invalid');
          allow(apm, ['enabled', 'allow_redirects']);
          if (!['true', 'false'].includes(String(apm.enabled))) throw invalid('Invalid boolean: automatic_payment_methods[enabled]', 'parameter_invalid_boolean');
          if (apm.allow_redirects !== undefined && !['always', 'never'].includes(String(apm.allow_redirects))) throw invalid('Invalid automatic_payment_methods[allow_redirects]', 'parameter_invalid');
        }
        const customer = str(params, 'customer');
        if (customer !== undefined && !customers.has(customer)) throw missing(customer, 'customer');
        const piId = id('pi');
        const pi: Json = {
          id: piId, object: 'payment_intent', amount, amount_capturable: 0, amount_received: 0, currency, status: 'requires_payment_method',
          capture_method: capture, client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`, created: seconds(), customer: customer ?? null,
          description: str(params, 'description') ?? null, latest_charge: null, last_payment_error: null, livemode: false, metadata: metadata(params),
          next_action: null, payment_method: null, canceled_at: null, cancellation_reason: null,
        };
        intents.set(piId, pi);
        emit('payment_intent.created', pi);
        const pm = str(params, 'payment_method');
        if (pm !== undefined) pi.status = 'requires_confirmation';
        if (str(params, 'confirm') === 'true') {
          if (pm === undefined) throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', 'payment_intent_unexpected_state');
          confirmWith(pi, pm, key, str(params, 'return_url'));
        }
        return { status: 200, body: view(pi, expansions(params)) };
      },
    },
    {
      method: 'GET', path: /^\/v1\/payment_intents$/, run: (params) => {
        allow(params, ['created', 'limit', 'starting_after', 'ending_before', 'customer', 'expand']);
        const created = params.created;
        const range = typeof created === 'object' && !Array.isArray(created) ? created : {};
        const bound = (k: string) => (typeof range[k] === 'string' && /^\d+$/.test(range[k]) ? Number(range[k]) : undefined);
        const limit = integer(params, 'limit') ?? 10;
        if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100', 'parameter_invalid', 'limit');
        const expand = expansions(params);
        // newest first, as Stripe lists
        let all = [...intents.values()].filter((pi) => {
          const c = pi.created as number;
          return (bound('gte') === undefined || c >= bound('gte')!) && (bound('gt') === undefined || c > bound('gt')!)
            && (bound('lte') === undefined || c <= bound('lte')!) && (bound('lt') === undefined || c < bound('lt')!);
        }).reverse();
        const after = str(params, 'starting_after');
        if (after !== undefined) all = all.slice(all.findIndex((pi) => pi.id === after) + 1);
        const page = all.slice(0, limit);
        return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: all.length > limit, data: page.map((pi) => view(pi, expand, 'data.')) } };
      },
    },
    {
      method: 'GET', path: /^\/v1\/payment_intents\/([^/]+)$/, run: (params, m) => {
        allow(params, ['expand', 'client_secret']);
        return { status: 200, body: view(intent(m[1]!), expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/, run: (params, m, key) => {
        allow(params, ['payment_method', 'return_url', 'expand', 'error_on_requires_action', 'off_session']);
        const pi = intent(m[1]!);
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status as string)) {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${String(pi.status)}: it cannot be confirmed.` } }, true);
        }
        const pm = str(params, 'payment_method') ?? (pi.payment_method as string | null) ?? undefined;
        if (pm === undefined) throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', 'payment_intent_unexpected_state');
        confirmWith(pi, pm, key, str(params, 'return_url'));
        return { status: 200, body: view(pi, expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/capture$/, run: (params, m, key) => {
        allow(params, ['amount_to_capture', 'expand', 'metadata']);
        const pi = intent(m[1]!);
        if (pi.status !== 'requires_capture') {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.` } }, true);
        }
        const amount = integer(params, 'amount_to_capture') ?? (pi.amount_capturable as number);
        if (amount < 1 || amount > (pi.amount_capturable as number)) throw invalid('The amount_to_capture is greater than the amount capturable.', 'amount_too_large', 'amount_to_capture');
        takeMoney(pi, amount, key);
        return { status: 200, body: view(pi, expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, run: (params, m) => {
        allow(params, ['cancellation_reason', 'expand']);
        const pi = intent(m[1]!);
        if (pi.status === 'succeeded' || pi.status === 'canceled') {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.` } }, true);
        }
        pi.status = 'canceled';
        pi.amount_capturable = 0;
        pi.canceled_at = seconds();
        pi.cancellation_reason = str(params, 'cancellation_reason') ?? null;
        emit('payment_intent.canceled', pi);
        return { status: 200, body: view(pi, expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/refunds$/, run: (params) => {
        allow(params, ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']);
        const piId = str(params, 'payment_intent');
        const chId = str(params, 'charge');
        if (piId === undefined && chId === undefined) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
        const pi = piId !== undefined ? intent(piId) : intent(String(chargesById.get(chId!)?.payment_intent ?? chId));
        const charge = chargesById.get(pi.latest_charge as string);
        if (pi.status !== 'succeeded' || !charge) throw invalid(`This PaymentIntent (${String(pi.id)}) does not have a successful charge to refund.`, 'charge_not_refundable');
        const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
        if (left === 0) throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${String(charge.id)} has already been refunded.` } }, true);
        const amount = integer(params, 'amount') ?? left;
        if (amount < 1) throw invalid('Invalid positive integer', 'parameter_invalid_integer', 'amount');
        if (amount > left) {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})` } }, true);
        }
        const reason = str(params, 'reason');
        if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid(`Invalid reason: ${reason}`, 'parameter_invalid', 'reason');
        charge.amount_refunded = (charge.amount_refunded as number) + amount;
        charge.refunded = charge.amount_refunded === charge.amount_captured;
        const refund: Json = {
          id: id('re'), object: 'refund', amount, currency: pi.currency, charge: charge.id, payment_intent: pi.id, status: 'succeeded',
          reason: reason ?? null, metadata: metadata(params), created: seconds(),
        };
        emit('refund.created', refund);
        emit('charge.refunded', charge);
        return { status: 200, body: refund };
      },
    },
    {
      method: 'POST', path: /^\/v1\/setup_intents$/, run: (params) => {
        allow(params, ['customer', 'payment_method', 'confirm', 'usage', 'automatic_payment_methods', 'allowed_payment_method_types', 'metadata', 'return_url', 'description', 'expand', 'use_stripe_sdk']);
        const customer = str(params, 'customer');
        if (customer !== undefined && !customers.has(customer)) throw missing(customer, 'customer');
        const usage = str(params, 'usage') ?? 'off_session';
        if (!['on_session', 'off_session'].includes(usage)) throw invalid(`Invalid usage: ${usage}`, 'parameter_invalid', 'usage');
        const types = params.allowed_payment_method_types;
        if (types !== undefined && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) throw invalid('Invalid array: allowed_payment_method_types', 'parameter_invalid', 'allowed_payment_method_types');
        const apm = params.automatic_payment_methods;
        if (apm !== undefined) {
          if (typeof apm !== 'object' || Array.isArray(apm)) throw invalid('Invalid object: automatic_payment_methods', 'parameter_invalid');
          allow(apm, ['enabled', 'allow_redirects']);
          if (types !== undefined) throw invalid('You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.', 'parameter_invalid');
        }
        const confirm = str(params, 'confirm');
        if (confirm !== undefined && !['true', 'false'].includes(confirm)) throw invalid('Invalid boolean: confirm', 'parameter_invalid_boolean', 'confirm');
        if (str(params, 'return_url') !== undefined && confirm !== 'true') throw invalid('return_url can only be used with confirm=true.', 'parameter_invalid', 'return_url');
        const pm = str(params, 'payment_method');
        if (pm !== undefined && !methods.has(pm) && !TEST_CARDS[pm]) throw missing(pm, 'payment_method');
        const setiId = id('seti');
        const si: Json = {
          id: setiId, object: 'setup_intent', client_secret: `${setiId}_secret_${randomBytes(8).toString('hex')}`, created: seconds(), customer: customer ?? null,
          description: str(params, 'description') ?? null, last_setup_error: null, livemode: false, metadata: metadata(params), next_action: null,
          payment_method: null, payment_method_types: Array.isArray(types) ? types : ['card'], status: 'requires_payment_method', usage, cancellation_reason: null,
        };
        setups.set(setiId, si);
        emit('setup_intent.created', setupView(si, []));
        if (pm !== undefined) si.status = 'requires_confirmation';
        if (confirm === 'true') {
          if (pm === undefined) throw invalid('You cannot confirm this SetupIntent because it is missing a payment method.', 'setup_intent_unexpected_state');
          confirmSetup(si, pm);
        }
        return { status: 200, body: setupView(si, expansions(params)) };
      },
    },
    {
      method: 'GET', path: /^\/v1\/setup_intents\/([^/]+)$/, run: (params, m) => {
        allow(params, ['expand', 'client_secret']);
        return { status: 200, body: setupView(setupIntent(m[1]!), expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/setup_intents\/([^/]+)\/confirm$/, run: (params, m) => {
        allow(params, ['payment_method', 'return_url', 'expand', 'use_stripe_sdk']);
        const si = setupIntent(m[1]!);
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(si.status as string)) {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'setup_intent_unexpected_state', message: `This SetupIntent's status is ${String(si.status)}: it cannot be confirmed.` } }, true);
        }
        const pm = str(params, 'payment_method') ?? (si.payment_method as string | null) ?? undefined;
        if (pm === undefined) throw invalid('You cannot confirm this SetupIntent because it is missing a payment method.', 'setup_intent_unexpected_state');
        confirmSetup(si, pm);
        return { status: 200, body: setupView(si, expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/setup_intents\/([^/]+)\/cancel$/, run: (params, m) => {
        allow(params, ['cancellation_reason', 'expand']);
        const si = setupIntent(m[1]!);
        if (si.status === 'succeeded' || si.status === 'canceled') {
          throw new StripeFailure(400, { error: { type: 'invalid_request_error', code: 'setup_intent_unexpected_state', message: `You cannot cancel this SetupIntent because it has a status of ${String(si.status)}.` } }, true);
        }
        si.status = 'canceled';
        si.cancellation_reason = str(params, 'cancellation_reason') ?? null;
        emit('setup_intent.canceled', setupView(si, []));
        return { status: 200, body: setupView(si, expansions(params)) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/customers$/, run: (params) => {
        allow(params, ['email', 'name', 'description', 'metadata']);
        const c: Json = { id: id('cus'), object: 'customer', email: str(params, 'email') ?? null, name: str(params, 'name') ?? null, metadata: metadata(params), created: seconds(), livemode: false };
        customers.set(c.id as string, c);
        return { status: 200, body: c };
      },
    },
    {
      method: 'GET', path: /^\/v1\/customers\/([^/]+)$/, run: (params, m) => {
        allow(params, ['expand']);
        const c = customers.get(m[1]!);
        if (!c) throw missing(m[1]!, 'customer');
        return { status: 200, body: c };
      },
    },
    {
      method: 'GET', path: /^\/v1\/payment_methods\/([^/]+)$/, run: (params, m) => {
        allow(params, ['expand']);
        const pm = methods.get(m[1]!);
        if (!pm) throw missing(m[1]!, 'payment_method');
        return { status: 200, body: publicMethod(pm) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/payment_methods\/([^/]+)\/attach$/, run: (params, m) => {
        allow(params, ['customer', 'expand']);
        const customer = required(params, 'customer');
        if (!customers.has(customer)) throw missing(customer, 'customer');
        const pm = methodFor(m[1]!);
        if (pm.customer && pm.customer !== customer) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method_unexpected_state');
        pm.customer = customer;
        emit('payment_method.attached', publicMethod(pm));
        return { status: 200, body: publicMethod(pm) };
      },
    },
    {
      method: 'POST', path: /^\/v1\/payment_methods\/([^/]+)\/detach$/, run: (params, m) => {
        allow(params, ['expand']);
        const pm = methods.get(m[1]!);
        if (!pm) throw missing(m[1]!, 'payment_method');
        if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method_unexpected_state');
        pm.customer = null;
        pm._detached = true;
        emit('payment_method.detached', publicMethod(pm));
        return { status: 200, body: publicMethod(pm) };
      },
    },
    {
      method: 'GET', path: /^\/v1\/(?:payment_methods|customers\/([^/]+)\/payment_methods)$/, run: (params, m) => {
        allow(params, ['customer', 'type', 'limit', 'starting_after', 'expand']);
        const customer = m[1] ?? required(params, 'customer');
        const type = str(params, 'type') ?? 'card';
        const data = [...methods.values()].filter((pm) => pm.customer === customer && pm.type === type).map(publicMethod);
        return { status: 200, body: { object: 'list', url: '/v1/payment_methods', has_more: false, data } };
      },
    },
  ];

  // ---------------------------------------------------------------- HTTP

  const send = (res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://standin');
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const log = (status: number, replayed = false) => requests.push({ method, path: url.pathname, idempotencyKey: key, status, replayed, ms: performance.now() - started });
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_[A-Za-z0-9]+$/.test(auth)) {
      log(401);
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: only sk_test_ keys are accepted here.' } });
      return;
    }
    const body = Buffer.concat(chunks).toString('utf8');
    if (method === 'POST' && body !== '' && !String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      log(400);
      send(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid request: bodies must be application/x-www-form-urlencoded.' } });
      return;
    }
    let status: number;
    let answer: Json;
    let replayed = false;
    const route = routes.find((r) => r.method === method && r.path.test(url.pathname));
    try {
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
      if (!route) throw new StripeFailure(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } }, false);
      const routeKey = `${method} ${url.pathname}`;
      const hash = canonical(params);
      const stored = method === 'POST' && key !== null ? keys.get(key) : undefined;
      if (stored) {
        if (stored.route !== routeKey || stored.hash !== hash) {
          throw new StripeFailure(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } }, false);
        }
        status = stored.status;
        answer = stored.body;
        replayed = true;
      } else {
        if (method === 'POST' && key !== null) {
          if (inFlight.has(key)) throw new StripeFailure(409, { error: { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'There is currently another in-progress request using this Stripe-Idempotency-Key.' } }, false);
          inFlight.add(key);
        }
        try {
          const failure = method === 'POST' ? failures.find((f) => f.count > 0 && f.path.test(url.pathname)) : undefined;
          if (failure) failure.count -= 1;
          if (failure && !failure.after) throw new StripeFailure(500, { error: { type: 'api_error', message: 'An unknown error occurred (stand-in: failed before the work).' } }, true);
          const m = route.path.exec(url.pathname)!;
          ({ status, body: answer } = route.run(params, m, key));
          if (failure) throw new StripeFailure(500, { error: { type: 'api_error', message: 'An unknown error occurred (stand-in: failed after the work).' } }, true);
        } catch (err) {
          if (!(err instanceof StripeFailure)) throw err;
          status = err.status;
          answer = err.body;
          if (method === 'POST' && key !== null && err.stored) keys.set(key, { route: routeKey, hash, status, body: structuredClone(answer) });
          throw err;
        } finally {
          if (key !== null) inFlight.delete(key);
        }
        if (method === 'POST' && key !== null) keys.set(key, { route: routeKey, hash, status, body: structuredClone(answer) });
      }
    } catch (err) {
      if (!(err instanceof StripeFailure)) throw err;
      status = err.status;
      answer = err.body;
    }
    const slow = method === 'POST' ? timeouts.find((t) => t.path.test(url.pathname)) : undefined;
    if (slow) {
      log(status, replayed);
      timeouts = timeouts.filter((t) => t !== slow);
      // the work is done and stored; the answer comes after the client gave up
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!res.destroyed) send(res, status, answer, replayed ? { 'idempotent-replayed': 'true' } : {});
      }, slow.ms);
      pending.add(timer);
      return;
    }
    send(res, status, answer, replayed ? { 'idempotent-replayed': 'true' } : {});
    // after the answer is written: its serialisation is the stand-in's time, not the caller's
    log(status, replayed);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { type: 'api_error', message: `stand-in bug: ${(err as Error).message}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    port,
    webhookSecret,
    charges,
    requests,
    events,
    failNext: ({ count = 1, path = /./, after = false } = {}) => {
      failures = [...failures.filter((f) => f.count > 0), { count, path, after }];
    },
    timeoutNext: ({ path = /./, ms = 60_000 } = {}) => {
      timeouts.push({ path, ms });
    },
    declineNext: () => {
      declineNext = true;
    },
    requireActionNext: () => {
      actionNext = true;
    },
    async completeAction(piId, succeed = true) {
      const pi = intent(piId);
      if (pi.status !== 'requires_action') throw new Error(`${piId} is ${String(pi.status)}, not requires_action`);
      if (succeed) authorise(pi, methods.get(pi.payment_method as string)!, null);
      else {
        pi.status = 'requires_payment_method';
        pi.next_action = null;
        pi.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided payment method has failed authentication.' };
        emit('payment_intent.payment_failed', pi);
      }
    },
    async completeSetupAction(setiId, succeed = true) {
      const si = setupIntent(setiId);
      if (si.status !== 'requires_action') throw new Error(`${setiId} is ${String(si.status)}, not requires_action`);
      if (succeed) setupSucceeded(si, methods.get(si.payment_method as string)!);
      else {
        si.status = 'requires_payment_method';
        si.next_action = null;
        si.last_setup_error = { type: 'card_error', code: 'setup_intent_authentication_failure', message: 'The provided payment method has failed authentication.' };
        emit('setup_intent.setup_failed', setupView(si, []));
      }
    },
    setWebhookMode(mode) {
      webhookMode = mode;
    },
    setWebhookSink(next) {
      sink = next;
    },
    async deliverHeld({ reverse = false, twice = false } = {}) {
      const batch = held.splice(0);
      if (reverse) batch.reverse();
      const statuses: number[] = [];
      for (const e of batch) {
        statuses.push(await deliver(e));
        if (twice) statuses.push(await deliver(e));
      }
      return statuses;
    },
    async redeliver(eventId) {
      const e = events.find((x) => x.id === eventId);
      if (!e) throw new Error(`no event ${eventId}`);
      return await deliver(e);
    },
    sign,
    paymentIntent: (piId) => {
      const pi = intents.get(piId);
      return pi ? view(pi, ['latest_charge']) : undefined;
    },
    browserPaymentMethod: (testMethod) => {
      if (!TEST_CARDS[testMethod]) throw new Error(`no test payment method ${testMethod}`);
      return methodFor(testMethod).id as string;
    },
    setupIntent: (setiId) => {
      const si = setups.get(setiId);
      return si ? setupView(si, []) : undefined;
    },
    paymentMethod: (pmId) => {
      const pm = methods.get(pmId);
      return pm ? publicMethod(pm) : undefined;
    },
    customerMethods: (customerId) => [...methods.values()].filter((pm) => pm.customer === customerId).map(publicMethod),
    setCreated(piId, secondsValue) {
      intent(piId).created = secondsValue;
    },
    async close() {
      for (const t of pending) clearTimeout(t);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
