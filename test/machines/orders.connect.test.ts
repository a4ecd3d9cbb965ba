import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order, OrdersResponse } from '../../src/api/types.ts';
import { MESSAGES } from '../../src/domain/account.ts';
import { ORDER_TEXT, orderPath } from '../../src/domain/orders.ts';
import { connectOrders } from '../../src/machines/orders.connect.ts';
import { ordersMachine } from '../../src/machines/orders.machine.ts';

const user = { id: 7, email: 'ann@example.com' };
const order = { orderId: 41, status: 'paid', createdAt: '2024-03-01T10:00:00Z', totalPrice: 1999, lines: [{ quantity: 2 }] } as unknown as Order;
const start = (input: object, answer: () => Promise<OrdersResponse> = () => new Promise(() => undefined)) =>
  createActor(ordersMachine.provide({ actors: { fetchOrders: fromPromise(answer) } }), { input }).start();

describe('connectOrders', () => {
  test('before the user call answers the page is checking and says so', () => {
    expect(connectOrders(start({ fetched: false, user: null }).getSnapshot())).toMatchObject({ gate: 'checking', checkingText: MESSAGES.checkingLogin, status: 'loading' });
  });

  test('a signed-out visitor is redirected', () => {
    expect(connectOrders(start({ fetched: true, user: null }).getSnapshot())).toMatchObject({ gate: 'redirect', checkingText: null });
  });

  test('preloaded orders are listed with their links and texts', () => {
    const view = connectOrders(start({ fetched: true, user, orders: [order] }).getSnapshot());
    expect(view).toMatchObject({ gate: 'ready', status: 'listed', emptyText: null, errorText: null });
    expect(view.orders[0]).toMatchObject({ orderId: 41, itemCount: 2, href: orderPath(41), title: ORDER_TEXT.detailTitle(41), order });
  });

  test('an empty answer shows the empty text', async () => {
    const actor = start({ fetched: true, user }, async () => ({ orders: [] }));
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches({ ready: 'empty' }) && resolve()));
    expect(connectOrders(actor.getSnapshot())).toMatchObject({ status: 'empty', emptyText: ORDER_TEXT.noOrders, orders: [] });
  });
});
