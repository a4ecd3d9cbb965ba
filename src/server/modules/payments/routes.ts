/**
 * The payments routes (HTTP only; the rules are the service's): Stripe's webhook endpoint.
 *
 * The signature covers the exact bytes Stripe sent, so this plugin (encapsulated: nothing outside
 * it is affected) reads JSON bodies as raw bytes instead of parsing them.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import { stripeWebhookSchema, WEBHOOK_BODY_LIMIT } from './schemas.ts';
import { receiveStripeWebhook, type PaymentsService } from './service.ts';

/** Options of {@link paymentsRoutes}. */
export interface PaymentsRoutesOptions {
  service: PaymentsService;
}

/** The answer to a webhook whose signature does not hold. */
export const WEBHOOK_ERRORS = {
  signature: 'The webhook signature is missing, wrong or too old.',
  provider: 'This store does not take Stripe payments.',
} as const;

/**
 * Registers `POST /api/payments/stripe/webhook`.
 * @example
 * await app.register(paymentsRoutes, { service });
 */
export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, options) => {
  const { service } = options;
  // the parent's JSON parser is inherited by this scope: replaced here, and only here
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/payments/stripe/webhook', { schema: stripeWebhookSchema }, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    // a failure to apply it (the provider unreachable) answers 5xx: Stripe delivers it again later
    const answer = await receiveStripeWebhook(service, body, typeof signature === 'string' ? signature : undefined);
    if (answer.refused === 'signature') request.log.warn({ reason: answer.reason }, 'stripe webhook refused');
    if (answer.refused !== null) return reply.code(400).send({ error: WEBHOOK_ERRORS[answer.refused] });
    return { received: true, outcome: answer.outcome, type: answer.type };
  });
};
