/**
 * The hosted checkout page the checkout's webUrl points at (`/checkout/{checkoutId}`): a
 * server-rendered form where the shopper confirms a shipping address (saved or new), a payment
 * method and, as a guest, an email, then pays through the payments module's provider; the order
 * is placed once the provider says the payment succeeded. The confirmation links to
 * `/account/orders/{id}`.
 *
 * Rules (each tested):
 * - Only the cart's owner (its session, or its customer) sees the page; anyone else gets 404.
 * - The address form offers the countries the shipping rules quote (the United States): another
 *   country, typed or a saved address abroad (shown, not choosable), is refused before any quote
 *   or payment with the quote's own words (422, next to the country or the saved address).
 * - Before paying, the email, address and shipping choices are written on the checkout: the
 *   order is placed from them alone (commerce/paid-checkout.ts), by this request or by the
 *   provider's webhook, whichever comes first, exactly once.
 * - The test provider (no configuration): a saved card, or a test card typed here; a number
 *   failing the Luhn check, an expired card or a malformed security code is refused before any
 *   payment (422); 4000 0000 0000 0002 is declined by the provider (402). Only the provider's
 *   payment id, the brand and the last four digits are kept: never the number or the code.
 * - Stripe (PAYMENT_PROVIDER=stripe): Stripe's Payment Element takes the card in Stripe's own
 *   frame; the page posts only the PaymentMethod's id (pm_...). 3-D Secure runs in the browser
 *   with the PaymentIntent's client secret, then the shopper comes back to this page with
 *   `payment_intent` in the address, and the order is placed from the provider's answer.
 * - The provider not answering, or answering 5xx: the form again (503) asking to try again; a
 *   retry never charges twice (the payments module finds the first payment again).
 * - Submitting twice (or twice at once) shows the same order: placing is idempotent per checkout.
 * - The form posts urlencoded (a plain HTML form works without script); cross-site posts are
 *   refused by the origin rule and the SameSite=Lax session cookie.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { isEmailFormat } from '../../../domain/account.ts';
import { isValidMobilePhone, isValidPostalCode } from '../../../domain/address.ts';
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { COUNTRIES, STATES } from '../content/geo.ts';
import { addressRows, customerEmail as customerEmailOf, savedCards, type SavedCardRow } from '../accounts/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { CURRENCY_CODE, lineDetails, ownedCheckout, priceCheckout, saveCheckoutDetails, type Owner } from './checkouts.ts';
import { ORDER_ERRORS, orderCustomerId, orderOfCheckout, type Order, type OrderAddress, type OrderPayment } from './orders.ts';
import { cardBrand, luhnValid } from '../../../domain/payment-card.ts';
import type { ShippingChoice, ShippingService } from '../shipping/service.ts';
import { COUNTRY_UNSUPPORTED_MESSAGE, shipsToCountry, type ParcelService, type ShippingErrorCode } from '../../../domain/shipping/index.ts';
import { PaymentDeclinedError, PaymentUnavailableError, type PaymentMethodInput } from '../payments/provider.ts';
import { providerCustomerOf } from '../payments/index.ts';
import type { PaymentsService, PayOutcome } from '../payments/service.ts';
import { testCard } from '../payments/test-provider.ts';

/** How the page takes the payment: the provider, and Stripe's publishable key when it is Stripe. */
export interface PagePayment {
  provider: 'test' | 'stripe';
  /** Stripe's publishable key (pk_...); null for the test provider. */
  publishableKey: string | null;
  /** The answer's script nonce (the Stripe page's inline scripts). */
  nonce: string;
}

/** The shopper's shipping choices, as the form posts them (the shipping service's type). */
export type { ShippingChoice };

/** The form fields of the shipping choices, as written on the checkout before paying (readShippingChoice reads them back). */
export function shippingChoiceFields(fields: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['service', 'freightChoices', 'liftgate', 'residential']) {
    const value = fields[name];
    if (value !== undefined) out[name] = value.slice(0, 20);
  }
  return out;
}

/**
 * The shipping choices of a form: the service radio (ground when absent or unknown) and the
 * freight checkboxes. A form that showed the freight boxes posts `freightChoices=1`, so an
 * unticked box reads as no; before that both default to yes (a home without a dock).
 */
