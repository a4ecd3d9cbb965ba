/** The order page machine: login gate, one add at a time, the spec's add-to-order messages, reload after an add. */
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AddToOrderResponse, Order } from '../../src/api/types.ts';
import type { ProductCardData, User } from '../../src/domain/entities.ts';
import { orderMachine } from '../../src/machines/order.machine.ts';

const user = { id: 1, email: 'a@b.test', firstName: 'A', lastName: 'B', recoveryEmail: null, recoveryEmailVerified: false } as User;
const order = { orderId: 5, lines: [{ productId: 1 }] } as unknown as Order;
const related = (id: number) => ({ id, price: 10, availableForSale: true, availableQuantity: 5, bypassNegativeQuantity: false }) as ProductCardData;

function start(addToOrder: () => Promise<unknown>, input: { user?: User | null; returnPath?: string } = {}) {
  const fetchOrder = vi.fn(async () => ({ order }));
  const actor = createActor(
    orderMachine.provide({
      actors: {
        fetchOrder: fromPromise(fetchOrder),
        fetchRelated: fromPromise(async () => [[related(1), related(2), related(3)]]),
        addToOrder: fromPromise(addToOrder as () => Promise<AddToOrderResponse>),
      },
    }),
    { input: { fetched: true, user, orderId: 5, ...input } },
  );
  const notices: string[] = [];
  actor.on('notify', (e) => notices.push(e.message));
  const navigations: string[] = [];
  actor.on('navigate', (e) => navigations.push(e.replace ? `replace ${e.url}` : e.url));
  actor.start();
  return { actor, fetchOrder, notices, navigations };
}

describe('orderMachine', () => {
  test('a signed-out visitor is sent to /login.asp (the history entry replaced)', () => {
    const { navigations, fetchOrder } = start(async () => ({ success: true }), { user: null });
    expect(navigations).toEqual(['replace /login.asp']);
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  test('the redirect carries the order page to come back to after signing in', () => {
    const { navigations } = start(async () => ({ success: true }), { user: null, returnPath: '/account/orders/5' });
    expect(navigations).toEqual(['replace /login.asp?returnTo=%2Faccount%2Forders%2F5']);
  });

  test('related products leave out the ordered ones; adds run one at a time and reload the order', async () => {
    let finish: (v: unknown) => void = () => {};
    const add = vi.fn(() => new Promise((r) => (finish = r)));
    const { actor, fetchOrder, notices } = start(add);
    await waitFor(actor, (s) => s.matches({ loaded: { related: 'ready' } }));
    expect(actor.getSnapshot().context.related.map((p) => p.id)).toEqual([2, 3]);
    actor.send({ type: 'order.add', productId: 2 });
    actor.send({ type: 'order.add', productId: 3 });
    expect(add).toHaveBeenCalledTimes(1);
    finish({ success: true });
    await waitFor(actor, (s) => s.matches({ loaded: { adding: 'idle' } }));
    // shown once, as the notice beside the related products, not also as a toast (issue 18, defect 10)
    expect(notices).toEqual([]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', message: "You've added this product to your order. Expect hearing from us soon." });
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });

  test("a { success: false } answer reads 'Failed to add product to order'; a product not offered is never sent", async () => {
    const add = vi.fn(async () => ({ success: false }));
    const { actor, notices } = start(add);
    await waitFor(actor, (s) => s.matches({ loaded: { related: 'ready' } }));
    actor.send({ type: 'order.add', productId: 99 });
    expect(add).not.toHaveBeenCalled();
    actor.send({ type: 'order.add', productId: 2 });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(notices).toEqual([]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'error', message: 'Failed to add product to order' });
  });
});
