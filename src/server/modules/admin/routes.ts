/**
 * The operators' own routes (HTTP only; the rules are in service.ts):
 *
 * | call | who | answer |
 * |---|---|---|
 * | POST /api/admin/session | anyone (paced) | { operator, csrfToken } + session cookie |
 * | DELETE /api/admin/session | the operator | { success }, cookie cleared |
 * | POST /api/admin/password | a set-password link | { success } |
 * | GET /api/admin/me | the operator | { operator, csrfToken } |
 * | POST /api/admin/me/totp, POST /api/admin/me/totp/verify | the operator | { secret, uri }, { success } |
 * | GET, POST /api/admin/operators; GET, PATCH, DELETE /api/admin/operators/{id}; POST /api/admin/operators/{id}/password-link | owners | |
 * | GET, POST /api/admin/tokens; DELETE /api/admin/tokens/{id} | owners | the token's value once, at creation |
 * | GET /api/admin/audit | owners | { entries, nextBefore } |
 *
 * The session cookie is set twice, once per path it serves (`/admin`, the back office's pages,
 * and `/api/admin`, its calls): HttpOnly, SameSite=Strict, Secure over HTTPS (or with
 * SESSION_SECURE=1). Every route but sign-in and set-password sits behind the operator guard
 * (security/operator-access.ts), which also checks the CSRF token of a session's writes.
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { originGuard } from '../../platform/http/origin-guard.ts';
import {
  HOST_NOT_ALLOWED, isAllowedHost, operatorGuard, OPERATOR_SESSION_COOKIE,
  type OperatorAccess, type OperatorPermission, type OperatorRole, type TokenScope,
} from '../../platform/http/operator-access.ts';
import { OPERATOR_ABSOLUTE_TIMEOUT_MS, auditWho, operatorSessionOf as sessionOf, type OperatorService } from './service.ts';
import * as s from './schemas.ts';

/** Options of {@link adminRoutes}. */
export interface AdminRoutesOptions {
  service: OperatorService;
  operators: OperatorAccess;
}

const TAGS = ['admin'];
/** The paths the operators' cookie is sent to. */
export const OPERATOR_COOKIE_PATHS = ['/admin', '/api/admin'] as const;

/** The Set-Cookie values of an operator session (or of its removal when `token` is null). */
export function operatorCookies(token: string | null, secure: boolean): string[] {
  return OPERATOR_COOKIE_PATHS.map((path) => {
    const parts = [`${OPERATOR_SESSION_COOKIE}=${token ?? ''}`, `Path=${path}`, 'HttpOnly', 'SameSite=Strict'];
    parts.push(token === null ? 'Max-Age=0' : `Max-Age=${Math.floor(OPERATOR_ABSOLUTE_TIMEOUT_MS / 1000)}`);
    if (secure) parts.push('Secure');
    return parts.join('; ');
  });
}

function setCookies(reply: FastifyReply, request: FastifyRequest, service: OperatorService, token: string | null): void {
  const prev = reply.getHeader('set-cookie');
  const kept = (prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)]).filter((c) => !c.startsWith(`${OPERATOR_SESSION_COOKIE}=`));
  reply.header('set-cookie', [...kept, ...operatorCookies(token, service.deps.secure || request.protocol === 'https')]);
}

const withPermission = (operatorPermission: OperatorPermission) => ({ config: { operatorPermission } });

async function publicRoutes(app: FastifyInstance, { service, operators }: AdminRoutesOptions): Promise<void> {
  const crossSite = originGuard({ allowedOrigins: operators.allowedOrigins });
  app.addHook('onRequest', async (request, reply) => {
    if (!isAllowedHost(request.host, operators.allowedHosts)) {
      await reply.code(403).send({ error: HOST_NOT_ALLOWED });
      return;
    }
    await crossSite(request, reply);
  });
  app.post<{ Body: { email: string; password: string; code?: string } }>('/api/admin/session', {
    bodyLimit: 16_384,
    schema: { tags: TAGS, 'x-operator-permission': 'public', summary: 'Sign an operator in (paced per email; the TOTP code when enrolled)', body: s.signInBody, response: { 200: s.sessionAnswer, 400: { $ref: 'Error#' }, 401: { $ref: 'Error#' }, 403: { $ref: 'Error#' }, 429: { $ref: 'Error#' } } },
  }, async (request, reply) => {
    const { token, csrfToken, operator } = await service.signIn(request.body, request.ip);
    setCookies(reply, request, service, token);
    return { operator, csrfToken };
  });
  app.post<{ Body: { token: string; password: string } }>('/api/admin/password', {
    bodyLimit: 16_384,
    schema: { tags: TAGS, 'x-operator-permission': 'public', summary: 'Set an operator\'s password with a one-time link (ends their sessions)', body: s.setPasswordBody, response: { 200: s.successSchema, 400: { $ref: 'Error#' }, 403: { $ref: 'Error#' } } },
  }, async (request) => {
    await service.setPasswordByLink(request.body.token, request.body.password);
    return { success: true };
  });
}

