/**
 * Scale-out settings from the environment (a store of many processes): the Redis that joins
 * processes into one store, this process's instance id, the cluster size, and the secrets every
 * process of a multi-process store must share.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isProductionStart, wholeNumberFromEnv } from '../config/env.ts';

/** Scale-out settings. */
export interface ScaleConfig {
  /** REDIS_URL: shared rate limits, socket.io adapter and the catalogue change feed; absent = one process, all in memory. */
  redisUrl: string | null;
  /** INSTANCE_ID: names this process's rows (open visits); unique per process. @default '{host}:{pid}:{random}' */
  instanceId: string;
  /** WORKERS: processes `npm start` runs on one port with node:cluster. @default 1 */
  workers: number;
  /** CATALOGUE_POLL_MS: how often a process checks the catalogue version in the database for changes it missed. @default 2000 */
  cataloguePollMs: number;
  /** REDIS_PREFIX: prefix of every key and channel the store uses in Redis (several stores, or test runs, can share one Redis). @default 'skimmer:' */
  redisPrefix: string;
}

/**
 * Reads the scale-out settings; a malformed value throws a message naming the variable.
 * @example
 * readScaleConfig({ REDIS_URL: 'redis://127.0.0.1:6379', WORKERS: '4' }).workers; // 4
 */
export function readScaleConfig(env: NodeJS.ProcessEnv = process.env): ScaleConfig {
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must start with redis:// or rediss://, got '${redisUrl}'`);
  return {
    redisUrl,
    instanceId: env.INSTANCE_ID?.trim() || `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    workers: wholeNumberFromEnv(env, 'WORKERS', 1, 1, 256),
    cataloguePollMs: wholeNumberFromEnv(env, 'CATALOGUE_POLL_MS', 2000, 100, 600_000),
    redisPrefix: env.REDIS_PREFIX?.trim() || 'skimmer:',
  };
}

/** The secrets several processes must share: a random one per process would break links and tokens across them. */
export const SHARED_SECRETS = ['SESSION_SECRET', 'CAPTCHA_DEV_SECRET or RECAPTCHA_SECRET'] as const;

/** Whether the environment describes a store that must not make up its secrets (PostgreSQL, production, or several processes). */
export function secretsRequired(env: NodeJS.ProcessEnv): boolean {
  // the same rule as every other development switch (env.ts)
  return isProductionStart(env);
}

/**
 * The shared secrets that are missing, by variable name: SESSION_SECRET (HMAC key of the
 * add-card links) and the captcha key (RECAPTCHA_SECRET, or CAPTCHA_DEV_SECRET for the built-in
 * provider). Empty when none are required ({@link secretsRequired}) or all are set.
 * @example
 * missingSecrets({ NODE_ENV: 'production', RECAPTCHA_SECRET: 'x' }); // ['SESSION_SECRET']
 */
export function missingSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  if (!secretsRequired(env)) return [];
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  const missing: string[] = [];
  if (!set('SESSION_SECRET')) missing.push('SESSION_SECRET');
  if (!set('RECAPTCHA_SECRET') && !set('CAPTCHA_DEV_SECRET')) missing.push('CAPTCHA_DEV_SECRET (or RECAPTCHA_SECRET)');
  return missing;
}

/**
 * Throws when a required secret is missing, naming each missing variable and why, so the store
 * refuses to start instead of making up a key per process.
 * @example
 * assertSecrets(process.env); // throws "Missing SESSION_SECRET: ..." on PostgreSQL without it
 */
export function assertSecrets(env: NodeJS.ProcessEnv = process.env): void {
  const missing = missingSecrets(env);
  if (missing.length === 0) return;
  const why = env.DATABASE_URL?.trim() ? 'DATABASE_URL is set' : env.NODE_ENV === 'production' ? 'NODE_ENV=production' : 'REDIS_URL is set';
  throw new Error(
    `Missing ${missing.join(' and ')}: required because ${why} (every process of the store must share them; ` +
      'set each to a long random string, e.g. `openssl rand -base64 32`).',
  );
}
