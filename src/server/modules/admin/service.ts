/**
 * The rules of the operators that need the database: accounts with a role, sign-in (the
 * customers' scrypt hashing and pacing), sessions with their CSRF token, one-time set-password
 * links, the optional TOTP second factor, scoped API tokens, and the audit log every operator
 * write lands in ({@link audit}, called inside the write's own transaction).
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { hashPassword, needsRehash, passwordProblem, verifyPassword, type ScryptParams } from '../accounts/password.ts';
import { AUTH_LIMITS, LOGIN_PACE, loginDelayMs, RATE_LIMITED_MESSAGE, type Limiter } from '../accounts/rate-limit.ts';
import { hashToken, newToken, sessionAlive } from '../accounts/session.ts';
import {
  markAudited, operatorActorOf, TOKEN_SCOPES,
  type OperatorAccounts, type OperatorActor, type OperatorRole, type OperatorSessionInfo, type TokenScope,
} from '../../platform/http/operator-access.ts';
import * as repo from './repository.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';
import { isEmailFormat } from '../../../domain/account.ts';

/** An operator session unused this long is dead. @default 8 hours */
export const OPERATOR_IDLE_TIMEOUT_MS = 8 * 3600_000;
/** An operator session older than this is dead however often it is used. @default 24 hours */
export const OPERATOR_ABSOLUTE_TIMEOUT_MS = 24 * 3600_000;
/** How long a set-password link lives. @default 24 hours */
export const OPERATOR_LINK_TTL_MS = 24 * 3600_000;
/** The prefix of API tokens, so a leaked one is recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'skop_';

/** The answer to any failed operator sign-in (unknown email, wrong password, wrong or missing code). */
export const OPERATOR_LOGIN_FAILED = 'Invalid email, password or code.';
/** The answer to a used, expired or unknown set-password link. */
export const OPERATOR_LINK_INVALID = 'This link is invalid or has expired.';
/** The answer when a change would leave the store without an active owner. */
export const LAST_OWNER = 'The store needs at least one active owner.';

/** An operator as the API shows it (never a hash or a secret). */
export interface OperatorView {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  totpEnabled: boolean;
  hasPassword: boolean;
  disabled: boolean;
  createdAt: string;
}

/** An API token as listed (never its value). */
export interface ApiTokenView {
  id: number;
  name: string;
  scopes: TokenScope[];
  createdBy: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

/** Who wrote, and through which route: what {@link audit} records besides the change. */
export interface AuditWho {
  actor: OperatorActor;
  route: string;
}

/** An audit entry as the API shows it. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: { kind: string; id: number | null };
  action: string;
  route: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The services the operator rules need; `limiter`, `scrypt`, `sleep` and `now` are read at each call (tests swap them). */
export interface OperatorDeps {
  db: Db;
  limiter: () => Limiter;
  scrypt: () => ScryptParams;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Origin of set-password links (PUBLIC_URL), never the request's Host. */
  publicUrl: () => string;
  /** Always mark the cookie Secure. @default SESSION_SECURE=1 */
  secure: boolean;
}

/** Normalised email: trimmed, lower-cased. */
export function normalOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The actor and route of a request the guard admitted, for {@link audit}; the guard then records nothing more for it. */
export function auditWho(request: FastifyRequest): AuditWho {
  const actor = operatorActorOf(request);
  if (!actor) throw new Error('auditWho outside the operators\' routes');
  markAudited(request);
  return { actor, route: `${request.method} ${request.routeOptions.url ?? request.url}` };
}

/** The answer to an operator's own-account call made with a token (a token has no account). */
export const SIGNED_IN_OPERATOR_ONLY = 'Only a signed-in operator has an account here.';

/** The operator and session of a request (the routes of an operator's own account): 403 for a token's. */
export function operatorSessionOf(request: FastifyRequest): { operatorId: number; sessionId: number } {
  const actor = operatorActorOf(request);
  if (actor?.kind !== 'operator') throw new HttpError(403, SIGNED_IN_OPERATOR_ONLY);
  return { operatorId: actor.id, sessionId: actor.sessionId };
}

/**
 * Records an operator write in the audit log: call it with the transaction of the write, so the
 * row exists exactly when the change does. `before` and `after` are stored as JSON (null for a
 * creation's before or a removal's after).
 * @example
 * await db.transaction(async (tx) => { ...; await audit(tx, auditWho(request), 'product.price', { type: 'product', id }, before, after); });
 */
export async function audit(tx: Db, who: AuditWho, action: string, entity: { type: string; id?: string | number | null }, before: unknown, after: unknown, at: Date = new Date()): Promise<void> {
  await repo.insertAudit(tx, {
    at: at.toISOString(),
    actor_kind: who.actor.kind,
    actor_id: who.actor.id,
    action,
    route: who.route,
    entity: entity.type,
    entity_id: entity.id === undefined || entity.id === null ? null : String(entity.id),
    before_json: before === null || before === undefined ? null : JSON.stringify(before),
    after_json: after === null || after === undefined ? null : JSON.stringify(after),
  });
}

function operatorView(row: repo.OperatorRow): OperatorView {
  return {
    id: row.id, email: row.email, name: row.name, role: row.role, totpEnabled: row.totp_enabled === 1,
    hasPassword: row.password_hash !== null, disabled: row.disabled_at !== null, createdAt: row.created_at,
  };
}

function scopesOf(text: string): TokenScope[] {
  return text.split(',').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));
}

