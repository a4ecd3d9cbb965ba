/**
 * Every content route of the table (issue 7: each content page has an SEO title, breadcrumbs and
 * a canonical URL): once loaded, the document title carries the store name, the breadcrumbs start
 * with Home at '/' and end with the page, and the head holds exactly one canonical link, absolute
 * on this origin. One table, so a new content route without its head fails here.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import ArticlesPage from '../../src/app/pages/content/ArticlesPage.tsx';
import BrandsPage from '../../src/app/pages/content/BrandsPage.tsx';
import CollectionsIndexPage from '../../src/app/pages/content/CollectionsIndexPage.tsx';
import ConfirmSubscriptionPage from '../../src/app/pages/content/ConfirmSubscriptionPage.tsx';
import GenericPage from '../../src/app/pages/content/GenericPage.tsx';
import HelpPage from '../../src/app/pages/content/HelpPage.tsx';
import IndexesPage from '../../src/app/pages/content/IndexesPage.tsx';
import QuestionsPage from '../../src/app/pages/content/QuestionsPage.tsx';
import VendorsPage from '../../src/app/pages/content/VendorsPage.tsx';
import { ContentClientProvider } from '../../src/hooks/useContentClient.ts';
import { fakeClient } from '../hooks/hooks.helpers.tsx';
import { article, brand, expertPage, helpAnswer, helpTopics, listInfo, questionTopic, thread } from './content.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const calls = {
  articles: vi.fn(async () => ({ articles: [article(1), article(2)], pageInfo: listInfo(2, 10) })),
  articlesByTag: vi.fn(async () => ({ articles: [article(1)], pageInfo: listInfo(1, 10) })),
  articleByHandle: vi.fn(async () => ({ article: { ...article(1, { title: 'Opening Your Pool', handle: 'opening-your-pool' }), bodyHtml: '<p>Open it.</p>' } })),
  help: vi.fn(async () => ({ topics: helpTopics })),
  helpByHandle: vi.fn(async () => ({ answer: helpAnswer })),
  questions: vi.fn(async () => ({ topics: [questionTopic] })),
  questionsByTopic: vi.fn(async () => ({ topic: questionTopic, threads: [thread], pageInfo: listInfo(1, 20) })),
  questionByDisplayableId: vi.fn(async () => ({ thread })),
  brands: vi.fn(async () => ({ brands: [brand] })),
  brandByName: vi.fn(async () => ({ brand })),
  filterProducts: vi.fn(async () => ({ products: [card(1, { title: 'Apex Pump', handle: 'apex' })], pageInfo: pageInfo(1) })),
  searchCollections: vi.fn(async () => ({ collections: [{ id: 1, title: 'Automation', handle: 'automation' }] })),
  vendors: vi.fn(async () => ({ vendors: [{ id: 1, name: 'AquaCrest', handle: 'aquacrest', productCount: 3 }] })),
  nav: vi.fn(async () => ({ navData: [{ id: 1, title: 'Pumps', url: '/collections/pumps', children: [] }] })),
  page: vi.fn(async () => ({ page: { ...expertPage, id: 7, handle: 'about-us', title: 'About Us', seoTitle: null, path: '/about-us' } })),
  pageById: vi.fn(async () => ({ page: expertPage })),
};

interface Row {
  url: string;
  path: string;
  element: ReactNode;
  h1: string;
  title: string;
  /** The breadcrumbs' text after Home. */
  crumbs: string[];
  canonical: string;
}

