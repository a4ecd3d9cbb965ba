/**
 * The operator settings of the environment (beside config.ts's server settings): the metrics
 * token and the shutdown drain time.
 * @module
 */

/** The operator settings. */
export interface OpsConfig {
  /** METRICS_TOKEN: bearer token of /metrics; null keeps metrics off. @default null */
  metricsToken: string | null;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM/SIGINT, /readyz answers 503 for this long before the server
   * stops accepting connections, so a load balancer takes it out of rotation first. @default 0
   */
  shutdownDrainMs: number;
}

/**
 * Reads the operator settings; a malformed number stops the start with a message naming it.
 * @example
 * readOpsConfig({ METRICS_TOKEN: 's3cret', SHUTDOWN_DRAIN_MS: '5000' }); // { metricsToken: 's3cret', shutdownDrainMs: 5000 }
 */
export function readOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const raw = env.SHUTDOWN_DRAIN_MS?.trim() ?? '';
  const drain = raw === '' ? 0 : Number(raw);
  if (!/^\d+$/.test(raw === '' ? '0' : raw) || !Number.isSafeInteger(drain) || drain > 600_000) {
    throw new Error(`SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got '${env.SHUTDOWN_DRAIN_MS}'`);
  }
  return { metricsToken: env.METRICS_TOKEN?.trim() || null, shutdownDrainMs: drain };
}
