/**
 * The store's discount codes: the seeded set and the lookups the cart needs.
 * @module
 */
import type { ThemeConfig } from '../../domain/entities.ts';
import { defaultThemeConfig } from '../content/config.ts';
import { SETTING_KEYS } from '../content/seed.ts';
import type { Db } from '../db/database.ts';
import type { DiscountKind, DiscountRule } from '../../domain/cart-pricing.ts';

/** A seeded discount code. */
export interface DiscountCodeSeed extends DiscountRule {
  /** ISO time after which the code no longer applies, or null. */
  expiresAt: string | null;
  /** A customer may redeem it on one placed order only. */
  oncePerCustomer: boolean;
}

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
 * customer as the popup promises: 'One Redemption Per Account/IP Address Only'; the IP half is
 * not enforced, since shoppers share addresses behind carrier NAT).
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
    seeds.push(code(popupCode, `${percent}% off your first order`, 'percentage', percent, { oncePerCustomer: true }));
  }
  return seeds;
}

async function storedTheme(db: Db): Promise<Pick<ThemeConfig, 'exitIntentPopUp'>> {
  try {
    const row = await db.get<{ value_json: string }>('SELECT value_json FROM store_settings WHERE setting_key = ?', [SETTING_KEYS.theme]);
    if (row) return JSON.parse(row.value_json) as ThemeConfig;
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
  return await db.transaction(async (tx) => {
    let inserted = 0;
    for (const s of seeds) {
      inserted += (await tx.run(
        `INSERT INTO discount_codes (code, title, kind, amount, min_subtotal_cents, expires_at, once_per_customer)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
        [s.code, s.title, s.kind, s.amount, s.minSubtotalCents, s.expiresAt, s.oncePerCustomer ? 1 : 0],
      )).changes;
    }
    return inserted;
  });
}

interface CodeRow {
  code: string;
  title: string;
  kind: DiscountKind;
  amount: number;
  min_subtotal_cents: number;
  expires_at: string | null;
  once_per_customer: number;
}

function toSeed(r: CodeRow): DiscountCodeSeed {
  return {
    code: r.code, title: r.title, kind: r.kind, amount: r.amount, minSubtotalCents: r.min_subtotal_cents,
    expiresAt: r.expires_at, oncePerCustomer: r.once_per_customer === 1,
  };
}

/** Normalises what a shopper typed: trimmed, upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code by its normalised spelling, or undefined. */
export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeSeed | undefined> {
  const row = await db.get<CodeRow>('SELECT * FROM discount_codes WHERE code = ?', [code]);
  return row ? toSeed(row) : undefined;
}

/** The codes attached to a checkout, in the order they were applied. */
export async function checkoutDiscountCodes(db: Db, checkoutId: string): Promise<DiscountCodeSeed[]> {
  return (await db
    .all<CodeRow>(
      `SELECT d.* FROM checkout_discount_codes c JOIN discount_codes d ON d.code = c.code
       WHERE c.checkout_id = ? ORDER BY c.applied_at, d.code`,
      [checkoutId],
    ))
    .map(toSeed);
}
