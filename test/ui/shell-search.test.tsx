import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SearchBox as FirstSearchBox } from '../../src/ui/shell/SearchBox.tsx';
import { LiveSearchBox as SearchBox } from '../../src/ui/shell/SearchBoxLive.tsx';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { card, collection, pageInfo } from '../hooks/product.helpers.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PRODUCTS = [card(1, { title: 'SuperFlo pump', handle: 'superflo', vendor: 'Pentair' })];
const COLLECTIONS = [collection(9, { title: 'Pumps', handle: 'pumps' })];

function setup(found = true) {
  const filterProducts = vi.fn(async () => ({ products: found ? PRODUCTS : [], pageInfo: pageInfo(found ? 1 : 0) }));
  const searchCollections = vi.fn(async () => ({ collections: found ? COLLECTIONS : [] }));
  const environment = testEnvironment();
  const Wrapper = wrapper(fakeClient({ filterProducts, searchCollections }), environment);
  render(<Wrapper><SearchBox /><p>elsewhere</p></Wrapper>);
  const input = screen.getByPlaceholderText('Enter Keyword or Part Number...');
  return { input, environment, filterProducts };
}

async function type(input: HTMLElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  await act(() => vi.advanceTimersByTimeAsync(600));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('SearchBox', () => {
  test("shows the 'Categories' and 'Products' groups with links to the collection and the product", async () => {
    const { input } = setup();
    await type(input, 'pump');
    const categories = screen.getByRole('region', { name: 'Categories' });
    const products = screen.getByRole('region', { name: 'Products' });
    expect(within(categories).getByRole('link', { name: 'Pumps' }).getAttribute('href')).toBe('/collections/pumps');
    expect(within(products).getByRole('link', { name: /SuperFlo pump/ }).getAttribute('href')).toBe('/products/superflo');
  });

  test("shows 'No results found.' when the search found nothing", async () => {
    const { input } = setup(false);
    await type(input, 'zzzz');
    expect(screen.getByText('No results found.')).toBeTruthy();
  });

  test('choosing a result navigates through the hook and closes the dropdown', async () => {
    const { input, environment } = setup();
    await type(input, 'pump');
    fireEvent.click(screen.getByRole('link', { name: /SuperFlo pump/ }));
    expect(environment.navigate).toHaveBeenCalledWith('/products/superflo');
    expect(screen.queryByRole('region', { name: 'Products' })).toBeNull();
  });

  test('a mouse down outside closes the dropdown', async () => {
    const { input } = setup();
    await type(input, 'pump');
    fireEvent.mouseDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('region', { name: 'Products' })).toBeNull();
  });

  test('submitting goes to the search results page with page=0', async () => {
    const { input, environment } = setup();
    await type(input, 'pump');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(vi.mocked(environment.navigate).mock.calls[0]?.[0]).toMatch(/^\/searchresults\.asp\?.*q=pump/);
    expect(vi.mocked(environment.navigate).mock.calls[0]?.[0]).toContain('page=0');
  });

  test("a price phrase shows the pill 'Price filter: ...' with the hover hint 'Accept suggestion?', and a click accepts it", async () => {
    const { input, filterProducts } = setup();
    await type(input, 'pump under $500');
    const pill = screen.getByRole('button', { name: 'Price filter: under $500.00' });
    const hint = screen.getByRole('tooltip');
    expect(hint.textContent).toBe('Accept suggestion?');
    expect(hint.className).not.toContain('is-shown');
    fireEvent.mouseEnter(pill.parentElement as HTMLElement);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(hint.className).toContain('is-shown');
    fireEvent.click(pill);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect((input as HTMLInputElement).value).toBe('pump');
    expect(filterProducts).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'pump', maxPrice: 500 }), expect.anything());
  });
});

describe('SearchBox as the page first shows it', () => {
  function first() {
    const filterProducts = vi.fn(async () => ({ products: PRODUCTS, pageInfo: pageInfo(1) }));
    const searchCollections = vi.fn(async () => ({ collections: COLLECTIONS }));
    const environment = testEnvironment();
    const Wrapper = wrapper(fakeClient({ filterProducts, searchCollections }), environment);
    render(<Wrapper><FirstSearchBox /></Wrapper>);
    return { environment, filterProducts };
  }
  const box = () => screen.getByPlaceholderText('Enter Keyword or Part Number...') as HTMLInputElement;
  /** Until the box at work has mounted (it loads as its own module). */
  async function working() {
    for (let i = 0; i < 50 && !screen.getByRole('search').querySelector('.search-dropdown'); i++) await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('search').querySelector('.search-dropdown')).not.toBeNull();
  }

  test('shows the placeholder and a disabled search button, and makes no call before the shopper reaches for it', async () => {
    const { filterProducts } = first();
    expect(box().value).toBe('');
    expect(screen.getByRole('button', { name: 'Search' }).hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('search').querySelector('.search-dropdown')).toBeNull();
    expect(filterProducts).not.toHaveBeenCalled();
  });

  test('the box at work takes over with the text typed and the focus, then searches it', async () => {
    const { filterProducts } = first();
    box().focus();
    fireEvent.change(box(), { target: { value: 'pump' } });
    await working();
    expect(box().value).toBe('pump');
    expect(document.activeElement).toBe(box());
    await act(() => vi.advanceTimersByTimeAsync(600));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(filterProducts).toHaveBeenCalledWith(expect.objectContaining({ q: 'pump' }), expect.anything());
    expect(screen.getByRole('region', { name: 'Products' })).toBeTruthy();
  });

  test('a submit made before the box at work was ready is carried out by it', async () => {
    const { environment } = first();
    fireEvent.change(box(), { target: { value: 'pump' } });
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    await working();
    expect(vi.mocked(environment.navigate).mock.calls[0]?.[0]).toMatch(/^\/searchresults\.asp\?.*q=pump/);
  });

  test('a box at work mounted again starts from the text typed into the one before it, and submits nothing by itself', async () => {
    const filterProducts = vi.fn(async () => ({ products: PRODUCTS, pageInfo: pageInfo(1) }));
    const environment = testEnvironment();
    const Wrapper = wrapper(fakeClient({ filterProducts, searchCollections: vi.fn(async () => ({ collections: COLLECTIONS })) }), environment);
    // the first box's input as it was at the swap, detached and frozen, with a submit made before
    const frozen = document.createElement('input');
    frozen.value = 'AQU454';
    const seed = { current: { text: 'AQU454', focused: true, submitted: true, field: frozen } };
    const view = render(<Wrapper><SearchBox key="one" seed={seed} /></Wrapper>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(box().value).toBe('AQU454');
    expect(environment.navigate).toHaveBeenCalledTimes(1);
    fireEvent.change(box(), { target: { value: 'AQU4549V' } });
    // the header mounts the box at work again (a new key): it shows what the shopper last typed
    view.rerender(<Wrapper><SearchBox key="two" seed={seed} /></Wrapper>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(box().value).toBe('AQU4549V');
    expect(environment.navigate).toHaveBeenCalledTimes(1);
  });
});
