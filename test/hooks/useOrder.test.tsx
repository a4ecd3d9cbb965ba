import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import type { Order } from '../../src/api/types.ts';
import { useClient } from '../../src/hooks/context.ts';
import { ordersRead } from '../../src/hooks/query/account-reads.ts';
import { useRead } from '../../src/hooks/query/useRead.ts';
import { useOrder } from '../../src/hooks/useOrder.ts';
import { SIGNED_IN } from './account.helpers.ts';
import { fakeClient, testEnvironment, unanswered, wrapper } from './hooks.helpers.tsx';
import { card } from './product.helpers.ts';

const order = (orderId: number, totalPrice: number): Order => ({
  orderId, checkoutId: `co-${orderId}`, createdAt: '2026-03-04T10:00:00.000Z', status: 'PAID', email: 'ann@example.com', currencyCode: 'USD',
  subtotalPrice: totalPrice, discountPrice: 0, shippingPrice: 0, totalPrice, discountCodes: [],
  shippingAddress: { firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Lagoon Way', address2: null, city: 'Tacoma', zip: '98402', phone: '3605550100', countryCode: 'US', stateCode: 'WA' },
  payment: { brand: 'Visa', last4: '4242' },
  lines: [{ id: 1, productId: 7, inventoryLevelId: 70, title: 'Pump seal', sku: 'PS-1', productHandle: 'pump-seal', imageUrl: null, quantity: 1, unitPrice: totalPrice, addedAfterPlacement: false }],
});

describe('useOrder', () => {
  test('an add to an order re-renders the readers of the order list with what the server answers after it', async () => {
    let total = 45;
    const client = {
      user: vi.fn(unanswered),
      customer: vi.fn(unanswered),
      order: vi.fn(async () => ({ order: order(12, total) })),
      orders: vi.fn(async () => ({ orders: [order(12, total)] })),
      relatedProducts: vi.fn(async () => ({ products: [card(31, { title: 'Skimmer basket', handle: 'basket', price: 12.5, inventoryLevelId: 310, availableQuantity: 5 })] })),
      addRelatedProductToOrder: vi.fn(async () => ({ success: true })),
    } satisfies Partial<ApiClient>;
    const { result } = renderHook(() => ({ page: useOrder('12'), list: useRead(ordersRead(useClient())) }), {
      wrapper: wrapper(fakeClient(client), testEnvironment(), { initialData: SIGNED_IN }),
    });
    await waitFor(() => expect(result.current.list.data?.orders[0]?.totalPrice).toBe(45));
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    total = 57.5;
    act(() => result.current.page.addToOrder(31));
    await waitFor(() => expect(client.addRelatedProductToOrder).toHaveBeenCalledWith(12, 31, expect.anything()));
    await waitFor(() => expect(result.current.list.data?.orders[0]?.totalPrice).toBe(57.5));
  });
});
