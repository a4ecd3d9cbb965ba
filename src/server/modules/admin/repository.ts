/**
 * All SQL of the back office's operators: accounts, sessions, set-password links, API tokens and
 * the audit log (migration 023). The same statements on SQLite and PostgreSQL; tokens are looked
 * up by their SHA-256 only.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import type { OperatorRole } from '../../platform/http/operator-access.ts';

/** An operator row. */
export interface OperatorRow {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: number;
  totp_last_step: number;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

const OPERATOR_COLUMNS = 'id, email, name, role, password_hash, totp_secret, totp_enabled, totp_last_step, disabled_at, created_at, updated_at';

/** Whether any operator exists. */
export async function hasOperators(db: Db): Promise<boolean> {
  return (await db.get<{ one: number }>('SELECT 1 AS one FROM operators LIMIT 1')) !== undefined;
}

/** Inserts an operator without a password; answers its id. */
export async function insertOperator(db: Db, o: { email: string; name: string; role: OperatorRole; at: string }): Promise<number> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO operators (email, name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [o.email, o.name, o.role, o.at, o.at],
  );
  if (!row) throw new Error('operator insert returned no id');
  return row.id;
}

/** An operator by id. */
export async function operatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  return await db.get<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = ?`, [id]);
}

/** An operator by (normalised) email. */
export async function operatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return await db.get<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE email = ?`, [email]);
}

/** Every operator, by id. */
export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return await db.all<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY id`);
}

/** How many enabled owners there are (the last one cannot be removed, demoted or disabled). */
export async function countActiveOwners(db: Db): Promise<number> {
  const row = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM operators WHERE role = 'owner' AND disabled_at IS NULL");
  return Number(row?.n ?? 0);
}

/** Changes an operator's name, role and disabled time. */
export async function updateOperator(db: Db, id: number, o: { name: string; role: OperatorRole; disabledAt: string | null; at: string }): Promise<boolean> {
  return (await db.run('UPDATE operators SET name = ?, role = ?, disabled_at = ?, updated_at = ? WHERE id = ?', [o.name, o.role, o.disabledAt, o.at, id])).changes === 1;
}

/** Removes an operator (sessions and links go with it; audit rows keep the id). */
export async function deleteOperator(db: Db, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM operators WHERE id = ?', [id])).changes === 1;
}

/** Sets an operator's password hash. */
export async function setOperatorPassword(db: Db, id: number, hash: string, at: string): Promise<boolean> {
  return (await db.run('UPDATE operators SET password_hash = ?, updated_at = ? WHERE id = ?', [hash, at, id])).changes === 1;
}

/** Sets an operator's TOTP secret and state. */
export async function setOperatorTotp(db: Db, id: number, t: { secret: string | null; enabled: boolean; lastStep: number; at: string }): Promise<void> {
  await db.run('UPDATE operators SET totp_secret = ?, totp_enabled = ?, totp_last_step = ?, updated_at = ? WHERE id = ?', [t.secret, t.enabled ? 1 : 0, t.lastStep, t.at, id]);
}

/**
 * Records an accepted TOTP step only when it is later than the last one (two requests with the
 * same code: one wins). Answers whether this one did.
 */
export async function advanceTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  return (await db.run('UPDATE operators SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?', [step, id, step])).changes === 1;
}

/** An operator session joined with what the guard needs. */
export interface OperatorSessionRow {
  id: number;
  operator_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  role: OperatorRole;
  disabled_at: string | null;
}

/** Inserts a session; answers its id. */
export async function insertOperatorSession(db: Db, s: { tokenHash: string; operatorId: number; csrfToken: string; at: string }): Promise<number> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO operator_sessions (token_hash, operator_id, csrf_token, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [s.tokenHash, s.operatorId, s.csrfToken, s.at, s.at],
  );
  if (!row) throw new Error('operator session insert returned no id');
  return row.id;
}

/** A session by its token's hash, with its operator's role. */
export async function operatorSessionByHash(db: Db, tokenHash: string): Promise<OperatorSessionRow | undefined> {
  return await db.get<OperatorSessionRow>(
    `SELECT s.id, s.operator_id, s.csrf_token, s.created_at, s.last_seen_at, o.role, o.disabled_at
     FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
    [tokenHash],
  );
}

/** A session's CSRF token. */
export async function operatorSessionCsrf(db: Db, id: number): Promise<string | undefined> {
  return (await db.get<{ csrf_token: string }>('SELECT csrf_token FROM operator_sessions WHERE id = ?', [id]))?.csrf_token;
}

/** Refreshes a session's last use. */
export async function touchOperatorSession(db: Db, id: number, at: string): Promise<void> {
  await db.run('UPDATE operator_sessions SET last_seen_at = ? WHERE id = ?', [at, id]);
}

/** Ends one session. */
export async function deleteOperatorSession(db: Db, id: number): Promise<void> {
  await db.run('DELETE FROM operator_sessions WHERE id = ?', [id]);
}

/** Ends every session of an operator (a new password, a new role, disabled). */
export async function deleteOperatorSessions(db: Db, operatorId: number): Promise<void> {
  await db.run('DELETE FROM operator_sessions WHERE operator_id = ?', [operatorId]);
}

