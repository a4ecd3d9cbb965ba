/**
 * How the server logs: JSON lines (pino, Fastify's logger), one request id per request, and
 * never a secret.
 *
 * - Request ids: an incoming `X-Request-Id` is kept when it is sane (1 to 128 characters of
 *   letters, digits and `-_.:`), so a proxy's or a client's id follows the request through the
 *   logs; anything else (absent, too long, spaces, control characters that could forge a log
 *   line) is replaced by a fresh random UUID. The id is `reqId` on every line of the request and
 *   is answered in the `X-Request-Id` response header (ops/plugin.ts).
 * - Secrets: request lines carry the method, the URL, the client and the headers; the URL and the
 *   `Referer` have the values of secret query parameters (`token`, `password` ...: the add-card,
 *   password-reset, verification and recovery links carry their token there) replaced by
 *   `[REDACTED]`, and pino's redaction removes cookies, authorization headers, `Set-Cookie`, and
 *   the password, card number, security code and token fields of any body or object a log line
 *   carries. Bodies are not logged by the request logger; the body paths guard a future
 *   `log.info({ body })`.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** A request id kept from the client: letters, digits and `-_.:`, at most 128. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request-id header read and answered. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The text that replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets (compared lower-cased). */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token', 'password', 'secret', 'signature', 'sig', 'key', 'api_key', 'apikey', 'cvc', 'cvv', 'cardnumber', 'number', 'session']);

/** Field names that are secrets wherever they appear in a logged object (one level deep, plus `req.body`). */
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'passwordConfirmation', 'cvc', 'cvv', 'securityCode', 'cardNumber', 'number', 'token', 'resetToken', 'sessionToken', 'cookie', 'authorization'];

/**
 * The paths pino removes from every line: credentials in headers, and secret fields of bodies or
 * of objects logged next to a message.
 */
export const REDACT_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-metrics-token"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SECRET_FIELDS.map((f) => `req.body.${f}`),
  ...SECRET_FIELDS.map((f) => `body.${f}`),
  ...SECRET_FIELDS.map((f) => `*.${f}`),
];

/**
 * The request id of a request: the client's `X-Request-Id` when sane, else a random UUID.
 * @example
 * requestIdOf({ headers: { 'x-request-id': 'lb-7f3a' } } as IncomingMessage); // 'lb-7f3a'
 */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const header = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(header) ? undefined : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * A URL (path and query, or absolute) with the values of secret query parameters replaced.
 * @example
 * scrubUrl('/wallet/add-card?token=abc&x=1'); // '/wallet/add-card?token=%5BREDACTED%5D&x=1'
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  let changed = false;
  const params = new URLSearchParams(query);
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  // the fragment never reaches a server, but a Referer built by hand might carry one
  return changed ? `${url.slice(0, q)}?${params.toString()}` : hash < 0 ? url : url.slice(0, hash);
}

/** The headers of a request as logged: Referer scrubbed like the URL (credentials go by redaction). */
function loggedHeaders(headers: IncomingMessage['headers']): Record<string, unknown> {
  const out: Record<string, unknown> = { ...headers };
  if (typeof out.referer === 'string') out.referer = scrubUrl(out.referer);
  return out;
}

/** Fastify's request serializer with the URL and Referer scrubbed and the headers added. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
    headers: request.headers ? loggedHeaders(request.headers) : undefined,
  };
}

function serializeReply(reply: FastifyReply): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The Fastify options this module sets: logger with redaction, request ids. */
export interface LoggingServerOptions {
  logger: LoggerOption;
  genReqId: (req: IncomingMessage) => string;
  requestIdHeader: false;
}

/**
 * Fastify server options for a logger option (false: no logging): the same logger with the
 * store's redaction and serializers added (the caller's own serializers and redact paths are
 * kept), and request ids from {@link requestIdOf}.
 * @example
 * Fastify({ ...loggingServerOptions({ level: 'info' }), bodyLimit: 1_048_576 });
 */
export function loggingServerOptions(logger: LoggerOption | undefined): LoggingServerOptions {
  // the id is logged as `reqId` (Fastify's default label)
  const base = { genReqId: requestIdOf, requestIdHeader: false as const };
  if (logger === undefined || logger === false) return { ...base, logger: false };
  const options = (logger === true ? {} : logger) as Exclude<LoggerOption, boolean | undefined> & {
    redact?: string[] | { paths: string[]; censor?: unknown; remove?: boolean };
    serializers?: Record<string, (value: never) => unknown>;
  };
  const ownRedact = Array.isArray(options.redact) ? options.redact : (options.redact?.paths ?? []);
  return {
    ...base,
    logger: {
      ...options,
      redact: { paths: [...new Set([...REDACT_PATHS, ...ownRedact])], censor: REDACTED },
      serializers: { req: serializeRequest, res: serializeReply, ...options.serializers },
    } as LoggerOption,
  };
}
