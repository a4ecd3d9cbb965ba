/**
 * The SQL of the discount-code aggregate as the cart and the placing of an order use it: the
 * seeded codes, a code by its spelling, the codes on a checkout, and the redemptions that count a
 * code's uses. The rules (what refuses a code, when a use is taken) are in `discounts.ts`.
 * @module
 */
import type { DiscountKind } from '../../../domain/cart-pricing.ts';
import type { Db } from '../../platform/db/database.ts';

/** A discount_codes row. */
export interface CodeRow {
  code: string;
  title: string;
  kind: DiscountKind;
  amount: number;
  min_subtotal_cents: number;
  expires_at: string | null;
  once_per_customer: number;
  once_per_ip: number;
  starts_at: string | null;
  max_uses: number | null;
  uses: number;
  paused_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** A code to seed, as the columns take it. */
export interface CodeSeedRow {
  code: string;
  title: string;
  kind: DiscountKind;
  amount: number;
  minSubtotalCents: number;
  expiresAt: string | null;
  oncePerCustomer: boolean;
  oncePerIp?: boolean;
}

/**
 * The condition of a code in effect at the placeholder's time (bound twice): not paused,
 * started, not ended, uses left. ISO times in one format compare as text on both databases.
 */
const IN_EFFECT = '(d.paused_at IS NULL AND (d.starts_at IS NULL OR d.starts_at <= ?) AND (d.expires_at IS NULL OR d.expires_at > ?) AND (d.max_uses IS NULL OR d.uses < d.max_uses))';

/** The stored value of a store setting (JSON text), or undefined; throws when the table is missing. */
export async function storeSettingJson(db: Db, key: string): Promise<string | undefined> {
  return (await db.get<{ value_json: string }>('SELECT value_json FROM store_settings WHERE setting_key = ?', [key]))?.value_json;
}

/** Inserts a seeded code unless one of its spelling exists; answers whether it did (1 or 0). */
export async function insertSeedCode(db: Db, s: CodeSeedRow, at: string): Promise<number> {
  return (await db.run(
    `INSERT INTO discount_codes (code, title, kind, amount, min_subtotal_cents, expires_at, once_per_customer, once_per_ip, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
    [s.code, s.title, s.kind, s.amount, s.minSubtotalCents, s.expiresAt, s.oncePerCustomer ? 1 : 0, s.oncePerIp === true ? 1 : 0, at, at],
  )).changes;
}

/** A code's row by its normalised spelling, or undefined. */
export async function codeRow(db: Db, code: string): Promise<CodeRow | undefined> {
  return await db.get<CodeRow>('SELECT * FROM discount_codes WHERE code = ?', [code]);
}

/** The rows of the codes in effect at `now` (ISO) attached to a checkout, in the order applied, with the address each was applied from. */
export async function checkoutCodeRows(db: Db, checkoutId: string, now: string): Promise<(CodeRow & { applied_ip: string | null })[]> {
  return await db.all<CodeRow & { applied_ip: string | null }>(
    `SELECT d.*, c.applied_ip FROM checkout_discount_codes c JOIN discount_codes d ON d.code = c.code
       WHERE c.checkout_id = ? AND ${IN_EFFECT} ORDER BY c.applied_at, d.code`,
    [checkoutId, now, now],
  );
}

/** Whether an order was placed with a code applied from `ip`. */
export async function redeemedFromIp(db: Db, code: string, ip: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM discount_redemptions WHERE code = ? AND ip = ? LIMIT 1', [code, ip])) !== undefined;
}

/** Whether a code has a redemption under a customer key. */
export async function redeemedByCustomerKey(db: Db, code: string, customerKey: number): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM discount_redemptions WHERE code = ? AND customer_key = ?', [code, customerKey])) !== undefined;
}

/** A code's once-per flags and the address it was applied from on a checkout; undefined for an unknown code. */
export async function redemptionTerms(tx: Db, checkoutId: string, code: string): Promise<{ once_per_customer: number; once_per_ip: number; applied_ip: string | null } | undefined> {
  return await tx.get<{ once_per_customer: number; once_per_ip: number; applied_ip: string | null }>(
    `SELECT d.once_per_customer, d.once_per_ip, c.applied_ip FROM discount_codes d
       LEFT JOIN checkout_discount_codes c ON c.code = d.code AND c.checkout_id = ? WHERE d.code = ?`,
    [checkoutId, code],
  );
}

/** Takes one use of a code while below its limit; answers whether it did. */
export async function takeCodeUse(tx: Db, code: string): Promise<boolean> {
  return (await tx.run('UPDATE discount_codes SET uses = uses + 1 WHERE code = ? AND (max_uses IS NULL OR uses < max_uses)', [code])).changes === 1;
}

/** Records a redemption unless its keys are taken; answers whether it did. */
export async function insertRedemption(
  tx: Db,
  r: { code: string; orderId: number; customerId: number | null; ip: string | null; customerKey: number | null; ipKey: string | null; at: string },
): Promise<boolean> {
  return (await tx.run(
    `INSERT INTO discount_redemptions (code, order_id, customer_id, ip, customer_key, ip_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    [r.code, r.orderId, r.customerId, r.ip, r.customerKey, r.ipKey, r.at],
  )).changes === 1;
}

/** The codes an order redeemed, by code. */
export async function orderRedemptionCodes(tx: Db, orderId: number): Promise<string[]> {
  return (await tx.all<{ code: string }>('SELECT code FROM discount_redemptions WHERE order_id = ? ORDER BY code', [orderId])).map((r) => r.code);
}

/** Deletes an order's redemption of a code and gives the use back. */
export async function giveBackCodeUse(tx: Db, orderId: number, code: string): Promise<void> {
  await tx.run('DELETE FROM discount_redemptions WHERE order_id = ? AND code = ?', [orderId, code]);
  await tx.run('UPDATE discount_codes SET uses = uses - 1 WHERE code = ? AND uses > 0', [code]);
}
