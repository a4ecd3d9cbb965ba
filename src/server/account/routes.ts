/**
 * Account data calls of spec section 7 (Account, Newsletter), each acting only on the signed-in
 * customer's own rows: anonymous callers get 401, another customer's object (or a path `{id}`
 * that is not the caller's) 404 with nothing changed.
 *
 * | call | answer |
 * |---|---|
 * | GET /api/mailingAddresses | { mailingAddresses } |
 * | POST /api/mailingAddresses {address fields, countryCode, stateCode, makeDefault} | { mailingAddress } |
 * | PUT /api/mailingAddresses/{id} {non-empty fields, countryCode, stateCode, makeDefault} | { mailingAddress } |
 * | DELETE /api/customer/{customerId}/mailingAddresses/{id} | { success } |
 * | GET /api/user/{id}/paymentMethods | { paymentMethods, _links: { addPaymentMethod: { href } } } |
 * | DELETE /api/user/{id}/paymentMethods/{paymentMethodId} | { success } (gift cards: 400; the payment provider unreachable: 503, nothing deleted) |
 * | PUT /api/user/{id}/paymentMethods/{paymentMethodId} {mailingAddressId, isGiftCard?} | { success } |
 * | GET /api/user/{id}/transactions[?displayableId] | { transactions } |
 * | GET /api/user/recoveryEmail | { recoveryEmail } |
 * | PUT /api/user/recoveryEmail {token, recoveryEmail} | { success } |
 * | POST /api/user/recoveryEmail/verify {token} | { success } |
 * | POST /api/user/recoveryEmail/confirm {token} (the emailed link's page) | { success } |
 * | POST /api/newsletterSubscriptions/subscribe?email= {token} | { success } |
 * | POST /api/newsletterSubscriptions/confirm {token} | { success } |
 *
 * Choices (the spec is silent):
 * - Addresses are checked on the server with the domain's rules: required fields, a known
 *   country (and a state of it when it has states), the postal-code format and the mobile-phone
 *   check. The form does not block saving (spec 5); the server answers 400 with the reason.
 * - The first address becomes the default; deleting the default promotes the oldest remaining.
 * - `isGiftCard` on the payment-method update is accepted and ignored: the stored flag rules.
 * - A recovery email must differ from the sign-in email; setting it resets its verification.
 * - Newsletter: every valid request answers success (a confirmed address is not emailed again),
 *   so the answer never tells whether an address is subscribed.
 * @module
 */
import type { AddressUpdatePayload } from '../../domain/address.ts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isEmailFormat } from '../../domain/account.ts';
import { isValidMobilePhone, isValidPostalCode } from '../../domain/address.ts';
import { AUTH_LIMITS } from '../auth/rate-limit.ts';
import {
  addCardToken,
  consumeToken,
  emailLink,
  INVALID_LINK_MESSAGE,
  issueToken,
  limit,
  normalEmail,
  NOT_FOUND_MESSAGE,
  requireCaptcha,
  requireCustomer,
  requireSelf,
  type AccountServices,
} from '../auth/services.ts';
import { HttpError } from '../errors.ts';
import { PaymentUnavailableError } from '../modules/payments/provider.ts';
import { greeting } from '../email/outbox.ts';
import { confirmRecoveryEmail, recoveryEmailOf, setRecoveryEmail } from '../repositories/customers.ts';
import { confirmSubscription } from '../repositories/newsletter.ts';
import { subscribeNewsletter } from './newsletter.ts';
import {
  clearDefaultAddress,
  countAddresses,
  countryExists,
  countryHasStates,
  deleteAddress,
  deletePaymentMethod,
  findAddress,
  insertAddress,
  listAddresses,
  listPaymentMethods,
  listTransactions,
  mailingAddressSchema,
  nextDetachTry,
  paymentMethodKind,
  paymentMethodSchema,
  setBillingAddress,
  stateExists,
  toMailingAddress,
  transactionSchema,
  updateAddress,
  type AddressRow,
  type AddressValues,
} from './repository.ts';

