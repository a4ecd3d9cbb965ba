/**
 * The demo customer, for trying the account pages: `demo@skimmer.test` with the password
 * {@link DEMO_PASSWORD}, two addresses (Washington state), a saved Visa, a gift card and three
 * transactions. Idempotent: a second call finds the customer and adds nothing. Needs the
 * content seed's countries and states (US, WA).
 * @module
 */
import type { Db } from '../platform/db/database.ts';
import { DEFAULT_SCRYPT, hashPassword, type ScryptParams } from '../modules/accounts/password.ts';

/** The demo sign-in email. */
export const DEMO_EMAIL = 'demo@skimmer.test';
/** The demo password (public on purpose: a demo account on a dev database). */
export const DEMO_PASSWORD = 'skimmer-demo-2030';

/**
 * Seeds the demo customer; answers its id.
 * @example
 * await seedDemoCustomer(db); // sign in as demo@skimmer.test / skimmer-demo-2030
 */
export async function seedDemoCustomer(db: Db, options: { scrypt?: ScryptParams; now?: number } = {}): Promise<number> {
  const found = await db.get<{ id: number }>('SELECT id FROM customers WHERE email = ?', [DEMO_EMAIL]);
  if (found) return found.id;
  const hash = await hashPassword(DEMO_PASSWORD, options.scrypt ?? DEFAULT_SCRYPT);
  const at = new Date(options.now ?? Date.now()).toISOString();
  return await db.transaction(async (tx) => {
    const again = await tx.get<{ id: number }>('SELECT id FROM customers WHERE email = ?', [DEMO_EMAIL]);
    if (again) return again.id;
    const id = (await tx.get<{ id: number }>(
      `INSERT INTO customers (email, password_hash, first_name, last_name, email_verified, recovery_email, recovery_email_verified, created_at, updated_at)
       VALUES (?, ?, 'Dana', 'Demo', 1, 'dana.recovery@skimmer.test', 1, ?, ?) RETURNING id`,
      [DEMO_EMAIL, hash, at, at],
    ))?.id;
    if (id === undefined) throw new Error('demo customer insert returned no id');
    const address = async (values: unknown[]) =>
      await tx.run(
        `INSERT INTO mailing_addresses (customer_id, first_name, last_name, company, address1, address2, city, zip, phone, country_code, state_code, is_default, created_at)
         VALUES (?, 'Dana', 'Demo', ?, ?, ?, ?, ?, ?, 'US', 'WA', ?, ?)`,
        [id, ...values, at],
      );
    await address([null, '1200 Lakeview Ave', null, 'Seattle', '98101', '(206) 555-0123', 1]);
    await address(['Blue Lagoon Pools', '85 Harbor Rd', 'Suite 4', 'Tacoma', '98402', '(253) 555-0187', 0]);
    await tx.run(
      `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, name, billing_line1, billing_city, billing_state,
       billing_postal_code, billing_country, is_gift_card, created_at) VALUES (?, 'tok_demo_visa', 'Visa', 12, 2032, '4242', 'Dana Demo', '1200 Lakeview Ave', 'Seattle', 'WA', '98101', 'US', 0, ?)`,
      [id, at],
    );
    await tx.run(
      `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, name, is_gift_card, gift_card_credit_cents, gift_card_currency, created_at)
       VALUES (?, 'tok_demo_gift', 'Gift card', 12, 2035, '0001', 'Skimmer gift card', 1, 5000, 'USD', ?)`,
      [id, at],
    );
    const payment = async (displayableId: string, cents: number, gateway: string | null, status: string) =>
      await tx.run('INSERT INTO transactions (displayable_id, customer_id, email, amount_cents, gateway, status, order_id, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)', [displayableId, id, DEMO_EMAIL, cents, gateway, status, at]);
    await payment('DEMO-1001', 12999, 'test-card', 'SUCCESS');
    await payment('DEMO-1002', 4550, 'gift-card', 'PENDING');
    await payment('DEMO-1003', 899, null, 'FAILURE');
    return id;
  });
}
