import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import CartPage from '../../src/app/pages/CartPage.tsx';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import SearchPage from '../../src/app/pages/SearchPage.tsx';
import { checkoutOf, fakeCartServer, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, fakeViewport, testEnvironment } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { listInfo } from './content.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const signedOut = { user: null, customer: {} };

describe('cart page flows', () => {
  test('applies a discount code and shows the cart message; the plus button sets the quantity', async () => {
    const server = fakeCartServer([lineItem(1, 11, 2, 12.5)]);
    renderAt(<CartPage />, {
      url: '/shoppingcart.asp',
      path: '/shoppingcart.asp',
      client: fakeClient(server.calls),
      options: { initialData: { auth: signedOut, checkout: checkoutOf(server.items()) } },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount code' }), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Discount code not found');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(server.calls.setLineItemQuantity).toHaveBeenCalled());
    await waitFor(() => expect(server.items()[0]?.currentQuantity).toBe(3));
  });
});

describe('product page flows', () => {
  function client() {
    return fakeClient({
      productByHandle: vi.fn(async () => ({ product: pump() })),
      relatedProducts: vi.fn(async () => ({ products: [] })),
      productsByIds: vi.fn(async () => ({ products: [] })),
      productReviews: vi.fn(async () => ({ reviews: [], pageInfo: listInfo(0, 10) })),
      addLineItem: vi.fn(async () => ({ checkout: checkoutOf([lineItem(1, 30, 1, 450)]) })),
    });
  }

  test('keeps Add to Cart disabled until every option is chosen, then adds the matching variant', async () => {
    const c = client();
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: c });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '1.5 HP' } });
    fireEvent.change(screen.getByLabelText('Voltage'), { target: { value: '115V' } });
    expect(screen.getByText('$450.00')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(c.addLineItem).toHaveBeenCalledWith(expect.objectContaining({ inventoryLevelId: 30, quantity: 1 }), expect.anything()));
  });

  test('puts the title, price and details above the gallery on mobile and hides the top banner', async () => {
    const environment = testEnvironment({ viewport: fakeViewport(400) });
    const { container } = renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(), environment });
    const h1 = await screen.findByRole('heading', { level: 1 });
    const gallery = screen.getByRole('region', { name: 'Product images' });
    expect(h1.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('.sk-topbanner')).toBeNull();
  });
});

describe('search page view', () => {
  test("stores the list view under 'view'", async () => {
    const environment = testEnvironment();
    renderAt(<SearchPage />, {
      url: '/searchresults.asp?q=pump',
      path: '/searchresults.asp',
      client: fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1) })) }),
      environment,
    });
    await screen.findByText('Part 1');
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(environment.storage.get('view')).toBe('list'));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  });
});
