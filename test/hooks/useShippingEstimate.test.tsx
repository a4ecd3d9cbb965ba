import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { EstimateShippingRequest } from '../../src/api/shipping.ts';
import { checkoutLines } from '../../src/domain/cart.ts';
import { SHIPPING_TEXT, SHIPPING_ZIP_KEY, ZIP_INVALID_MESSAGE } from '../../src/domain/shipping-view.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { useCartShipping } from '../../src/hooks/useCartShipping.ts';
import { useShippingEstimate } from '../../src/hooks/useShippingEstimate.ts';
import { useShippingZip } from '../../src/hooks/useShippingZip.ts';
import { SIGNED_IN } from './account.helpers.ts';
import { checkoutOf, lineItem } from './cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { CHLORINE, FILTER, PUMP, quoteOf } from './shipping.helpers.ts';

const REQUEST: EstimateShippingRequest = { lines: [{ inventoryLevelId: 11, quantity: 1 }], destination: { zip: '90210' } };

describe('useShippingZip', () => {
  test('starts from the signed-in customer\'s default address, then the ZIP the shopper saved, kept in storage', () => {
    const storage = createMemoryStorage();
    const { result } = renderHook(() => useShippingZip(), { wrapper: wrapper(fakeClient(), testEnvironment({ storage }), { initialData: SIGNED_IN }) });
    expect([result.current.zip, result.current.source]).toEqual(['98101', 'account']);
    let message: string | null = 'unset';
    act(() => void (message = result.current.save(' 92101-1234 ')));
    expect(message).toBeNull();
    expect(storage.get(SHIPPING_ZIP_KEY)).toBe('92101');
    expect([result.current.zip, result.current.source]).toEqual(['92101', 'saved']);
  });

  test('a ZIP that is not a US ZIP is refused with the quote\'s message, nothing stored', () => {
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: '92101' });
    const { result } = renderHook(() => useShippingZip(), { wrapper: wrapper(fakeClient(), testEnvironment({ storage })) });
    expect(result.current.zip).toBe('92101');
    let message: string | null = null;
    act(() => void (message = result.current.save('9210')));
    expect(message).toBe(ZIP_INVALID_MESSAGE);
    expect(storage.get(SHIPPING_ZIP_KEY)).toBe('92101');
  });

  test('every reader on the page sees a saved ZIP at once; junk in storage is no ZIP', () => {
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: 'not a zip' });
    const w = wrapper(fakeClient(), testEnvironment({ storage }));
    const a = renderHook(() => useShippingZip(), { wrapper: w });
    const b = renderHook(() => useShippingZip(), { wrapper: w });
    expect(a.result.current.zip).toBeNull();
    act(() => void a.result.current.save('10001'));
    expect(b.result.current.zip).toBe('10001');
  });
});

describe('useShippingEstimate', () => {
  test('idle without a request: no call', () => {
    const calls = { estimateShipping: vi.fn(async () => ({ quote: quoteOf([PUMP]) })) } satisfies Partial<ApiClient>;
    const { result } = renderHook(() => useShippingEstimate(null), { wrapper: wrapper(fakeClient(calls)) });
    expect(result.current.status).toBe('idle');
    expect(calls.estimateShipping).not.toHaveBeenCalled();
  });

  test('loading, then the quote; two readers of the same lines and ZIP make one call', async () => {
    const quote = quoteOf([{ ...PUMP, id: '11' }]);
    const calls = { estimateShipping: vi.fn(async (_body: EstimateShippingRequest) => ({ quote })) } satisfies Partial<ApiClient>;
    // one provider, two readers (the members in another order: the same key)
    const { result } = renderHook(() => [useShippingEstimate(REQUEST), useShippingEstimate({ destination: { zip: '90210' }, lines: [{ quantity: 1, inventoryLevelId: 11 }] })], {
      wrapper: wrapper(fakeClient(calls)),
    });
    expect(result.current[0]!.status).toBe('loading');
    await waitFor(() => expect(result.current.map((r) => r.status)).toEqual(['ready', 'ready']));
    expect(result.current[0]!.quote?.dates.shipsText).toBe('Order within 2 h 14 min and it ships today');
    expect(calls.estimateShipping).toHaveBeenCalledTimes(1);
    expect(calls.estimateShipping.mock.calls[0]![0]).toEqual(REQUEST);
  });

  test('the quote\'s refusal (422) is shown in its own words; another failure reads the retry text and retries', async () => {
    const refusal = "Pool chemicals ship by ground within the contiguous US only, so we can't send Liquid Chlorine to AK. Remove it or ship to another address.";
    const refused = { estimateShipping: vi.fn(async () => Promise.reject(new ApiError(refusal, { kind: 'http', status: 422, serverMessage: refusal }))) } satisfies Partial<ApiClient>;
    const r = renderHook(() => useShippingEstimate(REQUEST), { wrapper: wrapper(fakeClient(refused)) });
    await waitFor(() => expect(r.result.current.status).toBe('refused'));
    expect(r.result.current.message).toBe(refusal);

    let fail = true;
    const quote = quoteOf([{ ...PUMP, id: '11' }]);
    const flaky = {
      estimateShipping: vi.fn(async () => {
        if (fail) throw new ApiError('Network error', { kind: 'network' });
        return { quote };
      }),
    } satisfies Partial<ApiClient>;
    const f = renderHook(() => useShippingEstimate(REQUEST), { wrapper: wrapper(fakeClient(flaky)) });
    await waitFor(() => expect(f.result.current.status).toBe('failed'));
    expect(f.result.current.message).toBe(SHIPPING_TEXT.failed);
    fail = false;
    act(() => f.result.current.retry());
    await waitFor(() => expect(f.result.current.status).toBe('ready'));
  });
});

