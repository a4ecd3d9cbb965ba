/**
 * Who may call the operators' routes (`/api/admin/*`: the live-visitors figure, sale prices,
 * imports, exports, redirects, and the back office's own routes): only a caller holding an
 * operator's credentials, never a network address. Three credentials are accepted:
 * - an operator's session (cookie {@link OPERATOR_SESSION_COOKIE}, `SameSite=Strict`, scoped to
 *   `/admin` and `/api/admin`), whose every write must also carry the session's CSRF token in
 *   `X-CSRF-Token` (the cookie alone is ambient; the token is not);
 * - a scoped API token of an integration, `Authorization: Bearer skop_...` (stored hashed,
 *   revocable, allowed only the permissions of its scopes);
 * - `Authorization: Bearer {ADMIN_TOKEN}`, the deprecated bootstrap credential of the stores
 *   made before operator accounts: it acts as an owner and is recorded in the audit log as
 *   `bootstrap`. Unset it once the first owner has signed in.
 *
 * Each route needs one permission ({@link permissionOf}: the route's
 * `config.operatorPermission`, else a table of the routes made before it could declare one, else
 * `operators`, the owner's own); a role ({@link ROLE_PERMISSIONS}) or a token's scopes must
 * include it, or the call answers 403. Answers:
 * - while the store has neither ADMIN_TOKEN nor any operator, the routes answer the store's plain
 *   404 `{ error }`, as if they did not exist;
 * - no credential answers 401 with `WWW-Authenticate: Bearer`; a wrong token 403 (compared as
 *   equal-length digests, so the time says nothing about the token);
 * - the `Host` must name the store ({@link isAllowedHost}), so a DNS-rebinding page, whose
 *   requests carry its own name, is refused with 403 even from a browser that holds a token;
 * - every state-changing call passes the storefront's cross-site guard (origin-guard.ts,
 *   the one rule of the store's writes): a foreign `Origin` (or `Referer`) answers 403, and a
 *   body must be JSON.
 * A write that passes is recorded in the audit log once it has answered below 400, unless its
 * route recorded it itself with before and after ({@link markAudited}).
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { allowedOriginsFromEnv, originGuard } from './origin-guard.ts';
import { bearerMatches } from '../ops/plugin.ts';

/** The refusal of a wrong operator token. */
export const OPERATORS_ONLY = 'Operators only.';
/** The refusal of a call without a credential. */
export const OPERATOR_TOKEN_REQUIRED = 'Please sign in as an operator (or send Authorization: Bearer <token>).';
/** The refusal of a session's write without its CSRF token. */
export const CSRF_REQUIRED = 'The X-CSRF-Token header is missing or wrong.';
/** The refusal of a role or token scope that does not include the route's permission. */
export const PERMISSION_DENIED = 'Your role does not allow this.';
/** Name of the operators' session cookie (apart from the customers' `skimmer_sid`). */
export const OPERATOR_SESSION_COOKIE = 'skimmer_op';
/** The header a session's writes carry their CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * What a route may ask of its caller. `orders` is picking, packing and shipping (list, read,
 * fulfil, the packing slip); `orders:manage` is what moves money or takes goods back (cancel,
 * refunds, returns and their receipt, notes). `self` is every operator's own account (me, sign
 * out, TOTP).
 */
export type OperatorPermission = 'catalogue' | 'orders' | 'orders:manage' | 'customers' | 'dashboard' | 'operators' | 'audit' | 'self';
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an operators' route needs (security/operator-access.ts); a route without one is the owner's alone. */
    operatorPermission?: OperatorPermission;
  }
  interface FastifySchema {
    /** The permission the route documents in the OpenAPI document ({@link documentOperatorPermission}); `public` for the sign-in's. */
    'x-operator-permission'?: OperatorPermission | 'public';
  }
}

