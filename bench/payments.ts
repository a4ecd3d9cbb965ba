/**
 * Payments through the port at 50 concurrent shoppers: the Stripe adapter (the official library)
 * against the local stand-in, beside the test provider, side by side. Prints p50 and p95 of
 *  - the port's own round trip (createPayment + authorise with automatic capture), and
 *  - a paid checkout through the service (the attempt's row, both provider calls, the state
 *    written, and an order placed by a minimal placeOrderFromCheckout), on SQLite in memory.
 * The hosted checkout page does not call the port yet (it is wired by the lead), so the page's own
 * completion time is not part of these figures.
 *
 * Run: npm run bench:payments [-- --rounds 10]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openSqlite, type Db } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { paymentKeys, type PaymentProvider } from '../src/server/modules/payments/provider.ts';
import { createPaymentsService, type RecordedPayment } from '../src/server/modules/payments/service.ts';
import { createStripeProvider } from '../src/server/modules/payments/stripe-provider.ts';
import { createTestProvider } from '../src/server/modules/payments/test-provider.ts';
import { startStripeStandIn } from '../src/server/modules/payments/testing/stripe-stand-in.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const ROUNDS = Math.max(1, Math.min(100, Number(values.rounds ?? 10)));
const SHOPPERS = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** One order per checkout, as the checkout's placing does (the minimum: no lines, no stock). */
function placeOrder(db: Db) {
  return async (checkoutId: string, payment: RecordedPayment) => await db.transaction(async (tx) => {
    const at = new Date().toISOString();
    await tx.run("INSERT INTO checkouts (id, status, created_at, updated_at) VALUES (?, 'completed', ?, ?) ON CONFLICT (id) DO NOTHING", [checkoutId, at, at]);
    const existing = await tx.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [checkoutId]);
    if (existing) return { orderId: existing.id };
    const row = await tx.get<{ id: number }>(
      `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes,
         shipping_address_json, payment_brand, payment_last4, payment_token, created_at)
       VALUES (?, 'bench@example.test', 'PAID', ?, 0, 0, ?, ?, '', '{}', '', '', ?, ?) RETURNING id`,
      [checkoutId, payment.amountCents, payment.amountCents, payment.currency, payment.providerPaymentId, at],
    );
    return { orderId: row!.id };
  });
}

/** Runs `once` for ROUNDS rounds of SHOPPERS at once; answers each call's milliseconds. */
async function measure(once: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let n = 0;
  for (let r = 0; r < ROUNDS; r++) {
    await Promise.all(Array.from({ length: SHOPPERS }, async () => {
      const i = n++;
      const t0 = performance.now();
      await once(i);
      times.push(performance.now() - t0);
    }));
  }
  return times;
}

async function run(name: string, provider: PaymentProvider, method: Parameters<PaymentProvider['authorise']>[1]) {
  let ref = 1_000_000;
  // warm-up: the library's agent, JIT
  await measure(async () => {
    const r = ref++;
    const p = await provider.createPayment({ amountCents: 4599, currency: 'usd', captureMethod: 'automatic', checkoutId: `w${r}`, paymentRef: r }, paymentKeys.create(r));
    await provider.authorise(p.id, method, paymentKeys.confirm(r, 1));
  });
  const port = await measure(async () => {
    const r = ref++;
    const p = await provider.createPayment({ amountCents: 4599, currency: 'usd', captureMethod: 'automatic', checkoutId: `p${r}`, paymentRef: r }, paymentKeys.create(r));
    await provider.authorise(p.id, method, paymentKeys.confirm(r, 1));
  });
  const db = openSqlite(':memory:');
  await migrate(db);
  const service = createPaymentsService({ db, provider, placeOrderFromCheckout: placeOrder(db) });
  const checkout = await measure(async (i) => {
    const outcome = await service.payCheckout({ checkoutId: `${name}-${i}`, amountCents: 4599, currency: 'USD', method });
    if (outcome.kind !== 'paid') throw new Error('not paid');
  });
  await db.close();
  return { name, port, checkout };
}

const standIn = await startStripeStandIn();
try {
  const stripe = createStripeProvider({
    secretKey: 'sk_test_bench', publishableKey: 'pk_test_bench', webhookSecret: standIn.webhookSecret, timeoutMs: 20_000, maxNetworkRetries: 0, apiUrl: new URL(standIn.url),
  });
  const results = [
    await run('test', createTestProvider(), { kind: 'card', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    await run('stripe (stand-in)', stripe, { kind: 'method', id: 'pm_card_visa' }),
  ];
  console.log(`payments: ${SHOPPERS} concurrent shoppers x ${ROUNDS} rounds (${SHOPPERS * ROUNDS} payments each), SQLite in memory`);
  console.log('provider            | port p50 ms | port p95 ms | paid checkout p50 ms | paid checkout p95 ms');
  for (const r of results) {
    console.log(`${r.name.padEnd(19)} | ${pct(r.port, 50).toFixed(2).padStart(11)} | ${pct(r.port, 95).toFixed(2).padStart(11)} | ${pct(r.checkout, 50).toFixed(2).padStart(20)} | ${pct(r.checkout, 95).toFixed(2).padStart(20)}`);
  }
  console.log(`stand-in charges: ${standIn.charges.length}, requests: ${standIn.requests.length}`);
} finally {
  await standIn.close();
}
