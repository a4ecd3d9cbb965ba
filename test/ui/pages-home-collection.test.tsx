import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import CollectionPage from '../../src/app/pages/CollectionPage.tsx';
import HomePage from '../../src/app/pages/HomePage.tsx';
import type { CollectionResponse } from '../../src/api/types.ts';
import type { Collection } from '../../src/domain/entities.ts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';
import { fakeClient, offContract, storeConfig, testEnvironment, themeConfig } from '../hooks/hooks.helpers.tsx';
import { article, listInfo } from './content.helpers.tsx';
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
    const articles = vi.fn(async () => ({ articles: [article(1, { title: 'Opening your pool', handle: 'opening', imageUrl: null, author: 'A', createdAt: '2025-01-01', seoDescription: null })], pageInfo: listInfo(1, 10) }));
    renderAt(<HomePage />, { url: '/', path: '/', client: fakeClient({ filterProducts, articles }) });
    for (const title of ['FEATURED PRODUCTS', 'MOST POPULAR PRODUCTS', 'NEW PRODUCTS', 'OUR BLOG']) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect((await screen.findAllByText('Part 1')).length).toBe(3);
    expect(filterProducts).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('link', { name: 'SEE MORE POSTS' }).getAttribute('href')).toBe('/blogs');
    expect((await screen.findAllByText('Opening your pool')).length).toBeGreaterThan(0);
  });
});

describe('home page pieces', () => {
  const theme = {
    ...themeConfig,
    heroSection: { images: [{ backgroundUrl: '/media/hero-1.png', title: 'Open your pool', url: '/collections/chemicals' }, { backgroundUrl: '/media/hero-2.png', title: 'Spa season' }] },
    infoCards: [
      { url: '/help.asp', title: 'Expert Help', text: 'Parts specialists.', imageUrl: '/media/help.png' },
      { url: '/shipping', title: 'Fast Shipping' },
    ],
  };

  function home() {
    const environment = testEnvironment({ alert: vi.fn() });
    const client = fakeClient({
      filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1) })),
      articles: vi.fn(async () => ({ articles: [], pageInfo: listInfo(0, 10) })),
    });
    const view = render(
      <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={theme} environment={environment} initialData={{ auth: { user: null, customer: {} }, checkout: null }}>
        <MemoryRouter initialEntries={['/']}>
          <HomePage />
        </MemoryRouter>
      </SkimmerProvider>,
    );
    return { ...view, environment };
  }

  test('the hero shows the theme slides; right-clicking a slide image shows the copyright alert instead of the menu', async () => {
    const { environment } = home();
    const hero = screen.getByRole('region', { name: 'Highlights' });
    const shown = within(hero).getByRole('group', { name: '1 of 2' });
    expect(shown.style.backgroundImage).toContain('/media/hero-1.png');
    expect(within(shown).getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/collections/chemicals');
    expect(fireEvent.contextMenu(shown)).toBe(false);
    expect(environment.alert).toHaveBeenCalledWith('Sorry, our images are copyrighted.');
    // the controls step through the slides
    fireEvent.click(within(hero).getByRole('button', { name: 'Next slide' }));
    expect(within(hero).getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    await screen.findAllByText('Part 1');
  });

  test('the info cards of the theme link where the theme says', async () => {
    home();
    expect(screen.getByRole('link', { name: 'Expert Help' }).getAttribute('href')).toBe('/help.asp');
    expect(screen.getByText('Parts specialists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fast Shipping' }).getAttribute('href')).toBe('/shipping');
    await screen.findAllByText('Part 1');
  });

  test("an empty blog says 'No articles found' and still offers SEE MORE POSTS", async () => {
    home();
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SEE MORE POSTS' })).toBeTruthy();
  });
});