/** The operators' roles. */
export type OperatorRole = 'owner' | 'staff' | 'fulfilment';
/** Every role, in rank order. */
export const OPERATOR_ROLES: readonly OperatorRole[] = ['owner', 'staff', 'fulfilment'];
/**
 * What each role may do: the owner everything; staff the catalogue, orders (managing them too)
 * and customers; fulfilment orders only, to pick, pack and ship (not `orders:manage`).
 */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  owner: ['catalogue', 'orders', 'orders:manage', 'customers', 'dashboard', 'operators', 'audit', 'self'],
  staff: ['catalogue', 'orders', 'orders:manage', 'customers', 'dashboard', 'self'],
  fulfilment: ['orders', 'self'],
};
/** The scopes an API token may be given: never operators, the audit log or an operator's own account. */
export const TOKEN_SCOPES = ['catalogue', 'orders', 'customers', 'dashboard'] as const;
/** One scope of an API token. */
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** The permissions each token scope holds: `orders` every order call, managing them too (as tokens always could). */
export const SCOPE_PERMISSIONS: Readonly<Record<TokenScope, readonly OperatorPermission[]>> = {
  catalogue: ['catalogue'],
  orders: ['orders', 'orders:manage'],
  customers: ['customers'],
  dashboard: ['dashboard'],
};

/** Who made an operator call: a signed-in operator, an integration's token, or ADMIN_TOKEN. */
export type OperatorActor =
  | { kind: 'operator'; id: number; role: OperatorRole; sessionId: number }
  | { kind: 'token'; id: number; scopes: readonly TokenScope[] }
  | { kind: 'bootstrap'; id: null };

/** A live operator session as the guard needs it. */
export interface OperatorSessionInfo {
  sessionId: number;
  operatorId: number;
  role: OperatorRole;
  csrfToken: string;
}

/** The operator accounts the guard asks (modules/admin implements it over the database). */
export interface OperatorAccounts {
  /** Whether the store has any operator (without one and without ADMIN_TOKEN the routes answer 404). */
  anyOperator(): Promise<boolean>;
  /** The live session of a cookie token (touching its last use), or null. */
  session(token: string): Promise<OperatorSessionInfo | null>;
  /** The live (unrevoked) API token of a bearer value, or null. */
  apiToken(token: string): Promise<{ id: number; scopes: TokenScope[] } | null>;
  /** Records a write its route did not record itself (route, entity and id from the path). */
  recordWrite(actor: OperatorActor, request: FastifyRequest, statusCode: number): Promise<void>;
}
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
  /** The operator accounts (sessions and API tokens); without them only ADMIN_TOKEN is accepted. */
  accounts?: OperatorAccounts;
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

const actors = new WeakMap<FastifyRequest, OperatorActor>();
const audited = new WeakSet<FastifyRequest>();

/** The operator the guard admitted on this request (undefined outside the operators' routes). */
export function operatorActorOf(request: FastifyRequest): OperatorActor | undefined {
  return actors.get(request);
}

/** Says the route recorded its write in the audit log itself (with before and after): the guard records nothing more. */
export function markAudited(request: FastifyRequest): void {
  audited.add(request);
}

// the routes made before routes could declare their permission (their files belong to other modules)
const ROUTE_PERMISSIONS: [RegExp, OperatorPermission][] = [
  [/^\/api\/admin\/live-visitors$/, 'dashboard'],
  [/^\/api\/admin\/(products|imports|exports|redirects)(\/|$)/, 'catalogue'],
  [/^\/api\/admin\/(orders|fulfilments|returns)(\/|$)/, 'orders'],
  [/^\/api\/admin\/customers(\/|$)/, 'customers'],
  [/^\/api\/admin\/audit(\/|$)/, 'audit'],
];

/**
 * The permission a route needs: its `config.operatorPermission`, else the table of the older
 * routes, else `operators` (a route nobody classified is the owner's alone).
 * @example
 * permissionOf('/api/admin/products/:productId/price'); // 'catalogue'
 */
export function permissionOf(routeUrl: string, declared?: unknown): OperatorPermission {
  if (typeof declared === 'string' && (ROLE_PERMISSIONS.owner as readonly string[]).includes(declared)) return declared as OperatorPermission;
  return ROUTE_PERMISSIONS.find(([re]) => re.test(routeUrl))?.[1] ?? 'operators';
}

