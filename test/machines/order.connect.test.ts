import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AddToOrderResponse, Order } from '../../src/api/types.ts';
import { MESSAGES } from '../../src/domain/account.ts';
import type { ProductCardData, User } from '../../src/domain/entities.ts';
import { shipmentViews } from '../../src/domain/order-operations/tracking.ts';
import { ORDER_TEXT, orderDateText } from '../../src/domain/orders.ts';
import { connectOrder, orderPaymentDetails } from '../../src/machines/order.connect.ts';
import { orderMachine } from '../../src/machines/order.machine.ts';
import type { SignedInGateView } from '../../src/machines/signed-in-gate.types.ts';

const user = { id: 1, email: 'a@b.test', firstName: 'A', lastName: 'B', recoveryEmail: null, recoveryEmailVerified: false } as User;
const order = {
  orderId: 5,
  status: 'paid',
  createdAt: '2024-03-01T10:00:00Z',
  lines: [{ id: 9, productId: 1, title: 'Pump', productHandle: 'pump', sku: 'P-1', imageUrl: null, quantity: 2, unitPrice: 10, addedAfterPlacement: false }],
  shippingAddress: { name: 'Ann B', address1: '1 Pool Lane', address2: null, city: 'Austin', province: 'TX', zip: '73301', country: 'US' },
  payment: { brand: 'Visa', last4: '4242' },
  subtotalPrice: 20,
  discountPrice: 0,
  discountCodes: [],
  shippingPrice: 0,
  totalPrice: 20,
} as unknown as Order;
const related = (id: number) => ({ id, title: `R${id}`, price: 10, availableForSale: true, availableQuantity: 5, bypassNegativeQuantity: false }) as ProductCardData;

const ready: SignedInGateView = { gate: 'ready', checkingText: null };

function start(input: { orderId?: number | null }, add: () => Promise<AddToOrderResponse> = () => new Promise(() => undefined)) {
  return createActor(
    orderMachine.provide({
      actors: {
        fetchOrder: fromPromise(async () => ({ order })),
        fetchRelated: fromPromise(async () => [[related(2), related(3)]]),
        addToOrder: fromPromise(add),
      },
    }),
    { input: { user, orderId: 5, ...input } },
  ).start();
}

describe('connectOrder', () => {
  test('before the page runs (the gate checking) it is loading and shows nothing', () => {
    expect(connectOrder({ gate: 'checking', checkingText: MESSAGES.checkingLogin }, undefined)).toMatchObject({
      gate: 'checking', checkingText: MESSAGES.checkingLogin, status: 'loading', order: null, lines: [], related: [], notice: null,
    });
  });

  test('a loaded order shows its title, lines and payment', async () => {
    const actor = start({});
    await waitFor(actor, (s) => s.matches('loaded'));
    const view = connectOrder(ready, actor.getSnapshot());
    expect(view).toMatchObject({ gate: 'ready', status: 'loaded', orderId: 5, title: ORDER_TEXT.detailTitle(5), paymentText: 'Visa ending in 4242' });
    expect(view.lines).toEqual([expect.objectContaining({ id: 9, quantity: 2, sku: 'P-1' })]);
  });

  test('an order paid through a provider shows the provider, its payment id, a capture still to come and each refund', () => {
    expect(orderPaymentDetails({ brand: 'Visa', last4: '4242' })).toEqual([]);
    expect(orderPaymentDetails({
      brand: 'Visa', last4: '4242', provider: 'stripe', paymentId: 'pi_1', captures: [{ id: 'ch_1', amount: 20, status: 'succeeded', createdAt: '' }],
      refunds: [{ id: 're_1', amount: 5, status: 'succeeded', createdAt: '' }, { id: null, amount: 2.5, status: 'pending', createdAt: '' }],
    })).toEqual(['Paid through Stripe · payment pi_1', 'Refunded $5.00 · re_1', 'Refunded $2.50 (pending)']);
    expect(orderPaymentDetails({ brand: 'Visa', last4: '4242', provider: 'test', paymentId: 'tp_1', captures: [], refunds: [] }))
      .toEqual(['Paid through the test provider · payment tp_1', 'Authorised: charged when your order ships']);
  });

  test('shipments are listed oldest first with their heading, tracking number, link text and items', () => {
    expect(shipmentViews([
      { id: 2, carrierName: 'Estes Express', trackingNumber: 'PRO1', trackingUrl: null, shippedAt: '2026-03-06T09:00:00Z', lines: [{ title: 'Sand Filter', quantity: 1 }] },
      { id: 1, carrierName: 'UPS', trackingNumber: '1Z9', trackingUrl: 'https://www.ups.com/track?tracknum=1Z9', shippedAt: '2026-03-05T09:00:00Z', lines: [{ title: 'Pump', quantity: 2 }] },
    ], orderDateText)).toEqual([
      { id: 1, heading: 'Shipped Mar 5, 2026 by UPS', trackingNumber: '1Z9', trackingUrl: 'https://www.ups.com/track?tracknum=1Z9', trackText: 'Track with UPS', items: ['Pump × 2'] },
      { id: 2, heading: 'Shipped Mar 6, 2026 by Estes Express', trackingNumber: 'PRO1', trackingUrl: null, trackText: 'Track with Estes Express', items: ['Sand Filter × 1'] },
    ]);
  });

  test('a loaded order without shipments shows none', async () => {
    const actor = start({});
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(connectOrder(ready, actor.getSnapshot()).shipments).toEqual([]);
  });

  test('while one product is added to the order every Add to Order button is disabled', async () => {
    const actor = start({});
    await waitFor(actor, (s) => s.matches({ loaded: { related: 'ready' } }));
    actor.send({ type: 'order.add', productId: 2 });
    const view = connectOrder(ready, actor.getSnapshot());
    expect(view.relatedStatus).toBe('ready');
    expect(view.related.map((r) => [r.card.id, r.adding, r.button.disabled])).toEqual([
      [2, true, true],
      [3, false, true],
    ]);
  });

  test('a route id that is no number is the not-found title', () => {
    expect(connectOrder(ready, start({ orderId: null }).getSnapshot()).title).toBe(ORDER_TEXT.notFound);
  });
});
