/**
 * Reading settings from the environment: one rule for the whole numbers of the scale-out and
 * abuse settings (WORKERS, CATALOGUE_POLL_MS, RATE_LIMIT_*, *_TIMEOUT_MS).
 * @module
 */

/**
 * The whole number in `env[name]`: `fallback` when unset or blank, else ASCII digits (at most
 * 10, spaces around ignored) within `min`..`max`; anything else throws a message naming the
 * variable, so a typo stops the start instead of running with a surprise.
 * @example
 * wholeNumberFromEnv({ WORKERS: '4' }, 'WORKERS', 1, 1, 256); // 4
 * wholeNumberFromEnv({}, 'WORKERS', 1, 1, 256); // 1
 */
export function wholeNumberFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^[0-9]{1,10}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return Number(raw);
}

/**
 * Whether this start is a production store for every development switch, whatever NODE_ENV says:
 * NODE_ENV=production, or any start that is not the embedded default (DATABASE_URL: PostgreSQL;
 * REDIS_URL: several processes), which only a real store runs. Such a start refuses the dev
 * mailbox (MAILBOX=1 is logged and ignored, email/mailbox.ts), never writes mail notices to the
 * console, and requires the shared secrets instead of making them up (scale/config.ts). Checking
 * NODE_ENV alone left the mailbox open on a production store started without it.
 * @example
 * isProductionStart({}); // false: `npm start` on the embedded database
 * isProductionStart({ DATABASE_URL: 'postgres://db/shop' }); // true, NODE_ENV unset or not
 */
export function isProductionStart(env: NodeJS.ProcessEnv = process.env): boolean {
  const set = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  return env.NODE_ENV?.trim() === 'production' || set('DATABASE_URL') || set('REDIS_URL');
}
