/**
 * A fake cart server for the hook tests: an in-memory checkout behind the client's cart calls,
 * with a gate so a test can hold answers and see the updating flag.
 */
import { vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import type { Checkout, CheckoutLineItem, Product } from '../../src/domain/entities.ts';

export function lineItem(id: number, inventoryLevelId: number, quantity: number, price = 10, stock = 5): CheckoutLineItem {
  return {
    id,
    inventoryLevelId,
    title: `Part ${inventoryLevelId}`,
    imageUrl: null,
    currentQuantity: quantity,
    totalUnitPrice: price,
    availableForSale: true,
    availableQuantity: stock,
    sku: `SKU-${inventoryLevelId}`,
    productHandle: `part-${inventoryLevelId}`,
    bypassNegativeQuantity: false,
  };
}

export function checkoutOf(items: CheckoutLineItem[], extra: Partial<Checkout> = {}): Checkout {
  const subtotal = items.reduce((sum, i) => sum + Math.round(i.totalUnitPrice * 100) * i.currentQuantity, 0) / 100;
  return {
    webUrl: 'https://checkout.test/checkouts/chk1',
    LineItems: items,
    subtotalPrice: subtotal,
    totalPrice: subtotal,
    currencyCode: 'USD',
    CheckoutShippingLine: { price: 0 },
    DiscountCodes: [],
    ...extra,
  };
}

/** The cart calls over an in-memory checkout. `hold()` makes answers wait until `release()`. */
export function fakeCartServer(initial: CheckoutLineItem[] = []) {
  let items = [...initial];
  let nextId = 100;
  let held: (() => void)[] | null = null;
  const wait = () => (held ? new Promise<void>((r) => held!.push(r)) : Promise.resolve());
  const answer = async () => {
    await wait();
    return { checkout: checkoutOf(items) };
  };
  const calls: Partial<ApiClient> = {
    getCheckout: vi.fn(answer),
    addLineItem: vi.fn(async (body) => {
      if (!('inventoryLevelId' in body)) throw new Error('lists not supported by the fake');
      const existing = items.find((i) => i.inventoryLevelId === body.inventoryLevelId);
      if (existing) items = items.map((i) => (i === existing ? { ...i, currentQuantity: i.currentQuantity + body.quantity } : i));
      else items = [...items, lineItem(nextId++, body.inventoryLevelId, body.quantity)];
      return answer();
    }),
    setLineItemQuantity: vi.fn(async (body) => {
      items = items.map((i) => (i.inventoryLevelId === body.inventoryLevelId ? { ...i, currentQuantity: body.quantity } : i));
      return answer();
    }),
    deleteLineItem: vi.fn(async (id) => {
      items = items.filter((i) => i.id !== id);
      return answer();
    }),
    applyDiscountCode: vi.fn(async (_id, code) => {
      await wait();
      if (code !== 'SPLASH10') throw Object.assign(new Error('Discount code not found'), { name: 'ApiError', kind: 'server', serverMessage: 'Discount code not found' });
      const checkout = checkoutOf(items);
      // as the server answers: the checkout's subtotal is after the discount, the total that plus shipping
      const discounted = Math.round(checkout.subtotalPrice * 90) / 100;
      return { checkout: { ...checkout, subtotalPrice: discounted, totalPrice: discounted, DiscountCodes: [{ code, Discount: { title: '10%' } }] } };
    }),
    removeDiscountCode: vi.fn(answer),
    productByHandle: vi.fn(async (handle: string) => ({ product: { handle } as Product })),
  };
  return {
    calls,
    items: () => items,
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((r) => r());
    },
  };
}