describe('collection page', () => {
  function client(collection: Collection | null = pumps, calls: Parameters<typeof fakeClient>[0] = {}) {
    return fakeClient({
      // a missing collection as the test's server answers it: null (the reference server answers 404)
      collectionByHandle: vi.fn(async () => (collection === null ? offContract<CollectionResponse>({ collection }) : { collection })),
      featuredProducts: vi.fn(async () => ({ products: [] })),
      hierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })),
      filterProducts: vi.fn(async () => ({ products: [card(1), card(2)], pageInfo: pageInfo(30, 24) })),
      ...calls,
    });
  }

  test('a collection with children lists its level 2 entries, sorted by title, on the left', async () => {
    const hierarchy = vi.fn(async () => ({
      hierarchy: {
        default: [
          { id: 7, title: 'Pumps', handle: 'pumps', LEVEL: 1 },
          { id: 12, title: 'Variable Speed', handle: 'variable-speed', LEVEL: 2 },
          { id: 11, title: 'Above Ground', handle: 'above-ground', LEVEL: 2 },
          { id: 20, title: 'Seals', handle: 'seals', LEVEL: 3 },
        ],
      },
    }));
    renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client({ ...pumps, childCollectionsCount: 2 }, { hierarchy }) });
    const side = await screen.findByRole('navigation', { name: 'Child collections' });
    expect(within(side).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Above Ground', '/collections/above-ground'],
      ['Variable Speed', '/collections/variable-speed'],
    ]);
  });

  test('the tagFilter path segment filters the list by that tag and checks its option', async () => {
    const filterProducts = vi.fn(async () => ({
      products: [card(1)],
      pageInfo: pageInfo(1, 24, { availableTagPrefixes: [{ tagPrefixValue: 'Part Type' }], availableTagFilters: [{ tagPrefix: 'Part Type', tagValue: 'O-Ring', tagCount: 1 }] }),
    }));
    renderAt(<CollectionPage />, { url: '/collections/pumps/Part-Type_O-Ring', path: '/collections/:handle/:tagFilter?', client: client(pumps, { filterProducts }) });
    await waitFor(() => expect(filterProducts).toHaveBeenCalledWith(expect.objectContaining({ c: '7', t: [['Part Type', 'O-Ring']] }), expect.anything()));
    const group = await screen.findByRole('group', { name: 'Part Type' });
    expect((within(group).getByLabelText('O-Ring (1)') as HTMLInputElement).checked).toBe(true);
  });

  test('shows the h1, breadcrumbs, SEO title, canonical link and the range text', async () => {
    renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pumps' })).toBeTruthy();
    // a page the browser renders itself writes its head once the head rules have loaded (src/app/page-head.tsx)
    await waitFor(() => expect(document.title).toBe('Pumps - Skimmer'));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Collections');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/collections\/pumps$/);
    expect((await screen.findAllByText('Showing 1 - 24 of 30 products.')).length).toBe(2);
  });

  /** jsdom lays nothing out: the description's box reports the heights a browser would. */
  function descriptionHeights(scrollHeight: number, clientHeight: number): () => void {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
    const client = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
    return () => {
      scroll.mockRestore();
      client.mockRestore();
    };
  }

  test('toggles the description between Read More and Read Less when it is taller than its cap', async () => {
    const restore = descriptionHeights(400, 150);
    try {
      renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client() });
      fireEvent.click(await screen.findByRole('button', { name: 'Read More' }));
      expect((await screen.findByRole('button', { name: 'Read Less' })).getAttribute('aria-expanded')).toBe('true');
    } finally {
      restore();
    }
  });

  test('a description under its cap is shown whole, with no Read More that would do nothing', async () => {
    const restore = descriptionHeights(90, 90);
    try {
      renderAt(<CollectionPage />, { url: '/collections/pumps', path: '/collections/:handle/:tagFilter?', client: client() });
      await screen.findByRole('heading', { level: 1, name: 'Pumps' });
      const description = await screen.findByRole('region', { name: 'About this collection' });
      await waitFor(() => expect(description.querySelector('#collection-description')!.className).toContain('sk-description--whole'));
      expect(screen.queryByRole('button', { name: 'Read More' })).toBeNull();
    } finally {
      restore();
    }
  });

  test('shows the fallback when the collection is missing', async () => {
    renderAt(<CollectionPage />, { url: '/collections/none', path: '/collections/:handle/:tagFilter?', client: client(null) });
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
    // the head of every other 404: its title, not the store name alone, and noindex
    await waitFor(() => expect(document.title).toBe('404 Not Found - Skimmer'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
  });
});
