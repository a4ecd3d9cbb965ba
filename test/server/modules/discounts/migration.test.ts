/**
 * Migration 029 on a store that already sold with its codes (both databases): each code's uses
 * so far are the orders placed with it, the exit popup's code (the one once per customer)
 * becomes once per IP as well, the other codes keep their rules, and the new columns hold what
 * the storefront reads as "in effect".
 */
import { expect, test } from 'vitest';
import { seedCommerce } from '../../../../src/server/modules/checkout/discounts.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../../../src/server/platform/db/migrate.ts';
import { openTestDb } from '../../db.helpers.ts';

test('029 counts the uses of the orders already placed and makes the popup\'s code once per IP', async () => {
  const db = await openTestDb();
  const all = readMigrations(MIGRATIONS_DIR, db.dialect.name);
  await migrate(db, all.filter((m) => m.version < 29));
  await db.run(`INSERT INTO discount_codes (code, title, kind, amount, min_subtotal_cents, expires_at, once_per_customer) VALUES
    ('SAVE10', '10% off your order', 'percentage', 10, 0, NULL, 0), ('FREESHIP', 'Free shipping', 'free_shipping', 0, 0, NULL, 0),
    ('FIRST10', '10% off your first order', 'percentage', 10, 0, NULL, 1), ('SAVE1', '1% off', 'percentage', 1, 0, NULL, 0)`);
  const at = '2024-05-01T00:00:00.000Z';
  // orders.discount_codes lists the codes that applied, comma-separated; SAVE1 is a prefix of SAVE10 and must not count it
  for (const [i, codes] of [['SAVE10'], ['SAVE10', 'FREESHIP'], ['FREESHIP', 'SAVE10'], ['FIRST10'], []].entries()) {
    await db.run('INSERT INTO checkouts (id, status, created_at, updated_at) VALUES (?, \'completed\', ?, ?)', [`c${i}`, at, at]);
    await db.run(
      `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes,
         shipping_address_json, payment_brand, payment_last4, payment_token, created_at)
       VALUES (?, 'a@example.com', 'PAID', 1000, 0, 0, 1000, 'USD', ?, '{}', 'Visa', '4242', ?, ?)`,
      [`c${i}`, codes.join(','), `tp_${i}`, at],
    );
  }
  expect(await migrate(db)).toEqual(all.filter((m) => m.version >= 29).map((m) => m.version));
  const rows = await db.all<{ code: string; uses: number; once_per_ip: number; once_per_customer: number; max_uses: number | null; paused_at: string | null; starts_at: string | null }>(
    'SELECT code, uses, once_per_ip, once_per_customer, max_uses, paused_at, starts_at FROM discount_codes ORDER BY code');
  expect(rows.map((r) => [r.code, Number(r.uses), Number(r.once_per_customer), Number(r.once_per_ip), r.max_uses, r.paused_at, r.starts_at])).toEqual([
    ['FIRST10', 1, 1, 1, null, null, null],
    ['FREESHIP', 2, 0, 0, null, null, null],
    ['SAVE1', 0, 0, 0, null, null, null],
    ['SAVE10', 3, 0, 0, null, null, null],
  ]);
  // the seed, run at every start, leaves them as they are and adds the missing ones
  expect(await seedCommerce(db)).toBe(3);
  expect(Number((await db.get<{ uses: number }>("SELECT uses FROM discount_codes WHERE code = 'SAVE10'"))!.uses)).toBe(3);
  await db.close();
});
