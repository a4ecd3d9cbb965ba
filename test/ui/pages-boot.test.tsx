import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resetBoot } from '../../src/app/boot.ts';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { renderAt } from './pages.helpers.tsx';

type Boot = { product?: { handle: string; body: Promise<{ product?: unknown } | null> } };

afterEach(() => {
  cleanup();
  delete (window as { __SKIMMER_BOOT__?: Boot }).__SKIMMER_BOOT__;
  resetBoot();
});

/** Renders inside an awaited act: the page suspends on the early request (React's `use`). */
async function renderProduct(url: string, client: ReturnType<typeof api>) {
  await act(async () => {
    renderAt(<ProductPage />, { url, path: '/products/:handle', client });
  });
}

/** The boot request index.html would have started. */
function boot(value: Boot) {
  (window as { __SKIMMER_BOOT__?: Boot }).__SKIMMER_BOOT__ = value;
  resetBoot();
}

function api() {
  return fakeClient({
    productByHandle: vi.fn(async () => ({ product: pump({ title: 'Fetched by the page' }) })) as never,
    relatedProducts: vi.fn(async () => ({ products: [] })) as never,
    productsByIds: vi.fn(async () => ({ products: [] })) as never,
    productReviews: vi.fn(async () => ({ reviews: [], pageInfo: {} })) as never,
    productQuestions: vi.fn(async () => ({ questions: [] })) as never,
  });
}

describe('product page started by index.html', () => {
  test('renders the product index.html fetched, without a second product call, and keeps the variant parameter', async () => {
    boot({ product: { handle: 'superflo', body: Promise.resolve({ product: pump() }) } });
    const client = api();
    await renderProduct('/products/superflo?variant=3', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'SuperFlo Pump' })).toBeTruthy();
    expect(await screen.findByText('$450.00')).toBeTruthy();
    expect(client.productByHandle).not.toHaveBeenCalled();
  });

  test('a failed or non-ok early answer (null) falls back to the page loading the product itself', async () => {
    boot({ product: { handle: 'superflo', body: Promise.resolve(null) } });
    const client = api();
    await renderProduct('/products/superflo', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fetched by the page' })).toBeTruthy();
    expect(client.productByHandle).toHaveBeenCalledTimes(1);
  });

  test('an early request for another handle is not used', async () => {
    boot({ product: { handle: 'other', body: Promise.resolve({ product: pump({ title: 'Other' }) }) } });
    const client = api();
    await renderProduct('/products/superflo', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fetched by the page' })).toBeTruthy();
  });
});
