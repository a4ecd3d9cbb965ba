/**
 * Issue 18, defect 10, what a view shows twice or wrongly: a search with no results showed the
 * price range '$0.00 - $1.00'; a collection page showed its heading twice (the h1, and the same
 * title heading its description).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import CollectionPage from '../../src/app/pages/CollectionPage.tsx';
import type { Collection } from '../../src/domain/entities.ts';
import { SearchSidebar } from '../../src/ui/catalog/SearchSidebar.tsx';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

describe('the price range of a listing', () => {
  test('a search with no results shows no price range (it read $0.00 - $1.00)', () => {
    const empty = pageInfo(0, 24, { productMaxPrice: 0 });
    render(<SearchSidebar pageInfo={empty} query={{ q: 'zzzz' }} priceDraft={null} setFilters={vi.fn()} setPrice={vi.fn()} />);
    expect(screen.queryByText(/\$0\.00 - \$1\.00/)).toBeNull();
    expect(screen.queryByLabelText('Maximum price')).toBeNull();
  });

  test('a listing with products keeps its range, from $0.00 to its dearest product', () => {
    const some = pageInfo(3, 24, { productMaxPrice: 249.5 });
    render(<SearchSidebar pageInfo={some} query={{ q: 'pump' }} priceDraft={null} setFilters={vi.fn()} setPrice={vi.fn()} />);
    expect(screen.getByText('$0.00 - $250.00')).toBeTruthy();
  });
});

describe('the collection page heading', () => {
  const automation: Collection = {
    id: 78, handle: 'automation', title: 'Automation', seoTitle: null, seoDescription: null, isIndexed: true, imageUrl: null,
    descriptionHtml: '<h2>Automation</h2><p>Find the right automation for your pool or spa.</p>',
    breadcrumbs: null, childCollectionsCount: 0,
  };

  test('shows the collection title once, even when its description starts with the same heading', async () => {
    const client = fakeClient({
      collectionByHandle: vi.fn(async () => ({ collection: automation })),
      featuredProducts: vi.fn(async () => ({ products: [] })),
      hierarchy: vi.fn(async () => ({ hierarchy: { default: [] } })),
      filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1, 24) })),
    });
    renderAt(<CollectionPage />, { url: '/collections/automation', path: '/collections/:handle/:tagFilter?', client });
    await screen.findByRole('heading', { level: 1, name: 'Automation' });
    expect(screen.getAllByRole('heading', { name: 'Automation' })).toHaveLength(1);
    expect(screen.getByText('Find the right automation for your pool or spa.')).toBeTruthy();
  });
});