const ROWS: Row[] = [
  { url: '/articles', path: '/articles', element: <ArticlesPage />, h1: 'Blog', title: 'Blog - Skimmer', crumbs: ['Blog'], canonical: '/articles' },
  { url: '/blogs', path: '/blogs', element: <ArticlesPage />, h1: 'Blog', title: 'Blog - Skimmer', crumbs: ['Blog'], canonical: '/articles' },
  { url: '/articles/tags/Spa', path: '/articles/tags/:tagValue', element: <ArticlesPage />, h1: 'Articles tagged "Spa"', title: 'Articles tagged "Spa" - Skimmer', crumbs: ['Blog', 'Articles tagged "Spa"'], canonical: '/articles/tags/Spa' },
  { url: '/blogs/opening-your-pool', path: '/blogs/:handle', element: <ArticlesPage />, h1: 'Opening Your Pool', title: 'Opening Your Pool - Skimmer', crumbs: ['Blog', 'Opening Your Pool'], canonical: '/articles/opening-your-pool' },
  { url: '/help.asp', path: '/help.asp', element: <HelpPage />, h1: 'Help Center', title: 'Help Center - Skimmer', crumbs: ['Help Center'], canonical: '/help.asp' },
  {
    url: '/help_answer/how-long-does-shipping-take', path: '/help_answer/:handle', element: <HelpPage />, h1: 'How long does shipping take?',
    title: 'How long does shipping take? - Help Center - Skimmer', crumbs: ['Help Center', 'How long does shipping take?'], canonical: '/help_answer/how-long-does-shipping-take',
  },
  { url: '/questions', path: '/questions', element: <QuestionsPage />, h1: 'Questions & Answers', title: 'Questions & Answers - Skimmer', crumbs: ['Questions & Answers'], canonical: '/questions' },
  {
    url: '/questions/Topic/pumps-and-motors/1', path: '/questions/Topic/:topicHandle/:topicId', element: <QuestionsPage />, h1: 'Pumps and Motors',
    title: 'Pumps and Motors - Questions & Answers - Skimmer', crumbs: ['Questions & Answers', 'Pumps and Motors'], canonical: '/questions/Topic/pumps-and-motors/1',
  },
  {
    url: '/questions/104237/which-shaft-seal', path: '/questions/:displayableId/:handle', element: <QuestionsPage />, h1: thread.title,
    title: `${thread.title} - Skimmer`, crumbs: ['Questions & Answers', 'Pumps and Motors', thread.title], canonical: '/questions/104237/which-shaft-seal',
  },
  { url: '/brands', path: '/brands', element: <BrandsPage />, h1: 'Brands', title: 'Brands - Skimmer', crumbs: ['Brands'], canonical: '/brands' },
  { url: '/brands/aquacrest', path: '/brands/:brand', element: <BrandsPage />, h1: 'AquaCrest', title: 'AquaCrest - Brands - Skimmer', crumbs: ['Brands', 'AquaCrest'], canonical: '/brands/AquaCrest' },
  { url: '/pindex.asp', path: '/pindex.asp', element: <IndexesPage />, h1: 'Product Index', title: 'Product Index - Skimmer', crumbs: ['Product Index'], canonical: '/pindex.asp' },
  { url: '/cindex.asp', path: '/cindex.asp', element: <IndexesPage />, h1: 'Category Index', title: 'Category Index - Skimmer', crumbs: ['Category Index'], canonical: '/cindex.asp' },
  { url: '/productslist.asp', path: '/productslist.asp', element: <IndexesPage />, h1: 'All Products', title: 'All Products - Skimmer', crumbs: ['All Products'], canonical: '/productslist.asp' },
  { url: '/collections', path: '/collections', element: <CollectionsIndexPage />, h1: 'Collections', title: 'Collections - Skimmer', crumbs: ['Collections'], canonical: '/collections' },
  { url: '/collections/vendors', path: '/collections/vendors', element: <VendorsPage />, h1: 'Vendors', title: 'Vendors - Skimmer', crumbs: ['Collections', 'Vendors'], canonical: '/collections/vendors' },
  { url: '/about-us', path: '/:handle', element: <GenericPage />, h1: 'About Us', title: 'About Us - Skimmer', crumbs: ['About Us'], canonical: '/about-us' },
  {
    url: '/anything/355.htm', path: '/:handle/:page', element: <GenericPage />, h1: 'Request Expert Assistance',
    title: 'Request Expert Assistance | Skimmer', crumbs: ['Request Expert Assistance'], canonical: '/expert-assistance/355.htm',
  },
  {
    url: '/confirm-subscription?token=t', path: '/confirm-subscription', element: <ConfirmSubscriptionPage />, h1: 'Newsletter subscription',
    title: 'Newsletter subscription - Skimmer', crumbs: ['Newsletter subscription'], canonical: '/confirm-subscription',
  },
];

describe('content pages: SEO title, breadcrumbs and canonical URL', () => {
  test.each(ROWS.map((row) => [row.url, row] as const))('%s', async (_url, row) => {
    const client = fakeClient(calls as unknown as Partial<ApiClient>);
    renderAt(<ContentClientProvider client={{ confirmSubscription: async () => ({ success: true }) }}>{row.element}</ContentClientProvider>, { url: row.url, path: row.path, client });
    expect((await screen.findByRole('heading', { level: 1, name: row.h1 })).textContent).toBe(row.h1);
    await vi.waitFor(() => expect(document.title).toBe(row.title));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(crumbs).getAllByRole('listitem').map((li) => li.textContent?.trim());
    expect(items).toEqual(['Home', ...row.crumbs]);
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    // the last crumb is this page: text, not a link
    expect(within(crumbs).queryByRole('link', { name: row.crumbs.at(-1) })).toBeNull();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.href).toBe(`http://localhost:3000${row.canonical}`);
  });
});
