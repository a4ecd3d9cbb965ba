/**
 * The hosted checkout page the checkout's webUrl points at (`/checkout/{checkoutId}`): a
 * server-rendered form where the shopper confirms a shipping address (saved or new), a payment
 * method (saved, or a test card) and, as a guest, an email, then places the order in test mode.
 * The confirmation links to `/account/orders/{id}`.
 *
 * Rules (each tested):
 * - Only the cart's owner (its session, or its customer) sees the page; anyone else gets 404.
 * - Test cards only: the number must pass the Luhn check; 4000 0000 0000 0002 is declined (402).
 *   Only a random token, the brand and the last four digits are kept: never the number or the
 *   security code.
 * - Submitting twice (or twice at once) shows the same order: placing is idempotent per checkout.
 * - The form posts urlencoded (a plain HTML form works without script); cross-site posts are
 *   refused by the origin rule and the SameSite=Lax session cookie.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatPrice, fromCents } from '../../domain/money.ts';
import { isSameOrigin } from '../auth/origin-guard.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { lineDetails, ownedCheckout, priceCheckout, type Owner } from './checkouts.ts';
import { orderOfCheckout, placeOrder, type Order, type OrderAddress, type OrderPayment } from './orders.ts';

/** Options of {@link checkoutPageRoutes}. */
export interface CheckoutPageOptions {
  db: Db;
  /** Other origins allowed to post the form. @default [] */
  allowedOrigins?: readonly string[];
}

/** A test card's brand, from its leading digits. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'Diners';
  return 'Card';
}

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The test card number that is always declined. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** The page's error texts. */
export const PAGE_ERRORS = {
  email: 'Enter a valid email address.',
  address: 'Enter a shipping address: first name, last name, address line 1, postal code and country are required.',
  savedAddress: 'Choose one of your saved addresses.',
  savedPayment: 'Choose one of your saved payment methods.',
  card: 'Enter a valid test card number.',
  expiry: 'Your card has expired or the expiry date is invalid.',
  cvc: 'Enter the 3 or 4 digit security code.',
  declined: 'Your card was declined.',
} as const;

/**
 * Turns the card fields into what an order keeps: a token, the brand and last4, or an error.
 * @example
 * tokenizeTestCard({ cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' }, new Date());
 * // { token: 'tok_test_…', brand: 'Visa', last4: '4242' }
 */
export function tokenizeTestCard(fields: Record<string, string | undefined>, today: Date): OrderPayment {
  const digits = (fields.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!luhnValid(digits)) throw new HttpError(422, PAGE_ERRORS.card);
  const month = Number(fields.expMonth);
  let year = Number(fields.expYear);
  if (year >= 0 && year < 100) year += 2000;
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year * 12 + (month - 1) < current || year > 2200) {
    throw new HttpError(422, PAGE_ERRORS.expiry);
  }
  if (!/^\d{3,4}$/.test(fields.cvc ?? '')) throw new HttpError(422, PAGE_ERRORS.cvc);
  if (digits === DECLINED_TEST_CARD) throw new HttpError(402, PAGE_ERRORS.declined);
  return { token: `tok_test_${randomBytes(12).toString('hex')}`, brand: cardBrand(digits), last4: digits.slice(-4) };
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

function field(fields: Record<string, string | undefined>, name: string, max = 200): string | null {
  const v = (fields[name] ?? '').trim();
  return v === '' ? null : v.slice(0, max);
}

type AddressRow = {
  id: number; first_name: string; last_name: string; company: string | null; address1: string; address2: string | null;
  city: string | null; zip: string; phone: string; country_code: string | null; state_code: string | null; is_default: number;
};
type PaymentRow = { id: number; processor_token: string; brand: string; last4: string; exp_month: number; exp_year: number };

function savedAddresses(db: Db, customerId: number | null): AddressRow[] {
  if (customerId === null) return [];
  return db.all<AddressRow>('SELECT * FROM mailing_addresses WHERE customer_id = ? ORDER BY is_default DESC, id', [customerId]);
}

function savedPayments(db: Db, customerId: number | null): PaymentRow[] {
  if (customerId === null) return [];
  return db.all<PaymentRow>(
    'SELECT id, processor_token, brand, last4, exp_month, exp_year FROM payment_methods WHERE customer_id = ? AND is_gift_card = 0 ORDER BY id',
    [customerId],
  );
}

function customerEmail(db: Db, customerId: number | null): string | null {
  if (customerId === null) return null;
  return db.get<{ email: string }>('SELECT email FROM customers WHERE id = ?', [customerId])?.email ?? null;
}

function toAddress(a: AddressRow): OrderAddress {
  return {
    firstName: a.first_name, lastName: a.last_name, company: a.company, address1: a.address1, address2: a.address2,
    city: a.city, zip: a.zip, phone: a.phone, countryCode: a.country_code ?? 'US', stateCode: a.state_code,
  };
}