export function readShippingChoice(fields: Record<string, string | undefined>): ShippingChoice {
  const asked = fields.service;
  const service: ParcelService = asked === '2-day' || asked === 'next-day' ? asked : 'ground';
  const shown = fields.freightChoices === '1';
  return { service, liftgate: shown ? fields.liftgate === '1' : true, residential: shown ? fields.residential === '1' : true };
}

/** The form fields a refused quote's message stands next to. */
export function quoteErrorFields(code: ShippingErrorCode, savedAddress: boolean): string[] {
  const address = (fields: string[]) => (savedAddress ? ['addressId'] : fields);
  switch (code) {
    case 'zip-invalid':
    case 'zip-unknown':
      return address(['zip']);
    case 'state-mismatch':
    case 'hazmat-destination':
    case 'freight-destination':
      return address(['stateCode']);
    case 'country-unsupported':
      return address(['countryCode']);
    case 'address-required':
      return address(['address1', 'stateCode']);
    case 'hazmat-po-box':
    case 'freight-po-box':
      return address(['address1']);
    case 'phone-required':
      return address(['phone']);
    case 'option-invalid':
      return ['service'];
    default:
      return [];
  }
}

/** What the page knows of where the order goes: the address, and whether it is a saved one. */
export interface Destination {
  address: OrderAddress;
  saved: boolean;
}

// The Luhn check and the brand of a card number: the server's one (account/cards.ts), shared
// with the wallet's add-card page, so an order and a saved card name a brand alike.
export { cardBrand, luhnValid };

/** The test card number that is always declined. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** The page's error texts. */
export const PAGE_ERRORS = {
  email: 'Enter a valid email address.',
  address: 'Enter a shipping address: first name, last name, address line 1, postal code and country are required.',
  // the shipping quote's own words (the store ships to the United States only)
  country: COUNTRY_UNSUPPORTED_MESSAGE,
  state: 'Choose a state or province of the chosen country.',
  zip: 'Enter a valid postal code for the chosen country.',
  phone: 'Enter a valid phone number.',
  savedAddress: 'Choose one of your saved addresses.',
  savedPayment: 'Choose one of your saved payment methods.',
  card: 'Enter a valid test card number.',
  expiry: 'Your card has expired or the expiry date is invalid.',
  cvc: 'Enter the 3 or 4 digit security code.',
  declined: 'Your card was declined.',
  paymentMethod: 'Enter your card details in the payment form.',
  unavailable: 'We could not reach the payment provider to complete your payment. Please try again: you will not be charged twice.',
  pending: 'Your payment is not complete yet. Finish it below, or try again: you will not be charged twice.',
} as const;

/**
 * The refusal of a total that changed since the page showed it (a code used up or ended, a price
 * changed): nothing is charged and the page shows the new total.
 * @example
 * totalChangedMessage(4410, ['SPRING10']); // 'Your order total changed to $44.10 because SPRING10 is no longer available. Check it and place your order again.'
 */
export function totalChangedMessage(totalCents: number, goneCodes: readonly string[]): string {
  const because = goneCodes.length === 0 ? '' : ` because ${goneCodes.join(' and ')} ${goneCodes.length === 1 ? 'is' : 'are'} no longer available`;
  return `Your order total changed to ${formatPrice(fromCents(totalCents))}${because}. Check it and place your order again.`;
}

/** The hidden fields of the total the page showed (and the codes in it): placing checks them. */
export const SHOWN_TOTAL_FIELD = 'shownTotalCents';
export const SHOWN_CODES_FIELD = 'shownCodes';

/** The form fields a provider's decline stands next to, by its code (Stripe's own form marks its fields itself). */
const DECLINE_FIELDS: Record<string, readonly string[]> = {
  incorrect_number: ['cardNumber'],
  invalid_number: ['cardNumber'],
  expired_card: ['expMonth', 'expYear'],
  invalid_expiry_month: ['expMonth'],
  invalid_expiry_year: ['expYear'],
  incorrect_cvc: ['cvc'],
  invalid_cvc: ['cvc'],
  card_declined: ['cardNumber'],
};

/** The fields a decline marks: none on the Stripe page (the Payment Element shows its own). */
export function declineFields(code: string, provider: PagePayment['provider']): readonly string[] {
  return provider === 'test' ? (DECLINE_FIELDS[code] ?? []) : [];
}

/**
 * A refused form: its status and message, and the fields it concerns, so the page can mark them
 * (aria-invalid) and put the message next to them.
 */
export class FormError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly fields: readonly string[],
  ) {
    super(statusCode, message);
    this.name = 'FormError';
  }
}

