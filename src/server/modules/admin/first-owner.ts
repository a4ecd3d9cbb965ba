/**
 * The first owner of a fresh demo store: on a start that is not a production start
 * ({@link isProductionStart}) and finds no operator at all, `npm start` makes an owner
 * (`ADMIN_EMAIL`, else owner@ the store's domain) and prints a one-time set-password link to the
 * console, once: the next start finds an operator and prints nothing. What `npm run admin:create`
 * does (modules/admin/cli.ts), without the command.
 *
 * A production start never does it (a link in a production log is a key in a log, and a public
 * store must not hand its back office to whoever reads the start's output first): its operator
 * runs `npm run admin:create -- --email ...`.
 * @module
 */
import { isIP } from 'node:net';
import { DEFAULT_SCRYPT } from '../accounts/password.ts';
import { memoryLimiter } from '../accounts/rate-limit.ts';
import { waitMs } from '../accounts/services.ts';
import type { Db } from '../../platform/db/database.ts';
import { isProductionStart } from '../../platform/config/env.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { OperatorService } from './service.ts';

/** The demo store's mail domain (the demo customer is demo@skimmer.test). */
export const DEMO_STORE_DOMAIN = 'skimmer.test';

/**
 * The first owner's email: ADMIN_EMAIL when set, else owner@ the host of PUBLIC_URL (without
 * `www.`) when it is a domain name, else owner@skimmer.test.
 * @example
 * firstOwnerEmail({}, 'http://localhost:3000'); // 'owner@skimmer.test'
 * firstOwnerEmail({}, 'https://www.pools.example'); // 'owner@pools.example'
 */
export function firstOwnerEmail(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const given = env.ADMIN_EMAIL?.trim() ?? '';
  if (given !== '') return given;
  let host = '';
  try {
    host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    // not a URL: the demo domain
  }
  const domain = host.includes('.') && isIP(host) === 0 ? host.replace(/^www\./, '') : DEMO_STORE_DOMAIN;
  return `owner@${domain}`;
}

/** What {@link firstOwnerAtStart} needs. */
export interface FirstOwnerOptions {
  /** The store's migrated database. */
  db: Db;
  /** The start's environment (production or not, ADMIN_EMAIL). @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The origin of the link (the accounts' PUBLIC_URL). */
  publicUrl: string;
  /** Where the lines go. @default console.log */
  print?: (text: string) => void;
  /** @default Date.now */
  now?: () => number;
}

/** The console text of a first owner's link. */
export function firstOwnerText(email: string, link: string): string {
  return [
    '',
    `No operator yet: this demo store made its first owner, ${email}.`,
    'Set the owner\'s password within 24 hours (the link works once) at:',
    link,
    'This is printed on this first start only; more operators: npm run admin:create -- --email you@example.com',
    '',
  ].join('\n');
}

/**
 * On a start that is not a production start and whose store has no operator: makes the first
 * owner and prints its one-time set-password link. Answers the owner's email and link, or null
 * when nothing was done (a production start, an operator already there, a bad ADMIN_EMAIL, which
 * is printed instead).
 * @example
 * await firstOwnerAtStart({ db, publicUrl: app.accounts.publicUrl });
 */
export async function firstOwnerAtStart(options: FirstOwnerOptions): Promise<{ email: string; link: string } | null> {
  const env = options.env ?? process.env;
  if (isProductionStart(env)) return null;
  const print = options.print ?? ((text: string) => console.log(text));
  const limiter = memoryLimiter();
  const service = new OperatorService({
    db: options.db, limiter: () => limiter, scrypt: () => DEFAULT_SCRYPT, now: options.now ?? Date.now, sleep: waitMs,
    publicUrl: () => options.publicUrl.replace(/\/+$/, ''), secure: false,
  });
  const email = firstOwnerEmail(env, options.publicUrl);
  try {
    const made = await service.firstOwner(email);
    if (!made) return null;
    print(firstOwnerText(made.operator.email, made.link));
    return { email: made.operator.email, link: made.link };
  } catch (err) {
    // another process made an operator with this email meanwhile: it printed the link
    if (err instanceof HttpError && err.statusCode === 409) return null;
    if (err instanceof HttpError && err.statusCode === 400) {
      print(`No first owner made: ADMIN_EMAIL (${email}) is not an email address. Make one with npm run admin:create -- --email you@example.com`);
      return null;
    }
    throw err;
  }
}
