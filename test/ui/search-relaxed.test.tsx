/**
 * The results page tells the shopper when the server answered part of the words
 * (pageInfo.relaxed, issue 19), and says nothing of the kind otherwise.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import SearchPage, { RELAXED_SEARCH_NOTICE } from '../../src/app/pages/SearchPage.tsx';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

describe('search results page, relaxed answers', () => {
  test("says 'Showing results for part of your search' when the answer is relaxed", async () => {
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: { ...pageInfo(1), relaxed: true } })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump%20zzzz', path: '/searchresults.asp', client });
    expect(await screen.findByText('Part 1')).toBeTruthy();
    expect(screen.getByText('Showing results for part of your search').getAttribute('role')).toBe('status');
    expect(RELAXED_SEARCH_NOTICE).toBe('Showing results for part of your search');
  });

  test('says nothing of the kind when every word matched', async () => {
    const client = fakeClient({ filterProducts: vi.fn(async () => ({ products: [card(1)], pageInfo: pageInfo(1) })) });
    renderAt(<SearchPage />, { url: '/searchresults.asp?q=pump', path: '/searchresults.asp', client });
    expect(await screen.findByText('Part 1')).toBeTruthy();
    expect(screen.queryByText(RELAXED_SEARCH_NOTICE)).toBeNull();
  });
});