/**
 * Turns the card fields into what an order keeps: a token, the brand and last4, or an error.
 * @example
 * tokenizeTestCard({ cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' }, new Date());
 * // { token: 'tok_test_…', brand: 'Visa', last4: '4242' }
 */
export function tokenizeTestCard(fields: Record<string, string | undefined>, today: Date): OrderPayment {
  const method = testCardInput(fields, today);
  const digits = method.number.replace(/[\s-]/g, '');
  if (digits === DECLINED_TEST_CARD) throw new FormError(402, PAGE_ERRORS.declined, ['cardNumber']);
  return { token: `tok_test_${randomBytes(12).toString('hex')}`, brand: cardBrand(digits), last4: digits.slice(-4) };
}

/**
 * The typed test card as the test provider takes it, once its form is right: a number failing
 * the Luhn check, an expired card or a malformed security code is the form's fault (422, marked
 * on its field) and reaches no provider. The decline of a well-formed card is the provider's.
 */
export function testCardInput(fields: Record<string, string | undefined>, today: Date): Extract<PaymentMethodInput, { kind: 'card' }> {
  const method = { kind: 'card' as const, number: fields.cardNumber ?? '', expMonth: fields.expMonth ?? '', expYear: fields.expYear ?? '', cvc: fields.cvc ?? '' };
  try {
    testCard(method, today.getTime());
  } catch (err) {
    if (!(err instanceof PaymentDeclinedError)) throw err;
    if (err.code !== 'card_declined') throw new FormError(422, err.message, DECLINE_FIELDS[err.code] ?? []);
  }
  return method;
}


function field(fields: Record<string, string | undefined>, name: string, max = 200): string | null {
  const v = (fields[name] ?? '').trim();
  return v === '' ? null : v.slice(0, max);
}

export type AddressRow = Awaited<ReturnType<typeof addressRows>>[number];

export async function savedAddresses(db: Db, customerId: number | null): Promise<AddressRow[]> {
  if (customerId === null) return [];
  return await addressRows(db, customerId);
}

/** The shopper's wallet cards the provider taking the payments holds (a test token, or a Stripe customer's PaymentMethod). */
export async function savedPayments(db: Db, customerId: number | null, provider: PagePayment['provider']): Promise<SavedCardRow[]> {
  if (customerId === null) return [];
  return await savedCards(db, customerId, provider);
}

export async function customerEmail(db: Db, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  return (await customerEmailOf(db, customerId)) ?? null;
}

/** The countries the address form offers: those the shipping rules quote (the United States). */
export const SHIP_TO_COUNTRIES = COUNTRIES.filter((c) => shipsToCountry(c.countryCode));

/** Does a saved address lie in a country the store ships to? */
export function shippable(a: AddressRow): boolean {
  return shipsToCountry(a.country_code ?? 'US');
}

/** The address the form starts on: the first saved one the store ships to, else a new one. */
export function defaultAddressId(addresses: readonly AddressRow[]): string {
  const first = addresses.find(shippable);
  return first ? String(first.id) : 'new';
}

export function toAddress(a: AddressRow): OrderAddress {
  return {
    firstName: a.first_name, lastName: a.last_name, company: a.company, address1: a.address1, address2: a.address2,
    city: a.city, zip: a.zip, phone: a.phone, countryCode: a.country_code ?? 'US', stateCode: a.state_code,
  };
}

/** The new-address fields the form requires, in the form's order. */
const REQUIRED_ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'zip', 'countryCode'] as const;

/**
 * Reads and checks a new shipping address: the required fields, a country we ship to, one of
 * its states when it has states (the address form requires the state), a postal code in the
 * country's format, and, when one is given, a phone
 * by the address form's own rule (a valid mobile number of that country).
 */
