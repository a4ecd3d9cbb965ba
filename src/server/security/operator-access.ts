/**
 * Who may call the operators' routes (`/api/admin/*`: the live-visitors figure, sale prices):
 * only a caller holding the operators' credentials, never a network address. Until operator
 * accounts exist, the credential is `Authorization: Bearer {ADMIN_TOKEN}`:
 * - without ADMIN_TOKEN configured the routes answer the store's plain 404 `{ error }`, as if
 *   they did not exist (the loopback trust this replaces made every visitor an operator behind a
 *   proxy on the same host that adds no X-Forwarded-For);
 * - no bearer token answers 401 with `WWW-Authenticate: Bearer`; a wrong one 403 (compared as
 *   equal-length digests, so the time says nothing about the token);
 * - the `Host` must name the store ({@link isAllowedHost}), so a DNS-rebinding page, whose
 *   requests carry its own name, is refused with 403 even from a browser that holds a token;
 * - every state-changing call passes the storefront's cross-site guard (auth/origin-guard.ts,
 *   the one rule of the store's writes): a foreign `Origin` (or `Referer`) answers 403, and a
 *   body must be JSON.
 * @module
 */
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedOriginsFromEnv, originGuard } from '../auth/origin-guard.ts';
import { bearerMatches } from '../ops/plugin.ts';

/** The refusal of a wrong operator token. */
export const OPERATORS_ONLY = 'Operators only.';
/** The refusal of a call without a token. */
export const OPERATOR_TOKEN_REQUIRED = 'An operator token is required (Authorization: Bearer <ADMIN_TOKEN>).';
/** The refusal of a Host that does not name the store. */
export const HOST_NOT_ALLOWED = 'This host name is not the store\'s.';
/** The answer while no operator credential is configured: the store's own 404. */
export const OPERATOR_ROUTES_ABSENT = 'Not found';

/** Who may call the operators' routes. */
export interface OperatorAccess {
  /** ADMIN_TOKEN; null or '' leaves the routes answering 404. */
  token: string | null;
  /** Host names (with port when one is given) the routes answer to, besides localhost and IP literals. */
  allowedHosts: readonly string[];
  /** Origins other than the request's own that may write (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

function hostOf(value: string): string | null {
  try {
    const url = new URL(value.includes('://') ? value : `http://${value}`);
    return url.host.toLowerCase().replace(/\.(?=:|$)/, '');
  } catch {
    return null;
  }
}

/**
 * The operators' access from the environment: ADMIN_TOKEN, and the hosts of PUBLIC_URL and of
 * ALLOWED_ORIGINS as the names the store answers to.
 * @example
 * operatorAccessFromEnv({ ADMIN_TOKEN: 't', PUBLIC_URL: 'https://shop.example' }).allowedHosts; // ['shop.example']
 */
export function operatorAccessFromEnv(env: NodeJS.ProcessEnv = process.env): OperatorAccess {
  const allowedOrigins = allowedOriginsFromEnv(env);
  const named = [env.PUBLIC_URL?.trim() ?? '', ...allowedOrigins].filter((v) => v !== '');
  return {
    token: env.ADMIN_TOKEN?.trim() || null,
    allowedHosts: named.map(hostOf).filter((h): h is string => h !== null),
    allowedOrigins,
  };
}

/**
 * Whether a Host header names the store: one of `allowedHosts` (port included when it names one),
 * `localhost`, or an IP literal (any port). A DNS-rebinding page reaches the store under the
 * attacker's own name, so a name must be configured; a browser sends an IP literal or
 * `localhost` only for a page that was itself served from there.
 * @example
 * isAllowedHost('127.0.0.1:3000', []); // true
 * isAllowedHost('rebind.attacker.example:3000', ['shop.example']); // false
 */
export function isAllowedHost(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (host === undefined || host === '') return false;
  const given = hostOf(host);
  if (given === null) return false;
  const name = given.replace(/:\d+$/, '');
  if (name === 'localhost' || isIP(name.replace(/^\[|\]$/g, '')) !== 0) return true;
  return allowedHosts.some((allowed) => allowed === given || (!/:\d+$/.test(allowed) && allowed === name));
}

/**
 * An `onRequest` hook admitting only operators (see the module notes); put it on the scope of
 * the operators' routes. `requireJson` @default true: writes must send JSON.
 * @example
 * app.addHook('onRequest', operatorGuard(operatorAccessFromEnv()));
 */
export function operatorGuard(access: OperatorAccess, options: { requireJson?: boolean } = {}) {
  // requireJson false: a route that takes a file (a catalogue upload); the bearer token is no
  // ambient credential, so a cross-site form cannot send one, and the Origin check still holds
  const crossSite = originGuard({ allowedOrigins: access.allowedOrigins, requireJson: options.requireJson ?? true });
  const token = access.token?.trim() || null;
  return async function operatorsOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (token === null) {
      await reply.code(404).send({ error: OPERATOR_ROUTES_ABSENT });
      return;
    }
    const header = request.headers.authorization;
    if (header === undefined || !/^Bearer\s/i.test(header)) {
      await reply.code(401).header('www-authenticate', 'Bearer realm="operators"').send({ error: OPERATOR_TOKEN_REQUIRED });
      return;
    }
    if (!bearerMatches(header, token)) {
      await reply.code(403).send({ error: OPERATORS_ONLY });
      return;
    }
    if (!isAllowedHost(request.host, access.allowedHosts)) {
      await reply.code(403).send({ error: HOST_NOT_ALLOWED });
      return;
    }
    await crossSite(request, reply);
  };
}
