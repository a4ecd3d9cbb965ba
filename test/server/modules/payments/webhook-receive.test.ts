/** What a Stripe webhook delivery comes to (the route replies 400 for a refusal, 5xx for a throw). */
import { describe, expect, test } from 'vitest';
import { WebhookSignatureError } from '../../../../src/server/modules/payments/provider.ts';
import { receiveStripeWebhook, type PaymentsService } from '../../../../src/server/modules/payments/service.ts';

const serviceOf = (name: string, applyWebhook: PaymentsService['applyWebhook']) => ({ provider: { name }, applyWebhook }) as unknown as PaymentsService;
const never: PaymentsService['applyWebhook'] = async () => { throw new Error('applied'); };

describe('receiveStripeWebhook', () => {
  test('a store whose provider is not Stripe refuses it without applying', async () => {
    expect(await receiveStripeWebhook(serviceOf('test', never), Buffer.alloc(0), 'sig')).toEqual({ refused: 'provider' });
  });

  test('a signature that does not hold is refused with the reason', async () => {
    const service = serviceOf('stripe', async () => { throw new WebhookSignatureError('too old'); });
    expect(await receiveStripeWebhook(service, Buffer.alloc(0), undefined)).toEqual({ refused: 'signature', reason: 'too old' });
  });

  test('an applied event answers its outcome; any other failure is thrown', async () => {
    const ok = serviceOf('stripe', async () => ({ outcome: 'applied', type: 'payment_intent.succeeded' }));
    expect(await receiveStripeWebhook(ok, Buffer.alloc(0), 's')).toEqual({ refused: null, outcome: 'applied', type: 'payment_intent.succeeded' });
    const down = serviceOf('stripe', async () => { throw new Error('provider unreachable'); });
    await expect(receiveStripeWebhook(down, Buffer.alloc(0), 's')).rejects.toThrow('provider unreachable');
  });
});
