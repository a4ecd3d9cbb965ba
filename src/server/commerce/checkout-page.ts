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
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { addressLine, addressLines } from '../../domain/address-format.ts';
import { isEmailFormat } from '../../domain/account.ts';
import { isValidMobilePhone, isValidPostalCode } from '../../domain/address.ts';
import { cartTotalsRows, type CartTotalsCents } from '../../domain/cart.ts';
import { isSizedImageUrl, sizedImageUrl } from '../../domain/images.ts';
import { formatPrice, fromCents } from '../../domain/money.ts';
import { orderLineTotal, orderPath } from '../../domain/orders.ts';
import { withReturnPath } from '../../domain/return-path.ts';
import { defaultStoreConfig } from '../modules/content/config.ts';
import { COUNTRIES, STATES } from '../modules/content/geo.ts';
import { storedSetting } from '../modules/content/repository.ts';
import { SETTING_KEYS } from '../modules/content/seed.ts';
import { customerEmail as customerEmailOf } from '../repositories/customers.ts';
import { isSameOrigin } from '../auth/origin-guard.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { CURRENCY_CODE, lineDetails, ownedCheckout, priceCheckout, saveCheckoutDetails, type Owner } from './checkouts.ts';
import type { CartPrice } from '../../domain/cart-pricing.ts';
import { ORDER_ERRORS, orderCustomerId, orderOfCheckout, type Order, type OrderAddress, type OrderPayment } from './orders.ts';
import { cardBrand, luhnValid } from '../../domain/payment-card.ts';
import { addressRows, savedCards, type SavedCardRow } from '../account/repository.ts';
import type { ShippingChoice, ShippingService } from '../modules/shipping/service.ts';
import { COUNTRY_UNSUPPORTED_MESSAGE, quoteClockWindow, shipsToCountry, type ParcelService, type ShippingErrorCode, type ShippingQuote, type ShippingResult } from '../../domain/shipping/index.ts';
import type { LineDetail } from './checkouts.ts';
import { orderMailTotals } from './order-mail.ts';
import { PaymentDeclinedError, PaymentUnavailableError, type PaymentMethodInput } from '../modules/payments/provider.ts';
import { providerCustomerOf } from '../modules/payments/index.ts';
import { createPaymentsService, type PaymentsService, type PayOutcome } from '../modules/payments/service.ts';
import { createTestProvider, testCard } from '../modules/payments/test-provider.ts';
import { createPlaceOrderFromCheckout } from './paid-checkout.ts';
import { scriptNonce } from '../security/headers.ts';

/** Options of {@link checkoutPageRoutes}. */
export interface CheckoutPageOptions {
  db: Db;
  /** Other origins allowed to post the form. @default [] */
  allowedOrigins?: readonly string[];
  /** The shipping tables and clock the checkout quotes with. */
  shipping: ShippingService;
  /**
   * The payments the page pays through. @default the app's (`app.payments`); a commerce plugin
   * registered without the app (some tests) makes its own over the test provider
   */
  payments?: PaymentsService;
  /** The public origin Stripe sends the shopper back to after 3-D Secure. @default the request's own */
  publicUrl?: string;
}

/** How the page takes the payment: the provider, and Stripe's publishable key when it is Stripe. */
export interface PagePayment {
  provider: 'test' | 'stripe';
  /** Stripe's publishable key (pk_...); null for the test provider. */
  publishableKey: string | null;
  /** The answer's script nonce (the Stripe page's inline scripts). */
  nonce: string;
}

/** Where Stripe's browser library is loaded from (the page's Content-Security-Policy allows Stripe's hosts when Stripe is configured). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

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
interface Destination {
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
const SHOWN_CODES_FIELD = 'shownCodes';

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

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function field(fields: Record<string, string | undefined>, name: string, max = 200): string | null {
  const v = (fields[name] ?? '').trim();
  return v === '' ? null : v.slice(0, max);
}

type AddressRow = Awaited<ReturnType<typeof addressRows>>[number];

async function savedAddresses(db: Db, customerId: number | null): Promise<AddressRow[]> {
  if (customerId === null) return [];
  return await addressRows(db, customerId);
}

/** The shopper's wallet cards the provider taking the payments holds (a test token, or a Stripe customer's PaymentMethod). */
async function savedPayments(db: Db, customerId: number | null, provider: PagePayment['provider']): Promise<SavedCardRow[]> {
  if (customerId === null) return [];
  return await savedCards(db, customerId, provider);
}

async function customerEmail(db: Db, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  return (await customerEmailOf(db, customerId)) ?? null;
}

/** The countries the address form offers: those the shipping rules quote (the United States). */
const SHIP_TO_COUNTRIES = COUNTRIES.filter((c) => shipsToCountry(c.countryCode));

/** Does a saved address lie in a country the store ships to? */
function shippable(a: AddressRow): boolean {
  return shipsToCountry(a.country_code ?? 'US');
}

/** The address the form starts on: the first saved one the store ships to, else a new one. */
function defaultAddressId(addresses: readonly AddressRow[]): string {
  const first = addresses.find(shippable);
  return first ? String(first.id) : 'new';
}

