import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ProductResponse } from '../../src/api/types.ts';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import { fakeClient, offContract, testEnvironment, unanswered } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { listInfo } from './content.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

function client(product = pump(), calls: Parameters<typeof fakeClient>[0] = {}) {
  return fakeClient({
    productByHandle: vi.fn(async () => ({ product })),
    relatedProducts: vi.fn(async () => ({ products: [] })),
    productsByIds: vi.fn(async () => ({ products: [] })),
    productReviews: vi.fn(async () => ({ reviews: [{ id: 1, starsRating: 4, title: 'Quiet pump', body: 'Runs well.', author: 'Ann' }], pageInfo: listInfo(1, 10) })),
    ...calls,
  });
}

describe('product page', () => {
  test("shows 'Fetching product...' while loading", () => {
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: fakeClient({ productByHandle: vi.fn(unanswered) }) });
    expect(screen.getByRole('status').textContent).toContain('Fetching product...');
    expect(screen.getAllByText('Fetching product...')).toHaveLength(2);
  });

  test('shows the title, vendor link, details grid, tabs and the JSON-LD', async () => {
    const { container } = renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client() });
    expect(await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pentair' }).getAttribute('href')).toBe('/searchresults.asp?v=Pentair');
    for (const label of ['SKU', 'Availability', 'Weight in LBS', 'Shipping', 'Calculated at Checkout']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('$400.00')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Warranty Information' }));
    expect(screen.getByText('This product has a 1 year warranty from the manufacturer only.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'PDFs' })).toBeNull();
    // the structured data's rules load once the page has settled (the shopper's first scroll here)
    fireEvent.scroll(window);
    await waitFor(() => expect(container.querySelector('script[type="application/ld+json"]')).not.toBeNull());
    const ld = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(ld?.textContent ?? '{}')['@type']).toBe('Product');
    expect(container.querySelector('[id="q&a"]')).toBeTruthy();
    expect(container.querySelector('[data-product-id="501"]')).toBeTruthy();
    expect(await screen.findByText('Quiet pump')).toBeTruthy();
  });

  test('reads Please call us for price at 0 and shares by email with the subject', async () => {
    const product = pump({ price: 0, Options: [], Variants: [] });
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(product) });
    expect(await screen.findByText('Please call us for price on this product.')).toBeTruthy();
    const share = screen.getByRole('region', { name: 'Share' });
    expect(within(share).getByRole('link', { name: 'Email' }).getAttribute('href')).toContain('subject=Check%20this%20out');
  });

  test('preselects the variant of the variant query parameter', async () => {
    renderAt(<ProductPage />, { url: '/products/superflo?variant=3', path: '/products/:handle', client: client() });
    expect(await screen.findByText('$450.00')).toBeTruthy();
    expect((screen.getByLabelText('Size') as HTMLSelectElement).value).toBe('1.5 HP');
  });

  test('shows a PDFs tab with the display name when PDFs exist', async () => {
    const product = pump({ PDFs: [{ url: '/media/pdfs/a-b-c-d-manual.pdf', Attachment: { localFilename: 'a-b-c-d-manual.pdf' } }] });
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(product) });
    fireEvent.click(await screen.findByRole('tab', { name: 'PDFs' }));
    expect(await screen.findByText('manual.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview manual.pdf' }));
    expect(within(screen.getByRole('dialog')).getByRole('status')).toBeTruthy();
  });

  test("a failed product fetch shows its message, and Try again fetches again", async () => {
    let resting = true;
    const productByHandle = vi.fn(async () => {
      if (resting) throw new Error('The catalogue is resting');
      return { product: pump() };
    });
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(pump(), { productByHandle }) });
    expect((await screen.findByRole('alert')).textContent).toContain('The catalogue is resting');
    resting = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' })).toBeTruthy();
  });

  test('shows the 404 content when the product is missing; Go Back goes back in history', async () => {
    const environment = testEnvironment();
    renderAt(<ProductPage />, { url: '/products/none', path: '/products/:handle', environment, client: fakeClient({ productByHandle: vi.fn(async () => offContract<ProductResponse>({ product: null })) }) });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('This page does not exist.')).toBeTruthy();
    // the head comes once its rules have loaded (src/app/page-head.tsx)
    await waitFor(() => expect(document.title).toBe('404 Not Found - Skimmer'));
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(environment.back).toHaveBeenCalledTimes(1);
  });
});

describe("product page in 'Add to Order' mode (orderId query parameter)", () => {
  test("reads 'Add to Order', asks no quantity, and adds the product to the order with the success message", async () => {
    const addRelatedProductToOrder = vi.fn(async () => ({ success: true }));
    const addLineItem = vi.fn();
    const api = client(pump(), { addRelatedProductToOrder, addLineItem });
    renderAt(<ProductPage />, { url: '/products/superflo?orderId=1024', path: '/products/:handle', client: api });
    const add = await screen.findByRole('button', { name: 'Add to Order' });
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(add.hasAttribute('disabled')).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(addRelatedProductToOrder).toHaveBeenCalledWith(1024, 501, expect.anything()));
    expect((await screen.findByText("You've added this product to your order. Expect hearing from us soon.")).className).toContain('success');
    expect(addLineItem).not.toHaveBeenCalled();
  });

  test("a non-ok answer shows 'Failed to add product to order'", async () => {
    const api = client(pump(), { addRelatedProductToOrder: vi.fn(async () => ({ success: false })) });
    renderAt(<ProductPage />, { url: '/products/superflo?orderId=1024', path: '/products/:handle', client: api });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Order' }));
    expect((await screen.findByText('Failed to add product to order')).className).toContain('error');
  });

  test('an orderId that is not a number leaves the page adding to the cart', async () => {
    renderAt(<ProductPage />, { url: '/products/superflo?orderId=abc', path: '/products/:handle', client: client() });
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Order' })).toBeNull();
    expect(screen.getByLabelText('Quantity')).toBeTruthy();
  });
});

describe('product page breadcrumbs', () => {
  const inTwo = pump({ Collections: [{ id: 7, handle: 'pumps', title: 'Pumps' }, { id: 9, handle: 'motors', title: 'Motors' }] });
  const path = '/collections/:collectionHandle/products/:handle';

  test("use the upper hierarchy of the path's collection, starting with Home", async () => {
    const upperHierarchy = vi.fn(async (id: number) => ({
      hierarchy: { default: id === 9 ? [{ id: 2, title: 'Equipment', handle: 'equipment', LEVEL: 1 }, { id: 9, title: 'Motors', handle: 'motors', LEVEL: 2 }] : [] },
    }));
    renderAt(<ProductPage />, { url: '/collections/motors/products/superflo', path, client: client(inTwo, { upperHierarchy }) });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Equipment', 'Motors']));
    expect(upperHierarchy).toHaveBeenCalledWith(9, expect.anything());
    expect(within(crumbs).getByRole('link', { name: 'Motors' }).getAttribute('href')).toBe('/collections/motors');
    expect(crumbs.textContent).toContain('SuperFlo Pump');
  });

  test("without a hierarchy, the path's collection comes between Home and the product", async () => {
    const upperHierarchy = vi.fn(async () => ({ hierarchy: { default: [] } }));
    renderAt(<ProductPage />, { url: '/collections/motors/products/superflo', path, client: client(inTwo, { upperHierarchy }) });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(upperHierarchy).toHaveBeenCalled());
    expect(within(crumbs).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Motors']);
  });
});
