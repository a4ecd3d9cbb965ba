/**
 * Builds the payments module from its settings: the provider the settings name and the service
 * over it. The composition root (app.ts) calls it once per process.
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { readPaymentConfig, type PaymentConfig } from './config.ts';
import type { PaymentProvider } from './provider.ts';
import { createPaymentsService, type PaymentsService, type PaymentsServiceOptions } from './service.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * The provider the settings name.
 * @example
 * providerFromConfig(readPaymentConfig({})).name; // 'test'
 */
export function providerFromConfig(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe without its settings');
    return createStripeProvider(config.stripe);
  }
  return createTestProvider();
}

/**
 * The payments service of a store: the settings' provider and capture method (from the
 * environment unless given).
 * @default config readPaymentConfig(process.env)
 */
export function paymentsFromConfig(
  db: Db,
  config: PaymentConfig = readPaymentConfig(),
  extra: Pick<PaymentsServiceOptions, 'placeOrderFromCheckout' | 'faults' | 'now'> = {},
): PaymentsService {
  return createPaymentsService({ db, provider: providerFromConfig(config), captureMethod: config.captureMethod, ...extra });
}
