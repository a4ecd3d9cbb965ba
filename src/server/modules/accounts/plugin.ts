/**
 * Accounts, account data, email and captcha in one registration:
 * `await app.register(accountsPlugin, { db })` (after the session plugin). It decorates the app
 * with `app.accounts` (the shared services: the email outbox COMMERCE can enqueue order mail in,
 * the captcha verifier) and registers, each in its own encapsulated scope:
 * - the sign-in and account routes (auth/routes.ts) and the account-data routes
 *   (account/routes.ts), behind the cross-site guard (platform/http/origin-guard.ts);
 * - the hosted add-card page and the recovery-email link page;
 * - the dev captcha script and token endpoint, while no RECAPTCHA_SECRET is set.
 * The store's mail is read by operators (modules/mail-admin); the old dev mailbox is gone.
 *
 * Configuration (environment, each overridable by an option): PUBLIC_URL (origin of emailed
 * links, default http://localhost:{PORT or 3000}), SMTP_URL (deliver mail by SMTP), SMTP_FROM,
 * RECAPTCHA_SECRET, CAPTCHA_DEV_SECRET, SESSION_SECRET (HMAC key of add-card links),
 * ALLOWED_ORIGINS (extra origins for writes, comma-separated).
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { addCardRoutes, verifyRecoveryPage } from './add-card.ts';
import { accountRoutes } from './routes.ts';
import { captchaFromEnv, DevCaptcha, devCaptchaRoutes, type CaptchaVerifier } from '../captcha/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { devMailSetup } from '../mail/mailbox.ts';
import { DEFAULT_FROM, Outbox, smtpTransport, type EmailTransport } from '../mail/outbox.ts';
import { allowedOriginsFromEnv, originGuard } from '../../platform/http/origin-guard.ts';
import { DEFAULT_SCRYPT, type ScryptParams } from './password.ts';
import { memoryLimiter, RateLimiter, type Limiter } from './rate-limit.ts';
import { authRoutes } from './auth.routes.ts';
import type { AccountServices } from './services.ts';

/** Options of {@link accountsPlugin}; every one but `db` defaults from the environment. */
export interface AccountsPluginOptions {
  db: Db;
  /** @default captchaFromEnv() */
  captcha?: CaptchaVerifier;
  /** Mail delivery; null keeps mail in the outbox only. @default SMTP when SMTP_URL is set, else null */
  emailTransport?: EmailTransport | null;
  /** @default PUBLIC_URL or 'http://localhost:{PORT|3000}' */
  publicUrl?: string;
  /** Prefix of the add-card link: '' for a same-origin path. @default PUBLIC_LINK_BASE or '' */
  linkBase?: string;
  /** @default DEFAULT_SCRYPT (tests pass a cheaper cost) */
  scrypt?: ScryptParams;
  /** @default Date.now */
  now?: () => number;
  /** @default ALLOWED_ORIGINS */
  allowedOrigins?: string[];
  /** Counters of the account limits; a Redis limiter shares them between processes. @default in memory (a fresh RateLimiter) */
  limiter?: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The account services (outbox, captcha ...), for other modules that send mail. */
    accounts: AccountServices;
  }
}

const plugin: FastifyPluginAsync<AccountsPluginOptions> = async (app, options) => {
  const env = process.env;
  const now = options.now ?? Date.now;
  // without SMTP, where mail goes (console notices on the demo store)
  const dev = devMailSetup({ env, log: app.log });
  const transport = options.emailTransport !== undefined ? options.emailTransport : env.SMTP_URL ? await smtpTransport(env.SMTP_URL) : dev.transport;
  const services: AccountServices = {
    db: options.db,
    outbox: new Outbox(options.db, transport, env.SMTP_FROM?.trim() || DEFAULT_FROM, now),
    captcha: options.captcha ?? captchaFromEnv(env),
    limiter: options.limiter ?? memoryLimiter(new RateLimiter(now)),
    publicUrl: (options.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, ''),
    linkBase: (options.linkBase ?? env.PUBLIC_LINK_BASE ?? '').replace(/\/+$/, ''),
    scrypt: options.scrypt ?? DEFAULT_SCRYPT,
    secret: env.SESSION_SECRET ? Buffer.from(env.SESSION_SECRET, 'utf8') : randomBytes(32),
    now,
    allowedOrigins: options.allowedOrigins ?? allowedOriginsFromEnv(env),
  };
  app.decorate('accounts', services);

  await app.register(async (scope) => {
    scope.addHook('onRequest', originGuard({ allowedOrigins: services.allowedOrigins }));
    await scope.register(authRoutes, { services });
    await scope.register(accountRoutes, { services });
    if (services.captcha instanceof DevCaptcha) await scope.register(devCaptchaRoutes, { captcha: services.captcha });
  });
  await app.register(addCardRoutes, { services });
  await app.register(verifyRecoveryPage);
  if (transport) {
    void services.outbox.flush().catch(() => undefined);
    // every process sends what it can claim: mail left by a stopped process, retries
    services.outbox.startLoop();
    app.addHook('onClose', async () => services.outbox.stopLoop());
  }
};

// the `accounts` decoration is app-wide; the routes inside stay in their own scopes
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'skimmer-accounts';

/**
 * The plugin.
 * @example
 * await app.register(sessionPlugin, { db });
 * await app.register(accountsPlugin, { db });
 */
export const accountsPlugin = plugin;
