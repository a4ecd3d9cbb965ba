/**
 * The hosted add-card page the wallet opens in its 600x400 popup
 * (`_links.addPaymentMethod.href`): `GET /wallet/add-card?token=` shows a form (name, card,
 * billing address chosen from the account's saved addresses) and `POST /wallet/add-card` saves
 * the card.
 *
 * - With the embedded test provider (the default), the form takes a typed test card (number,
 *   expiry, security code) and keeps a processor token (`tok_test_...`) for it.
 * - With Stripe (PAYMENT_PROVIDER=stripe), the card is typed in Stripe's Payment Element (its own
 *   frame: the card never reaches this server), which makes a PaymentMethod; the page posts its
 *   id and the payments module's wallet saves it on the shopper's Stripe Customer through a
 *   SetupIntent (3-D Secure in this page when the bank asks, then posted back with the
 *   SetupIntent's id). The row is written only once Stripe says the card is the customer's.
 *
 * Only the provider's id of the card (a token, or Stripe's pm_...), the brand, last4, expiry, the
 * name on the card and a copy of the billing address are stored; never the number or the security
 * code. They are not logged either: Fastify logs no bodies, this page never echoes them back, and
 * its errors name the field, not the value.
 *
 * The page needs both the session cookie of the signed-in customer and the signed token of the
 * link (it expires after an hour), and the form post passes the same-origin check; a form post
 * cannot be JSON, so this scope parses urlencoded bodies itself.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isSameOrigin } from '../../platform/http/origin-guard.ts';
import { readAddCardToken, type AccountServices } from './services.ts';
import { escapeHtml } from '../mail/mailbox.ts';
import { scriptNonce } from '../../platform/http/headers.ts';
import { parseStrictNumber } from '../../platform/http/numbers.ts';
import { insertCard, listAddresses } from './repository.ts';
import { addressLine, printableMailingAddress } from '../../../domain/address-format.ts';
import { cardBrand, cardDigits, expiryValid, luhnValid } from '../../../domain/payment-card.ts';
import { customerEmail } from './customers.repository.ts';
import { PaymentDeclinedError, PaymentRequestError, PaymentUnavailableError } from '../payments/provider.ts';
import type { SaveCardOutcome, WalletService } from '../payments/wallet.ts';

/** Messages of the page. */
export const ADD_CARD_MESSAGES = {
  expired: 'This link has expired. Close this window and try again from your wallet.',
  number: 'The card number is not valid.',
  expiry: 'The expiry date is not valid.',
  cvc: 'The security code is not valid.',
  address: 'Please choose a billing address.',
  saved: 'Your card was saved. You can close this window.',
  card: 'Enter your card details.',
  unavailable: 'We could not reach our payment provider, so your card was not saved. Please try again.',
  refused: 'Your card could not be saved. Please try again or use another card.',
} as const;

/** Where Stripe's browser library is loaded from (the CSP allows Stripe's hosts when Stripe takes the payments). */
const STRIPE_JS_URL = 'https://js.stripe.com/v3';

interface FormFields {
  token?: string;
  /** Stripe: the PaymentMethod the Payment Element made. */
  paymentMethod?: string;
  /** Stripe: the SetupIntent the shopper authenticated (3-D Secure). */
  setupIntent?: string;
  name?: string;
  number?: string;
  expMonth?: string;
  expYear?: string;
  cvc?: string;
  mailingAddressId?: string;
}

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>body{font:14px system-ui,sans-serif;margin:1rem}
label{display:block;margin:.4rem 0}input,select{font:inherit;padding:.25rem;width:100%;box-sizing:border-box}.row{display:flex;gap:.5rem}
.error{color:#b00020}button{margin-top:.6rem;padding:.4rem 1rem}</style></head><body>${body}</body></html>`;
}

