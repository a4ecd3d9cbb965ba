/**
 * The newsletter subscription, one definition for both ways in: the JSON call the newsletter
 * machine makes (`POST /api/newsletterSubscriptions/subscribe`, account/routes.ts) and the
 * footer's plain form post without JavaScript (content/newsletter-form.ts). Double opt-in: a
 * pending row and a confirmation mail; nobody is subscribed until they follow the mailed link.
 * @module
 */
import { emailLink, issueToken, type AccountServices } from './services.ts';
import { insertPendingSubscription, subscriptionStatus } from './newsletter.repository.ts';

/** The confirmation mail's subject. */
export const NEWSLETTER_CONFIRM_SUBJECT = 'Confirm your Skimmer newsletter subscription';

/** The confirmation mail's text around its link. */
function confirmText(link: string): string {
  return `Thanks for subscribing to the Skimmer newsletter: the latest updates on new products and upcoming sales.\n\nConfirm your subscription (valid for 7 days):\n${link}\n\nIf you did not ask for this, ignore this email and you will not hear from us.\n`;
}

/**
 * Subscribes a checked, normalised address, in one transaction: a pending row when it has none,
 * and a confirmation mail with a new link unless it is already confirmed. Every valid address is
 * answered alike by the callers, so the answer never tells whether an address is subscribed. The
 * mail leaves with the outbox's next flush, started here without waiting (nothing a shopper does
 * waits on mail).
 *
 * @example
 * await subscribeNewsletter(app.accounts, 'ann@example.com');
 */
export async function subscribeNewsletter(s: AccountServices, email: string): Promise<void> {
  await s.db.transaction(async (tx) => {
    const status = await subscriptionStatus(tx, email);
    if (status === 'confirmed') return;
    if (status === undefined) await insertPendingSubscription(tx, email, new Date(s.now()).toISOString());
    const link = emailLink({ ...s, db: tx }, '/confirm-subscription', await issueToken({ ...s, db: tx }, 'newsletter', { email }));
    await s.outbox.in(tx).enqueue('newsletter', { to: email, subject: NEWSLETTER_CONFIRM_SUBJECT, text: confirmText(link) });
  });
  void s.outbox.flush().catch(() => undefined);
}