function readNewAddress(fields: Record<string, string | undefined>): OrderAddress {
  const missing = REQUIRED_ADDRESS_FIELDS.filter((name) => field(fields, name) === null);
  if (missing.length > 0) throw new FormError(422, PAGE_ERRORS.address, missing);
  const countryCode = (field(fields, 'countryCode', 2) ?? '').toUpperCase();
  if (!SHIP_TO_COUNTRIES.some((c) => c.countryCode === countryCode)) throw new FormError(422, PAGE_ERRORS.country, ['countryCode']);
  const stateText = field(fields, 'stateCode', 10)?.toUpperCase() ?? null;
  const states = STATES[countryCode] ?? [];
  // a country with states needs one (the address form's rule; a carrier's label and the tax table read it)
  if (states.length > 0 && (stateText === null || !states.some((st) => st.stateCode === stateText))) throw new FormError(422, PAGE_ERRORS.state, ['stateCode']);
  const zip = field(fields, 'zip', 20) ?? '';
  if (!isValidPostalCode(zip, countryCode)) throw new FormError(422, PAGE_ERRORS.zip, ['zip']);
  const phone = field(fields, 'phone', 40);
  if (phone !== null && !isValidMobilePhone(phone, countryCode)) throw new FormError(422, PAGE_ERRORS.phone, ['phone']);
  return {
    firstName: field(fields, 'firstName') ?? '', lastName: field(fields, 'lastName') ?? '', address1: field(fields, 'address1') ?? '', zip, countryCode,
    company: field(fields, 'company'), address2: field(fields, 'address2'), city: field(fields, 'city'), phone, stateCode: states.length > 0 ? stateText : null,
  };
}

/** What the form confirms before paying: the email, the address, how to pay, and the wallet card chosen (or null). */
export interface PlaceForm {
  email: string;
  address: OrderAddress;
  method: PaymentMethodInput;
  paymentMethodId: number | null;
  /** The provider's customer the wallet card belongs to (Stripe: cus_...): the payment is made on it. */
  providerCustomerId?: string;
}

/**
 * Reads the form into an order's email, address and payment method, or throws the first problem.
 * The test provider takes a saved card (its token) or a typed test card; Stripe takes a wallet
 * card (its customer's PaymentMethod, paid on that customer) or the Payment Element's
 * PaymentMethod id (card data never reaches this server). Each offers only the cards it holds.
 */
export async function readPlaceForm(db: Db, owner: Owner, fields: Record<string, string | undefined>, today: Date, provider: PagePayment['provider'] = 'test'): Promise<PlaceForm> {
  const email = await customerEmail(db, owner.customerId) ?? field(fields, 'email', 320) ?? '';
  if (!isEmailFormat(email)) throw new FormError(422, PAGE_ERRORS.email, ['email']);
  let address: OrderAddress;
  const addressId = field(fields, 'addressId');
  if (addressId !== null && addressId !== 'new') {
    const saved = (await savedAddresses(db, owner.customerId)).find((a) => String(a.id) === addressId);
    if (!saved) throw new FormError(422, PAGE_ERRORS.savedAddress, ['addressId']);
    if (!shippable(saved)) throw new FormError(422, PAGE_ERRORS.country, ['addressId']);
    address = toAddress(saved);
  } else address = readNewAddress(fields);
  if (provider === 'stripe') {
    // a wallet card: its Stripe customer's PaymentMethod, paid on that customer
    const chosen = field(fields, 'paymentMethodId');
    if (chosen !== null && chosen !== 'new') {
      const saved = (await savedPayments(db, owner.customerId, 'stripe')).find((p) => String(p.id) === chosen);
      const customer = saved && owner.customerId !== null ? await providerCustomerOf(db, owner.customerId, 'stripe') : undefined;
      if (!saved || !customer) throw new FormError(422, PAGE_ERRORS.savedPayment, ['paymentMethodId']);
      return { email, address, method: { kind: 'method', id: saved.processor_token }, paymentMethodId: saved.id, providerCustomerId: customer };
    }
    const pm = field(fields, 'paymentMethod', 255) ?? '';
    if (!/^pm_[A-Za-z0-9_]+$/.test(pm)) throw new FormError(422, PAGE_ERRORS.paymentMethod, []);
    return { email, address, method: { kind: 'method', id: pm }, paymentMethodId: null };
  }
  const paymentMethodId = field(fields, 'paymentMethodId');
  if (paymentMethodId !== null && paymentMethodId !== 'new') {
    const saved = (await savedPayments(db, owner.customerId, 'test')).find((p) => String(p.id) === paymentMethodId);
    if (!saved) throw new FormError(422, PAGE_ERRORS.savedPayment, ['paymentMethodId']);
    return { email, address, method: { kind: 'method', id: saved.processor_token }, paymentMethodId: saved.id };
  }
  return { email, address, method: testCardInput(fields, today), paymentMethodId: null };
}