function form(token: string, addresses: { id: number; label: string }[], error?: string, name = ''): string {
  const options = addresses.map((a) => `<option value="${a.id}">${escapeHtml(a.label)}</option>`).join('');
  return html('Add a card', `<h1>Add a card</h1><p>Test mode: use a test number such as 4242 4242 4242 4242.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/wallet/add-card" autocomplete="off">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label>Name on card <input name="name" maxlength="100" value="${escapeHtml(name)}" autocomplete="cc-name"></label>
<label>Card number <input name="number" inputmode="numeric" maxlength="23" required autocomplete="cc-number"></label>
<div class="row"><label>Month <input name="expMonth" inputmode="numeric" maxlength="2" required></label>
<label>Year <input name="expYear" inputmode="numeric" maxlength="4" required></label>
<label>Security code <input name="cvc" inputmode="numeric" maxlength="4" required autocomplete="cc-csc"></label></div>
<label>Billing address <select name="mailingAddressId" required>${options}</select></label>
${addresses.length === 0 ? '<p class="error">Add a mailing address to your account first.</p>' : ''}
<button type="submit">Save card</button></form>`);
}

/** Data for a page's script, in a block no browser runs (`<` escaped so no text can end it). */
function scriptData(id: string, data: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The Stripe form: the name, Stripe's Payment Element (cards only), the billing address, and
 * the script that makes the PaymentMethod on submit and then posts the form with its id.
 */
function stripeForm(token: string, addresses: { id: number; label: string }[], publishableKey: string, nonce: string, error?: string, name = ''): string {
  const options = addresses.map((a) => `<option value="${a.id}">${escapeHtml(a.label)}</option>`).join('');
  return html('Add a card', `<h1>Add a card</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form id="add-card" method="post" action="/wallet/add-card" autocomplete="off">
<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="paymentMethod" value="">
<label>Name on card <input name="name" maxlength="100" value="${escapeHtml(name)}" autocomplete="cc-name"></label>
<div id="payment-element"></div>
<label>Billing address <select name="mailingAddressId" required>${options}</select></label>
${addresses.length === 0 ? '<p class="error">Add a mailing address to your account first.</p>' : ''}
<p class="error" id="card-errors" role="alert"></p>
<p>Your card details are entered in Stripe's secure form and never reach our server.</p>
<button type="submit">Save card</button></form>
${scriptData('stripe-data', { publishableKey })}<script src="${STRIPE_JS_URL}"></script>
<script nonce="${escapeHtml(nonce)}">(() => {
const data = JSON.parse(document.getElementById('stripe-data').textContent);
const form = document.getElementById('add-card');
const errors = document.getElementById('card-errors');
const stripe = Stripe(data.publishableKey);
const elements = stripe.elements({ mode: 'setup', currency: 'usd', paymentMethodTypes: ['card'], paymentMethodCreation: 'manual' });
elements.create('payment').mount('#payment-element');
let busy = false;
form.addEventListener('submit', async (event) => {
  if (form.elements.paymentMethod.value !== '') return;
  event.preventDefault();
  if (busy) return;
  busy = true;
  errors.textContent = '';
  const submitted = await elements.submit();
  const name = form.elements.name.value.trim();
  const created = submitted.error ? submitted : await stripe.createPaymentMethod({ elements, params: name ? { billing_details: { name } } : {} });
  if (created.error) { errors.textContent = created.error.message; busy = false; return; }
  form.elements.paymentMethod.value = created.paymentMethod.id;
  form.submit();
});
})();</script>`);
}

/**
 * The 3-D Secure step of saving a card with Stripe: stripe.js shows the bank's check with the
 * SetupIntent's client secret, then the page posts the SetupIntent's id back (with the name and
 * billing address chosen), where the card is saved once Stripe says it succeeded.
 */
function stripeActionPage(
  fields: { token: string; name: string; mailingAddressId: string },
  outcome: Extract<SaveCardOutcome, { kind: 'requires_action' }>,
  publishableKey: string,
  nonce: string,
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return html('Confirm your card', `<h1>Confirm your card</h1><p>Your bank asks you to confirm this card. Follow the steps in the window that opens.</p>
<p class="error" id="card-errors" role="alert"></p>
<form id="confirmed" method="post" action="/wallet/add-card">${hidden('token', fields.token)}${hidden('setupIntent', outcome.setupId)}${hidden('name', fields.name)}${hidden('mailingAddressId', fields.mailingAddressId)}
<button type="submit">Continue</button></form>
${outcome.nextActionUrl && !outcome.clientSecret ? `<p><a href="${escapeHtml(outcome.nextActionUrl)}" target="_blank" rel="noopener">Confirm with your bank</a>, then continue.</p>` : ''}
${scriptData('stripe-action', { publishableKey, clientSecret: outcome.clientSecret })}<script src="${STRIPE_JS_URL}"></script>
<script nonce="${escapeHtml(nonce)}">(() => {
const data = JSON.parse(document.getElementById('stripe-action').textContent);
if (!data.clientSecret) return;
Stripe(data.publishableKey).handleNextAction({ clientSecret: data.clientSecret }).then((result) => {
  if (result.error) document.getElementById('card-errors').textContent = result.error.message;
  document.getElementById('confirmed').submit();
});
})();</script>`);
}

/** Plugin serving the page. */
export const addCardRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app, { services: s }) => {
  const { db } = s;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const addressOptions = async (customerId: number) =>
    (await listAddresses(db, customerId)).map((a) => ({ id: a.id, label: addressLine(printableMailingAddress(a), { phone: false }) }));

  const customerFor = (req: FastifyRequest, token: string | undefined): number | null => {
    const owner = typeof token === 'string' ? readAddCardToken(s, token) : null;
    return owner !== null && owner === req.session.customerId ? owner : null;
  };

  const page = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  /** The payments module's wallet when Stripe takes the payments (read per request: the payments module is registered after this plugin). */
  const stripeWallet = (): (WalletService & { provider: { publishableKey: string } }) | null => {
    if (!app.hasDecorator('payments')) return null;
    const wallet = app.payments.wallet;
    return wallet.provider.name === 'stripe' && wallet.provider.publishableKey ? (wallet as WalletService & { provider: { publishableKey: string } }) : null;
  };

  app.get<{ Querystring: { token?: string } }>('/wallet/add-card', {
    schema: { hide: true, querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
  }, async (req, reply) => {
    const customerId = customerFor(req, req.query.token);
    if (customerId === null) return page(reply, 403, html('Add a card', `<p class="error">${ADD_CARD_MESSAGES.expired}</p>`));
    const stripe = stripeWallet();
    if (stripe) return page(reply, 200, stripeForm(req.query.token ?? '', await addressOptions(customerId), stripe.provider.publishableKey, scriptNonce(reply)));
    return page(reply, 200, form(req.query.token ?? '', await addressOptions(customerId)));
  });

  app.post<{ Body: FormFields }>('/wallet/add-card', {
    bodyLimit: 4096,
    schema: { hide: true },
  }, async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as FormFields;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    if (!isSameOrigin(req, s.allowedOrigins)) return page(reply, 403, html('Add a card', '<p class="error">Cross-site request refused.</p>'));
    const customerId = customerFor(req, str(b.token));
    if (customerId === null) return page(reply, 403, html('Add a card', `<p class="error">${ADD_CARD_MESSAGES.expired}</p>`));
    const token = str(b.token);
    const name = str(b.name).trim().slice(0, 100);
    const stripe = stripeWallet();
    if (stripe) return await saveStripeCard(req, reply, stripe, customerId, b);
    const again = async (error: string) => page(reply, 400, form(token, await addressOptions(customerId), error, name));
    const digits = cardDigits(str(b.number).slice(0, 40));
    if (!digits || !luhnValid(digits)) return await again(ADD_CARD_MESSAGES.number);
    const month = Number(str(b.expMonth));
    let year = Number(str(b.expYear));
    if (year >= 0 && year < 100 && /^\d{2}$/.test(str(b.expYear))) year += 2000;
    if (!/^\d{1,2}$/.test(str(b.expMonth)) || !/^\d{2,4}$/.test(str(b.expYear)) || !expiryValid(month, year, s.now())) return await again(ADD_CARD_MESSAGES.expiry);
    const cvcLength = cardBrand(digits) === 'American Express' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(str(b.cvc))) return await again(ADD_CARD_MESSAGES.cvc);
    // a form field is text: read the one strict way (security/numbers.ts), so '0x1F' is no id
    const addressId = parseStrictNumber(str(b.mailingAddressId), { integer: true, min: 1 }) ?? Number.NaN;
    const address = Number.isSafeInteger(addressId) ? (await listAddresses(db, customerId)).find((a) => a.id === addressId) : undefined;
    if (!address) return await again(ADD_CARD_MESSAGES.address);
    await insertCard(db, customerId, {
      processorToken: `tok_test_${randomBytes(12).toString('base64url')}`, brand: cardBrand(digits), expMonth: month, expYear: year,
      last4: digits.slice(-4), name: name === '' ? null : name,
      billing: {
        line1: address.address1, line2: address.address2, city: address.city, state: address.State?.stateCode ?? null,
        postalCode: address.zip, country: address.Country?.countryCode ?? '',
      },
      createdAt: new Date(s.now()).toISOString(),
    });
    return savedPage(reply);
  });

  const savedPage = (reply: FastifyReply) =>
    page(reply, 200, html('Card saved', `<p role="status">${ADD_CARD_MESSAGES.saved}</p><script nonce="${scriptNonce(reply)}">setTimeout(function(){window.close()},800)</script>`));

  /**
   * The Stripe form posted: everything of ours checked first (the link, the billing address, the
   * PaymentMethod's form), then the wallet saves the card at Stripe, and only then is its row
   * written. A refusal, a fault or an unknown outcome writes nothing and shows the form again.
   */
  const saveStripeCard = async (req: FastifyRequest, reply: FastifyReply, wallet: WalletService & { provider: { publishableKey: string } }, customerId: number, b: FormFields) => {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const token = str(b.token);
    const name = str(b.name).trim().slice(0, 100);
    const again = async (code: number, error: string) => page(reply, code, stripeForm(token, await addressOptions(customerId), wallet.provider.publishableKey, scriptNonce(reply), error, name));
    const addressId = parseStrictNumber(str(b.mailingAddressId), { integer: true, min: 1 }) ?? Number.NaN;
    const address = Number.isSafeInteger(addressId) ? (await listAddresses(db, customerId)).find((a) => a.id === addressId) : undefined;
    if (!address) return await again(400, ADD_CARD_MESSAGES.address);
    const setupId = str(b.setupIntent);
    const methodId = str(b.paymentMethod);
    if (setupId === '' && !/^pm_[A-Za-z0-9_]{1,250}$/.test(methodId)) return await again(400, ADD_CARD_MESSAGES.card);
    if (setupId !== '' && !/^seti_[A-Za-z0-9_]{1,250}$/.test(setupId)) return await again(400, ADD_CARD_MESSAGES.refused);
    let outcome: SaveCardOutcome;
    try {
      if (setupId !== '') {
        // back from the bank's check: Stripe's state of the setup decides
        const resumed = await wallet.resumeSetup(customerId, setupId);
        if (!resumed) return await again(400, ADD_CARD_MESSAGES.refused);
        if (resumed.kind === 'failed') return await again(402, resumed.message);
        if (resumed.kind === 'pending') throw new PaymentUnavailableError('the card setup has no outcome yet');
        outcome = resumed;
      } else {
        outcome = await wallet.saveCard({ customerRef: customerId, email: (await customerEmail(db, customerId)) ?? '', methodId });
      }
    } catch (err) {
      if (err instanceof PaymentDeclinedError) return await again(402, err.message);
      if (err instanceof PaymentUnavailableError) {
        reply.header('retry-after', '5');
        return await again(503, ADD_CARD_MESSAGES.unavailable);
      }
      if (err instanceof PaymentRequestError) {
        req.log.warn({ code: err.code, reason: err.message }, 'wallet: the provider refused saving a card');
        return await again(400, ADD_CARD_MESSAGES.refused);
      }
      throw err;
    }
    if (outcome.kind === 'requires_action') {
      return page(reply, 200, stripeActionPage({ token, name, mailingAddressId: String(address.id) }, outcome, wallet.provider.publishableKey, scriptNonce(reply)));
    }
    const { card } = outcome;
    await insertCard(db, customerId, {
      processorToken: card.id, provider: outcome.provider, brand: card.brand, expMonth: card.expMonth, expYear: card.expYear, last4: card.last4, name: name === '' ? null : name,
      billing: {
        line1: address.address1, line2: address.address2, city: address.city, state: address.State?.stateCode ?? null,
        postalCode: address.zip, country: address.Country?.countryCode ?? '',
      },
      createdAt: new Date(s.now()).toISOString(),
    });
    return savedPage(reply);
  };
};

