/**
 * The newsletter aggregate (`newsletter_subscriptions`): an address is pending until its emailed
 * link confirms it.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';

/** An address's subscription status ('pending', 'confirmed'), or undefined when it never subscribed. */
export async function subscriptionStatus(db: Db, email: string): Promise<string | undefined> {
  return (await db.get<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email = ?', [email]))?.status;
}

/** Records a pending subscription. */
export async function insertPendingSubscription(db: Db, email: string, at: string): Promise<void> {
  await db.run("INSERT INTO newsletter_subscriptions (email, status, created_at) VALUES (?, 'pending', ?)", [email, at]);
}

/** Confirms an address's subscription; false when the address has none. */
export async function confirmSubscription(db: Db, email: string, at: string): Promise<boolean> {
  return (await db.run("UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = ? WHERE email = ?", [at, email])).changes === 1;
}
