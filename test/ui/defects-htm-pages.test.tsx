/**
 * Issue 18, defect 5: '/:handle/{id}.htm' answered the not-found page for an article id or a
 * product id; the route table says it serves an article or a product-style page.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import GenericPage from '../../src/app/pages/content/GenericPage.tsx';
import type { ApiClient } from '../../src/api/client.ts';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { article, expertPage, listInfo, notFoundError } from './content.helpers.tsx';
import { card } from './pages.helpers.tsx';

afterEach(cleanup);

/** The generic route, plus markers where an article or a product lives. */
function renderHtm(url: string, client: ApiClient) {
  const Wrapper = wrapper(client, testEnvironment());
  return render(
    <Wrapper>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/:handle/:page" element={<GenericPage />} />
          <Route path="/articles/:handle" element={<p>article page</p>} />
          <Route path="/products/:handle" element={<p>product page</p>} />
        </Routes>
      </MemoryRouter>
    </Wrapper>,
  );
}

const missing = () => vi.fn(async () => Promise.reject(notFoundError()));

describe("'/:handle/{id}.htm'", () => {
  test('still serves the generic page with that id', async () => {
    renderHtm('/expert-assistance/355.htm', fakeClient({ pageById: vi.fn(async () => ({ page: expertPage })) }));
    expect(await screen.findByRole('heading', { level: 1, name: expertPage.title })).toBeTruthy();
  });

  test("an article's id (its handle in the first segment) leads to the article", async () => {
    const client = fakeClient({
      pageById: missing(),
      articleByHandle: vi.fn(async () => ({ article: { ...article(12), handle: 'opening-your-pool' } })),
    });
    renderHtm('/opening-your-pool/12.htm', client);
    expect(await screen.findByText('article page')).toBeTruthy();
  });

  test("an article's id under any first segment leads to the article", async () => {
    const client = fakeClient({
      pageById: missing(),
      articleByHandle: missing(),
      productByHandle: missing(),
      articles: vi.fn(async () => ({ articles: [article(3), article(12)], pageInfo: listInfo(2, 100) })),
    });
    renderHtm('/blog/12.htm', client);
    expect(await screen.findByText('article page')).toBeTruthy();
  });

  test("a product's id leads to a product page", async () => {
    const client = fakeClient({
      pageById: missing(),
      articleByHandle: missing(),
      productByHandle: missing(),
      articles: vi.fn(async () => ({ articles: [article(3)], pageInfo: listInfo(1, 100) })),
      productsByIds: vi.fn(async () => ({ products: [{ ...card(501), handle: 'superflo-pump' }] })),
    });
    renderHtm('/superflo/501.htm', client);
    expect(await screen.findByText('product page')).toBeTruthy();
  });

  test('an id that is no page, article or product is the not-found page', async () => {
    const client = fakeClient({
      pageById: missing(),
      articleByHandle: missing(),
      productByHandle: missing(),
      articles: vi.fn(async () => ({ articles: [], pageInfo: listInfo(0, 100) })),
      productsByIds: vi.fn(async () => ({ products: [] })),
    });
    renderHtm('/nothing/999.htm', client);
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});
