import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import CollectionPage from '../../src/app/pages/CollectionPage.tsx';
import HomePage from '../../src/app/pages/HomePage.tsx';
import type { Collection } from '../../src/domain/entities.ts';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

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

describe('home page', () => {
  test('shows the three grids of 4, OUR BLOG and SEE MORE POSTS to /blogs', async () => {
    const filterProducts = vi.fn(async () => ({ products: [1, 2, 3, 4].map((id) => card(id)), pageInfo: pageInfo(4) }));
    const articles = vi.fn(async () => ({ articles: [{ id: 1, title: 'Opening your pool', handle: 'opening', imageUrl: null, author: 'A', createdAt: '2025-01-01', seoDescription: null }] }));
    renderAt(<HomePage />, { url: '/', path: '/', client: fakeClient({ filterProducts: filterProducts as never, articles: articles as never }) });
    for (const title of ['FEATURED PRODUCTS', 'MOST POPULAR PRODUCTS', 'NEW PRODUCTS', 'OUR BLOG']) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect((await screen.findAllByText('Part 1')).length).toBe(3);
    expect(filterProducts).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('link', { name: 'SEE MORE POSTS' }).getAttribute('href')).toBe('/blogs');
    expect((await screen.findAllByText('Opening your pool')).length).toBeGreaterThan(0);
  });
});

describe('collection page', () => {
  function client(collection: Collection | null = pumps) {
    return fakeClient({
      collectionByHandle: vi.fn(async () => ({ collection })) as never,
      featuredProducts: vi.fn(async () => ({ products: [] })) as never,
      hierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })) as never,
      filterProducts: vi.fn(async () => ({ products: [card(1), card(2)], pageInfo: pageInfo(30, 24) })) as never,
    });
  }

  test('shows the h1, breadcrumbs, SEO title, canonical link and the range text', async () => {
    renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pumps' })).toBeTruthy();
    expect(document.title).toBe('Pumps - Skimmer');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Collections');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/collections\/pumps$/);
    expect((await screen.findAllByText('Showing 1 - 24 of 30 products.')).length).toBe(2);
  });

  test('toggles the description between Read More and Read Less', async () => {
    renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client() });
    fireEvent.click(await screen.findByRole('button', { name: 'Read More' }));
    expect(screen.getByRole('button', { name: 'Read Less' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('shows the fallback when the collection is missing', async () => {
    renderAt(<CollectionPage />, { url: '/collections/none', path: '/collections/:handle/:tagFilter?', client: client(null) });
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
  });
});
