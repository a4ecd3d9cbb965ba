/**
 * The request rules of the cart, checkout and order routes (routes.ts): who may write (the
 * accounts' cross-site rules) and who may read orders (a signed-in customer). The cart's, the
 * orders' and the Idempotency-Key's rules are checkouts.ts's, orders.ts's and idempotency.ts's.
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { CROSS_SITE_MESSAGE, hasJsonBody, isSameOrigin, JSON_REQUIRED_MESSAGE } from '../../platform/http/origin-guard.ts';
import { HttpError } from '../../platform/http/errors.ts';

/** The error texts of the request checks. */
export const REQUEST_ERRORS = {
  signIn: 'Sign in to see your orders.',
} as const;

/**
 * Refuses cross-site writes with the accounts' rules (platform/http/origin-guard.ts): an Origin or
 * Referer, when sent, must be this server or an ALLOWED_ORIGINS entry; a body must be JSON.
 * @throws HttpError 403 for another site, 415 for a body that is not JSON
 */
export function checkSameSite(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (!isSameOrigin(request, allowedOrigins)) throw new HttpError(403, CROSS_SITE_MESSAGE);
  if (!hasJsonBody(request)) throw new HttpError(415, JSON_REQUIRED_MESSAGE);
}

/**
 * The signed-in customer of a request.
 * @throws HttpError 401 for an anonymous request
 */
export function requireCustomer(request: FastifyRequest): number {
  const customerId = request.session?.customerId ?? null;
  if (customerId === null) throw new HttpError(401, REQUEST_ERRORS.signIn);
  return customerId;
}
