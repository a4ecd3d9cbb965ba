import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order, OrdersResponse } from '../../src/api/types.ts';
import { MESSAGES } from '../../src/domain/account.ts';
import type { User } from '../../src/domain/entities.ts';
import { ORDER_TEXT, orderPath } from '../../src/domain/orders.ts';
import { connectOrders } from '../../src/machines/orders.connect.ts';
import { ordersMachine } from '../../src/machines/orders.machine.ts';
import type { SignedInGateView } from '../../src/machines/signed-in-gate.types.ts';

const user: User = { id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const ready: SignedInGateView = { gate: 'ready', checkingText: null };
const order = { orderId: 41, status: 'paid', createdAt: '2024-03-01T10:00:00Z', totalPrice: 1999, lines: [{ quantity: 2 }] } as unknown as Order;
const start = (input: { orders?: Order[] } = {}, answer: () => Promise<OrdersResponse> = () => new Promise(() => undefined)) =>
  createActor(ordersMachine.provide({ actors: { fetchOrders: fromPromise(answer) } }), { input: { user, ...input } }).start();

describe('connectOrders', () => {
  test('before the list runs (the gate checking) the page says so and shows no orders', () => {
    expect(connectOrders({ gate: 'checking', checkingText: MESSAGES.checkingLogin }, undefined)).toMatchObject({ gate: 'checking', checkingText: MESSAGES.checkingLogin, status: 'loading', orders: [] });
  });

  test('a signed-out visitor is redirected', () => {
    expect(connectOrders({ gate: 'redirect', checkingText: null }, undefined)).toMatchObject({ gate: 'redirect', checkingText: null });
  });

  test('preloaded orders are listed with their links and texts', () => {
    const view = connectOrders(ready, start({ orders: [order] }).getSnapshot());
    expect(view).toMatchObject({ gate: 'ready', status: 'listed', emptyText: null, errorText: null });
    expect(view.orders[0]).toMatchObject({ orderId: 41, itemCount: 2, href: orderPath(41), title: ORDER_TEXT.detailTitle(41), order });
  });

  test('an empty answer shows the empty text', async () => {
    const actor = start({}, async () => ({ orders: [] }));
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('empty') && resolve()));
    expect(connectOrders(ready, actor.getSnapshot())).toMatchObject({ status: 'empty', emptyText: ORDER_TEXT.noOrders, orders: [] });
  });

  test('a failed load shows its text', async () => {
    const actor = start({}, async () => Promise.reject(new Error('offline')));
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('failed') && resolve()));
    expect(connectOrders(ready, actor.getSnapshot())).toMatchObject({ status: 'failed', errorText: 'offline' });
  });
});
