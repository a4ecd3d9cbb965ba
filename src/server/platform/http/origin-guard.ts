/**
 * Cross-site request protection for mutating calls (POST, PUT, PATCH, DELETE):
 * 1. When the request carries `Origin` (browsers send it on every cross-origin request and on
 *    same-origin POSTs), it must be the server's own origin or one of `allowedOrigins`; without
 *    `Origin`, a `Referer` is checked the same way. Requests with neither (curl, server-to-server,
 *    tests) pass this step: a browser cannot be made to send a cross-site write without one.
 * 2. A request with a body must be `application/json`: an HTML form can only send urlencoded,
 *    multipart or text/plain, and a cross-site fetch with JSON needs a CORS preflight this server
 *    never grants. Bodiless DELETEs carry no content type (the storefront client sends none).
 * A refusal answers 403 `{ error }`.
 *
 * The server's own origin is `protocol://host` of the request; `allowedOrigins` adds the
 * storefront's dev server (ALLOWED_ORIGINS, comma-separated) when it runs on another port.
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The answer to a refused cross-site write. */
export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';
/** The answer to a write whose body is not JSON. */
export const JSON_REQUIRED_MESSAGE = 'Requests must be sent as application/json.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The allowed origins from ALLOWED_ORIGINS (comma-separated). */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether the request's Origin (or Referer) is absent or one of the accepted origins. */
export function isSameOrigin(request: FastifyRequest, allowed: readonly string[] = []): boolean {
  const own = originOf(`${request.protocol}://${request.host}`);
  const header = typeof request.headers.origin === 'string' ? request.headers.origin : typeof request.headers.referer === 'string' ? request.headers.referer : null;
  if (header === null) return true;
  const claimed = originOf(header);
  if (claimed === null) return false;
  return claimed === own || allowed.some((a) => originOf(a) === claimed);
}

/** Whether a request with a body declares JSON. */
export function hasJsonBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  const length = request.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  if (type === undefined) return !hasBody;
  return /^application\/json\s*(;|$)/i.test(type);
}

/**
 * An `onRequest` hook refusing cross-site writes. Use on a plugin scope:
 * @example
 * app.addHook('onRequest', originGuard({ allowedOrigins: ['http://localhost:5173'] }));
 */
export function originGuard(options: { allowedOrigins?: readonly string[]; requireJson?: boolean } = {}) {
  const allowed = options.allowedOrigins ?? allowedOriginsFromEnv();
  const requireJson = options.requireJson ?? true;
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!MUTATING.has(request.method)) return;
    if (!isSameOrigin(request, allowed)) {
      await reply.code(403).send({ error: CROSS_SITE_MESSAGE });
      return;
    }
    if (requireJson && !hasJsonBody(request)) {
      await reply.code(403).send({ error: JSON_REQUIRED_MESSAGE });
    }
  };
}