/** The address of the form: a saved one chosen, or the new one typed (null when it is not complete or not valid yet). */
export async function formDestination(db: Db, owner: Owner, fields: Record<string, string | undefined>, addresses: readonly AddressRow[]): Promise<Destination | null> {
  const chosen = fields.addressId ?? defaultAddressId(addresses);
  if (chosen !== 'new') {
    const saved = addresses.find((a) => String(a.id) === chosen) ?? (await savedAddresses(db, owner.customerId)).find((a) => String(a.id) === chosen);
    return saved ? { address: toAddress(saved), saved: true } : null;
  }
  if (!fields.zip?.trim()) return null;
  try {
    return { address: readNewAddress(fields), saved: false };
  } catch {
    return null;
  }
}

/** Whether an order belongs to a customer account (its page exists), rather than a guest. */
async function isCustomerOrder(db: Db, orderId: number): Promise<boolean> {
  return (await orderCustomerId(db, orderId)) !== null;
}

/** A refusal the form shows: the answer's status, the message and the fields it stands next to. */
export interface PageRefusal {
  status: number;
  message: string;
  fields: readonly string[];
}

/** The refusal a payment error shows on the form, or undefined when it is no refusal (a bug, the database down). */
export function paymentRefusal(err: unknown, provider: PagePayment['provider']): PageRefusal | undefined {
  if (err instanceof PaymentDeclinedError) return { status: 402, message: err.message, fields: declineFields(err.code, provider) };
  // the outcome is unknown: asking again is safe (the payments module finds the same payment)
  if (err instanceof PaymentUnavailableError) return { status: 503, message: PAGE_ERRORS.unavailable, fields: [] };
  if (err instanceof HttpError && err.statusCode !== 404 && err.statusCode < 500) return { status: err.statusCode, message: err.message, fields: err instanceof FormError ? err.fields : [] };
  return undefined;
}

/** What the page of a checkout shows its shopper: nothing (not theirs, or closed without an order), the order placed from it, or the open cart's form. */
export type PageState =
  | { kind: 'missing' }
  | { kind: 'placed'; order: Order; customer: boolean }
  | { kind: 'open' };

/** A payment that asks the shopper to confirm it with their bank (3-D Secure). */
export type PaymentAction = Extract<PayOutcome, { kind: 'requires_action' }>;

/**
 * The provider's answer once the shopper is back from its page: paid (the order is placed: show
 * it), a bank's check still to do, the form again with its status and words, or nothing to say
 * (null: the form as it is).
 */
export type ResumeAnswer =
  | { kind: 'paid' }
  | { kind: 'requires_action'; outcome: PaymentAction }
  | { kind: 'form'; refusal: PageRefusal }
  | null;

/** A submitted form's answer: the order is placed (or already was), a bank's check to do first, or the form refused with nothing charged. */
export type PlaceAnswer =
  | { kind: 'placed' }
  | { kind: 'requires_action'; outcome: PaymentAction }
  | { kind: 'refused'; refusal: PageRefusal };

/** What {@link createCheckoutPageService} works with. */
export interface CheckoutPageServiceOptions {
  db: Db;
  /** The shipping tables and clock the checkout quotes with. */
  shipping: ShippingService;
  /** The payments the page pays through (asked for when first needed). */
  payments: () => PaymentsService;
}

/** The hosted checkout page's flow: whose page it is, the provider's answer on the way back, and placing the order. */
export interface CheckoutPageService {
  /** What the page of `checkoutId` shows `owner` (null: a request without a session). */
  pageState(owner: Owner | null, checkoutId: string): Promise<PageState>;
  /** Whether the checkout is a cart of `owner`'s (open or not). */
  owns(owner: Owner, checkoutId: string): Promise<boolean>;
  /** Whether an order was placed from the checkout (a second submit shows it again). */
  hasOrder(owner: Owner, checkoutId: string): Promise<boolean>;
  /**
   * The provider's answer for the payment the shopper comes back with (Stripe's
   * `payment_intent`); a success places the order (once, whatever the webhook did).
   * @throws what is no refusal (a bug, the database down)
   */
  resumePayment(checkoutId: string, providerPaymentId: string, provider: PagePayment['provider']): Promise<ResumeAnswer>;
  /**
   * Places the order of a submitted form: the form read and checked, the cart priced and its
   * shipping quoted, the total the page showed checked, the details written on the checkout, then
   * the payment. `returnUrl` is where Stripe sends the shopper back after 3-D Secure.
   * @throws what is no refusal (a bug, the database down)
   */
  placeOrder(input: { owner: Owner; checkoutId: string; fields: Record<string, string | undefined>; provider: PagePayment['provider']; returnUrl: string }): Promise<PlaceAnswer>;
}

