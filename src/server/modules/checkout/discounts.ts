/**
 * The store's discount codes, in the database (migrations 004 and 029; operators manage them
 * through modules/discounts): the seeded set, the lookups the cart needs, what refuses a code
 * at the cart, and counting a code's uses when an order is placed.
 *
 * Rules (each tested):
 * - A code is in effect while it is not paused, has started, has not ended and has uses left;
 *   a cart prices with the codes in effect only (one paused or used up meanwhile stays on the
 *   cart, not counted, and comes back if it is resumed or given more uses).
 * - Applying a paused or not yet started code answers that it is not valid, an ended one that
 *   it has expired, a used-up one that it has been fully redeemed; a code once per customer or
 *   once per IP refuses an account or an address that placed an order with it.
 * - Placing an order counts each of its codes once, in its transaction: a conditional update
 *   (uses below the limit) and a redemption row whose unique keys hold "once per customer" and
 *   "once per IP"; the last use taken by another order, or a second order of the same customer
 *   or address, refuses the placing (409), so two shoppers taking the last use: one wins.
 * @module
 */
import type { ThemeConfig } from '../../../domain/entities.ts';
import { defaultThemeConfig } from '../content/config.ts';
import { SETTING_KEYS } from '../content/seed.ts';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { DiscountKind, DiscountRule } from '../../../domain/cart-pricing.ts';
import { CART_ERRORS } from './checkouts.ts';
import {
  checkoutCodeRows, codeRow, giveBackCodeUse, insertRedemption, insertSeedCode, orderRedemptionCodes, redeemedByCustomerKey, redeemedFromIp,
  redemptionTerms, storeSettingJson, takeCodeUse, type CodeRow,
} from './discounts.repository.ts';

export type { CodeRow } from './discounts.repository.ts';

/** A seeded discount code. */
export interface DiscountCodeSeed extends DiscountRule {
  /** ISO time after which the code no longer applies, or null. */
  expiresAt: string | null;
  /** A customer may redeem it on one placed order only. */
  oncePerCustomer: boolean;
  /** One placed order per IP address (the address it was applied from). @default false */
  oncePerIp?: boolean;
}

