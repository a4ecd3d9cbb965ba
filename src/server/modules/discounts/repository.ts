/**
 * All SQL of the operators' discount codes (the `discount_codes` table of migrations 004 and 029,
 * and the redemptions of 029). The storefront's reads and the counting of uses at an order are
 * commerce/discounts.ts's.
 * @module
 */
import type { CodeRow } from '../checkout/discounts.ts';
import type { Db } from '../../platform/db/database.ts';

/** A code's state: paused, ended, scheduled (not started), used up, or active. */
export type DiscountStatus = 'active' | 'paused' | 'scheduled' | 'ended' | 'used_up';
/** Every state. */
export const DISCOUNT_STATUSES: readonly DiscountStatus[] = ['active', 'paused', 'scheduled', 'ended', 'used_up'];

/** The columns a code is written with. */
export interface DiscountValues {
  title: string;
  kind: CodeRow['kind'];
  amount: number;
  minSubtotalCents: number;
  startsAt: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  oncePerIp: boolean;
  pausedAt: string | null;
}

const ENDED = '(expires_at IS NOT NULL AND expires_at <= ?)';
const SCHEDULED = '(starts_at IS NOT NULL AND starts_at > ?)';
const USED_UP = '(max_uses IS NOT NULL AND uses >= max_uses)';

/** The condition of a state at the time `now` (each ? is `now`), in the order {@link DiscountStatus} is decided. */
function statusCondition(status: DiscountStatus): { sql: string; nows: number } {
  switch (status) {
    case 'paused':
      return { sql: 'paused_at IS NOT NULL', nows: 0 };
    case 'ended':
      return { sql: `paused_at IS NULL AND ${ENDED}`, nows: 1 };
    case 'scheduled':
      return { sql: `paused_at IS NULL AND NOT ${ENDED} AND ${SCHEDULED}`, nows: 2 };
    case 'used_up':
      return { sql: `paused_at IS NULL AND NOT ${ENDED} AND NOT ${SCHEDULED} AND ${USED_UP}`, nows: 2 };
    case 'active':
      return { sql: `paused_at IS NULL AND NOT ${ENDED} AND NOT ${SCHEDULED} AND NOT ${USED_UP}`, nows: 2 };
  }
}

/** `%`, `_` and the escape character escaped for a LIKE with ESCAPE '!'. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** A page of codes in code order after `afterCode` (keyset paging), `limit` rows at most. */
export async function listDiscounts(db: Db, f: { status?: DiscountStatus; q?: string; now: string }, page: { afterCode?: string; limit: number }): Promise<CodeRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status !== undefined) {
    const c = statusCondition(f.status);
    where.push(c.sql);
    for (let i = 0; i < c.nows; i++) params.push(f.now);
  }
  if (f.q !== undefined) {
    const like = `%${likeEscaped(f.q.toLowerCase())}%`;
    where.push("(LOWER(code) LIKE ? ESCAPE '!' OR LOWER(title) LIKE ? ESCAPE '!')");
    params.push(like, like);
  }
  if (page.afterCode !== undefined) {
    where.push('code > ?');
    params.push(page.afterCode);
  }
  params.push(page.limit);
  return await db.all<CodeRow>(`SELECT * FROM discount_codes ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY code LIMIT ?`, params);
}

/** One code (locked until the transaction ends when `lock`), or undefined. */
export async function discountByCode(db: Db, code: string, lock = false): Promise<CodeRow | undefined> {
  return await db.get<CodeRow>(`SELECT * FROM discount_codes WHERE code = ?${lock ? db.dialect.forUpdate : ''}`, [code]);
}

/** Inserts a code unless one with that code exists; answers whether this call did. */
export async function insertDiscount(db: Db, code: string, v: DiscountValues, at: string): Promise<boolean> {
  const r = await db.run(
    `INSERT INTO discount_codes (code, title, kind, amount, min_subtotal_cents, starts_at, expires_at, max_uses, once_per_customer, once_per_ip, paused_at, uses, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (code) DO NOTHING`,
    [code, v.title, v.kind, v.amount, v.minSubtotalCents, v.startsAt, v.expiresAt, v.maxUses, v.oncePerCustomer ? 1 : 0, v.oncePerIp ? 1 : 0, v.pausedAt, at, at],
  );
  return r.changes === 1;
}

/** Writes a code's values (never its uses, which only orders count). */
export async function updateDiscount(db: Db, code: string, v: DiscountValues, at: string): Promise<void> {
  await db.run(
    `UPDATE discount_codes SET title = ?, kind = ?, amount = ?, min_subtotal_cents = ?, starts_at = ?, expires_at = ?, max_uses = ?,
       once_per_customer = ?, once_per_ip = ?, paused_at = ?, updated_at = ? WHERE code = ?`,
    [v.title, v.kind, v.amount, v.minSubtotalCents, v.startsAt, v.expiresAt, v.maxUses, v.oncePerCustomer ? 1 : 0, v.oncePerIp ? 1 : 0, v.pausedAt, at, code],
  );
}