/**
 * The OpenAPI document's transform (@fastify/swagger): each operators' route (every `/api/admin`
 * route, and any other that declares a permission, as the packing slip) documents the permission
 * it needs as `x-operator-permission`, so a client and the generated authorization test know
 * which roles and token scopes it admits. A route that names its own (the sign-in's `public`)
 * keeps it.
 */
export function documentOperatorPermission({ schema, url, route }: { schema: FastifySchema; url: string; route: { config?: unknown } }): { schema: FastifySchema; url: string } {
  const declared = (route.config as { operatorPermission?: unknown } | undefined)?.operatorPermission;
  if (schema?.['x-operator-permission'] !== undefined || (declared === undefined && !/^\/api\/admin(\/|$)/.test(url))) return { schema, url };
  return { schema: { ...schema, 'x-operator-permission': permissionOf(url, declared) }, url };
}

/** Whether an actor holds a permission. */
export function actorMay(actor: OperatorActor, permission: OperatorPermission): boolean {
  if (actor.kind === 'bootstrap') return true;
  if (actor.kind === 'token') return actor.scopes.some((scope) => SCOPE_PERMISSIONS[scope]?.includes(permission) === true);
  return ROLE_PERMISSIONS[actor.role].includes(permission);
}

/** Reads the operators' session cookie from a Cookie header. */
export function operatorCookieToken(header: string | undefined): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== OPERATOR_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
  }
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  const accounts = access.accounts;
  const refuse = async (reply: FastifyReply, code: number, error: string) => {
    if (code === 401) reply.header('www-authenticate', 'Bearer realm="operators"');
    await reply.code(code).send({ error });
  };
  return async function operatorsOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (token === null && !(accounts && (await accounts.anyOperator()))) {
      await reply.code(404).send({ error: OPERATOR_ROUTES_ABSENT });
      return;
    }
    let actor: OperatorActor | null = null;
    let csrf: string | null = null;
    const header = request.headers.authorization;
    if (header !== undefined && /^Bearer(\s|$)/i.test(header)) {
      if (token !== null && bearerMatches(header, token)) actor = { kind: 'bootstrap', id: null };
      else if (accounts) {
        const value = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
        const found = await accounts.apiToken(value);
        if (found) actor = { kind: 'token', id: found.id, scopes: found.scopes };
      }
      if (actor === null) return refuse(reply, 403, OPERATORS_ONLY);
    } else {
      const cookie = accounts ? operatorCookieToken(request.headers.cookie) : null;
      const session = cookie !== null && accounts ? await accounts.session(cookie) : null;
      if (session === null) return refuse(reply, 401, OPERATOR_TOKEN_REQUIRED);
      actor = { kind: 'operator', id: session.operatorId, role: session.role, sessionId: session.sessionId };
      csrf = session.csrfToken;
    }
    if (!isAllowedHost(request.host, access.allowedHosts)) return refuse(reply, 403, HOST_NOT_ALLOWED);
    await crossSite(request, reply);
    if (reply.sent) return;
    const writes = MUTATING.has(request.method);
    // a cookie is sent by the browser on its own; the CSRF token only by the back office's script
    if (writes && csrf !== null) {
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, csrf)) return refuse(reply, 403, CSRF_REQUIRED);
    }
    const config = request.routeOptions.config as { operatorPermission?: unknown } | undefined;
    if (!actorMay(actor, permissionOf(request.routeOptions.url ?? '', config?.operatorPermission))) return refuse(reply, 403, PERMISSION_DENIED);
    actors.set(request, actor);
    if (writes && accounts) {
      const admitted = actor;
      reply.raw.once('finish', () => {
        if (audited.has(request) || reply.statusCode >= 400) return;
        accounts.recordWrite(admitted, request, reply.statusCode).catch((err: unknown) => request.log.error({ err }, 'audit record failed'));
      });
    }
  };
}