async function guardedRoutes(app: FastifyInstance, { service, operators }: AdminRoutesOptions): Promise<void> {
  app.addHook('onRequest', operatorGuard(operators));
  const schema = (summary: string, extra: Record<string, unknown>, ok: object) => ({ schema: { tags: TAGS, summary, ...extra, response: { 200: ok, ...s.guardedErrors } } });

  app.delete('/api/admin/session', { ...withPermission('self'), ...schema('Sign the operator out', {}, s.successSchema) }, async (request, reply) => {
    await service.signOut(sessionOf(request).sessionId);
    setCookies(reply, request, service, null);
    return { success: true };
  });
  app.get('/api/admin/me', { ...withPermission('self'), ...schema('The signed-in operator and the session\'s CSRF token', {}, s.sessionAnswer) }, async (request) => {
    const { operatorId, sessionId } = sessionOf(request);
    return await service.me(operatorId, sessionId);
  });
  app.post('/api/admin/me/totp', { ...withPermission('self'), ...schema('Start enrolling a TOTP second factor (the secret is shown once)', {}, s.totpEnrolAnswer) }, async (request) => {
    return await service.totpEnrol(auditWho(request), sessionOf(request).operatorId);
  });
  app.post<{ Body: { code: string } }>('/api/admin/me/totp/verify', { ...withPermission('self'), ...schema('Confirm the TOTP second factor with a first code', { body: s.totpCodeBody }, s.successSchema) }, async (request) => {
    const { operatorId } = sessionOf(request);
    await service.totpVerify(auditWho(request), operatorId, request.body.code);
    return { success: true };
  });

  app.get('/api/admin/operators', { ...withPermission('operators'), ...schema('Every operator (owners)', {}, { type: 'object', properties: { operators: { type: 'array', items: s.operatorSchema } } }) }, async () => ({ operators: await service.list() }));
  app.post<{ Body: { email: string; name: string; role: OperatorRole } }>('/api/admin/operators', {
    ...withPermission('operators'), bodyLimit: 4096, ...schema('Create an operator (owners): answers a one-time set-password link', { body: s.createOperatorBody }, s.linkAnswer),
  }, async (request) => await service.create(auditWho(request), request.body));
  app.get<{ Params: { id: number } }>('/api/admin/operators/:id', { ...withPermission('operators'), ...schema('One operator (owners)', { params: s.idParams }, { type: 'object', properties: { operator: s.operatorSchema } }) }, async (request) => ({ operator: await service.get(request.params.id) }));
  app.patch<{ Params: { id: number }; Body: { name?: string; role?: OperatorRole; disabled?: boolean } }>('/api/admin/operators/:id', {
    ...withPermission('operators'), bodyLimit: 4096, ...schema('Rename, change the role of, disable or enable an operator (owners; a new role ends their sessions)', { params: s.idParams, body: s.updateOperatorBody }, { type: 'object', properties: { operator: s.operatorSchema } }),
  }, async (request) => ({ operator: await service.update(auditWho(request), request.params.id, request.body) }));
  app.delete<{ Params: { id: number } }>('/api/admin/operators/:id', { ...withPermission('operators'), ...schema('Remove an operator (owners; never the last owner)', { params: s.idParams }, s.successSchema) }, async (request) => {
    await service.remove(auditWho(request), request.params.id);
    return { success: true };
  });
  app.post<{ Params: { id: number } }>('/api/admin/operators/:id/password-link', { ...withPermission('operators'), ...schema('A new one-time set-password link for an operator (owners)', { params: s.idParams }, s.linkAnswer) }, async (request) => ({
    link: await service.resetLink(auditWho(request), request.params.id),
  }));

  app.get('/api/admin/tokens', { ...withPermission('operators'), ...schema('Every API token, never its value (owners)', {}, { type: 'object', properties: { tokens: { type: 'array', items: s.apiTokenSchema } } }) }, async () => ({ tokens: await service.listTokens() }));
  app.post<{ Body: { name: string; scopes: TokenScope[] } }>('/api/admin/tokens', {
    ...withPermission('operators'), bodyLimit: 4096,
    ...schema('Create a scoped API token (owners): its value is answered this once, stored only hashed', { body: s.createTokenBody }, { type: 'object', properties: { token: { type: 'string' }, apiToken: s.apiTokenSchema }, required: ['token', 'apiToken'] }),
  }, async (request) => await service.createToken(auditWho(request), request.body));
  app.delete<{ Params: { id: number } }>('/api/admin/tokens/:id', { ...withPermission('operators'), ...schema('Revoke an API token (owners)', { params: s.idParams }, { type: 'object', properties: { apiToken: s.apiTokenSchema } }) }, async (request) => ({
    apiToken: await service.revokeToken(auditWho(request), request.params.id),
  }));

  app.get<{ Querystring: { actorKind?: string; actorId?: number; entity?: string; entityId?: string; action?: string; from?: string; to?: string; before?: number; limit: number } }>('/api/admin/audit', {
    ...withPermission('audit'),
    ...schema('The audit log, newest first (owners): filter by actor, entity, action and date; page with before = nextBefore', { querystring: s.auditQuery }, {
      type: 'object', properties: { entries: { type: 'array', items: s.auditEntrySchema }, nextBefore: { type: ['integer', 'null'] } },
    }),
  }, async (request) => {
    const { before, limit, from, to, ...filter } = request.query;
    const iso = (v: string | undefined) => (v === undefined ? undefined : new Date(v).toISOString());
    const f = Object.fromEntries(Object.entries({ ...filter, from: iso(from), to: iso(to) }).filter(([, v]) => v !== undefined));
    return await service.auditPage(f, before, limit);
  });
}

/**
 * The plugin: the sign-in and set-password routes in one scope (Host and cross-site checks), the
 * rest in another behind the operator guard.
 * @example
 * await app.register(adminRoutes, { service, operators });
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, options) => {
  await app.register(async (scope) => publicRoutes(scope, options));
  await app.register(async (scope) => guardedRoutes(scope, options));
};
