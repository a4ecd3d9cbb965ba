import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resetBoot } from '../../src/app/boot.ts';
import CollectionPage from '../../src/app/pages/CollectionPage.tsx';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import type { Collection } from '../../src/domain/entities.ts';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

type Boot = {
  product?: { handle: string; body: Promise<{ product?: unknown } | null> };
  collection?: { handle: string; body: Promise<{ collection?: unknown } | null> };
};

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

const pumps: Collection = {
  id: 7,
  handle: 'pumps',
  title: 'Pumps',
  seoTitle: null,
  seoDescription: null,
  isIndexed: true,
  imageUrl: null,
  descriptionHtml: '<p>All the pumps.</p>',
  breadcrumbs: null,
  childCollectionsCount: 0,
};

function collectionApi() {
  return fakeClient({
    collectionByHandle: vi.fn(async () => ({ collection: { ...pumps, title: 'Fetched by the page' } })) as never,
    featuredProducts: vi.fn(async () => ({ products: [] })) as never,
    hierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })) as never,
    filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1, 24) })) as never,
  });
}

async function renderCollection(url: string, client: ReturnType<typeof collectionApi>) {
  await act(async () => {
    renderAt(<CollectionPage />, { url, path: '/collections/:handle/:tagFilter?', client });
  });
}

describe('collection page started by index.html', () => {
  test('renders the collection index.html fetched, without a second collection call, and lists its products by id', async () => {
    boot({ collection: { handle: 'pumps', body: Promise.resolve({ collection: pumps }) } });
    const client = collectionApi();
    await renderCollection('/collections/pumps', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pumps' })).toBeTruthy();
    expect(client.collectionByHandle).not.toHaveBeenCalled();
    expect(await screen.findByText('Part 1')).toBeTruthy();
    expect(client.filterProducts).toHaveBeenCalledWith(expect.objectContaining({ c: '7' }), expect.anything());
  });

  test('a failed early answer (null) falls back to the page loading the collection itself', async () => {
    boot({ collection: { handle: 'pumps', body: Promise.resolve(null) } });
    const client = collectionApi();
    await renderCollection('/collections/pumps', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fetched by the page' })).toBeTruthy();
    expect(client.collectionByHandle).toHaveBeenCalledTimes(1);
  });

  test('an early request for another collection is not used', async () => {
    boot({ collection: { handle: 'filters', body: Promise.resolve({ collection: { ...pumps, title: 'Filters' } }) } });
    const client = collectionApi();
    await renderCollection('/collections/pumps', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fetched by the page' })).toBeTruthy();
  });
});