/**
 * The page's flow over a database, the shipping service and the payments.
 * @example
 * const page = createCheckoutPageService({ db, shipping, payments: () => app.payments });
 * const answer = await page.placeOrder({ owner, checkoutId, fields, provider: 'test', returnUrl });
 */
export function createCheckoutPageService(options: CheckoutPageServiceOptions): CheckoutPageService {
  const { db, shipping, payments } = options;
  const refused = (status: number, message: string, fields: readonly string[]): PlaceAnswer => ({ kind: 'refused', refusal: { status, message, fields } });
  return {
    async pageState(owner, checkoutId) {
      const row = owner ? await ownedCheckout(db, checkoutId, owner) : undefined;
      if (!owner || !row) return { kind: 'missing' };
      const order = await orderOfCheckout(db, owner, checkoutId);
      if (order) return { kind: 'placed', order, customer: await isCustomerOrder(db, order.orderId) };
      return row.status === 'open' ? { kind: 'open' } : { kind: 'missing' };
    },

    async owns(owner, checkoutId) {
      return Boolean(await ownedCheckout(db, checkoutId, owner));
    },

    async hasOrder(owner, checkoutId) {
      return Boolean(await orderOfCheckout(db, owner, checkoutId));
    },

    async resumePayment(checkoutId, providerPaymentId, provider) {
      try {
        const outcome = await payments().resume(checkoutId, providerPaymentId);
        if (outcome?.kind === 'paid') return { kind: 'paid' };
        if (outcome?.kind === 'requires_action') return { kind: 'requires_action', outcome };
        if (outcome?.kind === 'failed') return { kind: 'form', refusal: { status: 402, message: outcome.message, fields: [] } };
        if (outcome?.kind === 'pending') return { kind: 'form', refusal: { status: 200, message: PAGE_ERRORS.pending, fields: [] } };
        return null;
      } catch (err) {
        const refusal = paymentRefusal(err, provider);
        if (!refusal) throw err;
        return { kind: 'form', refusal };
      }
    },

    async placeOrder({ owner, checkoutId, fields, provider, returnUrl }) {
      try {
        const input = await readPlaceForm(db, owner, fields, new Date(), provider);
        const choice = readShippingChoice(fields);
        const lines = await lineDetails(db, checkoutId);
        if (lines.length === 0) return refused(422, ORDER_ERRORS.emptyCart, []);
        const priced = await priceCheckout(db, checkoutId, lines);
        const quoted = await shipping.quoteCheckout(db, lines, priced, input.address, choice);
        const saved = fields.addressId !== undefined && fields.addressId !== 'new';
        if (!quoted.ok) return refused(422, quoted.error.message, quoteErrorFields(quoted.error.code, saved));
        // the total the page showed (when it showed one with shipping and tax): a code used up or a
        // price changed since is never charged unseen; the page shows the new total instead
        const shown = fields[SHOWN_TOTAL_FIELD];
        if (shown !== undefined && /^\d{1,12}$/.test(shown) && Number(shown) !== quoted.value.totals.totalCents) {
          const now = new Set(priced.applied.map((r) => r.code));
          const gone = (fields[SHOWN_CODES_FIELD] ?? '').split(',').filter((c) => c !== '' && !now.has(c));
          return refused(422, totalChangedMessage(quoted.value.totals.totalCents, gone), []);
        }
        // everything the order is placed from is on the checkout before any money moves: the
        // webhook may place it without this request
        const details = { email: input.email, address: input.address, choice: shippingChoiceFields(fields), paymentMethodId: input.paymentMethodId };
        if (!await saveCheckoutDetails(db, checkoutId, details)) return { kind: 'placed' };
        const outcome = await payments().payCheckout({
          checkoutId,
          // the quote's total (lines − discount + shipping + tax): what placing checks the payment against
          amountCents: quoted.value.totals.totalCents,
          currency: CURRENCY_CODE,
          method: input.method,
          ...(input.providerCustomerId ? { customerId: input.providerCustomerId } : {}),
          returnUrl,
        });
        return outcome.kind === 'requires_action' ? { kind: 'requires_action', outcome } : { kind: 'placed' };
      } catch (err) {
        // a refused form, a declined card, a provider that did not answer: the form again
        const refusal = paymentRefusal(err, provider);
        if (!refusal) throw err;
        return { kind: 'refused', refusal };
      }
    },
  };
}
