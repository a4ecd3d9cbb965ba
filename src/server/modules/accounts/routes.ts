/**
 * The storefront's account and newsletter calls, each acting only on the signed-in
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
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AUTH_LIMITS } from './rate-limit.ts';
import { limit, requireCaptcha, requireCustomer, requireSelf, type AccountServices } from './services.ts';
import { mailingAddressSchema, paymentMethodSchema, transactionSchema } from './repository.ts';
import { subscribeNewsletter } from './newsletter.ts';
import {
  addAddress,
  addCardLink,
  addressesOf,
  CARD_NOT_DELETED,
  changeAddress,
  changeRecoveryEmail,
  confirmNewsletterLink,
  confirmRecoveryEmailLink,
  mailRecoveryVerification,
  newsletterEmailInput,
  recoveryEmail,
  recoveryEmailInput,
  recoveryEmailToVerify,
  removeAddress,
  removeCard,
  setCardBillingAddress,
  transactionsOf,
  walletOf,
  type AddressInput,
} from './service.ts';

// the account's answers are the service's (kept importable from here)
export {
  ADDRESS_FIELD_REQUIRED, CARD_NOT_DELETED, GIFT_CARD_NOT_DELETABLE, INVALID_PHONE, INVALID_POSTAL_CODE, NEWSLETTER_INVALID, NO_RECOVERY_EMAIL,
  RECOVERY_SAME_AS_LOGIN, UNKNOWN_BILLING_ADDRESS, UNKNOWN_COUNTRY, UNKNOWN_STATE, type AddressInput,
} from './service.ts';

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

/** Plugin with the routes of the module notes. */
export const accountRoutes: FastifyPluginAsync<{ services: AccountServices }> = async (app: FastifyInstance, { services: s }) => {
  const { outbox } = s;
  const flush = async () => {
    void outbox.flush().catch(() => undefined);
  };

  // ------------------------------------------------------------ mailing addresses
  app.get('/api/mailingAddresses', {
    schema: { summary: "The signed-in customer's addresses", tags: TAGS, response: { 200: { type: 'object', properties: { mailingAddresses: { type: 'array', items: mailingAddressSchema } } }, ...errors } },
  }, async (req) => ({ mailingAddresses: await addressesOf(s, requireCustomer(req)) }));

  app.post<{ Body: AddressInput }>('/api/mailingAddresses', {
    bodyLimit: 16_384,
    schema: {
      summary: 'Add an address (the first one becomes the default)', tags: TAGS,
      body: { type: 'object', additionalProperties: false, properties: addressFields },
      response: { 200: { type: 'object', properties: { mailingAddress: mailingAddressSchema } }, ...errors },
    },
  }, async (req) => {
    return { mailingAddress: await addAddress(s, requireCustomer(req), req.body ?? {}) };
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
    return { mailingAddress: await changeAddress(s, requireCustomer(req), req.params.id, req.body ?? {}) };
  });

  app.delete<{ Params: { customerId: number; id: number } }>('/api/customer/:customerId/mailingAddresses/:id', {
    schema: {
      summary: 'Delete an address (the default passes to the oldest remaining one)', tags: TAGS,
      params: { type: 'object', properties: { customerId: id, id }, required: ['customerId', 'id'] },
      response: { 200: success, ...errors },
    },
  }, async (req) => {
    await removeAddress(s, requireSelf(req, req.params.customerId), req.params.id);
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
      paymentMethods: await walletOf(s, customerId),
      _links: { addPaymentMethod: { href: addCardLink(s, customerId) } },
    };
  });

  app.delete<{ Params: { id: number; paymentMethodId: number } }>('/api/user/:id/paymentMethods/:paymentMethodId', {
    schema: { summary: 'Delete a saved card, detached at its payment provider first (gift cards refuse)', tags: TAGS, params: methodParams, response: { 200: success, ...errors, 503: { $ref: 'Error#' } } },
  }, async (req, reply) => {
    const customerId = requireSelf(req, req.params.id);
    const wallet = app.hasDecorator('payments') ? app.payments.wallet : undefined;
    // a provider that cannot be reached leaves the card at the provider and in the wallet
    if (await removeCard(s, wallet, customerId, req.params.paymentMethodId) === 'unavailable') {
      return await reply.code(503).header('retry-after', '5').send({ error: CARD_NOT_DELETED });
    }
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
    await setCardBillingAddress(s, requireSelf(req, req.params.id), req.params.paymentMethodId, req.body.mailingAddressId);
    return { success: true };
  });

  app.get<{ Params: { id: number }; Querystring: { displayableId?: string } }>('/api/user/:id/transactions', {
    schema: {
      summary: 'Transactions, newest first; displayableId filters on a part of the id', tags: TAGS, params: userParams,
      querystring: { type: 'object', additionalProperties: false, properties: { displayableId: { type: 'string', maxLength: 64 } } },
      response: { 200: { type: 'object', properties: { transactions: { type: 'array', items: transactionSchema } } }, ...errors },
    },
  }, async (req) => ({ transactions: await transactionsOf(s, requireSelf(req, req.params.id), req.query.displayableId) }));

  // ------------------------------------------------------------ recovery email
  app.get('/api/user/recoveryEmail', {
    schema: { summary: 'The recovery email', tags: TAGS, response: { 200: { type: 'object', properties: { recoveryEmail: { type: ['string', 'null'] } } }, ...errors } },
  }, async (req) => {
    return { recoveryEmail: await recoveryEmail(s, requireCustomer(req)) };
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
    const email = recoveryEmailInput(req.body.recoveryEmail);
    await limit(s, [`recovery-account:${customerId}`, AUTH_LIMITS.recoveryPerAccount], [`recovery-ip:${req.ip}`, AUTH_LIMITS.recoveryPerIp]);
    await requireCaptcha(s, req, req.body.token);
    await changeRecoveryEmail(s, customerId, email);
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
    const target = await recoveryEmailToVerify(s, customerId);
    await limit(s, [`recovery-account:${customerId}`, AUTH_LIMITS.recoveryPerAccount], [`recovery-ip:${req.ip}`, AUTH_LIMITS.recoveryPerIp]);
    await requireCaptcha(s, req, req.body.token);
    await mailRecoveryVerification(s, customerId, target);
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
    await confirmRecoveryEmailLink(s, req.body.token);
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
    const email = newsletterEmailInput(req.query.email);
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
    await confirmNewsletterLink(s, req.body.token);
    return { success: true };
  });
};
