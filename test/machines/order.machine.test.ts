/** The order page machine (behind the sign-in gate): one add at a time, the spec's add-to-order messages, reload after an add. */
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AddToOrderResponse, Order } from '../../src/api/types.ts';
import type { ProductCardData, User } from '../../src/domain/entities.ts';
import { orderMachine } from '../../src/machines/order.machine.ts';

const user = { id: 1, email: 'a@b.test', firstName: 'A', lastName: 'B', recoveryEmail: null, recoveryEmailVerified: false } as User;
const order = { orderId: 5, lines: [{ productId: 1 }] } as unknown as Order;
const related = (id: number) => ({ id, price: 10, availableForSale: true, availableQuantity: 5, bypassNegativeQuantity: false }) as ProductCardData;

function start(addToOrder: () => Promise<unknown>) {
  const fetchOrder = vi.fn(async () => ({ order }));
  const actor = createActor(
    orderMachine.provide({
      actors: {
        fetchOrder: fromPromise(fetchOrder),
        fetchRelated: fromPromise(async () => [[related(1), related(2), related(3)]]),
        addToOrder: fromPromise(addToOrder as () => Promise<AddToOrderResponse>),
      },
    }),
    { input: { user, orderId: 5 } },
  );
  const notices: string[] = [];
  actor.on('notify', (e) => notices.push(e.message));
  actor.start();
  return { actor, fetchOrder, notices };
}

describe('orderMachine', () => {
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
