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
