import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { ProductsSearchResponse } from '../../src/api/types.ts';
import CartPage from '../../src/app/pages/CartPage.tsx';
import SearchPage from '../../src/app/pages/SearchPage.tsx';
import { checkoutOf, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, testEnvironment } from '../hooks/hooks.helpers.tsx';
import { collection } from '../hooks/product.helpers.ts';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

describe('search results page', () => {
  test('shows the title, breadcrumb, matches message with the expert link, and the cards', async () => {
    const client = fakeClient({
      filterProducts: vi.fn(async () => ({ products: [card(1, { isFeatured: true }), card(2, { price: 0, callForPrice: true })], pageInfo: pageInfo(2) })),
    });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client });
    expect(await screen.findByText('Part 1')).toBeTruthy();
    // the head comes once its rules have loaded (src/app/page-head.tsx)
    await waitFor(() => expect(document.title).toBe('Search results - Skimmer'));
    expect(screen.getAllByText('Search for "pump"').length).toBeGreaterThan(0);
    const here = screen.getByRole('link', { name: 'HERE' });
    expect(here.getAttribute('href')).toBe('/expert-assistance/355.htm');
    expect(here.parentElement?.textContent).toBe("2 matches found. Can't find your part? Click HERE to request expert assistance!");
    expect(screen.getByText('Featured')).toBeTruthy();
    expect(screen.getByText('Call for price')).toBeTruthy();
    expect(screen.getAllByText('Showing 1 - 2 of 2 products.')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Quick View' })).toHaveLength(2);
  });

  test('shows 8 skeleton cards while loading, then the no-match message', async () => {
    let answer: (v: ProductsSearchResponse) => void = () => {};
    const client = fakeClient({ filterProducts: vi.fn(() => new Promise<ProductsSearchResponse>((r) => (answer = r))) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=nothing', path: '/searchresults.asp', client });
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    await act(async () => answer({ products: [], pageInfo: pageInfo(0) }));
    expect(await screen.findByText('No products match your search criteria, please try again.')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
  });

  test('opens Quick View as a dialog and closes it with Close or Escape', async () => {
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1) })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client });
    fireEvent.click(await screen.findByRole('button', { name: 'Quick View' }));
    // the overlay's code loads on the first Quick View
    const dialog = await screen.findByRole('dialog', { name: 'Part 1' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quick View' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('offers the nine sort options and the page sizes', async () => {
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1) })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client });
    await screen.findByText('Part 1');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Default', 'Older', 'Newer', 'Title: A-Z, ascending', 'Title: A-Z, descending', 'Price: lowest to highest', 'Price: highest to lowest', 'Product: Top Rated', 'Product: Best Selling',
    ]);
    const size = screen.getByLabelText('Per page') as HTMLSelectElement;
    expect([...size.options].map((o) => o.text)).toEqual(['Default', '8 per page', '16 per page', '24 per page', '48 per page', '64 per page', '76 per page']);
  });
});

describe('search results page filters', () => {
  test("'Search Within' narrows the query with the words typed, through the URL (page reset)", async () => {
    const environment = testEnvironment();
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(60, 24) })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump&page=2', path: '/searchresults.asp', client, environment });
    await screen.findByText('Part 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Within' }), { target: { value: ' seal ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/searchresults.asp?page=0&q=pump%20seal'));
  });

  test('the price slider applies its bounds after its 500 ms pause, and the vendor select filters by v', async () => {
    const environment = testEnvironment();
    const navigated = () => vi.mocked(environment.navigate).mock.calls.map(([url]) => url);
    const info = pageInfo(60, 24, { productMaxPrice: 500, availableVendors: [{ vendor: 'Hayward', vendorCount: 4 }] });
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: info })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client, environment });
    await screen.findByText('Part 1');
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Maximum price'), { target: { value: '120' } });
      expect(screen.getByText('$0.00 - $120.00')).toBeTruthy();
      await act(async () => vi.advanceTimersByTimeAsync(499));
      expect(navigated()).toEqual([]);
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(navigated()).toEqual(['/searchresults.asp?page=0&q=pump&maxPrice=120.00']);
    } finally {
      vi.useRealTimers();
    }
    fireEvent.change(screen.getByLabelText('Vendors'), { target: { value: 'Hayward' } });
    await waitFor(() => expect(navigated().at(-1)).toMatch(/[?&]v=Hayward(&|$)/));
  });
});

describe('search results page URL', () => {
  test('keeps the page in the URL through the navigate of the environment and scrolls back to the list', async () => {
    const environment = testEnvironment();
    const filterProducts = vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(60, 24) }));
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client: fakeClient({ filterProducts }), environment });
    await screen.findByText('Part 1');
    fireEvent.click(screen.getAllByRole('button', { name: '2' })[0]!);
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/searchresults.asp?page=1&q=pump'));
    // jsdom lays nothing out: the list sits at 0, so the scroll clamps at the top
    expect(environment.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  test('looks up a cat parameter and redirects to the collection path plus its handle', async () => {
    const environment = testEnvironment();
    const client = fakeClient({ collectionByIdOrCat: vi.fn(async () => ({ collection: collection(12, { handle: 'pumps' }) })), filterProducts: vi.fn(async () => ({ products: [], pageInfo: pageInfo(0) })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?cat=12', path: '/searchresults.asp', client, environment });
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/collections/pumps', expect.anything()));
  });
});

describe('cart page', () => {
  const checkout = checkoutOf([lineItem(1, 11, 2, 12.5)], { CheckoutShippingLine: { price: 0 } });

  test('lists the lines with their amounts, FREE shipping and the checkout button', () => {
    renderAt(<CartPage />, { url: '/shoppingcart.asp', path: '/shoppingcart.asp', options: { initialData: { auth: { user: null, customer: {} }, checkout } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeTruthy();
    expect(screen.getByText('Part 11')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getAllByText('$25.00').length).toBeGreaterThan(0);
    expect(screen.getByText('FREE')).toBeTruthy();
    expect((screen.getByLabelText('Quantity of Part 11') as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(false);
  });

  test('starts checkout at the checkout webUrl', async () => {
    const environment = testEnvironment();
    renderAt(<CartPage />, { url: '/shoppingcart.asp', path: '/shoppingcart.asp', environment, options: { initialData: { auth: { user: null, customer: {} }, checkout } } });
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('https://checkout.test/checkouts/chk1'));
  });

  test('shows the empty cart with no coupon box', () => {
    renderAt(<CartPage />, { url: '/shoppingcart.asp', path: '/shoppingcart.asp' });
    expect(screen.getByText('No items in cart')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  test('disables minus at quantity 1', async () => {
    const one = checkoutOf([lineItem(1, 11, 1, 12.5)]);
    renderAt(<CartPage />, { url: '/shoppingcart.asp', path: '/shoppingcart.asp', client: fakeClient(), options: { initialData: { auth: { user: null, customer: {} }, checkout: one } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decrease quantity' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Increase quantity' }).hasAttribute('disabled')).toBe(false);
  });
});
