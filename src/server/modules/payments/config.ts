/**
 * The payment settings, read from the environment in this one place (docs/operating.md,
 * "Payments", lists the same names):
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | PAYMENT_PROVIDER | `test` (cards decided by the store, no account anywhere) or `stripe` | `test` |
 * | PAYMENT_CAPTURE | `immediate` (take the money at checkout) or `fulfilment` (authorise at checkout, capture when the order ships) | `immediate` |
 * | STRIPE_SECRET_KEY | the server's key, `sk_test_...` or `sk_live_...` (a restricted `rk_...` works too) | required with stripe |
 * | STRIPE_PUBLISHABLE_KEY | the browser's key for the Payment Element, `pk_test_...` or `pk_live_...` | required with stripe |
 * | STRIPE_WEBHOOK_SECRET | the signing secret of the webhook endpoint `/api/payments/stripe/webhook`, `whsec_...` | required with stripe |
 * | STRIPE_TIMEOUT_MS | how long one call to Stripe may take | 20000 |
 * | STRIPE_MAX_NETWORK_RETRIES | the library's own retries of a failed call (same idempotency key) | 2 |
 * | STRIPE_API_URL | another API address: only the local stand-in of the tests and benchmarks; refused with a live key | Stripe's |
 * @module
 */
import { wholeNumberFromEnv } from '../../platform/config/env.ts';
import type { CaptureMethod, ProviderName } from './provider.ts';

/** Stripe's settings. */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** @default 20000 */
  timeoutMs: number;
  /** @default 2 */
  maxNetworkRetries: number;
  /** The API's address when it is not Stripe's (the stand-in); null for Stripe's own. @default null */
  apiUrl: URL | null;
}

/** The payment settings. */
export interface PaymentConfig {
  /** @default 'test' */
  provider: ProviderName;
  /** @default 'automatic' (PAYMENT_CAPTURE=immediate) */
  captureMethod: CaptureMethod;
  /** Set when `provider` is stripe. */
  stripe: StripeConfig | null;
}

const text = (env: NodeJS.ProcessEnv, name: string): string => env[name]?.trim() ?? '';

/**
 * Reads the settings; a missing or malformed one stops the start with a message naming it.
 * @example
 * readPaymentConfig({}); // { provider: 'test', captureMethod: 'automatic', stripe: null }
 */
export function readPaymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const provider = text(env, 'PAYMENT_PROVIDER') || 'test';
  if (provider !== 'test' && provider !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be 'test' or 'stripe', got '${provider}'`);
  const capture = text(env, 'PAYMENT_CAPTURE') || 'immediate';
  if (capture !== 'immediate' && capture !== 'fulfilment') throw new Error(`PAYMENT_CAPTURE must be 'immediate' or 'fulfilment', got '${capture}'`);
  const captureMethod: CaptureMethod = capture === 'immediate' ? 'automatic' : 'manual';
  if (provider === 'test') return { provider, captureMethod, stripe: null };
  const required: [string, RegExp][] = [
    ['STRIPE_SECRET_KEY', /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/],
    ['STRIPE_PUBLISHABLE_KEY', /^pk_(test|live)_[A-Za-z0-9]+$/],
    ['STRIPE_WEBHOOK_SECRET', /^whsec_[A-Za-z0-9+/=]+$/],
  ];
  const missing = required.filter(([name]) => text(env, name) === '').map(([name]) => name);
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')}`);
  for (const [name, re] of required) if (!re.test(text(env, name))) throw new Error(`${name} is not a Stripe key of its kind (${re.source})`);
  const secretKey = text(env, 'STRIPE_SECRET_KEY');
  const publishableKey = text(env, 'STRIPE_PUBLISHABLE_KEY');
  if (secretKey.includes('_live_') !== publishableKey.includes('_live_')) throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys');
  let apiUrl: URL | null = null;
  const rawUrl = text(env, 'STRIPE_API_URL');
  if (rawUrl !== '') {
    // a live key sent anywhere but Stripe would hand the store's money to whoever answers there
    if (secretKey.includes('_live_')) throw new Error('STRIPE_API_URL is for the local stand-in only: it is refused with a live key');
    try {
      apiUrl = new URL(rawUrl);
    } catch {
      throw new Error(`STRIPE_API_URL must be a URL, got '${rawUrl}'`);
    }
    if (apiUrl.protocol !== 'http:' && apiUrl.protocol !== 'https:') throw new Error('STRIPE_API_URL must be http:// or https://');
  }
  return {
    provider,
    captureMethod,
    stripe: {
      secretKey,
      publishableKey,
      webhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
      timeoutMs: wholeNumberFromEnv(env, 'STRIPE_TIMEOUT_MS', 20_000, 100, 120_000),
      maxNetworkRetries: wholeNumberFromEnv(env, 'STRIPE_MAX_NETWORK_RETRIES', 2, 0, 10),
      apiUrl,
    },
  };
}
