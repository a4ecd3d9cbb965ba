import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ArticleResponse, ArticlesResponse } from '../../src/api/types.ts';
import ArticlesPage from '../../src/app/pages/content/ArticlesPage.tsx';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { article, canonicalPath, listInfo, notFoundError } from './content.helpers.tsx';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const ARTICLE_ROUTES = ['/articles', '/articles/tags/:tagValue', '/articles/:handle', '/blogs', '/blogs/:handle'];

function renderBlog(url: string, client = fakeClient()) {
  const path = ARTICLE_ROUTES.find((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`).test(url.split('?')[0]!)) ?? '/articles';
  return renderAt(<ArticlesPage />, { url, path, client });
}

describe('blog list', () => {
  test('shows 10 newest articles a page with author, date, excerpt and tags; post links stay under /blogs', async () => {
    const articles = vi.fn(async () => ({ articles: [{ ...article(1), wordCount: 700 }, article(2)], pageInfo: listInfo(12, 10, 2) }));
    renderBlog('/blogs', fakeClient({ articles }));
    const link = await screen.findByRole('link', { name: 'Article 1' });
    expect(link.getAttribute('href')).toBe('/blogs/article-1');
    expect(articles).toHaveBeenCalledWith({ page: 0, limit: 10, sortBy: 'CREATED', order: 'DESC' }, expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    expect(screen.getByText('News')).toBeTruthy(); // the theme's blogDescription
    const first = link.closest('li')!;
    expect(within(first).getByText('By Priya Raman')).toBeTruthy();
    expect(within(first).getByText('May 7, 2025').getAttribute('datetime')).toBe('2025-05-07T08:57:50.000Z');
    expect(within(first).getByText('Summary of article 1.')).toBeTruthy();
    // the list's word count gives the read time (700 words at 225 a minute)
    expect(within(first).getByText('4 min read')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Pro Tips' }).getAttribute('href')).toBe('/articles/tags/Pro%20Tips');
    expect(screen.getByText('Showing 1 - 10 of 12 articles.')).toBeTruthy();
    expect(document.title).toBe('Blog - Skimmer');
    // /blogs shows the same list as the articlePath root: one canonical URL
    expect(canonicalPath()).toBe('/articles');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  test('the next page goes to ?page=1 and loads that page', async () => {
    const articles = vi.fn(async (q?: { page?: number }) => ({ articles: [article((q?.page ?? 0) * 10 + 1)], pageInfo: listInfo(12, 10, 1) }));
    renderBlog('/articles', fakeClient({ articles }));
    await screen.findByRole('link', { name: 'Article 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Article 11' })).toBeTruthy();
    expect(articles).toHaveBeenLastCalledWith({ page: 1, limit: 10, sortBy: 'CREATED', order: 'DESC' }, expect.anything());
    expect(screen.getByRole('button', { name: '2' }).hasAttribute('disabled')).toBe(true);
    expect(document.title).toBe('Blog - Page 2 - Skimmer');
    expect(canonicalPath()).toBe('/articles?page=1');
  });

  test('a tag lists its articles under a tagged heading, with the blog in the breadcrumbs', async () => {
    const articlesByTag = vi.fn(async () => ({ articles: [article(3)], pageInfo: listInfo(1, 10) }));
    renderBlog('/articles/tags/Spa', fakeClient({ articlesByTag }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Articles tagged "Spa"' })).toBeTruthy();
    expect(articlesByTag).toHaveBeenCalledWith('Spa', { page: 0, limit: 10, sortBy: 'CREATED', order: 'DESC' }, expect.anything());
    expect(screen.getByRole('link', { name: 'Article 3' }).getAttribute('href')).toBe('/articles/article-3');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/articles');
    expect(canonicalPath()).toBe('/articles/tags/Spa');
  });

  test('keeps the heading and shows skeleton rows while loading, then says when there are no articles', async () => {
    let answer: (v: ArticlesResponse) => void = () => {};
    renderBlog('/blogs', fakeClient({ articles: vi.fn(() => new Promise<ArticlesResponse>((r) => (answer = r))) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    expect(screen.getByTestId('content-skeleton')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => answer({ articles: [], pageInfo: listInfo(0, 10, 0) }));
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.queryByTestId('content-skeleton')).toBeNull();
  });

  test('a failed load says so and loads again on Try again', async () => {
    const articles = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ articles: [article(1)], pageInfo: listInfo(1, 10) });
    renderBlog('/blogs', fakeClient({ articles }));
    expect(await screen.findByText('Failed to load articles. Please try again later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Article 1' })).toBeTruthy();
  });
});

describe('blog article', () => {
  const body = `<p>${'word '.repeat(300)}</p><h2>Step by step</h2>`;

  test('shows title, author, date, read time, picture, sanitised body and tags; SEO title and canonical', async () => {
    const articleByHandle = vi.fn(async () => ({ article: article(5, { title: 'Opening Your Pool', handle: 'opening-your-pool', bodyHtml: body, tags: ['Spa'] }) }));
    renderBlog('/blogs/opening-your-pool', fakeClient({ articleByHandle }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Opening Your Pool' })).toBeTruthy();
    expect(articleByHandle).toHaveBeenCalledWith('opening-your-pool', expect.anything());
    expect(screen.getByText('By Priya Raman')).toBeTruthy();
    expect(screen.getByText('May 7, 2025')).toBeTruthy();
    expect(screen.getByText('2 min read')).toBeTruthy(); // 300 words at 225 a minute
    expect(screen.getByRole('heading', { level: 2, name: 'Step by step' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spa' }).getAttribute('href')).toBe('/articles/tags/Spa');
    expect(screen.getByRole('link', { name: /Back to the blog/ }).getAttribute('href')).toBe('/blogs');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blogs');
    expect(within(crumbs).getByText('Opening Your Pool').getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Opening Your Pool - Skimmer');
    expect(canonicalPath()).toBe('/articles/opening-your-pool');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Summary of article 5.');
  });

  test('an unknown article shows the not-found page, with no canonical link', async () => {
    renderBlog('/articles/nope', fakeClient({ articleByHandle: vi.fn(async () => Promise.reject(notFoundError('Article'))) }));
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('This page does not exist.')).toBeTruthy();
    expect(canonicalPath()).toBeNull();
  });

  test('a placeholder keeps the heading place until the article arrives', async () => {
    let answer: (v: ArticleResponse) => void = () => {};
    renderBlog('/articles/slow', fakeClient({ articleByHandle: vi.fn(() => new Promise<ArticleResponse>((r) => (answer = r))) }));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByTestId('content-skeleton')).toBeTruthy();
    await act(async () => answer({ article: article(9, { bodyHtml: '<p>Hi</p>' }) }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Article 9' })).toBeTruthy());
  });
});