function toAddress(a: AddressRow): OrderAddress {
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

/** The store's name (the header), from the stored store configuration, else the default one. */
export async function storeNameOf(db: Db): Promise<string> {
  try {
    const stored = await storedSetting(db, SETTING_KEYS.store);
    const name = stored !== undefined ? (JSON.parse(stored) as { storeName?: unknown }).storeName : undefined;
    if (typeof name === 'string' && name.trim() !== '') return name;
  } catch {
    // a bare test database without content tables
  }
  return defaultStoreConfig().storeName;
}

// The storefront's palette and type (src/ui/styles/global.css), so checkout looks like the store.
const STYLES = `:root{--color-primary:#0b5c99;--color-primary-dark:#083f6b;--color-navy:#0b2e4f;--color-accent:#12a4b8;--color-accent-light:#d9f3f6;
--color-bg:#f4f8fb;--color-surface:#fff;--color-muted-bg:#eaf0f5;--color-border:#d4dee7;--color-text:#1b2733;--color-text-muted:#56636f;
--color-success:#1c7c3a;--color-danger:#b3261e;--radius:8px;--shadow:0 2px 10px rgba(11,46,79,.10);
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
*,*::before,*::after{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--font);font-size:16px;line-height:1.5;color:var(--color-text);background:var(--color-bg)}
a{color:var(--color-primary)}a:hover{color:var(--color-primary-dark)}h1,h2,h3{line-height:1.25;color:var(--color-navy)}
h1{font-size:1.75rem;margin:16px 0}h2{font-size:1.2rem;margin:0 0 12px}:focus-visible{outline:3px solid var(--color-accent);outline-offset:2px}
.skip-link{position:absolute;left:-9999px;top:0;background:var(--color-navy);color:#fff;padding:8px 16px;z-index:10}.skip-link:focus{left:8px}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.wrap{width:100%;max-width:1100px;margin:0 auto;padding:0 16px}
.site-header{background:var(--color-surface);box-shadow:var(--shadow)}.top{background:var(--color-navy);color:#e3f4f7;font-size:.875rem}
.top .wrap{display:flex;justify-content:flex-end;min-height:32px;align-items:center}
.head{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:72px;flex-wrap:wrap}
.brand{font-size:1.35rem;font-weight:800;color:var(--color-navy);text-decoration:none;letter-spacing:.01em}.brand:hover{color:var(--color-primary)}
.secure{display:inline-flex;align-items:center;gap:6px;color:var(--color-success);font-weight:600;font-size:.9375rem}
.bar{height:6px;background:linear-gradient(90deg,var(--color-primary),var(--color-accent))}
.crumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:16px 0 0;padding:0;font-size:.875rem}
.crumbs li+li::before{content:"\\203A";margin:0 8px;color:var(--color-text-muted)}.crumbs [aria-current]{color:var(--color-text-muted)}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 380px;gap:24px;align-items:start;padding-bottom:40px}
.card{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius);box-shadow:var(--shadow);padding:24px;margin-bottom:16px}
.step{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:var(--color-primary);color:#fff;font-size:.9rem;margin-right:8px}
fieldset{border:0;margin:0;padding:0;min-width:0}legend{font-weight:600;padding:0;margin-bottom:8px}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:12px 16px}.full{grid-column:1/-1}
.field label{display:block;font-weight:600;font-size:.9375rem;margin-bottom:4px}.opt{font-weight:400;color:var(--color-text-muted)}
.field input,.field select{width:100%;min-height:44px;padding:8px 12px;border:1px solid #8a99a8;border-radius:var(--radius);background:var(--color-surface);font:inherit;color:inherit}
.field input[aria-invalid=true],.field select[aria-invalid=true]{border-color:var(--color-danger);box-shadow:0 0 0 1px var(--color-danger)}
.field-error{display:block;margin-top:4px;color:var(--color-danger);font-size:.875rem;font-weight:600}
.choice{display:flex;gap:10px;align-items:flex-start;padding:12px;border:1px solid var(--color-border);border-radius:var(--radius);margin-bottom:8px;cursor:pointer}
.choice:hover{border-color:var(--color-primary)}.choice input{width:18px;height:18px;margin-top:3px;flex:0 0 auto}
.choice:has(input:checked){border-color:var(--color-primary);background:var(--color-accent-light)}.choice.unavailable{cursor:not-allowed;color:var(--color-text-muted)}.choice.unavailable:hover{border-color:var(--color-border)}
.new-fields{margin-top:12px}@supports selector(:has(*)){.choosable:has(input[type=radio]):not(:has(input[type=radio][value=new]:checked)) .new-fields{display:none}}.note{color:var(--color-text-muted);font-size:.875rem;margin:12px 0 0}
.alert{border-left:5px solid var(--color-danger);background:#fdecea;color:#7a1b14;padding:12px 16px;border-radius:var(--radius);font-weight:600;margin:0 0 16px}
.button{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:0 24px;border:1px solid var(--color-primary);border-radius:var(--radius);background:var(--color-primary);color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.button:hover{background:var(--color-primary-dark);color:#fff}.button-secondary{background:var(--color-surface);color:var(--color-primary)}.button-secondary:hover{background:var(--color-accent-light);color:var(--color-primary-dark)}
.place{width:100%;font-size:1.1rem}
.shipments{list-style:none;margin:12px 0;padding:0}.shipment{border:1px solid var(--color-border);border-radius:var(--radius);padding:12px;margin-bottom:8px}
.shipment h3{font-size:1rem;margin:0 0 4px}.arrives{margin:0;font-weight:600;color:var(--color-success)}.items{margin:6px 0 0;padding-left:20px}.freight{margin:12px 0}
.notice{background:#fff8e1;border-left:5px solid #c99a00;padding:10px 14px;border-radius:var(--radius);margin:12px 0}
.summary{position:sticky;top:16px}.lines{list-style:none;margin:0 0 16px;padding:0}
.line{display:grid;grid-template-columns:56px 1fr auto;gap:12px;align-items:center;padding:10px 0;border-bottom:1px solid var(--color-border)}
.line img,.noimg{width:56px;height:56px;object-fit:contain;background:var(--color-muted-bg);border-radius:4px;display:block}
.line-title{font-size:.9375rem;font-weight:600}.line-qty{display:block;color:var(--color-text-muted);font-size:.8125rem;font-weight:400}.line-price{font-weight:700}
.totals{display:grid;gap:6px;margin:0}.totals div{display:flex;justify-content:space-between;gap:12px}.totals dt{color:var(--color-text-muted)}.totals dd{margin:0}
.totals .discount dd{color:var(--color-success);font-weight:600}.totals .total{border-top:1px solid var(--color-border);padding-top:8px;font-size:1.2rem;font-weight:800}.totals .total dt{color:var(--color-navy)}
.edit{display:inline-block;margin-top:12px;font-size:.9375rem}
.done{max-width:720px;margin:24px auto 40px}.done-head{display:flex;gap:16px;align-items:center}.tick{flex:0 0 auto;width:56px;height:56px;border-radius:50%;background:var(--color-success);color:#fff;display:flex;align-items:center;justify-content:center;font-size:2rem}
.order-no{font-size:1.1rem}.order-no strong{font-size:1.35rem;color:var(--color-navy)}.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.addr{font-style:normal}.two{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.site-footer{background:var(--color-navy);color:#dbe7f1;font-size:.875rem;padding:20px 0;margin-top:24px}.site-footer a{color:#e3f4f7}
@media (max-width:800px){h1{font-size:1.5rem}.layout{grid-template-columns:1fr}.summary{position:static;order:-1}.grid,.two{grid-template-columns:1fr}.card{padding:16px}.head{min-height:60px;padding-top:10px;padding-bottom:10px;row-gap:4px;align-content:center}}`;

/** The words of the page's top bar: whether real money moves. */
export function bannerText(payment: Pick<PagePayment, 'provider' | 'publishableKey'> | undefined): string {
  if (!payment || payment.provider === 'test') return 'Test mode: no real payment is taken';
  return payment.publishableKey?.startsWith('pk_live_') ? 'Payments are processed securely by Stripe' : 'Stripe test mode: no real payment is taken';
}

function layout(storeName: string, title: string, body: string, banner = bannerText(undefined), head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(storeName)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>${STYLES}</style>${head}</head>
<body><a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><div class="top"><div class="wrap"><span>${escapeHtml(banner)}</span></div></div>
<div class="wrap head"><a class="brand" href="/">${escapeHtml(storeName)}</a><span class="secure"><svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor"><path d="M12 1a5 5 0 0 0-5 5v4H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 1 1 6 0v4z"/></svg>Secure checkout</span></div>
<div class="bar"></div></header>
<main id="main" class="wrap" tabindex="-1">${body}</main>
<footer class="site-footer"><div class="wrap">&copy; ${escapeHtml(storeName)} · <a href="/help.asp">Help</a> · <a href="/shoppingcart.asp">Cart</a></div></footer></body></html>`;
}

function money(cents: number): string {
  return escapeHtml(formatPrice(fromCents(cents)));
}

/** A line's picture at the smallest width the media server renders, or an empty tile. */
function lineImage(url: string | null): string {
  if (!url) return '<span class="noimg" aria-hidden="true"></span>';
  return `<img src="${escapeHtml(isSizedImageUrl(url) ? sizedImageUrl(url, 200) : url)}" alt="" width="56" height="56">`;
}

function addressHtml(a: OrderAddress): string {
  return `<address class="addr">${addressLines(a).map((l) => escapeHtml(l)).join('<br>')}</address>`;
}

/** The confirmation page of a placed order: its number, and for a customer a link to its page. */
export function confirmationPage(order: Order, options: { storeName: string; customer: boolean; publishableKey?: string | null }): string {
  const rows = order.lines
    .map((l) => `<li class="line">${lineImage(l.imageUrl)}<span class="line-title">${escapeHtml(l.title)}<span class="line-qty">Qty ${l.quantity}</span></span><span class="line-price">${escapeHtml(orderLineTotal(l))}</span></li>`)
    .join('');
  const totals = orderMailTotals(order)
    .map((r) => `<div class="${r.label === 'Total' ? 'total' : r.label.startsWith('Discount') ? 'discount' : ''}"><dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd></div>`)
    .join('');
  const shipments = order.shippingQuote ? `<section class="card" aria-labelledby="shipments-h"><h2 id="shipments-h">Shipments</h2>${shipmentsHtml(order.shippingQuote, order.lines)}</section>` : '';
  const next = options.customer
    ? `<a id="order-link" class="button" href="${orderPath(order.orderId)}">View your order</a><a class="button button-secondary" href="/">Continue shopping</a>`
    : `<a class="button" href="/">Continue shopping</a>`;
  const banner = order.payment.provider === 'stripe' ? bannerText({ provider: 'stripe', publishableKey: options.publishableKey ?? null }) : bannerText(undefined);
  return layout(options.storeName, `Order ${order.orderId} placed`, `<div class="done">
<div class="card"><div class="done-head"><span class="tick" aria-hidden="true">&#10003;</span><div><h1>Thank you! Your order is placed.</h1>
<p class="order-no">Order number <strong>#${order.orderId}</strong></p></div></div>
<p>A confirmation goes to <strong>${escapeHtml(order.email)}</strong>. Paid with ${escapeHtml(order.payment.brand)}${order.payment.last4 ? ` ending in ${escapeHtml(order.payment.last4)}` : ''}${order.payment.provider === 'stripe' ? '' : ' (test mode)'}.</p>
${options.customer ? '' : '<p class="note">Keep your order number: quote it when you contact us about this order.</p>'}
<div class="actions">${next}</div></div>
<div class="two"><section class="card" aria-labelledby="ship-h"><h2 id="ship-h">Shipping to</h2>${addressHtml(order.shippingAddress)}</section>
<section class="card" aria-labelledby="sum-h"><h2 id="sum-h">Order summary</h2><ul class="lines">${rows}</ul><dl class="totals">${totals}</dl></section></div>${shipments}</div>`, banner);
}

function fieldHtml(name: string, label: string, value: string, error: { fields: readonly string[]; message: string } | null, extra = '', optional = false, type = 'text'): string {
  const invalid = error?.fields.includes(name) ?? false;
  const id = `f-${name}`;
  return `<div class="field"><label for="${id}">${escapeHtml(label)}${optional ? ' <span class="opt">(optional)</span>' : ''}</label>
<input type="${type}" id="${id}" name="${name}" value="${value}"${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''} ${extra}>${invalid ? `<span class="field-error" id="${id}-error">${escapeHtml(error?.message ?? '')}</span>` : ''}</div>`;
}

function selectHtml(name: string, label: string, options: string, error: { fields: readonly string[]; message: string } | null, optional = false): string {
  const invalid = error?.fields.includes(name) ?? false;
  const id = `f-${name}`;
  return `<div class="field"><label for="${id}">${escapeHtml(label)}${optional ? ' <span class="opt">(optional)</span>' : ''}</label>
<select id="${id}" name="${name}"${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${options}</select>${invalid ? `<span class="field-error" id="${id}-error">${escapeHtml(error?.message ?? '')}</span>` : ''}</div>`;
}

/**
 * A priced cart as the totals rows read it: the lines' subtotal, the discount, shipping (none for
 * an empty cart) and the total (subtotal - discount + shipping, the amount charged).
 * @example cartTotalsRows(checkoutTotals(priceCheckout(db, id)), '$');
 */
export function checkoutTotals(price: CartPrice): CartTotalsCents {
  return { subtotalCents: price.linesCents, discountCents: price.discountCents, shippingCents: price.shippingCents, totalCents: price.totalCents };
}

/**
 * The checkout's Sign in link. Signing in merges the guest cart into the account's (this
 * checkout's URL then no longer opens), so the shopper comes back to the cart page, whose
 * Checkout button leads on to the account's checkout with the saved addresses and cards.
 */
export const SIGN_IN_HREF = withReturnPath('/login.asp', '/shoppingcart.asp');

/** The page's words about shipping. */
export const SHIPPING_TEXTS = {
  noAddress: 'Enter your shipping address and choose Update shipping to see the shipping options, delivery dates and sales tax.',
  update: 'Update shipping',
  freightPhone: 'Freight needs a phone number: the carrier calls before delivery to book a time.',
  liftgate: 'Liftgate delivery (the truck lowers the pallet to the ground; no loading dock needed)',
  residential: 'Residential delivery (to a home rather than a business)',
  taxLabel: 'Sales tax',
} as const;

/** The totals rows of a quote: subtotal, discount, shipping, sales tax (its own row) and total. */
export function quoteTotalsRows(quote: ShippingQuote, codes: readonly string[]): { kind: string; label: string; value: string }[] {
  const t = quote.totals;
  const rows: { kind: string; label: string; value: string }[] = cartTotalsRows({ subtotalCents: t.linesCents, discountCents: t.discountCents, shippingCents: t.shippingCents, totalCents: t.totalCents }, '$', codes);
  const tax = quote.tax;
  const label = tax.collected && tax.ratePpm > 0 ? `${SHIPPING_TEXTS.taxLabel} (${tax.state} ${tax.rateText})` : SHIPPING_TEXTS.taxLabel;
  rows.splice(rows.length - 1, 0, { kind: 'tax', label, value: formatPrice(fromCents(t.taxCents)) });
  return rows;
}

/** Titles of a shipment's lines, by the quote's line ids (inventory level ids). */
function shipmentItems(lineIds: readonly string[], lines: readonly { inventoryLevelId: number | null; title: string; quantity: number }[]): string {
  return lineIds
    .map((id) => lines.find((l) => String(l.inventoryLevelId) === id))
    .filter((l): l is { inventoryLevelId: number | null; title: string; quantity: number } => l !== undefined)
    .map((l) => `<li>${escapeHtml(l.title)} × ${l.quantity}</li>`)
    .join('');
}

/** The shipments of a quote: what ships together, by which service, when it arrives, its notes. */
export function shipmentsHtml(quote: ShippingQuote, lines: readonly { inventoryLevelId: number | null; title: string; quantity: number }[]): string {
  return `<ol class="shipments">${quote.shipments
    .map((s, i) => `<li class="shipment"><h3>Shipment ${i + 1} of ${quote.shipments.length}: ${escapeHtml(s.title)} by ${escapeHtml(s.serviceName)} · ${s.cents === 0 ? 'Free' : money(s.cents)}</h3>
<p class="arrives">${escapeHtml(s.dates.arrivalText)}${s.dates.dated ? '' : ' (estimated, not guaranteed)'}</p><ul class="items">${shipmentItems(s.lineIds, lines)}</ul>${s.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('')}</li>`)
    .join('')}</ol>`;
}

/** The notices a shopper reads before paying (the full Proposition 65 warning for California). */
export function noticesHtml(quote: ShippingQuote): string {
  if (quote.notices.length === 0) return '';
  return `<div class="notices">${quote.notices.map((n) => `<p class="notice notice-${n.kind}"${n.kind === 'prop65' ? ' role="note"' : ''}>${escapeHtml(n.text)}</p>`).join('')}</div>`;
}

/** The shipping step: the options (each one ships), the chosen option's shipments, freight's choices and the notices. */
function shippingSection(
  quote: ShippingResult<ShippingQuote> | null,
  lines: readonly LineDetail[],
  choice: ShippingChoice,
  err: { fields: readonly string[]; message: string } | null,
): string {
  const update = `<button type="submit" name="action" value="quote" class="button button-secondary" formnovalidate>${SHIPPING_TEXTS.update}</button>`;
  if (quote === null || !quote.ok) {
    const hidden = `<input type="hidden" name="service" value="${escapeHtml(choice.service)}">`;
    const message = quote && !quote.ok ? `<p class="field-error" id="g-shipping-error">${escapeHtml(quote.error.message)}</p>` : `<p class="note">${SHIPPING_TEXTS.noAddress}</p>`;
    return `${hidden}${message}${update}`;
  }
  const q = quote.value;
  const invalid = err?.fields.includes('service') ?? false;
  const options = q.options
    .map((o) => `<label class="choice"><input type="radio" name="service" value="${o.id}"${o.id === q.selected ? ' checked' : ''}><span><strong>${escapeHtml(o.label)}</strong> · ${o.shippingCents === 0 ? 'Free' : money(o.shippingCents)}<span class="line-qty">${escapeHtml(o.arrivalText)}</span></span></label>`)
    .join('');
  const freight = q.freight
    ? `<fieldset class="freight"><legend>Freight delivery</legend><input type="hidden" name="freightChoices" value="1">
<p class="note">${escapeHtml(SHIPPING_TEXTS.freightPhone)}</p>
<label class="choice"><input type="checkbox" name="liftgate" value="1"${q.freight.liftgate ? ' checked' : ''}><span>${escapeHtml(SHIPPING_TEXTS.liftgate)} · ${money(q.freight.liftgateCents)}</span></label>
<label class="choice"><input type="checkbox" name="residential" value="1"${q.freight.residential ? ' checked' : ''}><span>${escapeHtml(SHIPPING_TEXTS.residential)} · ${money(q.freight.residentialCents)}</span></label>
<p class="note">${escapeHtml(q.freight.curbsideText)}</p></fieldset>`
    : '';
  return `<fieldset${invalid ? ' aria-describedby="g-service-error"' : ''}><legend>Shipping option</legend>${options}${invalid ? `<p class="field-error" id="g-service-error">${escapeHtml(err?.message ?? '')}</p>` : ''}</fieldset>
${q.selectionNote ? `<p class="note">${escapeHtml(q.selectionNote)}</p>` : ''}
${shipmentsHtml(q, lines)}${freight}${noticesHtml(q)}${update}`;
}

/**
 * HTML with every character past Latin-1 written as a character reference ('–' as '&#8211;',
 * '⚠' as '&#9888;'): the same text on the page, but the page stays a one-byte string, which the
 * engine builds and encodes for the answer in half the memory and time of a two-byte one (the
 * shipping step's en dashes and warning sign made the whole page two-byte).
 * @example
 * latin1Html('Arrives Tue, Dec 2 – Thu, Dec 4'); // 'Arrives Tue, Dec 2 &#8211; Thu, Dec 4'
 */
export function latin1Html(html: string): string {
  return html.replace(/[\u{100}-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`);
}

/** The totals rows as the summary shows them. */
function totalsHtml(rows: readonly { kind: string; label: string; value: string }[]): string {
  return rows
    .map((r) => `<div${r.kind === 'total' || r.kind === 'discount' || r.kind === 'tax' ? ` class="${r.kind}"` : ''}><dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd></div>`)
    .join('\n');
}

/** What the shipping step of a page is drawn from: the cart, its codes, the address, the choices, the form's last refusal. */
interface ShippingStepInput {
  lines: readonly LineDetail[];
  price: CartPrice;
  codes: readonly string[];
  address: OrderAddress;
  choice: ShippingChoice;
  error: { message: string; fields: readonly string[] } | null;
}

/** The shipping step as drawn: the quote, the step's HTML and the summary's totals rows. */
interface ShippingStep {
  quote: ShippingResult<ShippingQuote>;
  section: string;
  totals: string;
}

/** Shipping steps a service's pages remember. @default 256 */
export const SHIPPING_STEPS_KEPT = 256;

const drawnSteps = new WeakMap<ShippingService, Map<string, ShippingStep>>();

/**
 * The shipping step of a checkout page: the quote of the cart to the address with the choices,
 * its options, shipments, notices and totals, drawn as HTML. A page shown again (a reload, an
 * Update shipping, a refused payment) draws it from memory when everything it is drawn from is
 * the same: the cart's lines (level, quantity, price, title), its codes, the address, the
 * choices, the refusal next to the service, the quote's clock window (domain quoteClockWindow:
 * today, the processing day, the minutes left before the cut-off) and the shipping service's
 * catalogue version (every catalogue change the service forgot). Otherwise it quotes
 * (`ShippingService.quoteCheckout`, the one quote path) and draws.
 */
async function shippingStep(db: Db, shipping: ShippingService, input: ShippingStepInput): Promise<ShippingStep> {
  const { lines, price, codes, address: a, choice, error } = input;
  const now = shipping.now();
  const window = quoteClockWindow(now, shipping.tables);
  const key = window === null ? null : JSON.stringify([
    window, shipping.version, lines.map((l) => [l.inventoryLevelId, l.quantity, l.unitCents, l.title]), price.discountCents,
    price.applied.map((r) => [r.code, r.kind]), a.zip, a.stateCode, a.countryCode, a.address1, a.address2, a.phone,
    choice.service, choice.liftgate, choice.residential, error?.fields.includes('service') ? error.message : null,
  ]);
  let kept = drawnSteps.get(shipping);
  const found = key === null ? undefined : kept?.get(key);
  if (found) return found;
  const quote = await shipping.quoteCheckout(db, lines, price, a, choice, now);
  const step: ShippingStep = {
    quote,
    // the section marks the service when the form's refusal was about it (a refused quote shows its own message)
    section: latin1Html(shippingSection(quote, lines, choice, error)),
    totals: latin1Html(totalsHtml(quote.ok ? quoteTotalsRows(quote.value, codes) : cartTotalsRows(checkoutTotals(price), '$', codes))),
  };
  if (key !== null) {
    if (!kept) drawnSteps.set(shipping, (kept = new Map()));
    if (kept.size >= SHIPPING_STEPS_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, step);
  }
  return step;
}

/** The address of the form: a saved one chosen, or the new one typed (null when it is not complete or not valid yet). */
async function formDestination(db: Db, owner: Owner, fields: Record<string, string | undefined>, addresses: readonly AddressRow[]): Promise<Destination | null> {
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

/** The checkout form of an open cart, with the last refusal marked on its fields and what was typed kept (never the card number or security code). */
export async function checkoutFormPage(
  db: Db,
  owner: Owner,
  checkoutId: string,
  error: { message: string; fields: readonly string[] } | null,
  fields: Record<string, string | undefined> = {},
  shipping?: ShippingService,
  payment?: PagePayment,
): Promise<string> {
  const storeName = await storeNameOf(db);
  const banner = bannerText(payment);
  const stripe = payment?.provider === 'stripe' ? payment : null;
  const lines = await lineDetails(db, checkoutId);
  const price = await priceCheckout(db, checkoutId, lines);
  const v = (name: string) => escapeHtml(fields[name] ?? '');
  if (lines.length === 0) {
    return layout(storeName, 'Checkout', `<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li aria-current="page">Checkout</li></ol></nav>
<h1>Checkout</h1><div class="card"><p>Your cart is empty.</p><a class="button" href="/shoppingcart.asp">Back to cart</a></div>`, banner);
  }
  const rows = lines
    .map((l) => {
      return `<li class="line">${lineImage(l.imageUrl)}<span class="line-title">${escapeHtml(l.title)}<span class="line-qty">Qty ${l.quantity}</span></span><span class="line-price">${money(l.unitCents * l.quantity)}</span></li>`;
    })
    .join('');
  const addresses = await savedAddresses(db, owner.customerId);
  // where the order goes, when the page knows: a saved address, or a new one typed in full
  const choice = readShippingChoice(fields);
  const destination = shipping ? await formDestination(db, owner, fields, addresses) : null;
  const codes = price.applied.map((r) => r.code);
  // the shipping step and the quote's rows (with sales tax) once the address is known; before,
  // the cart's own rows (domain cartTotalsRows): the same subtotal, discount, shipping and total as the cart page
  const step = shipping && destination ? await shippingStep(db, shipping, { lines, price, codes, address: destination.address, choice, error }) : null;
  const quote = step?.quote ?? null;
  const totals = step?.totals ?? totalsHtml(cartTotalsRows(checkoutTotals(price), '$', codes));
  const payCents = quote?.ok ? quote.value.totals.totalCents : price.totalCents;
  // a refused destination is marked on its fields like any other refusal (unless one already is)
  const shownError = error ?? (quote && !quote.ok ? { message: quote.error.message, fields: quoteErrorFields(quote.error.code, destination?.saved ?? false) } : null);
  // the wallet's cards the provider holds (Stripe: its customer's PaymentMethods), else a new card
  const payments = await savedPayments(db, owner.customerId, stripe ? 'stripe' : 'test');
  const signedInEmail = await customerEmail(db, owner.customerId);
  const chosenAddress = fields.addressId ?? defaultAddressId(addresses);
  const chosenPayment = fields.paymentMethodId ?? (payments[0] ? String(payments[0].id) : 'new');
  // a saved address abroad is shown, but cannot be chosen: the store ships to the United States only
  const addressChoices = addresses
    .map((a) => (shippable(a)
      ? `<label class="choice"><input type="radio" name="addressId" value="${a.id}"${chosenAddress === String(a.id) ? ' checked' : ''}><span>${escapeHtml(addressLine(toAddress(a)))}</span></label>`
      : `<label class="choice unavailable"><input type="radio" name="addressId" value="${a.id}" disabled><span>${escapeHtml(addressLine(toAddress(a)))}<span class="line-qty">${escapeHtml(PAGE_ERRORS.country)}</span></span></label>`))
    .join('');
  const paymentChoices = payments
    .map((p) => `<label class="choice"><input type="radio" name="paymentMethodId" value="${p.id}"${chosenPayment === String(p.id) ? ' checked' : ''}><span>${escapeHtml(`${p.brand} ending in ${p.last4}, expires ${String(p.exp_month).padStart(2, '0')}/${p.exp_year}`)}</span></label>`)
    .join('');
  const country = (fields.countryCode ?? 'US').toUpperCase();
  const countryOptions = SHIP_TO_COUNTRIES.map((c) => `<option value="${c.countryCode}"${c.countryCode === country ? ' selected' : ''}>${escapeHtml(c.title)}</option>`).join('');
  const state = (fields.stateCode ?? '').toUpperCase();
  const stateOptions = `<option value="">None</option>${SHIP_TO_COUNTRIES
    .map(({ countryCode: code, title }) => `<optgroup label="${escapeHtml(title)}">${(STATES[code] ?? []).map((st) => `<option value="${st.stateCode}"${st.stateCode === state && code === country ? ' selected' : ''}>${escapeHtml(st.title)}</option>`).join('')}</optgroup>`)
    .join('')}`;
  const err = shownError;
  const groupError = (name: string) =>
    err?.fields.includes(name) ? `<p class="field-error" id="g-${name}-error">${escapeHtml(err.message)}</p>` : '';
  const newAddress = `<div class="grid new-fields">
${fieldHtml('firstName', 'First name', v('firstName'), err, 'autocomplete="given-name"')}
${fieldHtml('lastName', 'Last name', v('lastName'), err, 'autocomplete="family-name"')}
<div class="full">${fieldHtml('company', 'Company', v('company'), err, 'autocomplete="organization"', true)}</div>
<div class="full">${fieldHtml('address1', 'Address line 1', v('address1'), err, 'autocomplete="address-line1"')}</div>
<div class="full">${fieldHtml('address2', 'Address line 2', v('address2'), err, 'autocomplete="address-line2"', true)}</div>
${fieldHtml('city', 'City', v('city'), err, 'autocomplete="address-level2"', true)}
${selectHtml('stateCode', 'State / Province', stateOptions, err)}
${fieldHtml('zip', 'Postal code', v('zip'), err, 'autocomplete="postal-code"')}
${selectHtml('countryCode', 'Country', countryOptions, err)}
<div class="full">${fieldHtml('phone', 'Phone', v('phone'), err, 'autocomplete="tel" inputmode="tel"', true, 'tel')}</div></div>`;
  return layout(storeName, 'Checkout', `<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/shoppingcart.asp">Shopping Cart</a></li><li aria-current="page">Checkout</li></ol></nav>
<h1>Checkout</h1>
${shownError ? `<p class="alert" role="alert" id="form-error">${escapeHtml(shownError.message)}</p>` : ''}
<div class="layout">
<form class="checkout-form" method="post" action="/checkout/${escapeHtml(checkoutId)}">
${quote?.ok ? `<input type="hidden" name="${SHOWN_TOTAL_FIELD}" value="${payCents}"><input type="hidden" name="${SHOWN_CODES_FIELD}" value="${escapeHtml(codes.join(','))}">` : ''}
<section class="card" aria-labelledby="contact-h"><h2 id="contact-h"><span class="step" aria-hidden="true">1</span>Contact</h2>
${signedInEmail ? `<p>Signed in as <strong>${escapeHtml(signedInEmail)}</strong></p>` : `${fieldHtml('email', 'Email', v('email'), err, 'required autocomplete="email"', false, 'email')}<p class="note">We send the order confirmation here. <a href="${escapeHtml(SIGN_IN_HREF)}">Sign in</a> to use your saved addresses and cards.</p>`}</section>
<section class="card choosable" aria-labelledby="ship-h"><h2 id="ship-h"><span class="step" aria-hidden="true">2</span>Shipping address</h2>
${addresses.length > 0 ? `<fieldset${err?.fields.includes('addressId') ? ' aria-describedby="g-addressId-error"' : ''}><legend>Ship to</legend>${addressChoices}<label class="choice"><input type="radio" name="addressId" value="new"${chosenAddress === 'new' ? ' checked' : ''}><span>A new address (fill in below)</span></label>${groupError('addressId')}</fieldset>` : '<input type="hidden" name="addressId" value="new">'}
${newAddress}</section>
<section class="card" aria-labelledby="shipping-h"><h2 id="shipping-h"><span class="step" aria-hidden="true">3</span>Shipping</h2>
${step?.section ?? shippingSection(null, lines, choice, err)}</section>
<section class="card choosable" aria-labelledby="pay-h"><h2 id="pay-h"><span class="step" aria-hidden="true">4</span>Payment</h2>
${payments.length > 0 ? `<fieldset${err?.fields.includes('paymentMethodId') ? ' aria-describedby="g-paymentMethodId-error"' : ''}><legend>Pay with</legend>${paymentChoices}<label class="choice"><input type="radio" name="paymentMethodId" value="new"${chosenPayment === 'new' ? ' checked' : ''}><span>${stripe ? 'A new card (enter it below)' : 'A test card (fill in below)'}</span></label>${groupError('paymentMethodId')}</fieldset>` : '<input type="hidden" name="paymentMethodId" value="new">'}
${stripe ? `<div class="new-fields">${stripePaymentFields(stripe, payCents)}</div>` : `<div class="grid new-fields">
<div class="full">${fieldHtml('cardNumber', 'Card number', '', err, 'inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242"')}</div>
${fieldHtml('expMonth', 'Expiry month (MM)', v('expMonth'), err, 'inputmode="numeric" autocomplete="off" placeholder="12" maxlength="2"')}
${fieldHtml('expYear', 'Expiry year (YYYY)', v('expYear'), err, 'inputmode="numeric" autocomplete="off" placeholder="2030" maxlength="4"')}
${fieldHtml('cvc', 'Security code', '', err, 'inputmode="numeric" autocomplete="off" maxlength="4"')}</div>
<p class="note">Test mode. Test cards: 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard); 4000 0000 0000 0002 is declined. Card numbers are never stored.</p>`}</section>
<button type="submit" class="button place">Place order · ${money(payCents)}</button>
</form>
<aside class="card summary" aria-labelledby="summary-h"><h2 id="summary-h">Order summary</h2>
<ul class="lines">${rows}</ul><dl class="totals">${totals}</dl><a class="edit" href="/shoppingcart.asp">Edit cart</a></aside>
</div>`, banner);
}

/** Data for the page's scripts, in a block no browser runs (`<` escaped so no text can end it). */
function scriptData(id: string, data: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The Stripe page's payment step: Stripe's Payment Element (its own frame: card data never
 * touches this server), a hidden field for the PaymentMethod id it creates, and the script that
 * creates it on submit and then posts the form. The Update shipping button posts without paying.
 */
function stripePaymentFields(stripe: PagePayment, payCents: number): string {
  const data = { publishableKey: stripe.publishableKey, amount: payCents, currency: CURRENCY_CODE.toLowerCase() };
  return `<div id="payment-element" class="payment-element"></div><input type="hidden" name="paymentMethod" value="">
<p class="field-error" id="payment-errors" role="alert"></p>
<p class="note">Your card details are entered in Stripe's secure form and never reach our server.</p>
${scriptData('stripe-data', data)}<script src="${STRIPE_JS_URL}"></script>
<script nonce="${escapeHtml(stripe.nonce)}">(() => {
const data = JSON.parse(document.getElementById('stripe-data').textContent);
const form = document.querySelector('form.checkout-form');
const errors = document.getElementById('payment-errors');
const stripe = Stripe(data.publishableKey);
const elements = stripe.elements({ mode: 'payment', amount: data.amount, currency: data.currency, paymentMethodCreation: 'manual' });
elements.create('payment').mount('#payment-element');
let busy = false;
form.addEventListener('submit', async (event) => {
  if (event.submitter && event.submitter.name === 'action') return;
  if (form.elements.paymentMethod.value !== '') return;
  // a wallet card chosen: the server pays with it, the Payment Element is not used
  const wallet = form.querySelector('input[name="paymentMethodId"]:checked');
  if (wallet && wallet.value !== 'new') return;
  event.preventDefault();
  if (busy) return;
  busy = true;
  errors.textContent = '';
  const submitted = await elements.submit();
  const created = submitted.error ? submitted : await stripe.createPaymentMethod({ elements });
  if (created.error) { errors.textContent = created.error.message; busy = false; return; }
  form.elements.paymentMethod.value = created.paymentMethod.id;
  form.submit();
});
})();</script>`;
}

/**
 * The 3-D Secure step of a Stripe payment: stripe.js shows the bank's check with the
 * PaymentIntent's client secret, then the shopper comes back to the checkout with
 * `payment_intent` in the address, where the order is placed. Without a client secret, a link
 * to the provider's page for the check.
 */
export async function paymentActionPage(db: Db, checkoutId: string, outcome: Extract<PayOutcome, { kind: 'requires_action' }>, payment: PagePayment): Promise<string> {
  const storeName = await storeNameOf(db);
  const back = `/checkout/${encodeURIComponent(checkoutId)}?payment_intent=${encodeURIComponent(outcome.providerPaymentId)}`;
  const intro = '<h1>Confirm your payment</h1><p>Your bank asks you to confirm this payment. Follow the steps in the window that opens; you come back here when it is done.</p>';
  if (payment.provider === 'stripe' && outcome.clientSecret && payment.publishableKey) {
    return layout(storeName, 'Confirm your payment', `<div class="done"><div class="card">${intro}
<p class="field-error" id="payment-errors" role="alert"></p><a class="button" id="payment-continue" href="${escapeHtml(back)}">Continue</a></div></div>
${scriptData('stripe-action', { publishableKey: payment.publishableKey, clientSecret: outcome.clientSecret, back })}<script src="${STRIPE_JS_URL}"></script>
<script nonce="${escapeHtml(payment.nonce)}">(() => {
const data = JSON.parse(document.getElementById('stripe-action').textContent);
Stripe(data.publishableKey).handleNextAction({ clientSecret: data.clientSecret }).then((result) => {
  if (result.error) document.getElementById('payment-errors').textContent = result.error.message;
  window.location.replace(data.back);
});
})();</script>`, bannerText(payment));
  }
  const go = outcome.nextActionUrl ? `<a class="button" href="${escapeHtml(outcome.nextActionUrl)}">Confirm with your bank</a>` : `<a class="button" href="${escapeHtml(back)}">Continue</a>`;
  return layout(storeName, 'Confirm your payment', `<div class="done"><div class="card">${intro}<div class="actions">${go}</div></div></div>`, bannerText(payment));
}

async function notFoundPage(db: Db, reply: FastifyReply): Promise<FastifyReply> {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(layout(await storeNameOf(db), '404 Not Found', '<div class="card done"><h1>404 Not Found</h1><p>This page does not exist.</p><a class="button" href="/">Go to the store</a></div>'));
}

/** Whether an order belongs to a customer account (its page exists), rather than a guest. */
async function isCustomerOrder(db: Db, orderId: number): Promise<boolean> {
  return (await orderCustomerId(db, orderId)) !== null;
}

function pageOwner(request: FastifyRequest): Owner | null {
  const session = request.session;
  return session?.id == null ? null : { sessionId: session.id, customerId: session.customerId };
}

/** The payments of the page: the option, else the app's, else (a commerce plugin registered alone) one over the test provider. */
function pagePayments(app: FastifyInstance, options: CheckoutPageOptions): PaymentsService {
  if (options.payments) return options.payments;
  if (app.hasDecorator('payments')) return app.payments;
  const placeOrderFromCheckout = createPlaceOrderFromCheckout({ db: options.db, shipping: options.shipping });
  return createPaymentsService({ db: options.db, provider: createTestProvider(), placeOrderFromCheckout });
}

/** The refusal a payment error shows on the form, or undefined when it is no refusal (a bug, the database down). */
function paymentRefusal(err: unknown, provider: PagePayment['provider']): { status: number; message: string; fields: readonly string[] } | undefined {
  if (err instanceof PaymentDeclinedError) return { status: 402, message: err.message, fields: declineFields(err.code, provider) };
  // the outcome is unknown: asking again is safe (the payments module finds the same payment)
  if (err instanceof PaymentUnavailableError) return { status: 503, message: PAGE_ERRORS.unavailable, fields: [] };
  if (err instanceof HttpError && err.statusCode !== 404 && err.statusCode < 500) return { status: err.statusCode, message: err.message, fields: err instanceof FormError ? err.fields : [] };
  return undefined;
}

/**
 * The page's two routes, in an encapsulated scope with its own urlencoded body parser.
 * @example
 * await app.register(checkoutPageRoutes, { db });
 */
export const checkoutPageRoutes: FastifyPluginAsync<CheckoutPageOptions> = async (app, options) => {
  const { db, shipping } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    });
  }
  const params = { type: 'object', properties: { checkoutId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['checkoutId'] } as const;
  // Stripe's return after the Payment Element or 3-D Secure names the PaymentIntent (and adds its own fields, ignored)
  const querystring = { type: 'object', properties: { payment_intent: { type: 'string', maxLength: 255 } } } as const;
  let payments: PaymentsService | undefined;
  const paymentsOf = () => (payments ??= pagePayments(app, options));
  const pagePayment = (reply: FastifyReply): PagePayment => {
    const provider = paymentsOf().provider;
    return { provider: provider.name, publishableKey: provider.publishableKey, nonce: scriptNonce(reply) };
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const toConfirmation = (reply: FastifyReply, checkoutId: string) => reply.code(303).header('location', `/checkout/${encodeURIComponent(checkoutId)}`).send();

  app.get('/checkout/:checkoutId', { schema: { hide: true, params, querystring } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    const row = owner ? await ownedCheckout(db, checkoutId, owner) : undefined;
    if (!owner || !row) return await notFoundPage(db, reply);
    const order = await orderOfCheckout(db, owner, checkoutId);
    if (order) {
      const confirmation = confirmationPage(order, { storeName: await storeNameOf(db), customer: await isCustomerOrder(db, order.orderId), publishableKey: paymentsOf().provider.publishableKey });
      return html(reply, 200, confirmation);
    }
    if (row.status !== 'open') return await notFoundPage(db, reply);
    const payment = pagePayment(reply);
    const returned = (request.query as { payment_intent?: string }).payment_intent;
    if (returned !== undefined && /^[A-Za-z0-9_]+$/.test(returned)) {
      // back from the provider: its answer decides, and a success places the order (once, whatever the webhook did)
      try {
        const outcome = await paymentsOf().resume(checkoutId, returned);
        if (outcome?.kind === 'paid') return toConfirmation(reply, checkoutId);
        if (outcome?.kind === 'requires_action') return html(reply, 200, await paymentActionPage(db, checkoutId, outcome, payment));
        if (outcome?.kind === 'failed') return html(reply, 402, await checkoutFormPage(db, owner, checkoutId, { message: outcome.message, fields: [] }, {}, shipping, payment));
        if (outcome?.kind === 'pending') return html(reply, 200, await checkoutFormPage(db, owner, checkoutId, { message: PAGE_ERRORS.pending, fields: [] }, {}, shipping, payment));
      } catch (err) {
        const refusal = paymentRefusal(err, payment.provider);
        if (!refusal) throw err;
        return html(reply, refusal.status, await checkoutFormPage(db, owner, checkoutId, refusal, {}, shipping, payment));
      }
    }
    return html(reply, 200, await checkoutFormPage(db, owner, checkoutId, null, {}, shipping, payment));
  });

  app.post('/checkout/:checkoutId', { schema: { hide: true, params } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    if (!owner || !await ownedCheckout(db, checkoutId, owner)) return await notFoundPage(db, reply);
    if (!isSameOrigin(request, options.allowedOrigins ?? [])) throw new HttpError(403, 'Cross-site request refused.');
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string | undefined> = {};
    for (const [k, val] of Object.entries(raw)) if (typeof val === 'string') fields[k] = val;
    // a completed checkout shows its order again: the second submit of a double click
    if (await orderOfCheckout(db, owner, checkoutId)) return toConfirmation(reply, checkoutId);
    const payment = pagePayment(reply);
    // what the shopper typed comes back, except the card number, the security code and a used PaymentMethod
    const safeFields = { ...fields, cardNumber: undefined, cvc: undefined, action: undefined, paymentMethod: undefined };
    // the shopper asked to see shipping for the address typed: the page again, nothing placed
    if (fields.action === 'quote') return html(reply, 200, await checkoutFormPage(db, owner, checkoutId, null, safeFields, shipping, payment));
    try {
      const input = await readPlaceForm(db, owner, fields, new Date(), payment.provider);
      const choice = readShippingChoice(fields);
      const lines = await lineDetails(db, checkoutId);
      if (lines.length === 0) throw new HttpError(422, ORDER_ERRORS.emptyCart);
      const priced = await priceCheckout(db, checkoutId, lines);
      const quoted = await shipping.quoteCheckout(db, lines, priced, input.address, choice);
      const saved = fields.addressId !== undefined && fields.addressId !== 'new';
      if (!quoted.ok) throw new FormError(422, quoted.error.message, quoteErrorFields(quoted.error.code, saved));
      // the total the page showed (when it showed one with shipping and tax): a code used up or a
      // price changed since is never charged unseen; the page shows the new total instead
      const shown = fields[SHOWN_TOTAL_FIELD];
      if (shown !== undefined && /^\d{1,12}$/.test(shown) && Number(shown) !== quoted.value.totals.totalCents) {
        const now = new Set(priced.applied.map((r) => r.code));
        const gone = (fields[SHOWN_CODES_FIELD] ?? '').split(',').filter((c) => c !== '' && !now.has(c));
        throw new FormError(422, totalChangedMessage(quoted.value.totals.totalCents, gone), []);
      }
      // everything the order is placed from is on the checkout before any money moves: the
      // webhook may place it without this request
      const details = { email: input.email, address: input.address, choice: shippingChoiceFields(fields), paymentMethodId: input.paymentMethodId };
      if (!await saveCheckoutDetails(db, checkoutId, details)) return toConfirmation(reply, checkoutId);
      const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
      const outcome = await paymentsOf().payCheckout({
        checkoutId,
        // the quote's total (lines − discount + shipping + tax): what placing checks the payment against
        amountCents: quoted.value.totals.totalCents,
        currency: CURRENCY_CODE,
        method: input.method,
        ...(input.providerCustomerId ? { customerId: input.providerCustomerId } : {}),
        returnUrl: `${origin}/checkout/${encodeURIComponent(checkoutId)}`,
      });
      if (outcome.kind === 'requires_action') return html(reply, 200, await paymentActionPage(db, checkoutId, outcome, payment));
      return toConfirmation(reply, checkoutId);
    } catch (err) {
      const refusal = paymentRefusal(err, payment.provider);
      if (!refusal) throw err;
      if (refusal.status === 503) reply.header('retry-after', '5');
      return html(reply, refusal.status, await checkoutFormPage(db, owner, checkoutId, refusal, safeFields, shipping, payment));
    }
  });
};
