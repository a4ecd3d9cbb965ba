/**
 * The footer's newsletter form without JavaScript: `POST /newsletter/subscribe`, a plain HTML
 * form post (urlencoded `email` and `returnTo`), answered with a 303 back to the page the form
 * was on, carrying the outcome in its address (`?newsletter=subscribed#newsletter`); the footer
 * rendered for that address shows the outcome's message (domain/footer.ts). With JavaScript the
 * same form calls `POST /api/newsletterSubscriptions/subscribe` through the newsletter machine.
 *
 * Rules (each tested):
 * - The same subscription as the JSON call: a pending row and a confirmation mail (double opt-in),
 *   nothing mailed again to a confirmed address, every valid address answered alike, so the
 *   answer never tells whether an address is subscribed.
 * - A missing or malformed address comes back as 'Invalid subscription request.' and writes
 *   nothing; too many requests come back as the account limits' error, counted on the same
 *   counters as the JSON call (per shopper address and per email), so one path cannot be used to
 *   get round the other's limits.
 * - No captcha: a captcha needs JavaScript, which this path exists to do without. What stands in
 *   for it: the per-address and per-email limits, the double opt-in (nobody is subscribed without
 *   following the mailed link) and the cross-site rule (a write whose Origin or Referer is another
 *   site's is refused with 403 `{ error }`, so another site cannot make its visitors' browsers
 *   subscribe addresses from their many addresses).
 * - `returnTo` must be a path on this site; anything else returns to the home page.
 * - Bad input (unknown fields, an over-long field, a body that is not a form or JSON) is a 4xx
 *   `{ error }`, never a 500.
 * @module
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { isEmailFormat } from '../../../domain/account.ts';
import { NEWSLETTER_FORM_ACTION, newsletterAnswerUrl, type NewsletterNotice } from '../../../domain/footer.ts';
import { CROSS_SITE_MESSAGE, isSameOrigin } from '../../platform/http/origin-guard.ts';
import { AUTH_LIMITS } from '../accounts/rate-limit.ts';
import { subscribeNewsletter } from '../accounts/newsletter.ts';
import { limit, normalEmail, type AccountServices } from '../accounts/services.ts';
import { isUniqueViolation } from '../../platform/db/faults.ts';
import { HttpError } from '../../platform/http/errors.ts';

/**
 * The outcome of one form post: the address checked (nothing counted or written when it is bad),
 * then the limits, then the subscription. Two posts of a new address at once (a double click) may
 * both try to insert its row: the one that loses the race finds the other's row and its mail
 * already on the way, which is the same outcome. Any other failure is logged and answered as
 * 'failed' ('Error: Failed.'), so the shopper gets the page back rather than an error page.
 *
 * @example
 * await newsletterFormOutcome(app.accounts, '203.0.113.5', ' Ann@Example.com ', log); // 'subscribed'
 */
export async function newsletterFormOutcome(s: AccountServices, ip: string, raw: string, log: FastifyBaseLogger): Promise<NewsletterNotice> {
  const email = normalEmail(raw);
  if (!isEmailFormat(email)) return 'invalid';
  try {
    await limit(s, [`newsletter-ip:${ip}`, AUTH_LIMITS.newsletterPerIp], [`newsletter-to:${email}`, AUTH_LIMITS.emailPerTarget]);
    await subscribeNewsletter(s, email);
    return 'subscribed';
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 429) return 'limited';
    if (isUniqueViolation(err)) return 'subscribed';
    log.error({ err }, 'newsletter form subscription failed');
    return 'failed';
  }
}

/** The form's fields. */
interface NewsletterFormBody {
  email: string;
  returnTo?: string;
}

/**
 * The route, in its own scope with a urlencoded body parser (an HTML form cannot send JSON). Needs
 * the account services (`app.accounts`): register after the accounts plugin.
 *
 * @example
 * await app.register(accountsPlugin, { db });
 * await app.register(newsletterFormRoutes);
 */
export const newsletterFormRoutes: FastifyPluginAsync = async (app) => {
  const s = app.accounts;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
  }
  app.post<{ Body: NewsletterFormBody }>(NEWSLETTER_FORM_ACTION, {
    bodyLimit: 4096,
    schema: {
      summary: 'Subscribe from the footer form without JavaScript (urlencoded); answers 303 to the page with ?newsletter={subscribed|invalid|limited|failed}#newsletter',
      tags: ['newsletter'],
      consumes: ['application/x-www-form-urlencoded'],
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['email'],
        properties: {
          // longer than any address (254): an over-long one is answered as invalid on the page
          email: { type: 'string', maxLength: 1024 },
          returnTo: { type: 'string', maxLength: 2048 },
        },
      },
      response: {
        303: { description: 'Back to the page, the outcome in its address', type: 'null' },
        400: { $ref: 'Error#' },
        403: { $ref: 'Error#' },
      },
    },
  }, async (req, reply) => {
    if (!isSameOrigin(req, s.allowedOrigins)) throw new HttpError(403, CROSS_SITE_MESSAGE);
    const outcome = await newsletterFormOutcome(s, req.ip, req.body.email, req.log);
    return reply.code(303).header('location', newsletterAnswerUrl(req.body.returnTo, outcome)).header('cache-control', 'no-store').send();
  });
};