describe('useCartShipping', () => {
  // the California cart: chlorine (level 21), a pump (22) and a sand filter (23)
  const items = [lineItem(1, 21, 1, 39.99), lineItem(2, 22, 1, 689.99), lineItem(3, 23, 1, 1149.99)];
  const quoteLines = [{ ...CHLORINE, id: '21' }, { ...PUMP, id: '22' }, { ...FILTER, id: '23' }];

  test('estimates the cart itself (its checkout id) for the saved ZIP: three shipments and the quote\'s totals rows', async () => {
    const quote = quoteOf(quoteLines);
    const calls = { estimateShipping: vi.fn(async (_body: EstimateShippingRequest) => ({ quote })) } satisfies Partial<ApiClient>;
    const checkout = checkoutOf(items);
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' });
    const { result } = renderHook(() => useCartShipping(checkoutLines(checkout), checkout), { wrapper: wrapper(fakeClient(calls), testEnvironment({ storage })) });
    await waitFor(() => expect(result.current.quote).not.toBeNull());
    // the server reads the cart's lines and codes: the body names the cart only
    expect(calls.estimateShipping.mock.calls[0]![0]).toEqual({ checkoutId: 'chk1', destination: { zip: '90210' } });
    expect(result.current.exact).toBe(true);
    expect(result.current.shipments.map((s) => [s.heading, s.items])).toEqual([
      ['Parcels by Ground', ['Part 22']],
      ['Pool chemicals by Ground', ['Part 21']],
      ['Freight', ['Part 23']],
    ]);
    expect(result.current.rows?.map((r) => r.kind)).toEqual(['subtotal', 'shipping', 'shipping', 'shipping', 'tax', 'total']);
  });

  test('a checkout without an id estimates its lines', async () => {
    const calls = { estimateShipping: vi.fn(async (_body: EstimateShippingRequest) => ({ quote: quoteOf(quoteLines) })) } satisfies Partial<ApiClient>;
    const checkout = checkoutOf(items, { webUrl: '' });
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' });
    const { result } = renderHook(() => useCartShipping(checkoutLines(checkout), checkout), { wrapper: wrapper(fakeClient(calls), testEnvironment({ storage })) });
    await waitFor(() => expect(result.current.quote).not.toBeNull());
    expect(calls.estimateShipping.mock.calls[0]![0]).toEqual({
      lines: [{ inventoryLevelId: 21, quantity: 1 }, { inventoryLevelId: 22, quantity: 1 }, { inventoryLevelId: 23, quantity: 1 }],
      destination: { zip: '90210' },
    });
    expect(result.current.exact).toBe(true);
  });

  test('the checkout\'s own quote wins, with no estimate call; an answer without the cart\'s discount shows no money', async () => {
    const served = quoteOf(quoteLines, '90210', { discountCents: 10_000 });
    const calls = { estimateShipping: vi.fn(async () => ({ quote: quoteOf(quoteLines) })) } satisfies Partial<ApiClient>;
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' });
    const env = testEnvironment({ storage });
    const discounted = checkoutOf(items, { subtotalPrice: 1779.97, DiscountCodes: [{ code: 'SAVE100', Discount: { title: '$100 off' } }] });
    const withQuote = { ...discounted, shippingQuote: served };
    const a = renderHook(() => useCartShipping(checkoutLines(withQuote), withQuote), { wrapper: wrapper(fakeClient(calls), env) });
    expect(a.result.current.exact).toBe(true);
    expect(a.result.current.rows?.find((r) => r.kind === 'discount')?.label).toBe('Discount (SAVE100)');
    expect(calls.estimateShipping).not.toHaveBeenCalled();

    const b = renderHook(() => useCartShipping(checkoutLines(discounted), discounted), { wrapper: wrapper(fakeClient(calls), env) });
    await waitFor(() => expect(b.result.current.quote).not.toBeNull());
    expect(b.result.current.exact).toBe(false);
    expect(b.result.current.rows).toBeNull();
    expect(b.result.current.shipments).toHaveLength(3);
  });
});
