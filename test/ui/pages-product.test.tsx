import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

function client(product = pump()) {
  return fakeClient({
    productByHandle: vi.fn(async () => ({ product })) as never,
    relatedProducts: vi.fn(async () => ({ products: [] })) as never,
    productsByIds: vi.fn(async () => ({ products: [] })) as never,
    productReviews: vi.fn(async () => ({ reviews: [{ id: 1, starsRating: 4, title: 'Quiet pump', body: 'Runs well.', author: 'Ann' }], pageInfo: {} })) as never,
  });
}

describe('product page', () => {
  test("shows 'Fetching product...' while loading", () => {
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: fakeClient({ productByHandle: vi.fn(() => new Promise(() => {})) as never }) });
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

  test('shows the 404 content when the product is missing', async () => {
    renderAt(<ProductPage />, { url: '/products/none', path: '/products/:handle', client: fakeClient({ productByHandle: vi.fn(async () => ({ product: null })) as never }) });
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
    expect(screen.getByText('This page does not exist.')).toBeTruthy();
  });
});
