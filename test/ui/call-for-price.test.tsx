/**
 * A call-for-price product in the storefront (issue 31): the product page and the quick view read
 * 'Call for price' and offer the store's phone or contact page instead of a price, a quantity and
 * an add button; a product priced 0 without the flag keeps the spec's zero-price wording and its
 * (disabled) add button.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import type { Product } from '../../src/domain/entities.ts';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { listInfo } from './content.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

function client(product: Product) {
  return fakeClient({
    productByHandle: vi.fn(async () => ({ product })),
    relatedProducts: vi.fn(async () => ({ products: [] })),
    productsByIds: vi.fn(async () => ({ products: [] })),
    productReviews: vi.fn(async () => ({ reviews: [], pageInfo: listInfo(0, 10) })),
  });
}

const CONTACT = /^Call |^Contact us$/;

describe('the product page of a call-for-price product', () => {
  test("reads 'Call for price' with the store's phone or contact page, and has no price, quantity or add button", async () => {
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(pump({ price: 0, callForPrice: true })) });
    await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' });
    const buy = document.querySelector('.sk-pp-buy') as HTMLElement;
    expect(within(buy).getByText('Call for price')).toBeTruthy();
    const contact = within(buy).getByRole('link', { name: CONTACT });
    expect(contact.getAttribute('href')).toMatch(/^tel:\+?\d+$|^\/contact-us$/);
    expect(within(buy).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(within(buy).queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByText('Please call us for price on this product.')).toBeNull();
    expect(screen.queryByText('$400.00')).toBeNull();
  });

  test('keeps the option choices, so the shopper can say which variant to quote', async () => {
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(pump({ callForPrice: true })) });
    await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' });
    expect(screen.getByLabelText('Size')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  test('a product priced 0 without the flag keeps the spec sentence and a disabled add button', async () => {
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client: client(pump({ price: 0, Options: [], Variants: [] })) });
    expect(await screen.findByText('Please call us for price on this product.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Call for price')).toBeNull();
  });
});