/** The answer to an address whose required field is missing. */
export const ADDRESS_FIELD_REQUIRED = (label: string) => `${label} is required.`;
/** The answer to a bad postal code. */
export const INVALID_POSTAL_CODE = 'Please enter a valid postal code.';
/** The answer to a bad phone number. */
export const INVALID_PHONE = 'Please enter a valid mobile phone number.';
/** The answer to an unknown country. */
export const UNKNOWN_COUNTRY = 'Please choose a country.';
/** The answer to a missing or unknown state. */
export const UNKNOWN_STATE = 'Please choose a state.';
/** The answer to deleting a gift card. */
export const GIFT_CARD_NOT_DELETABLE = 'Gift cards cannot be deleted.';
/** The answer to deleting a card while its payment provider cannot be reached (503). */
export const CARD_NOT_DELETED = 'We could not reach our payment provider, so the card was not deleted. Please try again.';
/** The answer to an unknown billing address. */
export const UNKNOWN_BILLING_ADDRESS = 'Please choose one of your saved addresses.';
/** The answer to a recovery email equal to the sign-in email. */
export const RECOVERY_SAME_AS_LOGIN = 'The recovery email must differ from your sign-in email.';
/** The answer to verifying with no recovery email set. */
export const NO_RECOVERY_EMAIL = 'There is no recovery email to verify.';
/** Spec section 8's newsletter message, answered for a bad email too. */
export const NEWSLETTER_INVALID = 'Invalid subscription request.';

const TAGS = ['account'];
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const captchaToken = { type: 'string', minLength: 1, maxLength: 4096 } as const;
const success = { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } as const;
const errors = { 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 404: { $ref: 'Error#' }, 429: { $ref: 'Error#' } } as const;

const addressFields = {
  firstName: text(100), lastName: text(100), company: text(100), address1: text(200), address2: text(200), city: text(100),
  zip: text(20), phone: text(40),
  countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  stateCode: { type: 'string', maxLength: 10 },
  makeDefault: { type: 'boolean' },
} as const;

/** The address fields a create or update may carry: the storefront's update payload (domain). */
export type AddressInput = Partial<AddressUpdatePayload>;

const REQUIRED: [keyof AddressValues, string][] = [
  ['firstName', 'First Name'], ['lastName', 'Last Name'], ['address1', 'Address Line 1'], ['zip', 'Postal Code'], ['phone', 'Phone Number'],
];

function clean(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/\p{Cc}/u.test(v)) throw new HttpError(400, 'Address fields cannot contain control characters.');
  return v === '' ? undefined : v;
}

/**
 * The stored values after applying `input` over `base` (non-empty fields replace, spec 5), with
 * every rule checked. Throws a 400 with the first problem.
 */
async function mergeAddress(s: AccountServices, base: AddressValues | null, input: AddressInput): Promise<AddressValues> {
  const pick = (k: keyof AddressInput & keyof AddressValues) => clean(input[k] as string | undefined) ?? (base ? (base[k] ?? undefined) : undefined) ?? undefined;
  const countryInput = clean(input.countryCode)?.toUpperCase();
  const countryCode = countryInput ?? base?.countryCode;
  const stateInput = clean(input.stateCode);
  // a new country drops the old state unless the input names one
  const stateCode = stateInput ?? (countryInput !== undefined && countryInput !== base?.countryCode ? undefined : (base?.stateCode ?? undefined));
  const values: AddressValues = {
    firstName: pick('firstName') ?? '',
    lastName: pick('lastName') ?? '',
    company: pick('company') ?? null,
    address1: pick('address1') ?? '',
    address2: pick('address2') ?? null,
    city: pick('city') ?? null,
    zip: pick('zip') ?? '',
    phone: pick('phone') ?? '',
    countryCode: countryCode ?? '',
    stateCode: stateCode ?? null,
  };
  if (values.countryCode === '' || !await countryExists(s.db, values.countryCode)) {
    throw new HttpError(400, UNKNOWN_COUNTRY);
  }
  const hasStates = await countryHasStates(s.db, values.countryCode);
  if (values.stateCode !== null ? !await stateExists(s.db, values.countryCode, values.stateCode) : hasStates) {
    throw new HttpError(400, UNKNOWN_STATE);
  }
  for (const [key, label] of REQUIRED) if (values[key] === '') throw new HttpError(400, ADDRESS_FIELD_REQUIRED(label));
  if (!isValidPostalCode(values.zip, values.countryCode)) throw new HttpError(400, INVALID_POSTAL_CODE);
  if (!isValidMobilePhone(values.phone, values.countryCode)) throw new HttpError(400, INVALID_PHONE);
  return values;
}

