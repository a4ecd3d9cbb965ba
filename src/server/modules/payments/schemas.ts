/**
 * JSON schemas of the payments routes: the webhook's answers (serialisation and the OpenAPI
 * document). The webhook's body is the provider's signed JSON, kept as raw bytes for the
 * signature check, so it is described rather than validated field by field.
 * @module
 */

/** Largest webhook body taken (Stripe's events are a few kilobytes). @default 262144 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The error answer. */
export const errorAnswerSchema = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

/** The webhook's acknowledgement: what became of the event. */
export const webhookAnswerSchema = {
  type: 'object',
  properties: {
    received: { type: 'boolean', const: true },
    /** applied (first delivery, acted on), duplicate (applied before), ignored (not ours, or a type we do not act on) */
    outcome: { type: 'string', enum: ['applied', 'duplicate', 'ignored'] },
    type: { type: 'string' },
  },
  required: ['received', 'outcome', 'type'],
} as const;

/** The Stripe webhook route's schema. */
export const stripeWebhookSchema = {
  summary: 'Stripe webhook endpoint',
  description:
    "Stripe's events, signed with the endpoint's secret (STRIPE_WEBHOOK_SECRET). Each event is applied once, in any order; " +
    'unknown events are acknowledged and ignored; a bad signature, an old timestamp or a body changed after signing answers 400 and applies nothing.',
  tags: ['payments'],
  headers: {
    type: 'object',
    properties: { 'stripe-signature': { type: 'string', maxLength: 2048 } },
  },
  // the raw bytes Stripe signed (application/json): checked by the signature, not by a schema
  body: { description: "The event's JSON, exactly as Stripe sent it" },
  response: { 200: webhookAnswerSchema, 400: errorAnswerSchema, 415: errorAnswerSchema },
} as const;
