/**
 * JSON schemas of the operators' routes (validation, serialisation and the OpenAPI document).
 * Bodies refuse unknown fields; every answer other than 200 is the store's `{ error }`.
 * @module
 */
import { PASSWORD_MAX_LENGTH } from '../accounts/password.ts';
import { OPERATOR_ROLES, TOKEN_SCOPES } from '../../platform/http/operator-access.ts';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const error = { $ref: 'Error#' } as const;

/** The refusals every guarded route may answer. */
export const guardedErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error } as const;

/** An operator as answered. */
export const operatorSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', enum: [...OPERATOR_ROLES] },
    totpEnabled: { type: 'boolean' }, hasPassword: { type: 'boolean' }, disabled: { type: 'boolean' }, createdAt: { type: 'string' },
  },
  required: ['id', 'email', 'name', 'role', 'totpEnabled', 'hasPassword', 'disabled', 'createdAt'],
} as const;

/** An API token as listed (never its value). */
export const apiTokenSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, name: { type: 'string' }, scopes: { type: 'array', items: { type: 'string' } }, createdBy: { type: ['integer', 'null'] },
    createdAt: { type: 'string' }, lastUsedAt: { type: ['string', 'null'] }, revoked: { type: 'boolean' },
  },
  required: ['id', 'name', 'scopes', 'createdAt', 'revoked'],
} as const;

/** POST /api/admin/session. */
export const signInBody = {
  type: 'object',
  additionalProperties: false,
  properties: { email: text(254), password: text(PASSWORD_MAX_LENGTH * 4), code: { type: 'string', pattern: '^[0-9]{6}$' } },
  required: ['email', 'password'],
} as const;

/** The answer of a sign-in and of `me`: the operator and the session's CSRF token. */
export const sessionAnswer = {
  type: 'object',
  properties: { operator: operatorSchema, csrfToken: { type: 'string' } },
  required: ['operator', 'csrfToken'],
} as const;

/** POST /api/admin/password. */
export const setPasswordBody = {
  type: 'object', additionalProperties: false, properties: { token: text(200), password: text(PASSWORD_MAX_LENGTH * 4) }, required: ['token', 'password'],
} as const;

/** `{ success: true }`. */
export const successSchema = { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } as const;

/** POST /api/admin/me/totp/verify. */
export const totpCodeBody = { type: 'object', additionalProperties: false, properties: { code: { type: 'string', pattern: '^[0-9]{6}$' } }, required: ['code'] } as const;

/** The answer of a TOTP enrolment: the secret (base32) and its otpauth URI, shown once. */
export const totpEnrolAnswer = { type: 'object', properties: { secret: { type: 'string' }, uri: { type: 'string' } }, required: ['secret', 'uri'] } as const;

/** POST /api/admin/operators. */
export const createOperatorBody = {
  type: 'object', additionalProperties: false,
  properties: { email: text(254), name: text(100), role: { type: 'string', enum: [...OPERATOR_ROLES] } },
  required: ['email', 'name', 'role'],
} as const;

/** PATCH /api/admin/operators/{id}. */
export const updateOperatorBody = {
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: { name: text(100), role: { type: 'string', enum: [...OPERATOR_ROLES] }, disabled: { type: 'boolean' } },
} as const;

/** A path's `{id}`. */
export const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

/** The answer carrying a one-time set-password link. */
export const linkAnswer = { type: 'object', properties: { operator: operatorSchema, link: { type: 'string' } }, required: ['link'] } as const;

/** POST /api/admin/tokens. */
export const createTokenBody = {
  type: 'object', additionalProperties: false,
  properties: { name: text(100), scopes: { type: 'array', minItems: 1, maxItems: TOKEN_SCOPES.length, items: { type: 'string', enum: [...TOKEN_SCOPES] } } },
  required: ['name', 'scopes'],
} as const;

/** GET /api/admin/audit's query. */
export const auditQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    actorKind: { type: 'string', enum: ['operator', 'token', 'bootstrap'] },
    actorId: { type: 'integer', minimum: 1 },
    entity: text(64), entityId: text(64), action: text(64),
    from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' },
    before: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

/** One audit entry. */
export const auditEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, at: { type: 'string' },
    actor: { type: 'object', properties: { kind: { type: 'string' }, id: { type: ['integer', 'null'] } } },
    action: { type: 'string' }, route: { type: 'string' }, entity: { type: 'string' }, entityId: { type: ['string', 'null'] },
    before: {}, after: {},
  },
} as const;