function valuesOf(r: AddressRow): AddressValues {
  return {
    firstName: r.first_name, lastName: r.last_name, company: r.company, address1: r.address1, address2: r.address2,
    city: r.city, zip: r.zip, phone: r.phone, countryCode: r.country_code ?? '', stateCode: r.state_code,
  };
}

/** Plugin with the routes of the module notes. */
export const accountRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app: FastifyInstance, { services: s }) => {
  const { db, outbox } = s;
  const iso = () => new Date(s.now()).toISOString();
  const flush = async () => {
    void outbox.flush().catch(() => undefined);
  };

  // ------------------------------------------------------------ mailing addresses
  app.get('/api/mailingAddresses', {
    schema: { summary: "The signed-in customer's addresses", tags: TAGS, response: { 200: { type: 'object', properties: { mailingAddresses: { type: 'array', items: mailingAddressSchema } } }, ...errors } },
  }, async (req) => ({ mailingAddresses: await listAddresses(db, requireCustomer(req)) }));

  app.post<{ Body: AddressInput }>('/api/mailingAddresses', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Add an address (the first one becomes the default)', tags: TAGS,
      body: { type: 'object', additionalProperties: false, properties: addressFields },
      response: { 200: { type: 'object', properties: { mailingAddress: mailingAddressSchema } }, ...errors },
    },
  }, async (req) => {
    const customerId = requireCustomer(req);
    const v = await mergeAddress(s, null, req.body ?? {});
    const newId = await db.transaction(async (tx) => {
      const count = await countAddresses(tx, customerId);
      if (count >= 50) throw new HttpError(400, 'An account can hold at most 50 addresses.');
      const makeDefault = count === 0 || req.body?.makeDefault === true;
      if (makeDefault) await clearDefaultAddress(tx, customerId);
      return await insertAddress(tx, customerId, v, makeDefault, iso());
    });
    const row = newId === undefined ? undefined : await findAddress(db, customerId, newId);
    return { mailingAddress: row ? toMailingAddress(row) : null };
  });

  app.put<{ Params: { id: number }; Body: AddressInput }>('/api/mailingAddresses/:id', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Update an address: non-empty fields replace, plus countryCode, stateCode and makeDefault', tags: TAGS,
      params: { type: 'object', properties: { id }, required: ['id'] },
      body: { type: 'object', additionalProperties: false, properties: addressFields },
      response: { 200: { type: 'object', properties: { mailingAddress: mailingAddressSchema } }, ...errors },
    },
  }, async (req) => {
    const customerId = requireCustomer(req);
    const existing = await findAddress(db, customerId, req.params.id);
    if (!existing) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const v = await mergeAddress(s, valuesOf(existing), req.body ?? {});
    await db.transaction(async (tx) => {
      if (req.body?.makeDefault === true) await clearDefaultAddress(tx, customerId);
      if (!await updateAddress(tx, customerId, existing.id, v, req.body?.makeDefault === true)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    });
    const row = await findAddress(db, customerId, existing.id);
    return { mailingAddress: row ? toMailingAddress(row) : null };
  });

  app.delete<{ Params: { customerId: number; id: number } }>('/api/customer/:customerId/mailingAddresses/:id', {
    schema: {
      summary: 'Delete an address (the default passes to the oldest remaining one)', tags: TAGS,
      params: { type: 'object', properties: { customerId: id, id }, required: ['customerId', 'id'] },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const customerId = requireSelf(req, req.params.customerId);
    await db.transaction(async (tx) => {
      if (!await deleteAddress(tx, customerId, req.params.id)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    });
    return { success: true };
  });

  // ------------------------------------------------------------ wallet
  const userParams = { type: 'object', properties: { id }, required: ['id'] } as const;
  const methodParams = { type: 'object', properties: { id, paymentMethodId: id }, required: ['id', 'paymentMethodId'] } as const;

  app.get<{ Params: { id: number } }>('/api/user/:id/paymentMethods', {
    schema: {
      summary: 'Saved payment methods and the hosted add-card link', tags: TAGS, params: userParams,
      response: {
        200: {
          type: 'object',
          properties: {
            paymentMethods: { type: 'array', items: paymentMethodSchema },
            _links: { type: 'object', properties: { addPaymentMethod: { type: 'object', properties: { href: { type: 'string' } } } } },
          },
        },
        ...errors,
      },
    },
  }, async (req) => {
    const customerId = requireSelf(req, req.params.id);
    return {
      paymentMethods: await listPaymentMethods(db, customerId),
      _links: { addPaymentMethod: { href: `${s.linkBase}/wallet/add-card?token=${encodeURIComponent(addCardToken(s, customerId))}` } },
    };
  });

  app.delete<{ Params: { id: number; paymentMethodId: number } }>('/api/user/:id/paymentMethods/:paymentMethodId', {
    schema: { summary: 'Delete a saved card, detached at its payment provider first (gift cards refuse)', tags: TAGS, params: methodParams, response: { 200: success, ...errors, 503: { $ref: 'Error#' } } },
  }, async (req, reply) => {
    const customerId = requireSelf(req, req.params.id);
    const method = await paymentMethodKind(db, customerId, req.params.paymentMethodId);
    if (!method) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (method.isGiftCard) throw new HttpError(400, GIFT_CARD_NOT_DELETABLE);
    // the card leaves its provider first (Stripe: detached from the shopper's Customer, never
    // to be charged again), then the wallet: a provider that cannot be reached leaves both as they were
    if (app.hasDecorator('payments') && (method.provider === 'test' || method.provider === 'stripe')) {
      try {
        const attempt = await nextDetachTry(db, customerId, req.params.paymentMethodId);
        await app.payments.wallet.removeCard({ provider: method.provider, token: method.token, methodRef: req.params.paymentMethodId, attempt });
      } catch (err) {
        if (!(err instanceof PaymentUnavailableError)) throw err;
        return await reply.code(503).header('retry-after', '5').send({ error: CARD_NOT_DELETED });
      }
    }
    await db.transaction(async (tx) => {
      await deletePaymentMethod(tx, customerId, req.params.paymentMethodId);
    });
    return { success: true };
  });

  app.put<{ Params: { id: number; paymentMethodId: number }; Body: { mailingAddressId: number; isGiftCard?: boolean } }>('/api/user/:id/paymentMethods/:paymentMethodId', {
    bodyLimit: 4096,
    schema: {
      summary: "Set the billing address to one of the account's saved addresses", tags: TAGS, params: methodParams,
      body: { type: 'object', additionalProperties: false, required: ['mailingAddressId'], properties: { mailingAddressId: id, isGiftCard: { type: 'boolean' } } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const customerId = requireSelf(req, req.params.id);
    await db.transaction(async (tx) => {
      if (!await paymentMethodKind(tx, customerId, req.params.paymentMethodId)) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const a = await findAddress(tx, customerId, req.body.mailingAddressId);
      if (!a) throw new HttpError(400, UNKNOWN_BILLING_ADDRESS);
      await setBillingAddress(tx, customerId, req.params.paymentMethodId, a);
    });
    return { success: true };
  });

  app.get<{ Params: { id: number }; Querystring: { displayableId?: string } }>('/api/user/:id/transactions', {
    schema: {
      summary: 'Transactions, newest first; displayableId filters on a part of the id', tags: TAGS, params: userParams,
      querystring: { type: 'object', additionalProperties: false, properties: { displayableId: { type: 'string', maxLength: 64 } } },
      response: { 200: { type: 'object', properties: { transactions: { type: 'array', items: transactionSchema } } }, ...errors },
    },
  }, async (req) => ({ transactions: await listTransactions(db, requireSelf(req, req.params.id), req.query.displayableId) }));

  // ------------------------------------------------------------ recovery email
  app.get('/api/user/recoveryEmail', {
    schema: { summary: 'The recovery email', tags: TAGS, response: { 200: { type: 'object', properties: { recoveryEmail: { type: ['string', 'null'] } } }, ...errors } },
  }, async (req) => {
    const customerId = requireCustomer(req);
    return { recoveryEmail: (await recoveryEmailOf(db, customerId))?.recovery_email ?? null };
  });

  app.put<{ Body: { token: string; recoveryEmail: string } }>('/api/user/recoveryEmail', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Set the recovery email (captcha token required; it starts unverified)', tags: TAGS,
      body: { type: 'object', additionalProperties: false, required: ['token', 'recoveryEmail'], properties: { token: captchaToken, recoveryEmail: { type: 'string', maxLength: 254 } } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const customerId = requireCustomer(req);
    const email = normalEmail(req.body.recoveryEmail);
    if (!isEmailFormat(email)) throw new HttpError(400, 'Please enter a valid email address.');
    await limit(s, [`recovery-account:${customerId}`, AUTH_LIMITS.recoveryPerAccount], [`recovery-ip:${req.ip}`, AUTH_LIMITS.recoveryPerIp]);
    await requireCaptcha(s, req, req.body.token);
    await db.transaction(async (tx) => {
      const row = await recoveryEmailOf(tx, customerId);
      if (!row) throw new HttpError(401, 'Please sign in.');
      if (row.email === email) throw new HttpError(400, RECOVERY_SAME_AS_LOGIN);
      if (row.recovery_email === email) return;
      await setRecoveryEmail(tx, customerId, email, iso());
    });
    return { success: true };
  });

  app.post<{ Body: { token: string } }>('/api/user/recoveryEmail/verify', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Email a verification link to the recovery email (captcha token required)', tags: TAGS,
      body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: captchaToken } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const customerId = requireCustomer(req);
    const row = await recoveryEmailOf(db, customerId);
    if (!row?.recovery_email) throw new HttpError(400, NO_RECOVERY_EMAIL);
    await limit(s, [`recovery-account:${customerId}`, AUTH_LIMITS.recoveryPerAccount], [`recovery-ip:${req.ip}`, AUTH_LIMITS.recoveryPerIp]);
    await requireCaptcha(s, req, req.body.token);
    const to = row.recovery_email;
    await db.transaction(async (tx) => {
      const link = emailLink({ ...s, db: tx }, '/verify-recovery-email', await issueToken({ ...s, db: tx }, 'recovery-email', { customerId, email: to }));
      await outbox.in(tx).enqueue('recovery-email', {
        to,
        subject: 'Verify your Skimmer recovery email',
        // the recovery address has not confirmed (this mail asks it to): no name its account holder typed
        text: `${greeting(row.first_name, row.recovery_email_verified === 1)}\n\nThis address was set as the recovery email of a Skimmer account. Confirm it by following this link (valid for 24 hours):\n${link}\n\nIf this was not you, ignore this email.\n`,
      });
    });
    await flush();
    return { success: true };
  });

  app.post<{ Body: { token: string } }>('/api/user/recoveryEmail/confirm', {
    bodyLimit: 4096,
    schema: {
      summary: 'Finish recovery-email verification with the emailed token (no sign-in needed)', tags: TAGS,
      body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 } } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const done = await db.transaction(async (tx) => {
      const target = await consumeToken({ ...s, db: tx }, 'recovery-email', req.body.token);
      if (!target || target.customerId === null) return false;
      // only the address the link was sent to: a changed recovery email needs a new link
      return await confirmRecoveryEmail(tx, target.customerId, target.email, iso());
    });
    if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
    return { success: true };
  });

  // ------------------------------------------------------------ newsletter
  app.post<{ Querystring: { email: string }; Body: { token: string } }>('/api/newsletterSubscriptions/subscribe', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Subscribe (captcha token required); double opt-in by an emailed link to /confirm-subscription', tags: ['newsletter'],
      querystring: { type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string', maxLength: 254 } } },
      body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: captchaToken } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const email = normalEmail(req.query.email);
    if (!isEmailFormat(email)) throw new HttpError(400, NEWSLETTER_INVALID);
    await limit(s, [`newsletter-ip:${req.ip}`, AUTH_LIMITS.newsletterPerIp], [`newsletter-to:${email}`, AUTH_LIMITS.emailPerTarget]);
    await requireCaptcha(s, req, req.body.token);
    await subscribeNewsletter(s, email);
    return { success: true };
  });

  app.post<{ Body: { token: string } }>('/api/newsletterSubscriptions/confirm', {
    bodyLimit: 4096,
    schema: {
      summary: 'Confirm a subscription with the emailed token', tags: ['newsletter'],
      body: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 } } },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    const done = await db.transaction(async (tx) => {
      const target = await consumeToken({ ...s, db: tx }, 'newsletter', req.body.token);
      if (!target) return false;
      return await confirmSubscription(tx, target.email, iso());
    });
    if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
    return { success: true };
  });
};
