/**
 * The store's public origin, for every URL that leaves the store: canonical links, JSON-LD,
 * the sitemap and robots.txt (emailed links and the feeds read PUBLIC_URL the same way). With
 * PUBLIC_URL set, those URLs never take their origin from the request's Host header (anyone can
 * send any Host, and a cache in front would keep the answer); without it, a development store
 * answers on whatever host it was reached by. A production start with PUBLIC_URL answers only
 * requests for its own host and the hosts the operators' checks accept (ALLOWED_ORIGINS', localhost
 * and IP literals: security/operator-access.ts `isAllowedHost`): another host gets 421 Misdirected
 * Request, except the health, readiness and metrics probes.
 * @module
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isProductionStart } from '../config/env.ts';

/**
 * The origin of PUBLIC_URL ('https://shop.example'), or null when it is unset or not an http(s)
 * URL (the start-up reports a malformed one).
 * @example
 * configuredPublicOrigin({ PUBLIC_URL: 'https://Shop.example/' }); // 'https://shop.example'
 * configuredPublicOrigin({}); // null
 */
export function configuredPublicOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin a URL leaving the store starts with: the configured one, else the request's own.
 * @example publicOrigin(req, 'https://shop.example'); // 'https://shop.example', whatever Host says
 */
export function publicOrigin(req: FastifyRequest, configured: string | null): string {
  return configured ?? `${req.protocol}://${req.host}`;
}

/** The answer to a request for a host the store does not serve. */
export const UNKNOWN_HOST_MESSAGE = 'This store does not answer for that host name.';

/** Paths any host may ask: the probes of load balancers and the metrics scraper. */
const PROBES = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

/** Options of {@link installHostCheck}. */
export interface HostCheckOptions {
  /** The configured public origin (PUBLIC_URL); no check without one. */
  origin: string | null;
  /** Whether a Host header names the store. */
  isAllowed: (host: string) => boolean;
  /** Whether this start is a production store. @default isProductionStart(process.env) */
  production?: boolean;
}

/**
 * On a production start with PUBLIC_URL, refuses requests whose Host is not the store's (421,
 * `{ error }`), before any route runs. Nothing is installed otherwise.
 * @returns whether the check was installed
 * @example installHostCheck(app, { origin: configuredPublicOrigin(), isAllowed: (h) => isAllowedHost(h, hosts) });
 */
export function installHostCheck(app: FastifyInstance, options: HostCheckOptions): boolean {
  const production = options.production ?? isProductionStart(process.env);
  if (!production || options.origin === null) return false;
  const own = new URL(options.origin).host;
  app.addHook('onRequest', async (req, reply) => {
    if (req.host.toLowerCase() === own || options.isAllowed(req.host)) return;
    const path = req.url.split('?')[0] ?? '';
    if (PROBES.has(path)) return;
    return reply.code(421).header('cache-control', 'no-store').send({ error: UNKNOWN_HOST_MESSAGE });
  });
  return true;
}