/**
 * The recovery-email page's look: a full page of the store (its header, a card, the storefront's
 * colours and buttons), opened from an email rather than inside the store's popup like the add-card form.
 */
const RECOVERY_STYLES =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f2333;background:#f3f7fa}' +
  'header{background:#0b3d6e;padding:14px 24px}header a{color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none}' +
  'main{max-width:560px;margin:48px auto;padding:32px 24px;background:#fff;border:1px solid #d8e1e8;border-radius:10px}' +
  'h1{margin:0 0 12px;font-size:1.5rem;color:#0b3d6e}p{margin:0 0 16px}' +
  'button{font:inherit;font-weight:600;padding:10px 22px;border:0;border-radius:6px;background:#0b5c99;color:#fff;cursor:pointer}button:hover{background:#083f6b}' +
  '.links{display:flex;flex-wrap:wrap;gap:16px;margin:24px 0 0}.links a{color:#0b5c99;font-weight:600}' +
  '@media (max-width:600px){main{margin:16px;padding:24px 16px}}';

function recoveryHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>${RECOVERY_STYLES}</style></head>
<body><header><a href="/">Skimmer Pool &amp; Spa Supply</a></header><main>${body}</main></body></html>`;
}

/**
 * The page of the recovery-email link, `GET /verify-recovery-email?token=`: a button that posts
 * the token to `POST /api/user/recoveryEmail/confirm`. A GET never changes anything, so mail
 * scanners that prefetch links do not verify on the owner's behalf.
 */
export const verifyRecoveryPage: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { token?: string } }>('/verify-recovery-email', {
    schema: { hide: true, querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
  }, async (req, reply) => {
    const token = JSON.stringify(req.query.token ?? '').replace(/</g, '\\u003c');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(recoveryHtml('Verify your recovery email', `<h1>Recovery email</h1>
<p id="msg" role="status">Confirm that this address is your recovery email.</p><button id="go" type="button">Verify</button>
<p class="links"><a href="/recovery-email">Your recovery email</a><a href="/">Continue shopping</a></p>
<script nonce="${scriptNonce(reply)}">document.getElementById('go').onclick=function(){fetch('/api/user/recoveryEmail/confirm',{method:'POST',headers:{'Content-Type':'application/json',Accept:'application/json'},body:JSON.stringify({token:${token}})})
.then(function(r){return r.json()}).then(function(b){document.getElementById('msg').textContent=b.success?'Recovery email verified':(b.error||'Failed.');document.getElementById('go').remove()})};</script>`));
  });
};