/** Stores a one-time set-password link (hashed). */
export async function insertOperatorLink(db: Db, l: { tokenHash: string; operatorId: number; at: string; expiresAt: string }): Promise<void> {
  await db.run('INSERT INTO operator_links (token_hash, operator_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [l.tokenHash, l.operatorId, l.at, l.expiresAt]);
}

/** A set-password link by its token's hash. */
export async function operatorLinkByHash(db: Db, tokenHash: string): Promise<{ id: number; operator_id: number; expires_at: string; used_at: string | null } | undefined> {
  return await db.get('SELECT id, operator_id, expires_at, used_at FROM operator_links WHERE token_hash = ?', [tokenHash]);
}

/** Marks a link used, once: answers whether this call did. */
export async function useOperatorLink(db: Db, id: number, at: string): Promise<boolean> {
  return (await db.run('UPDATE operator_links SET used_at = ? WHERE id = ? AND used_at IS NULL', [at, id])).changes === 1;
}

/** Ends every unused link of an operator (a newer link, a password set). */
export async function deleteOperatorLinks(db: Db, operatorId: number): Promise<void> {
  await db.run('DELETE FROM operator_links WHERE operator_id = ? AND used_at IS NULL', [operatorId]);
}

/** An API token row (never its clear value: only the hash is stored). */
export interface ApiTokenRow {
  id: number;
  name: string;
  scopes: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Stores an API token by its hash; answers its id. */
export async function insertApiToken(db: Db, t: { tokenHash: string; name: string; scopes: string; createdBy: number | null; at: string }): Promise<number> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO operator_api_tokens (token_hash, name, scopes, created_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [t.tokenHash, t.name, t.scopes, t.createdBy, t.at],
  );
  if (!row) throw new Error('token insert returned no id');
  return row.id;
}

/** An unrevoked API token by its hash. */
export async function liveApiTokenByHash(db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return await db.get<ApiTokenRow>(
    'SELECT id, name, scopes, created_by, created_at, last_used_at, revoked_at FROM operator_api_tokens WHERE token_hash = ? AND revoked_at IS NULL',
    [tokenHash],
  );
}

/** An API token by id. */
export async function apiTokenById(db: Db, id: number): Promise<ApiTokenRow | undefined> {
  return await db.get<ApiTokenRow>('SELECT id, name, scopes, created_by, created_at, last_used_at, revoked_at FROM operator_api_tokens WHERE id = ?', [id]);
}

/** Every API token, newest first. */
export async function listApiTokens(db: Db): Promise<ApiTokenRow[]> {
  return await db.all<ApiTokenRow>('SELECT id, name, scopes, created_by, created_at, last_used_at, revoked_at FROM operator_api_tokens ORDER BY id DESC');
}

/** Revokes a token once: answers whether this call did. */
export async function revokeApiToken(db: Db, id: number, at: string): Promise<boolean> {
  return (await db.run('UPDATE operator_api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id])).changes === 1;
}

/** Refreshes a token's last use. */
export async function touchApiToken(db: Db, id: number, at: string): Promise<void> {
  await db.run('UPDATE operator_api_tokens SET last_used_at = ? WHERE id = ?', [at, id]);
}

/** One audit row as stored. */
export interface AuditRow {
  id: number;
  at: string;
  actor_kind: string;
  actor_id: number | null;
  action: string;
  route: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** Appends an audit row. */
export async function insertAudit(db: Db, a: Omit<AuditRow, 'id'>): Promise<void> {
  await db.run(
    `INSERT INTO audit_log (at, actor_kind, actor_id, action, route, entity, entity_id, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [a.at, a.actor_kind, a.actor_id, a.action, a.route, a.entity, a.entity_id, a.before_json, a.after_json],
  );
}

/** Filters of the audit log (each optional). */
export interface AuditFilter {
  actorKind?: string;
  actorId?: number;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** A page of the audit log, newest first, and whether more follow; `before` is the last id seen (keyset paging). */
export async function listAudit(db: Db, f: AuditFilter, page: { beforeId?: number; limit: number }): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (f.actorKind !== undefined) add('actor_kind = ?', f.actorKind);
  if (f.actorId !== undefined) add('actor_id = ?', f.actorId);
  if (f.entity !== undefined) add('entity = ?', f.entity);
  if (f.entityId !== undefined) add('entity_id = ?', f.entityId);
  if (f.action !== undefined) add('action = ?', f.action);
  if (f.from !== undefined) add('at >= ?', f.from);
  if (f.to !== undefined) add('at < ?', f.to);
  if (page.beforeId !== undefined) add('id < ?', page.beforeId);
  params.push(page.limit);
  return await db.all<AuditRow>(
    `SELECT id, at, actor_kind, actor_id, action, route, entity, entity_id, before_json, after_json FROM audit_log
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`,
    params,
  );
}

/** A product's price and compare-at price (the before and after of a sale's audit row). */
export async function productPrices(db: Db, productId: number): Promise<{ price_cents: number; compare_at_price_cents: number | null } | undefined> {
  return await db.get('SELECT price_cents, compare_at_price_cents FROM products WHERE id = ?', [productId]);
}