/** A discount code as stored: the seed's fields and what operators manage. */
export interface DiscountCode extends DiscountCodeSeed {
  oncePerIp: boolean;
  /** ISO time before which the code does not apply yet, or null. */
  startsAt: string | null;
  /** How many placed orders may use it, or null for no limit. */
  maxUses: number | null;
  /** How many placed orders used it. */
  uses: number;
  /** When an operator paused it, or null. */
  pausedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The refusals of codes besides the cart's own (CART_ERRORS). */
export const DISCOUNT_ERRORS = {
  usedUp: (code: string) => `Discount code ${code} has been fully redeemed.`,
  ipRedeemed: (code: string) => `Discount code ${code} has already been redeemed from this IP address.`,
} as const;

/** Longest code accepted; longer input is junk. @default 64 */
export const MAX_CODE_LENGTH = 64;

/**
 * The percent a popup message offers ('Take 10% off your first order' -> 10); 10 when the
 * message names none, so a reworded popup still gets a working code.
 */
export function percentFromMessage(message: string): number {
  const match = /(\d{1,3})\s*%/.exec(message);
  const n = match ? Number(match[1]) : 10;
  return n >= 1 && n <= 100 ? n : 10;
}

/**
 * The seeded codes: 'SAVE10' (10% off), 'TAKE5' ($5 off), 'FREESHIP' (free shipping),
 * 'EXPIRED2020' (ended 2020-12-31), 'BIG50' ($50 off a subtotal of $200 or more) and the exit
 * popup's code from the theme configuration (its percent read from the popup message, once per
 * customer and once per IP address, as the popup promises: 'One Redemption Per Account/IP
 * Address Only'; an operator may lift the IP half, since shoppers share addresses behind carrier NAT).
 */
export function seedDiscountCodes(theme: Pick<ThemeConfig, 'exitIntentPopUp'> = defaultThemeConfig()): DiscountCodeSeed[] {
  const code = (c: string, title: string, kind: DiscountKind, amount: number, extra: Partial<DiscountCodeSeed> = {}): DiscountCodeSeed => ({
    code: c, title, kind, amount, minSubtotalCents: 0, expiresAt: null, oncePerCustomer: false, ...extra,
  });
  const seeds = [
    code('SAVE10', '10% off your order', 'percentage', 10),
    code('TAKE5', '$5.00 off your order', 'fixed', 500),
    code('FREESHIP', 'Free shipping', 'free_shipping', 0),
    code('EXPIRED2020', '15% off (ended 2020)', 'percentage', 15, { expiresAt: '2020-12-31T23:59:59.999Z' }),
    code('BIG50', '$50.00 off orders of $200.00 or more', 'fixed', 5000, { minSubtotalCents: 20000 }),
  ];
  const popup = theme.exitIntentPopUp;
  const popupCode = popup?.discountCode?.trim().toUpperCase();
  if (popupCode && popupCode.length <= MAX_CODE_LENGTH && !seeds.some((s) => s.code === popupCode)) {
    const percent = percentFromMessage(popup.discountMessage ?? '');
    seeds.push(code(popupCode, `${percent}% off your first order`, 'percentage', percent, { oncePerCustomer: true, oncePerIp: true }));
  }
  return seeds;
}

async function storedTheme(db: Db): Promise<Pick<ThemeConfig, 'exitIntentPopUp'>> {
  try {
    const json = await storeSettingJson(db, SETTING_KEYS.theme);
    if (json !== undefined) return JSON.parse(json) as ThemeConfig;
  } catch {
    // no content tables (a bare test database): the default theme's popup code
  }
  return defaultThemeConfig();
}

/**
 * Writes the seeded discount codes (the popup's code from the stored theme configuration, or
 * the default theme's). Safe to run at every start: existing codes are left as the operator
 * edited them.
 * @example
 * seedCommerce(db); // 6 on a fresh database, 0 the next time
 */
export async function seedCommerce(db: Db): Promise<number> {
  const seeds = seedDiscountCodes(await storedTheme(db));
  const at = new Date().toISOString();
  return await db.transaction(async (tx) => {
    let inserted = 0;
    for (const s of seeds) inserted += await insertSeedCode(tx, s, at);
    return inserted;
  });
}

/** A stored row as the code it is. */
export function toDiscountCode(r: CodeRow): DiscountCode {
  return {
    code: r.code, title: r.title, kind: r.kind, amount: Number(r.amount), minSubtotalCents: Number(r.min_subtotal_cents),
    expiresAt: r.expires_at, oncePerCustomer: Number(r.once_per_customer) === 1, oncePerIp: Number(r.once_per_ip) === 1,
    startsAt: r.starts_at, maxUses: r.max_uses === null ? null : Number(r.max_uses), uses: Number(r.uses), pausedAt: r.paused_at,
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** Normalises what a shopper typed: trimmed, upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code by its normalised spelling (in effect or not), or undefined. */
export async function findDiscountCode(db: Db, code: string): Promise<DiscountCode | undefined> {
  const row = await codeRow(db, code);
  return row ? toDiscountCode(row) : undefined;
}

/**
 * The codes in effect attached to a checkout, in the order they were applied, each with the
 * address it was applied from (a paused, not yet started, ended or used-up code stays attached
 * but is not answered, so the cart neither lists nor counts it).
 */
export async function checkoutDiscountCodes(db: Db, checkoutId: string, nowMs: number = Date.now()): Promise<(DiscountCode & { appliedIp: string | null })[]> {
  const now = new Date(nowMs).toISOString();
  return (await checkoutCodeRows(db, checkoutId, now))
    .map((r) => ({ ...toDiscountCode(r), appliedIp: r.applied_ip }));
}

/**
 * What refuses a code at the cart besides its end, its minimum and the one-code rule (checked by
 * the cart itself): paused or not started (not valid), no uses left, or, for a code once per IP,
 * an order already placed with it from `ip`. Answers the refusal's message, or null.
 */
export async function discountRefusal(db: Db, rule: DiscountCode, who: { ip: string | null; nowMs: number }): Promise<string | null> {
  if (rule.pausedAt !== null || (rule.startsAt !== null && Date.parse(rule.startsAt) > who.nowMs)) return CART_ERRORS.unknownCode(rule.code);
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return DISCOUNT_ERRORS.usedUp(rule.code);
  if (rule.oncePerIp && who.ip !== null && await redeemedFromIp(db, rule.code, who.ip)) {
    return DISCOUNT_ERRORS.ipRedeemed(rule.code);
  }
  return null;
}

/**
 * Counts the uses of an order's codes inside its placing transaction: each code's uses go up by
 * one only while below its limit, and a redemption row records the order, its customer and the
 * address the code was applied from, keyed so that a code once per customer (or per IP) has one
 * row per customer (or address). The last use gone, or a second order of a customer or address,
 * throws 409 and the placing rolls back. Codes are taken in one order (by code), so two orders
 * with the same codes never wait on each other in a circle.
 */
export async function redeemDiscounts(tx: Db, order: { orderId: number; checkoutId: string; customerId: number | null; codes: readonly string[]; at: string }): Promise<void> {
  for (const code of [...new Set(order.codes)].sort()) {
    const row = await redemptionTerms(tx, order.checkoutId, code);
    if (!row) continue;
    if (!await takeCodeUse(tx, code)) throw new HttpError(409, DISCOUNT_ERRORS.usedUp(code));
    const customerKey = Number(row.once_per_customer) === 1 ? order.customerId : null;
    const ipKey = Number(row.once_per_ip) === 1 ? row.applied_ip : null;
    const recorded = await insertRedemption(tx, { code, orderId: order.orderId, customerId: order.customerId, ip: row.applied_ip, customerKey, ipKey, at: order.at });
    if (!recorded) {
      const byCustomer = customerKey !== null && await redeemedByCustomerKey(tx, code, customerKey);
      throw new HttpError(409, byCustomer ? CART_ERRORS.redeemed(code) : DISCOUNT_ERRORS.ipRedeemed(code));
    }
  }
}

/**
 * Gives back the uses of a cancelled order's codes inside the cancel's transaction: each code's
 * uses go down by one and its redemption row goes, so the customer and the address may use a
 * code once per customer or per IP again. Answers the codes given back (an order placed before
 * redemptions were recorded has none: its uses stay counted).
 */
export async function releaseDiscounts(tx: Db, orderId: number): Promise<string[]> {
  const codes = await orderRedemptionCodes(tx, orderId);
  for (const code of codes) await giveBackCodeUse(tx, orderId, code);
  return codes;
}
