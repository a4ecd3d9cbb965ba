/**
 * The hooks against the reference server, over real HTTP: the server runs as its own process
 * (`src/server/main.ts` on a small seeded store in a temporary data directory; not inside this
 * jsdom realm, see test/support/store-process.ts), and the real API client with a fetch that keeps the session
 * cookie (a browser's cookie jar). useProductPage loads a real product; useCart adds it to the
 * real cart, changes its quantity and removes it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ApiClient, type FetchLike } from '../../src/api/client.ts';
import type { ProductCardData } from '../../src/domain/entities.ts';
import { MAX_LINE_QUANTITY } from '../../src/domain/cart.ts';
import { startStoreProcess, type StoreProcess } from '../support/store-process.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useProductPage } from '../../src/hooks/useProductPage.ts';
import { testEnvironment, wrapper } from './hooks.helpers.tsx';

/** A fetch with a one-origin cookie jar: what the browser does for the session cookie. */
function cookieFetch(): FetchLike {
  const jar = new Map<string, string>();
  return async (request, init) => {
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new Request(request, { headers }), init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
}

let store: StoreProcess;
let work: string;
let client: ApiClient;
let card: ProductCardData;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'skimmer-hooks-'));
  store = await startStoreProcess({
    cwd: work,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: join(work, 'data'), DATABASE_PATH: join(work, 'data', 'skimmer.db'), SEED_PRODUCTS: '40', SEED: '11', LOG_LEVEL: 'warn', PUBLIC_URL: '' },
  });
  client = createClient({ baseUrl: store.url, fetch: cookieFetch() });
  const { products } = await client.filterProducts({ limit: 40, page: 0 });
  const sellable = products.find((p) => p.availableForSale && p.inventoryLevelId !== null && p.price > 0 && (p.bypassNegativeQuantity || p.availableQuantity >= 3));
  if (!sellable) throw new Error('the seeded catalogue has no sellable product');
  card = sellable;
}, 60_000);

afterAll(async () => {
  await store?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('hooks against the reference server', () => {
  test('useProductPage loads a real product and useCart adds, sets the quantity of and removes its line', async () => {
    const { product } = await client.productByHandle(card.handle);
    const variant = product.Variants.find((v) => v.availableInventoryLevels.some((l) => l.id === card.inventoryLevelId));
    expect(variant).toBeDefined();

    const { result } = renderHook(() => ({ page: useProductPage(card.handle, { variantId: variant!.id }), cart: useCart() }), {
      wrapper: wrapper(client, testEnvironment(), { initialData: { auth: { user: null, customer: {} } } }),
    });

    // the startup fetch of the cart and the product both come from the server
    await waitFor(() => expect(result.current.page.status).toBe('loaded'), { timeout: 10_000 });
    await waitFor(() => expect(result.current.cart.updating).toBe(false));
    expect(result.current.page.product?.id).toBe(card.id);
    expect(result.current.page.variant?.id).toBe(variant!.id);
    expect(result.current.page.addButton.disabled).toBe(false);
    expect(result.current.cart.empty).toBe(true);

    act(() => result.current.page.add());
    await waitFor(() => expect(result.current.cart.lines).toHaveLength(1), { timeout: 10_000 });
    const line = result.current.cart.lines[0]!;
    expect(line).toMatchObject({ inventoryLevelId: card.inventoryLevelId, quantity: 1 });
    expect(result.current.cart.overlayOpen).toBe(true);
    expect(result.current.cart.checkout?.webUrl).toMatch(/\/[^/]+$/);
    expect(result.current.cart.canApplyCoupon).toBe(true);

    act(() => result.current.cart.setQuantity(line.lineItemId, 2));
    await waitFor(() => expect(result.current.cart.lines[0]?.quantity).toBe(2), { timeout: 10_000 });
    expect(result.current.page.availableQuantity).toBe(card.bypassNegativeQuantity ? MAX_LINE_QUANTITY - 2 : card.availableQuantity - 2);

    // the same session sees the same cart on a fresh call
    const again = await client.getCheckout();
    expect(again.checkout?.LineItems.map((l) => [l.inventoryLevelId, l.currentQuantity])).toEqual([[card.inventoryLevelId, 2]]);

    act(() => result.current.cart.remove(line.lineItemId));
    await waitFor(() => expect(result.current.cart.empty).toBe(true), { timeout: 10_000 });
  }, 30_000);
});
