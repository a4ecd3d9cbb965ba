/**
 * React StrictMode mounts, unmounts and mounts again every effect: the hooks must survive it with
 * one working actor each, the shared cart still answering and the listing still loading.
 */
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Collection, PageInfo } from '../../src/domain/entities.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useCollection } from '../../src/hooks/useCollection.ts';
import { useProductPage } from '../../src/hooks/useProductPage.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { checkoutOf, fakeCartServer } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { pump } from './product.helpers.ts';

const pageInfo: PageInfo = {
  limitPerPage: 8, totalObjects: 0, totalPages: 0, pages: 0, count: 0,
  availableTagPrefixes: [], availableTagFilters: [], availableVendors: [], productMaxPrice: 0,
};
const PUMPS = { id: 7, handle: 'pumps', title: 'Pumps', childCollectionsCount: 0, breadcrumbs: null, seoTitle: null } as Collection;

describe('StrictMode', () => {
  test('product page, cart, collection and toasts work under StrictMode double effects', async () => {
    const server = fakeCartServer([]);
    const calls = {
      ...server.calls,
      productByHandle: vi.fn(async () => ({ product: pump() })),
      upperHierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })),
      collectionByHandle: vi.fn(async () => ({ collection: PUMPS })),
      featuredProducts: vi.fn(async () => ({ products: [] })),
      hierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })),
      filterProducts: vi.fn(async () => ({ products: [], pageInfo })),
    };
    const Inner = wrapper(fakeClient(calls), testEnvironment(), { initialData: { auth: { user: null, customer: {} }, checkout: checkoutOf([]) } });
    const Wrapper = ({ children }: { children: ReactNode }) => (
      <StrictMode>
        <Inner>{children}</Inner>
      </StrictMode>
    );
    const { result } = renderHook(
      () => ({ page: useProductPage('superflo', { variantId: 3 }), cart: useCart(), collection: useCollection('pumps', { query: {} }), toasts: useToasts() }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.page.status).toBe('loaded'));
    await waitFor(() => expect(result.current.collection.listing.status).toBe('loaded'));
    act(() => result.current.page.add());
    await waitFor(() => expect(result.current.cart.lines).toHaveLength(1));
    // one toast, not two: each machine's notices are forwarded once
    expect(result.current.toasts.toasts.map((t) => t.message)).toEqual(['Product added to cart']);
    expect(server.calls.addLineItem).toHaveBeenCalledTimes(1);
  });
});
