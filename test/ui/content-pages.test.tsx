import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import BrandsPage from '../../src/app/pages/content/BrandsPage.tsx';
import CollectionsIndexPage from '../../src/app/pages/content/CollectionsIndexPage.tsx';
import ConfirmSubscriptionPage from '../../src/app/pages/content/ConfirmSubscriptionPage.tsx';
import GenericPage from '../../src/app/pages/content/GenericPage.tsx';
import HelpPage from '../../src/app/pages/content/HelpPage.tsx';
import IndexesPage from '../../src/app/pages/content/IndexesPage.tsx';
import QuestionsPage from '../../src/app/pages/content/QuestionsPage.tsx';
import VendorsPage from '../../src/app/pages/content/VendorsPage.tsx';
import { ContentClientProvider } from '../../src/hooks/useContentClient.ts';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { brand, canonicalPath, expertPage, helpAnswer, helpTopics, listInfo, notFoundError, questionTopic, thread } from './content.helpers.tsx';
import { card, pageInfo, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

describe('help', () => {
  test('/help.asp lists the topics, each with links to its answers', async () => {
    renderAt(<HelpPage />, { url: '/help.asp', path: '/help.asp', client: fakeClient({ help: vi.fn(async () => ({ topics: helpTopics })) }) });
    const topic = await screen.findByRole('region', { name: 'Orders and Shipping' });
    expect(within(topic).getByRole('link', { name: 'How long does shipping take?' }).getAttribute('href')).toBe('/help_answer/how-long-does-shipping-take');
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeTruthy();
    expect(document.title).toBe('Help Center - Skimmer');
    expect(canonicalPath()).toBe('/help.asp');
  });

  test('an answer shows its body, the breadcrumb to the help center and the other answers of its topic', async () => {
    const client = fakeClient({ helpByHandle: vi.fn(async () => ({ answer: helpAnswer })), help: vi.fn(async () => ({ topics: helpTopics })) });
    renderAt(<HelpPage />, { url: '/help_answer/how-long-does-shipping-take', path: '/help_answer/:handle', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'How long does shipping take?' })).toBeTruthy();
    expect(screen.getByText('Most in-stock orders leave our warehouse within one business day.')).toBeTruthy();
    const side = screen.getByRole('navigation', { name: 'More in Orders and Shipping' });
    expect(within(side).getByText('How long does shipping take?').getAttribute('aria-current')).toBe('page');
    expect(within(side).getByRole('link', { name: 'How do I track my order?' }).getAttribute('href')).toBe('/help_answer/how-do-i-track-my-order');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/help.asp');
    expect(document.title).toBe('How long does shipping take? - Help Center - Skimmer');
    expect(canonicalPath()).toBe('/help_answer/how-long-does-shipping-take');
  });

  test('an unknown answer is the not-found page', async () => {
    const client = fakeClient({ helpByHandle: vi.fn(async () => Promise.reject(notFoundError())), help: vi.fn(async () => ({ topics: helpTopics })) });
    renderAt(<HelpPage />, { url: '/help_answer/nope', path: '/help_answer/:handle', client });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});

describe('questions', () => {
  test('/questions lists the topics with their question counts', async () => {
    renderAt(<QuestionsPage />, { url: '/questions', path: '/questions', client: fakeClient({ questions: vi.fn(async () => ({ topics: [questionTopic] })) }) });
    const link = await screen.findByRole('link', { name: 'Pumps and Motors' });
    expect(link.getAttribute('href')).toBe('/questions/Topic/pumps-and-motors/1');
    expect(screen.getByText('1 question')).toBeTruthy();
    expect(screen.getByText('Priming, noise, seals.')).toBeTruthy();
  });

  test('a topic lists its threads, newest first, with asker, date and answer count', async () => {
    const questionsByTopic = vi.fn(async () => ({ topic: questionTopic, threads: [thread], pageInfo: listInfo(1, 20) }));
    renderAt(<QuestionsPage />, { url: '/questions/Topic/pumps-and-motors/1', path: '/questions/Topic/:topicHandle/:topicId', client: fakeClient({ questionsByTopic }) });
    const link = await screen.findByRole('link', { name: thread.title });
    expect(link.getAttribute('href')).toBe('/questions/104237/which-shaft-seal');
    expect(questionsByTopic).toHaveBeenCalledWith(1, { page: 0, limit: 20 }, expect.anything());
    expect(screen.getByText('2 answers')).toBeTruthy();
    expect(screen.getByText('November 2, 2024')).toBeTruthy();
    expect(canonicalPath()).toBe('/questions/Topic/pumps-and-motors/1');
  });

  test('a topic id that is not a number is the not-found page, without a call', async () => {
    const questionsByTopic = vi.fn();
    renderAt(<QuestionsPage />, { url: '/questions/Topic/pumps/abc', path: '/questions/Topic/:topicHandle/:topicId', client: fakeClient({ questionsByTopic }) });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(questionsByTopic).not.toHaveBeenCalled();
  });

  test('a thread shows its question as text and its answers, the staff answer marked', async () => {
    renderAt(<QuestionsPage />, {
      url: '/questions/104237/which-shaft-seal',
      path: '/questions/:displayableId/:handle',
      client: fakeClient({ questionByDisplayableId: vi.fn(async () => ({ thread })) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: thread.title })).toBeTruthy();
    // plain text: the markup is shown, never interpreted
    expect(screen.getByText('Water is dripping between the pump and motor. <b>What seal?</b>')).toBeTruthy();
    const answers = screen.getAllByRole('listitem').filter((li) => li.classList.contains('ct-answer'));
    expect(answers).toHaveLength(2);
    expect(within(answers[0]!).getByText('Staff answer')).toBeTruthy();
    expect(within(answers[1]!).queryByText('Staff answer')).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Pumps and Motors' }).getAttribute('href')).toBe('/questions/Topic/pumps-and-motors/1');
    expect(canonicalPath()).toBe('/questions/104237/which-shaft-seal');
  });
});

describe('brands', () => {
  test('/brands lists every brand A-Z with a jump bar, each linking to /brands/{name}', async () => {
    const brands = [brand, { ...brand, id: 2, name: 'Blue Ripple', handle: 'blue-ripple' }, { ...brand, id: 3, name: 'aqua max', handle: 'aqua-max' }];
    renderAt(<BrandsPage />, { url: '/brands', path: '/brands', client: fakeClient({ brands: vi.fn(async () => ({ brands })) }) });
    const groupA = await screen.findByRole('region', { name: 'A' });
    expect(within(groupA).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['aqua max', 'AquaCrest']);
    expect(within(screen.getByRole('region', { name: 'B' })).getByRole('link', { name: /Blue Ripple/ }).getAttribute('href')).toBe('/brands/Blue%20Ripple');
    const jump = screen.getByRole('navigation', { name: 'Brands by letter' });
    expect(within(jump).getAllByRole('link').map((a) => a.textContent)).toEqual(['A', 'B']);
  });

  test('a brand page shows the brand, its products from the vendor filter and the vendor link', async () => {
    const filterProducts = vi.fn(async () => ({ products: [card(1, { title: 'AquaCrest Lid' })], pageInfo: pageInfo(1) }));
    const client = fakeClient({ brandByName: vi.fn(async () => ({ brand })), filterProducts });
    renderAt(<BrandsPage />, { url: '/brands/aquacrest', path: '/brands/:brand', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'AquaCrest' })).toBeTruthy();
    expect(screen.getByText('AquaCrest Lid')).toBeTruthy();
    expect(filterProducts).toHaveBeenCalledWith({ v: 'AquaCrest', page: 0, limit: 24 }, expect.anything());
    expect(screen.getByRole('link', { name: 'See all in search' }).getAttribute('href')).toBe('/searchresults.asp?v=AquaCrest');
    expect(screen.getByRole('heading', { level: 2, name: 'AquaCrest products' })).toBeTruthy();
    expect(document.title).toBe('AquaCrest - Brands - Skimmer');
    expect(canonicalPath()).toBe('/brands/AquaCrest');
  });

  test('an unknown brand is the not-found page, and its products are never asked for', async () => {
    const filterProducts = vi.fn();
    const client = fakeClient({ brandByName: vi.fn(async () => Promise.reject(notFoundError('Brand'))), filterProducts });
    renderAt(<BrandsPage />, { url: '/brands/nobody', path: '/brands/:brand', client });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(filterProducts).not.toHaveBeenCalled();
  });
});

describe('generic pages', () => {
  test('/:handle shows the page with its SEO title, description and own path as canonical', async () => {
    const page = vi.fn(async () => ({ page: { ...expertPage, id: 351, handle: 'about-us', title: 'About Us', seoTitle: null, path: '/about-us' } }));
    renderAt(<GenericPage />, { url: '/about-us', path: '/:handle', client: fakeClient({ page }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
    expect(page).toHaveBeenCalledWith('about-us', expect.anything());
    expect(screen.getByRole('heading', { level: 2, name: "Can't find your part?" })).toBeTruthy();
    expect(document.title).toBe('About Us - Skimmer');
    expect(canonicalPath()).toBe('/about-us');
  });

  test('/:handle/{id}.htm loads the page by id; its canonical is the page path', async () => {
    const pageById = vi.fn(async () => ({ page: expertPage }));
    renderAt(<GenericPage />, { url: '/help-me/355.htm', path: '/:handle/:page', client: fakeClient({ pageById }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Expert Assistance' })).toBeTruthy();
    expect(pageById).toHaveBeenCalledWith(355, expect.anything());
    expect(document.title).toBe('Request Expert Assistance | Skimmer');
    expect(canonicalPath()).toBe('/expert-assistance/355.htm');
  });

  test.each(['355', 'page.html', 'x.htm'])('a second segment %j that is not {id}.htm is the not-found page, without a call', async (segment) => {
    const client = fakeClient({ pageById: vi.fn(), page: vi.fn() });
    renderAt(<GenericPage />, { url: `/expert-assistance/${segment}`, path: '/:handle/:page', client });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(client.pageById).not.toHaveBeenCalled();
  });

  test('an unknown handle is the not-found page', async () => {
    renderAt(<GenericPage />, { url: '/nothing-here', path: '/:handle', client: fakeClient({ page: vi.fn(async () => Promise.reject(notFoundError())) }) });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });

  test('a broken connection is not a missing page: it says so and offers to try again', async () => {
    const page = vi.fn().mockRejectedValueOnce(new ApiError('Failed to fetch', { kind: 'network' })).mockResolvedValueOnce({ page: { ...expertPage, title: 'Back' } });
    renderAt(<GenericPage />, { url: '/about-us', path: '/:handle', client: fakeClient({ page }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back' })).toBeTruthy();
  });
});

describe('index pages', () => {
  test('/pindex.asp lists products A-Z by letter, 76 a page, title ascending', async () => {
    const filterProducts = vi.fn(async () => ({
      products: [card(1, { title: 'Zodiac Lid', handle: 'zodiac-lid' }), card(2, { title: '3-Way Valve', handle: 'valve' }), card(3, { title: 'Apex Pump', handle: 'apex' })],
      pageInfo: pageInfo(3, 76),
    }));
    renderAt(<IndexesPage />, { url: '/pindex.asp', path: '/pindex.asp', client: fakeClient({ filterProducts }) });
    expect(await screen.findByRole('link', { name: 'Apex Pump' })).toBeTruthy();
    expect(filterProducts).toHaveBeenCalledWith({ sortBy: 'title_asc', page: 0, limit: 76, fields: ['id', 'title', 'handle'] }, expect.anything());
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['#', 'A', 'Z']);
    expect(screen.getByRole('link', { name: 'Zodiac Lid' }).getAttribute('href')).toBe('/products/zodiac-lid');
    expect(screen.getByRole('heading', { level: 1, name: 'Product Index' })).toBeTruthy();
  });

  test('/cindex.asp reads every collection page by page until a short page, A-Z', async () => {
    const full = Array.from({ length: 76 }, (_, i) => ({ id: i + 1, title: `Collection ${i + 1}`, handle: `c-${i + 1}` }));
    const searchCollections = vi
      .fn()
      .mockResolvedValueOnce({ collections: full })
      .mockResolvedValueOnce({ collections: [{ id: 200, title: 'Automation', handle: 'automation' }] });
    renderAt(<IndexesPage />, { url: '/cindex.asp', path: '/cindex.asp', client: fakeClient({ searchCollections }) });
    expect(await screen.findByRole('link', { name: 'Automation' })).toBeTruthy();
    expect(searchCollections).toHaveBeenCalledTimes(2);
    expect(searchCollections).toHaveBeenLastCalledWith({ limit: 76, page: 1, fields: ['id', 'title', 'handle'] }, expect.anything());
    expect(screen.getByRole('link', { name: 'Automation' }).getAttribute('href')).toBe('/collections/automation');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['A', 'C']);
  });

  test('/productslist.asp shows product cards with paging kept in the URL', async () => {
    const filterProducts = vi.fn(async (q: { page?: number }) => ({ products: [card((q.page ?? 0) + 1)], pageInfo: pageInfo(48, 24) }));
    renderAt(<IndexesPage />, { url: '/productslist.asp?page=1', path: '/productslist.asp', client: fakeClient({ filterProducts }) });
    expect(await screen.findByText('Part 2')).toBeTruthy();
    expect(filterProducts).toHaveBeenCalledWith({ page: 1, limit: 24 }, expect.anything());
    expect(canonicalPath()).toBe('/productslist.asp?page=1');
  });
});

describe('collections root and vendors', () => {
  test('the collections root shows the top collections of the navigation with their children', async () => {
    const nav = vi.fn(async () => ({
      navData: [
        { id: 1, title: 'Pumps', url: '/collections/pumps', imageUrl: '/media/collections/1-800.png', children: [{ id: 2, title: 'Motors', url: '/collections/motors', children: [] }] },
        { id: 9, title: 'Blog', url: '/blogs', children: [] },
      ],
    }));
    renderAt(<CollectionsIndexPage />, { url: '/collections', path: '/collections', client: fakeClient({ nav }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pumps' })).toBeTruthy();
    expect(nav).toHaveBeenCalledWith({ collectionUrlPrefix: '/collections', imagePlacement: 'thumbnail', depth: 2 }, expect.anything());
    expect(screen.getByRole('link', { name: 'Motors' }).getAttribute('href')).toBe('/collections/motors');
    expect(screen.queryByText('Blog')).toBeNull();
    expect(screen.getByRole('link', { name: 'vendors' }).getAttribute('href')).toBe('/collections/vendors');
    expect(canonicalPath()).toBe('/collections');
  });

  test('the vendors page lists every vendor A-Z with its product count, linking to the search', async () => {
    const vendors = vi.fn(async () => ({
      vendors: [
        { id: 2, name: 'Blue Ripple', handle: 'blue-ripple', productCount: 1 },
        { id: 1, name: 'AquaCrest', handle: 'aquacrest', productCount: 107 },
      ],
    }));
    renderAt(<VendorsPage />, { url: '/collections/vendors', path: '/collections/vendors', client: fakeClient({ vendors }) });
    expect(await screen.findByRole('link', { name: 'AquaCrest' })).toBeTruthy();
    expect(vendors).toHaveBeenCalledWith({ page: 0, limit: 100, sortBy: 'NAME', order: 'ASC' }, expect.anything());
    expect(screen.getByRole('link', { name: 'AquaCrest' }).getAttribute('href')).toBe('/searchresults.asp?v=AquaCrest');
    expect(screen.getByText('(107 products)')).toBeTruthy();
    expect(screen.getByText('(1 product)')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Collections' }).getAttribute('href')).toBe('/collections');
  });
});

describe('newsletter confirmation', () => {
  function renderConfirm(url: string, confirmSubscription: (token: string) => Promise<{ success: boolean }>) {
    const Wrapper = wrapper(fakeClient(), testEnvironment());
    return render(
      <StrictMode>
        <Wrapper>
          <ContentClientProvider client={{ confirmSubscription }}>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route path="/confirm-subscription" element={<ConfirmSubscriptionPage />} />
              </Routes>
            </MemoryRouter>
          </ContentClientProvider>
        </Wrapper>
      </StrictMode>,
    );
  }

  test('posts the emailed token once (even under StrictMode) and says the subscription is confirmed', async () => {
    const confirm = vi.fn(async () => ({ success: true }));
    renderConfirm('/confirm-subscription?token=abc123', confirm);
    expect(screen.getByRole('status').textContent).toBe('Confirming your subscription...');
    expect(await screen.findByText('Your subscription is confirmed. Thank you for subscribing!')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('abc123');
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Newsletter subscription - Skimmer');
  });

  test("shows the server's refusal of a used or expired link", async () => {
    const refused = new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 400, serverMessage: 'This link is invalid or has expired.' });
    renderConfirm('/confirm-subscription?token=used', vi.fn(async () => Promise.reject(refused)));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link is invalid or has expired.');
  });

  test('a link without a token says so and sends nothing', async () => {
    const confirm = vi.fn(async () => ({ success: true }));
    renderConfirm('/confirm-subscription', confirm);
    expect(screen.getByRole('alert').textContent).toBe('This confirmation link is incomplete. Please use the link from your email.');
    await waitFor(() => expect(confirm).not.toHaveBeenCalled());
  });
});
