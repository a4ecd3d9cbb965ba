/**
 * The hosted checkout page's HTML (`/checkout/{checkoutId}`): the form of an open cart (contact,
 * shipping address, the shipping step with its quote, payment, the order summary), the
 * confirmation of a placed order, the 3-D Secure step of a Stripe payment and the page's 404.
 * Every text is escaped; a page past Latin-1 is written with character references. The form's
 * rules are checkout-page.service.ts's, the two routes checkout-page.routes.ts's.
 * @module
 */
import { addressLine, addressLines } from '../../../domain/address-format.ts';
import { cartTotalsRows, type CartTotalsCents } from '../../../domain/cart.ts';
import { isSizedImageUrl, sizedImageUrl } from '../../../domain/images.ts';
import { formatPrice, fromCents } from '../../../domain/money.ts';
import { orderLineTotal, orderPath } from '../../../domain/orders.ts';
import { withReturnPath } from '../../../domain/return-path.ts';
import { STATES } from '../content/geo.ts';
import { storeNameOf } from '../content/service.ts';
import type { Db } from '../../platform/db/database.ts';
import { CURRENCY_CODE, lineDetails, priceCheckout, type Owner } from './checkouts.ts';
import type { CartPrice } from '../../../domain/cart-pricing.ts';
import type { Order, OrderAddress } from './orders.ts';
import type { ShippingChoice, ShippingService } from '../shipping/service.ts';
import { quoteClockWindow, type ShippingQuote, type ShippingResult } from '../../../domain/shipping/index.ts';
import type { LineDetail } from './checkouts.ts';
import { orderMailTotals } from './order-mail.ts';
import type { PayOutcome } from '../payments/service.ts';
import {
  customerEmail,
  defaultAddressId,
  formDestination,
  PAGE_ERRORS,
  quoteErrorFields,
  readShippingChoice,
  savedAddresses,
  savedPayments,
  SHIP_TO_COUNTRIES,
  shippable,
  SHOWN_CODES_FIELD,
  SHOWN_TOTAL_FIELD,
  toAddress,
  type PagePayment,
} from './checkout-page.service.ts';

/** Where Stripe's browser library is loaded from (the page's Content-Security-Policy allows Stripe's hosts when Stripe is configured). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The store's name (the header): the content module's (checkout's pages and mails print it). */
export { storeNameOf };

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

/** The page's 404: a checkout that is not the shopper's, or closed without an order. */
export async function notFoundPage(db: Db): Promise<string> {
  return layout(await storeNameOf(db), '404 Not Found', '<div class="card done"><h1>404 Not Found</h1><p>This page does not exist.</p><a class="button" href="/">Go to the store</a></div>');
}