/** Reads the form into an order's email, address and payment, or throws the first problem. */
export function readPlaceForm(db: Db, owner: Owner, fields: Record<string, string | undefined>, today: Date): { email: string; address: OrderAddress; payment: OrderPayment } {
  const email = customerEmail(db, owner.customerId) ?? field(fields, 'email', 320) ?? '';
  if (!EMAIL_RE.test(email)) throw new HttpError(422, PAGE_ERRORS.email);
  let address: OrderAddress;
  const addressId = field(fields, 'addressId');
  if (addressId !== null && addressId !== 'new') {
    const saved = savedAddresses(db, owner.customerId).find((a) => String(a.id) === addressId);
    if (!saved) throw new HttpError(422, PAGE_ERRORS.savedAddress);
    address = toAddress(saved);
  } else {
    const firstName = field(fields, 'firstName');
    const lastName = field(fields, 'lastName');
    const address1 = field(fields, 'address1');
    const zip = field(fields, 'zip', 20);
    const countryCode = field(fields, 'countryCode', 2)?.toUpperCase() ?? null;
    if (!firstName || !lastName || !address1 || !zip || !countryCode || !/^[A-Z]{2}$/.test(countryCode)) {
      throw new HttpError(422, PAGE_ERRORS.address);
    }
    address = {
      firstName, lastName, address1, zip, countryCode, company: field(fields, 'company'), address2: field(fields, 'address2'),
      city: field(fields, 'city'), phone: field(fields, 'phone', 40), stateCode: field(fields, 'stateCode', 10),
    };
  }
  let payment: OrderPayment;
  const paymentMethodId = field(fields, 'paymentMethodId');
  if (paymentMethodId !== null && paymentMethodId !== 'new') {
    const saved = savedPayments(db, owner.customerId).find((p) => String(p.id) === paymentMethodId);
    if (!saved) throw new HttpError(422, PAGE_ERRORS.savedPayment);
    payment = { token: saved.processor_token, brand: saved.brand, last4: saved.last4 };
  } else payment = tokenizeTestCard(fields, today);
  return { email, address, payment };
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#123}
table{width:100%;border-collapse:collapse}td,th{padding:.35rem;border-bottom:1px solid #dde;text-align:left}
fieldset{margin:1rem 0;border:1px solid #ccd;padding:1rem}label{display:block;margin:.3rem 0}
input[type=text],input[type=email]{width:100%;max-width:26rem;padding:.3rem}.error{color:#a00;font-weight:bold}
.total{font-weight:bold}button{padding:.6rem 1.4rem;font-size:1rem}</style></head><body>${body}</body></html>`;
}

function money(cents: number): string {
  return escapeHtml(formatPrice(fromCents(cents)));
}

function orderSummary(order: Order): string {
  const rows = order.lines
    .map((l) => `<tr><td>${escapeHtml(l.title)}</td><td>${l.quantity}</td><td>${escapeHtml(formatPrice(l.unitPrice))}</td></tr>`)
    .join('');
  return `<table><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>
<p>Subtotal ${escapeHtml(formatPrice(order.subtotalPrice))} · Discount ${escapeHtml(formatPrice(order.discountPrice))} · Shipping ${escapeHtml(formatPrice(order.shippingPrice))}</p>
<p class="total">Total ${escapeHtml(formatPrice(order.totalPrice))}</p>`;
}

/** The confirmation page of a placed order. */
export function confirmationPage(order: Order): string {
  return layout(`Order ${order.orderId} placed`, `<h1>Thank you! Order #${order.orderId} is placed.</h1>
<p>A confirmation goes to ${escapeHtml(order.email)}. Paid with ${escapeHtml(order.payment.brand)} ending in ${escapeHtml(order.payment.last4)} (test mode).</p>
${orderSummary(order)}
<p><a id="order-link" href="/account/orders/${order.orderId}">View your order</a> · <a href="/">Continue shopping</a></p>`);
}

/** The checkout form of an open cart. */
export function checkoutFormPage(db: Db, owner: Owner, checkoutId: string, error: string | null, fields: Record<string, string | undefined> = {}): string {
  const lines = lineDetails(db, checkoutId);
  const price = priceCheckout(db, checkoutId, lines);
  const v = (name: string) => escapeHtml(fields[name] ?? '');
  if (lines.length === 0) {
    return layout('Checkout', '<h1>Checkout</h1><p>Your cart is empty.</p><p><a href="/shoppingcart.asp">Back to cart</a></p>');
  }
  const rows = lines
    .map((l) => `<tr><td>${escapeHtml(l.title)}</td><td>${l.quantity}</td><td>${money(l.unitCents * l.quantity)}</td></tr>`)
    .join('');
  const addresses = savedAddresses(db, owner.customerId);
  const payments = savedPayments(db, owner.customerId);
  const signedInEmail = customerEmail(db, owner.customerId);
  const addressChoices = addresses
    .map((a, i) => `<label><input type="radio" name="addressId" value="${a.id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(`${a.first_name} ${a.last_name}, ${a.address1}, ${a.city ?? ''} ${a.zip}`)}</label>`)
    .join('');
  const paymentChoices = payments
    .map((p, i) => `<label><input type="radio" name="paymentMethodId" value="${p.id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(`${p.brand} ending in ${p.last4}, expires ${p.exp_month}/${p.exp_year}`)}</label>`)
    .join('');
  return layout('Checkout', `<h1>Checkout</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<table><thead><tr><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody>${rows}</tbody></table>
<p>Subtotal ${money(price.subtotalCents)}${price.discountCents > 0 ? ` (discount ${money(price.discountCents)}: ${escapeHtml(price.applied.map((r) => r.code).join(', '))})` : ''} · Shipping ${price.shippingCents === 0 ? 'FREE' : money(price.shippingCents ?? 0)}</p>
<p class="total">Total ${money(price.totalCents)}</p>
<form method="post" action="/checkout/${escapeHtml(checkoutId)}">
${signedInEmail ? `<p>Signed in as ${escapeHtml(signedInEmail)}</p>` : `<fieldset><legend>Contact</legend><label>Email <input type="email" name="email" required value="${v('email')}"></label></fieldset>`}
<fieldset><legend>Shipping address</legend>${addressChoices}
${addresses.length > 0 ? '<label><input type="radio" name="addressId" value="new"> A new address</label>' : '<input type="hidden" name="addressId" value="new">'}
<label>First name <input type="text" name="firstName" value="${v('firstName')}"></label>
<label>Last name <input type="text" name="lastName" value="${v('lastName')}"></label>
<label>Company <input type="text" name="company" value="${v('company')}"></label>
<label>Address line 1 <input type="text" name="address1" value="${v('address1')}"></label>
<label>Address line 2 <input type="text" name="address2" value="${v('address2')}"></label>
<label>City <input type="text" name="city" value="${v('city')}"></label>
<label>State <input type="text" name="stateCode" value="${v('stateCode')}"></label>
<label>Postal code <input type="text" name="zip" value="${v('zip')}"></label>
<label>Country code <input type="text" name="countryCode" value="${v('countryCode') || 'US'}"></label>
<label>Phone <input type="text" name="phone" value="${v('phone')}"></label></fieldset>
<fieldset><legend>Payment (test mode)</legend>${paymentChoices}
${payments.length > 0 ? '<label><input type="radio" name="paymentMethodId" value="new"> A test card</label>' : '<input type="hidden" name="paymentMethodId" value="new">'}
<label>Card number <input type="text" name="cardNumber" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242"></label>
<label>Expiry month <input type="text" name="expMonth" inputmode="numeric" placeholder="12"></label>
<label>Expiry year <input type="text" name="expYear" inputmode="numeric" placeholder="2030"></label>
<label>Security code <input type="text" name="cvc" inputmode="numeric" autocomplete="off"></label>
<p>Test cards: 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard); 4000 0000 0000 0002 is declined.</p></fieldset>
<button type="submit">Place order</button>
</form>`);
}

function notFoundPage(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/html; charset=utf-8').send(layout('404 Not Found', '<h1>404 Not Found</h1><p>This page does not exist.</p>'));
}

function pageOwner(request: FastifyRequest): Owner | null {
  const session = request.session;
  return session?.id == null ? null : { sessionId: session.id, customerId: session.customerId };
}

/**
 * The page's two routes, in an encapsulated scope with its own urlencoded body parser.
 * @example
 * await app.register(checkoutPageRoutes, { db });
 */
export const checkoutPageRoutes: FastifyPluginAsync<CheckoutPageOptions> = async (app, options) => {
  const { db } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    });
  }
  const params = { type: 'object', properties: { checkoutId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['checkoutId'] } as const;

  app.get('/checkout/:checkoutId', { schema: { hide: true, params } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    if (!owner || !ownedCheckout(db, checkoutId, owner)) return notFoundPage(reply);
    const order = orderOfCheckout(db, owner, checkoutId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (order) return confirmationPage(order);
    const row = ownedCheckout(db, checkoutId, owner);
    if (row?.status !== 'open') return notFoundPage(reply);
    return checkoutFormPage(db, owner, checkoutId, null);
  });

  app.post('/checkout/:checkoutId', { schema: { hide: true, params } }, async (request, reply) => {
    const { checkoutId } = request.params as { checkoutId: string };
    const owner = pageOwner(request);
    if (!owner || !ownedCheckout(db, checkoutId, owner)) return notFoundPage(reply);
    if (!isSameOrigin(request, options.allowedOrigins ?? [])) throw new HttpError(403, 'Cross-site request refused.');
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string | undefined> = {};
    for (const [k, val] of Object.entries(raw)) if (typeof val === 'string') fields[k] = val;
    // a completed checkout shows its order again: the second submit of a double click
    if (orderOfCheckout(db, owner, checkoutId)) return reply.code(303).header('location', `/checkout/${checkoutId}`).send();
    try {
      const input = readPlaceForm(db, owner, fields, new Date());
      const placed = placeOrder(db, owner, checkoutId, input);
      if (placed.productIds.length > 0) app.catalogue.reindex(placed.productIds);
      return reply.code(303).header('location', `/checkout/${checkoutId}`).send();
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode === 404) throw err;
      const safe = { ...fields, cardNumber: undefined, cvc: undefined };
      return reply.code(err.statusCode).type('text/html; charset=utf-8').send(checkoutFormPage(db, owner, checkoutId, err.message, safe));
    }
  });
};
