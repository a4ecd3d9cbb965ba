import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Product } from '../../src/domain/entities.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { QUICK_ORDER_CANDIDATES, QUICK_ORDER_CONCURRENCY, useQuickOrder } from '../../src/hooks/useQuickOrder.ts';
import { makeLevel, makeProduct, makeVariant } from '../domain/catalogue.helpers.ts';
import { fakeCartServer } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { card, pageInfo } from './product.helpers.ts';

/** A product whose SKU is its part number, with one level (id x 100) of 10 units. */
function part(id: number, sku: string, price: number): Product {
  return makeProduct({
    id,
    handle: `part-${id}`,
    title: `Part ${id}`,
    sku,
    Variants: [makeVariant({ id: id * 10, sku: null, availableInventoryLevels: [makeLevel({ id: id * 100, variantId: id * 10, inventoryPrice: price })] })],
  });
}

const CATALOGUE = [part(1, 'SP1600Z2', 19.99), part(2, 'R0358800', 120), part(3, 'SP1600Z3', 25)];

function setup() {
  const server = fakeCartServer([]);
  let inFlight = 0;
  let maxInFlight = 0;
  const filterProducts = vi.fn(async (query?: { q?: string; limit?: number }) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    // as the server: part numbers that start with the query's letters and digits
    const key = (query?.q ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
    const hits = CATALOGUE.filter((p) => p.sku!.toLowerCase().startsWith(key)).slice(0, query?.limit ?? 24);
    return { products: hits.map((p) => card(p.id, { handle: p.handle, title: p.title })), pageInfo: pageInfo(hits.length, 3) };
  });
  const productByHandle = vi.fn(async (handle: string) => ({ product: CATALOGUE.find((p) => p.handle === handle)! }));
  const client = fakeClient({ ...server.calls, filterProducts, productByHandle });
  const hook = renderHook(() => ({ pad: useQuickOrder(), cart: useCart() }), {
    wrapper: wrapper(client, testEnvironment(), { initialData: { auth: { user: null, customer: {} }, checkout: null } }),
  });
  return { ...hook, server, filterProducts, productByHandle, maxInFlight: () => maxInFlight };
}

describe('useQuickOrder', () => {
  test('looks part numbers up with the client, reading the found products by handle', async () => {
    const { result, filterProducts, productByHandle } = setup();
    act(() => result.current.pad.setText('sp-1600-z2 2\nR0358800, 1'));
    act(() => result.current.pad.read());
    await waitFor(() => expect(result.current.pad.counts.ready).toBe(2));
    expect(filterProducts.mock.calls.map((c) => c[0])).toEqual([
      { q: 'sp-1600-z2', limit: QUICK_ORDER_CANDIDATES, fields: ['handle'] },
      { q: 'R0358800', limit: QUICK_ORDER_CANDIDATES, fields: ['handle'] },
    ]);
    expect(productByHandle.mock.calls.map((c) => c[0])).toEqual(['part-1', 'part-2']);
    expect(result.current.pad.rows.map((r) => [r.product?.title, r.lineTotal])).toEqual([['Part 1', '$39.98'], ['Part 2', '$120.00']]);
    expect(result.current.pad.readyTotal).toBe('$159.98');
  });

  test('a prefix that names two parts is not resolved and offers both', async () => {
    const { result } = setup();
    act(() => result.current.pad.setText('SP1600'));
    act(() => result.current.pad.read());
    await waitFor(() => expect(result.current.pad.rows[0]!.status).toBe('not-found'));
    expect(result.current.pad.rows[0]!.suggestions.map((s) => s.partNumber)).toEqual(['SP1600Z2', 'SP1600Z3']);
    act(() => result.current.pad.applySuggestion(result.current.pad.rows[0]!.id, 'SP1600Z3'));
    await waitFor(() => expect(result.current.pad.rows[0]!.status).toBe('resolved'));
    expect(result.current.pad.rows[0]!.product?.title).toBe('Part 3');
  });

  test(`a long paste is looked up ${QUICK_ORDER_CONCURRENCY} part numbers at a time`, async () => {
    const { result, filterProducts, maxInFlight } = setup();
    act(() => result.current.pad.setText(Array.from({ length: 10 }, (_, i) => `ZZZ${i}00 1`).join('\n')));
    act(() => result.current.pad.read());
    await waitFor(() => expect(result.current.pad.counts.toFix).toBe(10));
    expect(filterProducts).toHaveBeenCalledTimes(10);
    expect(maxInFlight()).toBe(QUICK_ORDER_CONCURRENCY);
  });

  test('add all goes through the shared cart: the cart shows the lines', async () => {
    const { result, server } = setup();
    act(() => result.current.pad.setText('SP1600Z2 2\nR0358800, 1\nNOPE-999'));
    act(() => result.current.pad.read());
    await waitFor(() => expect(result.current.pad.canAddAll).toBe(true));
    act(() => result.current.pad.addAll());
    await waitFor(() => expect(result.current.pad.notice).toBe('Added 2 lines to the cart.'));
    expect(server.calls.addLineItem).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(result.current.cart.lines.map((l) => [l.inventoryLevelId, l.quantity])).toEqual([[100, 2], [200, 1]]));
    expect(result.current.cart.itemCount).toBe(3);
    expect(result.current.pad.rows.map((r) => r.status)).toEqual(['added', 'added', 'not-found']);
  });
});
