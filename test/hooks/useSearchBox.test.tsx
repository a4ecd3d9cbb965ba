import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { SearchBoxInput } from '../../src/machines/search-box.machine.ts';
import { useSearchBox } from '../../src/hooks/useSearchBox.ts';
import { fakeClient, testEnvironment, wrapper } from './hooks.helpers.tsx';
import { card, collection, pageInfo } from './product.helpers.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const PRODUCTS = [card(1, { title: 'SuperFlo pump', handle: 'superflo', vendor: 'Pentair' })];
const COLLECTIONS = [collection(9, { title: 'Pumps', handle: 'pumps' })];

function setup(input: SearchBoxInput = {}, found = true) {
  const filterProducts = vi.fn(async () => ({ products: found ? PRODUCTS : [], pageInfo: pageInfo(found ? 1 : 0) }));
  const searchCollections = vi.fn(async () => ({ collections: found ? COLLECTIONS : [] }));
  const env = testEnvironment();
  const hook = renderHook(() => useSearchBox(input), {
    wrapper: wrapper(fakeClient({ filterProducts, searchCollections }), env),
  });
  return { filterProducts, searchCollections, env, ...hook };
}

describe('useSearchBox', () => {
  test("shows the placeholder 'Enter Keyword or Part Number...'", () => {
    expect(setup().result.current.placeholder).toBe('Enter Keyword or Part Number...');
  });

  test('searches products and collections (limit 4) 600 ms after the last keystroke, then opens the dropdown with links', async () => {
    const { result, filterProducts, searchCollections } = setup();
    act(() => result.current.change('pump'));
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(filterProducts).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(filterProducts).toHaveBeenCalledWith({ q: 'pump', limit: 4, page: 0, fields: ['title', 'handle', 'id', 'vendor'] }, expect.anything());
    expect(searchCollections).toHaveBeenCalledWith(expect.objectContaining({ q: 'pump', limit: 4, page: 0 }), expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.open).toBe(true);
    expect(result.current.products).toEqual([{ ...PRODUCTS[0], href: '/products/superflo' }]);
    expect(result.current.collections).toEqual([{ ...COLLECTIONS[0], href: '/collections/pumps' }]);
    expect(result.current.noResultsText).toBeNull();
  });

  test('the pause is 400 ms on the search results page', async () => {
    const { result, filterProducts } = setup({ onSearchPage: true });
    act(() => result.current.change('pump'));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(filterProducts).toHaveBeenCalledTimes(1);
  });

  test('a query under 3 characters makes no call', async () => {
    const { result, filterProducts } = setup();
    act(() => result.current.change('pu'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(filterProducts).not.toHaveBeenCalled();
  });

  test("a finished search with nothing found reads 'No results found.'", async () => {
    const { result } = setup({}, false);
    act(() => result.current.change('zzzz'));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current.noResultsText).toBe('No results found.');
  });

  test('opens on focus; closes on a click outside, on choosing a result, and when the query is cleared', async () => {
    const { result, env } = setup();
    act(() => result.current.focus());
    expect(result.current.open).toBe(true);
    act(() => result.current.clickOutside());
    expect(result.current.open).toBe(false);
    act(() => result.current.focus());
    act(() => result.current.choose('/products/superflo'));
    expect(result.current.open).toBe(false);
    expect(env.navigate).toHaveBeenCalledWith('/products/superflo');
    act(() => result.current.change('pu'));
    act(() => result.current.focus());
    expect(result.current.open).toBe(true);
    act(() => result.current.change(''));
    expect(result.current.open).toBe(false);
  });

  test('submitting goes to the search results page with page=0', () => {
    const { result, env } = setup();
    expect(result.current.canSubmit).toBe(false);
    act(() => result.current.change('pump'));
    expect(result.current.canSubmit).toBe(true);
    act(() => result.current.submit());
    expect(env.navigate).toHaveBeenCalledWith('/searchresults.asp?page=0&q=pump');
  });

  test("the price pill reads 'Price filter: ...' with the hint 'Accept suggestion?'; its popover shows after 250 ms and hides 400 ms after leaving; accepting removes the phrase", async () => {
    const { result, filterProducts } = setup();
    act(() => result.current.change('pump under $500'));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current.pill).toEqual({ text: 'Price filter: under $500.00', hint: 'Accept suggestion?' });
    act(() => result.current.pillEnter());
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(result.current.popoverShown).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.popoverShown).toBe(true);
    act(() => result.current.pillLeave());
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(result.current.popoverShown).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.popoverShown).toBe(false);
    act(() => result.current.acceptPill());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.query).toBe('pump');
    expect(result.current.pill).toBeNull();
    expect(filterProducts).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'pump', maxPrice: 500 }), expect.anything());
    expect(result.current.collections[0]?.href).toBe('/collections/pumps?maxPrice=500.00');
  });
});