function tokenView(row: repo.ApiTokenRow): ApiTokenView {
  return { id: row.id, name: row.name, scopes: scopesOf(row.scopes), createdBy: row.created_by, createdAt: row.created_at, lastUsedAt: row.last_used_at, revoked: row.revoked_at !== null };
}

/** The path of the back office's set-password page a link opens. */
export const SET_PASSWORD_PATH = '/admin/set-password';

/**
 * The operator rules over one database.
 * @example
 * const operators = new OperatorService({ db, limiter: () => app.accounts.limiter, ... });
 * const { link } = await operators.create(null, { email: 'owner@shop.example', name: 'Owner', role: 'owner' });
 */
export class OperatorService {
  private dummyHash: Promise<string> | null = null;

  constructor(readonly deps: OperatorDeps) {}

  private iso(offsetMs = 0): string {
    return new Date(this.deps.now() + offsetMs).toISOString();
  }

  /** Issues a one-time set-password link (inside `tx`), ending the operator's older ones. */
  async issueLink(tx: Db, operatorId: number): Promise<string> {
    await repo.deleteOperatorLinks(tx, operatorId);
    const token = newToken();
    await repo.insertOperatorLink(tx, { tokenHash: hashToken(token), operatorId, at: this.iso(), expiresAt: this.iso(OPERATOR_LINK_TTL_MS) });
    return `${this.deps.publicUrl()}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** Creates an operator and its set-password link; `who` null for the command line and the first start (then nothing to audit). */
  async create(who: AuditWho | null, input: { email: string; name: string; role: OperatorRole }): Promise<{ operator: OperatorView; link: string }> {
    const email = normalOperatorEmail(input.email);
    if (!isEmailFormat(email)) throw new HttpError(400, 'Please enter a valid email address.');
    const name = input.name.trim();
    if (name === '' || /\p{Cc}/u.test(name)) throw new HttpError(400, 'Please enter a name.');
    return await this.deps.db.transaction(async (tx) => {
      if (await repo.operatorByEmail(tx, email)) throw new HttpError(409, 'An operator with this email exists.');
      const id = await repo.insertOperator(tx, { email, name, role: input.role, at: this.iso() });
      const link = await this.issueLink(tx, id);
      const operator = operatorView((await repo.operatorById(tx, id))!);
      if (who) await audit(tx, who, 'operator.create', { type: 'operator', id }, null, operator);
      return { operator, link };
    });
  }

  /**
   * The first owner of a fresh store: created once, with a one-time link, when the store has no
   * operator; null when it has one (a second start prints nothing).
   */
  async firstOwner(email: string): Promise<{ operator: OperatorView; link: string } | null> {
    if (await repo.hasOperators(this.deps.db)) return null;
    return await this.create(null, { email, name: 'Owner', role: 'owner' });
  }

  /** Sets a password with a one-time link; ends the operator's sessions and other links. */
  async setPasswordByLink(token: string, password: string): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw new HttpError(400, problem);
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw new HttpError(400, OPERATOR_LINK_INVALID);
    const hash = await hashPassword(password, this.deps.scrypt());
    const done = await this.deps.db.transaction(async (tx) => {
      const link = await repo.operatorLinkByHash(tx, hashToken(token));
      if (!link || link.used_at !== null || Date.parse(link.expires_at) <= this.deps.now()) return false;
      if (!(await repo.useOperatorLink(tx, link.id, this.iso()))) return false;
      await repo.setOperatorPassword(tx, link.operator_id, hash, this.iso());
      await repo.deleteOperatorSessions(tx, link.operator_id);
      await repo.deleteOperatorLinks(tx, link.operator_id);
      return true;
    });
    if (!done) throw new HttpError(400, OPERATOR_LINK_INVALID);
  }

  /**
   * Signs an operator in: refused per client address past the customers' limit, paced per email
   * (never refused, so nobody locks an owner out), the same scrypt work for unknown emails, and
   * the TOTP code when the operator enrolled one. Answers the new session's token and CSRF token.
   */
  async signIn(input: { email: string; password: string; code?: string | undefined }, ip: string): Promise<{ token: string; csrfToken: string; operator: OperatorView }> {
    const limiter = this.deps.limiter();
    const email = normalOperatorEmail(input.email);
    const ipKey = `operator-login-ip:${ip}`;
    const paceKey = `operator-login-pace:${email}`;
    if (!(await limiter.check(ipKey, AUTH_LIMITS.loginPerIp))) throw new HttpError(429, RATE_LIMITED_MESSAGE);
    const attempt = await limiter.increment(paceKey, LOGIN_PACE.window);
    const delay = loginDelayMs(attempt - 1);
    if (delay > 0) await this.deps.sleep(delay);
    const db = this.deps.db;
    const row = await repo.operatorByEmail(db, email);
    const tooLong = passwordProblem(input.password)?.includes('at most') === true;
    const usable = row && row.password_hash !== null && row.disabled_at === null && !tooLong;
    const ok = usable
      ? await verifyPassword(input.password, row.password_hash!)
      : (await verifyPassword('x', await (this.dummyHash ??= hashPassword('dummy operator password', this.deps.scrypt()))), false);
    let secondFactor = true;
    if (ok && row && row.totp_enabled === 1 && row.totp_secret !== null) {
      const step = verifyTotp(row.totp_secret, input.code ?? '', this.deps.now() / 1000, row.totp_last_step);
      secondFactor = step !== null && (await repo.advanceTotpStep(db, row.id, step));
    }
    if (!ok || !row || !secondFactor) {
      await limiter.hit(ipKey, AUTH_LIMITS.loginPerIp);
      throw new HttpError(401, OPERATOR_LOGIN_FAILED);
    }
    await limiter.reset(paceKey);
    if (needsRehash(row.password_hash!, this.deps.scrypt())) await repo.setOperatorPassword(db, row.id, await hashPassword(input.password, this.deps.scrypt()), this.iso());
    const token = newToken();
    const csrfToken = randomBytes(24).toString('base64url');
    await repo.insertOperatorSession(db, { tokenHash: hashToken(token), operatorId: row.id, csrfToken, at: this.iso() });
    return { token, csrfToken, operator: operatorView(row) };
  }

  /** Ends a session. */
  async signOut(sessionId: number): Promise<void> {
    await repo.deleteOperatorSession(this.deps.db, sessionId);
  }

  /** The signed-in operator and the session's CSRF token (the back office reads it after a reload). */
  async me(operatorId: number, sessionId: number): Promise<{ operator: OperatorView; csrfToken: string }> {
    const row = await repo.operatorById(this.deps.db, operatorId);
    const csrfToken = await repo.operatorSessionCsrf(this.deps.db, sessionId);
    if (!row || csrfToken === undefined) throw new HttpError(401, 'Please sign in.');
    return { operator: operatorView(row), csrfToken };
  }

  /** Starts TOTP enrolment: a new pending secret (replacing an enrolled one only once confirmed). */
  async totpEnrol(who: AuditWho, operatorId: number): Promise<{ secret: string; uri: string }> {
    const row = await repo.operatorById(this.deps.db, operatorId);
    if (!row) throw new HttpError(401, 'Please sign in.');
    if (row.totp_enabled === 1) throw new HttpError(409, 'A second factor is already enrolled.');
    const secret = newTotpSecret();
    await this.deps.db.transaction(async (tx) => {
      await repo.setOperatorTotp(tx, operatorId, { secret, enabled: false, lastStep: 0, at: this.iso() });
      // the secret itself never enters the log
      await audit(tx, who, 'operator.totp-enrol', { type: 'operator', id: operatorId }, { totpEnabled: false }, { totpEnabled: false, pending: true });
    });
    return { secret, uri: totpUri(secret, row.email) };
  }

  /** Confirms enrolment with a first code: from then on sign-in asks for one. */
  async totpVerify(who: AuditWho, operatorId: number, code: string): Promise<void> {
    const row = await repo.operatorById(this.deps.db, operatorId);
    if (!row || row.totp_secret === null || row.totp_enabled === 1) throw new HttpError(409, 'Start enrolment first.');
    const step = verifyTotp(row.totp_secret, code, this.deps.now() / 1000, row.totp_last_step);
    if (step === null) throw new HttpError(400, 'That code is not right; try the next one.');
    await this.deps.db.transaction(async (tx) => {
      await repo.setOperatorTotp(tx, operatorId, { secret: row.totp_secret, enabled: true, lastStep: step, at: this.iso() });
      await audit(tx, who, 'operator.totp-enable', { type: 'operator', id: operatorId }, { totpEnabled: false }, { totpEnabled: true });
    });
  }

  /** Every operator. */
  async list(): Promise<OperatorView[]> {
    return (await repo.listOperators(this.deps.db)).map(operatorView);
  }

  /** One operator, or 404. */
  async get(id: number): Promise<OperatorView> {
    const row = await repo.operatorById(this.deps.db, id);
    if (!row) throw new HttpError(404, 'Operator not found.');
    return operatorView(row);
  }

  /** Changes an operator's name, role or disabled state; a new role or disabling ends their sessions. */
  async update(who: AuditWho, id: number, patch: { name?: string; role?: OperatorRole; disabled?: boolean }): Promise<OperatorView> {
    return await this.deps.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, id);
      if (!row) throw new HttpError(404, 'Operator not found.');
      const before = operatorView(row);
      const name = patch.name === undefined ? row.name : patch.name.trim();
      if (name === '' || /\p{Cc}/u.test(name)) throw new HttpError(400, 'Please enter a name.');
      const role = patch.role ?? row.role;
      const disabledAt = patch.disabled === undefined ? row.disabled_at : patch.disabled ? (row.disabled_at ?? this.iso()) : null;
      const wasActiveOwner = row.role === 'owner' && row.disabled_at === null;
      if (wasActiveOwner && (role !== 'owner' || disabledAt !== null) && (await repo.countActiveOwners(tx)) <= 1) throw new HttpError(409, LAST_OWNER);
      await repo.updateOperator(tx, id, { name, role, disabledAt, at: this.iso() });
      if (role !== row.role || disabledAt !== row.disabled_at) await repo.deleteOperatorSessions(tx, id);
      const after = operatorView((await repo.operatorById(tx, id))!);
      await audit(tx, who, 'operator.update', { type: 'operator', id }, before, after);
      return after;
    });
  }

  /** Removes an operator (not the last active owner). */
  async remove(who: AuditWho, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, id);
      if (!row) throw new HttpError(404, 'Operator not found.');
      if (row.role === 'owner' && row.disabled_at === null && (await repo.countActiveOwners(tx)) <= 1) throw new HttpError(409, LAST_OWNER);
      await repo.deleteOperator(tx, id);
      await audit(tx, who, 'operator.delete', { type: 'operator', id }, operatorView(row), null);
    });
  }

  /** A new set-password link for an operator (a forgotten password): their sessions end when it is used. */
  async resetLink(who: AuditWho, id: number): Promise<string> {
    return await this.deps.db.transaction(async (tx) => {
      const row = await repo.operatorById(tx, id);
      if (!row) throw new HttpError(404, 'Operator not found.');
      const link = await this.issueLink(tx, id);
      await audit(tx, who, 'operator.password-link', { type: 'operator', id }, null, null);
      return link;
    });
  }

  /** Creates an API token: its value is answered once and stored only as its hash. */
  async createToken(who: AuditWho, input: { name: string; scopes: TokenScope[] }): Promise<{ token: string; apiToken: ApiTokenView }> {
    const name = input.name.trim();
    if (name === '' || /\p{Cc}/u.test(name)) throw new HttpError(400, 'Please name the token.');
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0) throw new HttpError(400, 'A token needs at least one scope.');
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    return await this.deps.db.transaction(async (tx) => {
      const id = await repo.insertApiToken(tx, { tokenHash: hashToken(token), name, scopes: scopes.join(','), createdBy: who.actor.kind === 'operator' ? who.actor.id : null, at: this.iso() });
      const apiToken = tokenView((await repo.apiTokenById(tx, id))!);
      await audit(tx, who, 'token.create', { type: 'token', id }, null, apiToken);
      return { token, apiToken };
    });
  }

  /** Every API token (never a value). */
  async listTokens(): Promise<ApiTokenView[]> {
    return (await repo.listApiTokens(this.deps.db)).map(tokenView);
  }

  /** Revokes a token: it answers 403 from the next call. */
  async revokeToken(who: AuditWho, id: number): Promise<ApiTokenView> {
    return await this.deps.db.transaction(async (tx) => {
      const row = await repo.apiTokenById(tx, id);
      if (!row) throw new HttpError(404, 'Token not found.');
      if (!(await repo.revokeApiToken(tx, id, this.iso()))) throw new HttpError(409, 'This token is already revoked.');
      const after = tokenView((await repo.apiTokenById(tx, id))!);
      await audit(tx, who, 'token.revoke', { type: 'token', id }, tokenView(row), after);
      return after;
    });
  }

  /** A page of the audit log, newest first; `nextBefore` continues it. */
  async auditPage(filter: repo.AuditFilter, beforeId: number | undefined, limit: number): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
    const rows = await repo.listAudit(this.deps.db, filter, { ...(beforeId !== undefined ? { beforeId } : {}), limit: limit + 1 });
    const page = rows.slice(0, limit);
    const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
    return {
      entries: page.map((r) => ({
        id: r.id, at: r.at, actor: { kind: r.actor_kind, id: r.actor_id }, action: r.action, route: r.route,
        entity: r.entity, entityId: r.entity_id, before: parse(r.before_json), after: parse(r.after_json),
      })),
      nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** What the operator guard asks (security/operator-access.ts), over this database. */
  accounts(): OperatorAccounts {
    const db = this.deps.db;
    return {
      anyOperator: () => repo.hasOperators(db),
      session: async (token): Promise<OperatorSessionInfo | null> => {
        const row = await repo.operatorSessionByHash(db, hashToken(token));
        if (!row) return null;
        const now = this.deps.now();
        if (row.disabled_at !== null || !sessionAlive(row.created_at, row.last_seen_at, now, OPERATOR_IDLE_TIMEOUT_MS, OPERATOR_ABSOLUTE_TIMEOUT_MS)) {
          await repo.deleteOperatorSession(db, row.id);
          return null;
        }
        if (now - Date.parse(row.last_seen_at) >= 60_000) await repo.touchOperatorSession(db, row.id, new Date(now).toISOString());
        return { sessionId: row.id, operatorId: row.operator_id, role: row.role, csrfToken: row.csrf_token };
      },
      apiToken: async (token) => {
        if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 100) return null;
        const row = await repo.liveApiTokenByHash(db, hashToken(token));
        if (!row) return null;
        await repo.touchApiToken(db, row.id, this.iso());
        return { id: row.id, scopes: scopesOf(row.scopes) };
      },
      recordWrite: async (actor, request) => {
        const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
        // the entity is the path's first segment after /api/admin/, its id the first parameter
        const entity = /^\/api\/admin\/([^/]+)/.exec(route)?.[1] ?? 'admin';
        const params = (request.params ?? {}) as Record<string, unknown>;
        const firstParam = Object.values(params)[0];
        await audit(db, { actor, route: `${request.method} ${route}` }, `${entity}.${request.method.toLowerCase()}`, { type: entity, id: firstParam === undefined ? null : String(firstParam) }, null, null, new Date(this.deps.now()));
      },
    };
  }
}

/** A product's prices as a sale's audit row shows them, or null when it does not exist. */
export async function productPriceSnapshot(db: Db, productId: number): Promise<{ priceCents: number; compareAtPriceCents: number | null } | null> {
  const row = await repo.productPrices(db, productId);
  return row ? { priceCents: row.price_cents, compareAtPriceCents: row.compare_at_price_cents } : null;
}
