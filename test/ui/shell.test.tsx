import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../src/api/client.ts';
import type { NavLink } from '../../src/domain/entities.ts';
import type { SkimmerEnvironment } from '../../src/hooks/environment.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { asChunkError, ErrorBoundary } from '../../src/app/ErrorBoundary.tsx';
import { withChunkTimeout } from '../../src/app/routes.tsx';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/domain/shell.ts';
import NotFound from '../../src/app/NotFound.tsx';
import { Breadcrumbs } from '../../src/ui/shell/Breadcrumbs.tsx';
import { CartButton } from '../../src/ui/shell/CartOverlay.tsx';
import { ExitIntentPopup } from '../../src/ui/shell/ExitIntentPopup.tsx';
import { Footer } from '../../src/ui/shell/Footer.tsx';
import { EQUIPMENT_NAV_LINK, Header } from '../../src/ui/shell/Header.tsx';
import { EQUIPMENT_PATH } from '../../src/domain/equipment.ts';
import { Modal } from '../../src/ui/shell/Modal.tsx';
import { Toasts } from '../../src/ui/shell/Toasts.tsx';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { fakeClient, fakeEvents, fakeViewport, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SIGNED_OUT: InitialData = { auth: { user: null, customer: {} }, checkout: null };
const SIGNED_IN: InitialData = {
  auth: { user: { firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false }, customer: {} },
  checkout: null,
};

function mount(ui: ReactNode, { client = fakeClient(), env = {}, initialData = SIGNED_OUT, width = 1280 }: { client?: ApiClient; env?: Partial<SkimmerEnvironment>; initialData?: InitialData; width?: number } = {}) {
  const environment = testEnvironment({ viewport: fakeViewport(width), ...env });
  const Wrapper = wrapper(client, environment, { initialData });
  return { environment, ...render(<Wrapper>{ui}</Wrapper>) };
}

const link = (id: number, title: string, url: string, children: NavLink[] = [], max: number | null = null): NavLink => ({ id, title, url, children, maxChildItemsToDisplay: max });
const kids = (n: number) => Array.from({ length: n }, (_, i) => link(100 + i, `Child ${i + 1}`, `/collections/c${i + 1}`));

describe('NotFound', () => {
  test("shows '404 Not Found', 'This page does not exist.' and Go Back goes back in history", () => {
    const { environment } = mount(<NotFound />);
    expect(screen.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('This page does not exist.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(environment.back).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorBoundary', () => {
  function Boom({ error }: { error: Error }): never {
    throw error;
  }

  test("a render error shows 'Oops.' / 'Something went wrong.'", () => {
    render(<ErrorBoundary onError={() => {}}><Boom error={new Error('bad')} /></ErrorBoundary>);
    expect(screen.getByRole('heading', { name: 'Oops.' })).toBeTruthy();
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
  });

  test.each([
    ['Loading chunk 7 failed', 'Loading chunk 7 failed'],
    ['Failed to fetch dynamically imported module: http://x/assets/ProductPage-abc.js', 'Loading chunk ProductPage-abc.js failed'],
    ['Unable to preload CSS for /assets/catalog-abc.css', 'Loading CSS chunk catalog-abc.css failed'],
  ])('a chunk-load failure (%s) offers a reload', (message, shown) => {
    const reload = vi.fn();
    render(<ErrorBoundary onError={() => {}} reload={reload}><Boom error={new Error(message)} /></ErrorBoundary>);
    expect(screen.getByText(shown)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a failed page stylesheet is a chunk failure with the code CSS_CHUNK_LOAD_FAILED', () => {
    expect(asChunkError(new Error('Unable to preload CSS for /assets/catalog-abc.css'))).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED', name: 'ChunkLoadError' });
  });

  test('a page chunk that has not arrived after 120 s fails as a chunk failure; one that arrives is passed through', async () => {
    vi.useFakeTimers();
    try {
      const never = withChunkTimeout(new Promise(() => {}), 'product');
      const settled = never.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      let done = false;
      void settled.then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk product failed' });
      await expect(withChunkTimeout(Promise.resolve('page'), 'home')).resolves.toBe('page');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a new reset key (another path) clears the error', () => {
    function Maybe({ fail }: { fail: boolean }) {
      if (fail) throw new Error('bad');
      return <p>fine</p>;
    }
    const view = render(<ErrorBoundary onError={() => {}} resetKey="/a"><Maybe fail /></ErrorBoundary>);
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    view.rerender(<ErrorBoundary onError={() => {}} resetKey="/b"><Maybe fail={false} /></ErrorBoundary>);
    expect(screen.getByText('fine')).toBeTruthy();
  });
});

describe('Header', () => {
  const nav = [link(1, 'Pumps', '/collections/pumps', kids(12)), link(2, 'Filters', '/collections/filters', kids(12), 10)];

  test('the top bar shows the contact phone and store email from configuration', () => {
    mount(<Header navData={[]} pathname="/" />);
    expect(screen.getByRole('link', { name: '555-0100' }).getAttribute('href')).toBe('tel:5550100');
    expect(screen.getByRole('link', { name: 'help@skimmer.test' }).getAttribute('href')).toBe('mailto:help@skimmer.test');
  });

  test('shows at most 8 children per link unless maxChildItemsToDisplay is set', () => {
    mount(<Header navData={nav} pathname="/" />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const lists = main.querySelectorAll('.nav-children');
    expect(lists[0]?.querySelectorAll('li').length).toBe(8);
    expect(lists[1]?.querySelectorAll('li').length).toBe(10);
  });

  test('the main navigation links the equipment index (issue 15) after the catalogue, once', () => {
    mount(<Header navData={nav} pathname="/" />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const equipment = within(main).getByRole('link', { name: 'Shop by Equipment' });
    expect(equipment.getAttribute('href')).toBe(EQUIPMENT_PATH);
    const topLevel = [...main.querySelectorAll(':scope > ul > li > a, :scope > ul > li > details > summary')].map((a) => a.getAttribute('href') ?? a.textContent);
    expect(topLevel).toEqual(['Shop by Category', EQUIPMENT_PATH]);
    cleanup();
    // a store whose own navigation already has the page keeps its link, without a second one
    mount(<Header navData={[...nav, link(3, 'Equipment', EQUIPMENT_PATH, [])]} pathname="/" />);
    const again = screen.getByRole('navigation', { name: 'Main' });
    expect(within(again).getAllByRole('link').filter((a) => a.getAttribute('href') === EQUIPMENT_PATH).map((a) => a.textContent)).toEqual(['Equipment']);
    expect(EQUIPMENT_NAV_LINK.url).toBe(EQUIPMENT_PATH);
  });

  test('the search box has the placeholder and a search button', () => {
    mount(<Header navData={[]} pathname="/" />);
    expect(screen.getByPlaceholderText('Enter Keyword or Part Number...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  test('signed out, the account menu offers Sign in and Register', async () => {
    mount(<Header navData={[]} pathname="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    // the items load with the first opening
    const menu = screen.getByRole('menu');
    expect((await within(menu).findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Sign in', 'Register']);
  });

  test('signed in, the account menu offers Manage Account and Sign Out', async () => {
    mount(<Header navData={[]} pathname="/" />, { initialData: SIGNED_IN });
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    const items = await within(screen.getByRole('menu')).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Manage Account', 'Sign Out']);
    expect(items[0]?.getAttribute('href')).toBe('/myaccount.asp');
  });

  test('an ArrowDown on the closed menu opens it and focuses its first item once the items are there', async () => {
    mount(<Header navData={[]} pathname="/" />);
    const button = screen.getByRole('button', { name: 'Account' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign in'));
  });

  test('Escape closes the account menu and returns focus to its button', () => {
    mount(<Header navData={[]} pathname="/" />);
    const button = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('on mobile the user icon links to /myaccount.asp and the Menu disclosure holds the navigation', () => {
    mount(<Header navData={nav} pathname="/" />, { width: 400 });
    expect(screen.getByRole('link', { name: 'Manage Account' }).getAttribute('href')).toBe('/myaccount.asp');
    // a native <details>: it opens without JavaScript, so the navigation is in the server's HTML
    const menu = screen.getByText('Menu').closest('details')!;
    expect(menu.open).toBe(false);
    expect(menu.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    fireEvent.click(menu.querySelector('summary')!);
    expect(menu.open).toBe(true);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector('summary'));
  });

  test('the collections fold into one Shop by Category panel; Escape closes it and focuses its summary', () => {
    mount(<Header navData={nav} pathname="/" />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const panel = within(main).getByText('Shop by Category').closest('details')!;
    expect([...panel.querySelectorAll('.nav-column-title')].map((a) => a.getAttribute('href'))).toEqual(['/collections/pumps', '/collections/filters']);
    fireEvent.click(panel.querySelector('summary')!);
    expect(panel.open).toBe(true);
    fireEvent.keyDown(within(panel).getByRole('link', { name: 'Pumps' }), { key: 'Escape' });
    expect(panel.open).toBe(false);
    expect(document.activeElement).toBe(panel.querySelector('summary'));
  });

  test('right-clicking the logo shows the copyright alert', () => {
    const { environment } = mount(<Header navData={[]} pathname="/" />, { env: { alert: vi.fn() } });
    fireEvent.contextMenu(screen.getByRole('img', { name: 'Skimmer' }));
    expect(environment.alert).toHaveBeenCalledWith('Sorry, our images are copyrighted.');
  });
});

describe('CartButton and overlay', () => {
  test("opens from the cart button with 'No items in cart' and a View Cart link to /shoppingcart.asp", async () => {
    mount(<CartButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Cart (0)' }));
    // the panel's content loads with the first opening
    expect(await screen.findByText('No items in cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/shoppingcart.asp');
  });

  test('a click outside closes the overlay', async () => {
    mount(<><CartButton /><p>outside</p></>);
    fireEvent.click(screen.getByRole('button', { name: 'Cart (0)' }));
    expect(await screen.findByText('No items in cart')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('outside'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart (0)' }).getAttribute('aria-expanded')).toBe('false'));
  });

  test('on mobile the cart button is a link to /shoppingcart.asp', () => {
    mount(<CartButton />, { width: 400 });
    expect(screen.getByRole('link', { name: 'Cart (0)' }).getAttribute('href')).toBe('/shoppingcart.asp');
  });
});

describe('Footer', () => {
  const vendors = Array.from({ length: 12 }, (_, i) => ({ id: i, handle: `v${i}`, name: `Brand ${i}`, productCount: i * 3 }));
  const client = () =>
    fakeClient({
      vendors: vi.fn().mockResolvedValue({ vendors }),
      siteReviews: vi.fn().mockResolvedValue({ siteReviews: [{ url: 'x', message: 'Great parts', name: 'Sam', stars: 5 }], total: 1 }),
    });

  test('shows every block heading of the spec', async () => {
    mount(<Footer navData={[link(1, 'Pumps', '/collections/pumps')]} year={2026} />, { client: client() });
    for (const heading of ['NAVIGATE', 'CATEGORIES', 'POPULAR BRANDS', 'MY ACCOUNT', 'CONNECT WITH US', 'SELLER REVIEWS', 'Subscribe to our newsletter']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText('Get the latest updates on new products and upcoming sales.')).toBeTruthy();
    expect(screen.getByPlaceholderText('Email address')).toBeTruthy();
    expect(screen.getByText('Mon-Fri 6AM-8PM PST')).toBeTruthy();
    expect(screen.getByText('Sat-Sun 6AM-3PM PST')).toBeTruthy();
    expect(screen.getByText('© 2026 Skimmer. All rights reserved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See more reviews »' })).toBeTruthy();
    expect((await screen.findAllByText('Great parts')).length).toBeGreaterThan(0);
  });

  test.each([
    [1280, 3],
    [400, 1],
  ])('SELLER REVIEWS at %i px shows %i cards at a time, moving one card per step', async (width, shown) => {
    const reviews = Array.from({ length: 5 }, (_, i) => ({ url: 'x', message: `Review ${i}`, name: `N${i}`, stars: 5 }));
    const c = fakeClient({ vendors: vi.fn().mockResolvedValue({ vendors }), siteReviews: vi.fn().mockResolvedValue({ siteReviews: reviews, total: 5 }) });
    mount(<Footer navData={[]} year={2026} />, { client: c, width });
    const block = screen.getByRole('heading', { name: 'SELLER REVIEWS' }).closest('section') as HTMLElement;
    await waitFor(() => expect(block.querySelectorAll('.review-card').length).toBeGreaterThan(0));
    const visible = () => [...block.querySelectorAll('.review-card')].filter((card) => card.getAttribute('aria-hidden') !== 'true');
    expect(visible()).toHaveLength(shown);
    const first = visible()[0]?.textContent;
    fireEvent.click(within(block).getByRole('button', { name: 'Next review' }));
    await waitFor(() => expect(visible()[0]?.textContent).not.toBe(first));
    expect(visible()).toHaveLength(shown);
    expect((visible()[0] as HTMLElement).style.flexBasis).toBe(`${100 / shown}%`);
  });

  test("a review without a message reads 'No feedback given.'; a swipe past 50 px moves one card, a shorter one does not", async () => {
    const reviews = [
      { url: 'x', message: '', name: 'Nina', stars: 5 },
      ...Array.from({ length: 4 }, (_, i) => ({ url: 'x', message: `Review ${i}`, name: `N${i}`, stars: 5 })),
    ];
    const c = fakeClient({ vendors: vi.fn().mockResolvedValue({ vendors }), siteReviews: vi.fn().mockResolvedValue({ siteReviews: reviews, total: 5 }) });
    mount(<Footer navData={[]} year={2026} />, { client: c, width: 400 });
    const block = screen.getByRole('heading', { name: 'SELLER REVIEWS' }).closest('section') as HTMLElement;
    await waitFor(() => expect(block.querySelectorAll('.review-card').length).toBeGreaterThan(0));
    const visible = () => [...block.querySelectorAll('.review-card')].filter((card) => card.getAttribute('aria-hidden') !== 'true');
    expect(visible()[0]?.textContent).toContain('No feedback given.');
    const viewport = block.querySelector('.reviews-viewport') as HTMLElement;
    // jsdom has no PointerEvent: without one, fireEvent.pointerDown drops clientX
    if (typeof window.PointerEvent === 'undefined') vi.stubGlobal('PointerEvent', class extends MouseEvent {});
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(viewport, { clientX: from });
      fireEvent.pointerMove(viewport, { clientX: to });
      fireEvent.pointerUp(viewport, { clientX: to });
    };
    swipe(300, 260);
    expect(visible()[0]?.textContent).toContain('No feedback given.');
    swipe(300, 240);
    await waitFor(() => expect(visible()[0]?.textContent).toContain('Review 0'));
  });

  test('POPULAR BRANDS lists 10 brands by product count, linked to /brands/{name}', async () => {
    mount(<Footer navData={[]} year={2026} />, { client: client() });
    const block = screen.getByRole('heading', { name: 'POPULAR BRANDS' }).closest('section') as HTMLElement;
    await waitFor(() => expect(within(block).getAllByRole('link')).toHaveLength(10));
    const links = within(block).getAllByRole('link');
    expect(links[0]?.textContent).toBe('Brand 11');
    expect(links[0]?.getAttribute('href')).toBe('/brands/Brand%2011');
  });

  test('lists the accepted payment methods as SVG card marks named by their method', () => {
    mount(<Footer navData={[]} year={2026} />, { client: client() });
    const list = screen.getByRole('list', { name: 'Accepted payment methods' });
    const items = within(list).getAllByRole('listitem');
    const marks = items.map((item) => within(item).getByRole('img'));
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual(['Amex', 'Apple Pay', 'Diners', 'Discover', 'Google Pay', 'Mastercard', 'PayPal', 'Visa']);
    // drawn marks, not coloured labels: every item is an SVG card with artwork besides its frame
    for (const mark of marks) {
      expect(mark.tagName.toLowerCase()).toBe('svg');
      expect(mark.querySelectorAll('path, circle, text, rect').length).toBeGreaterThan(1);
    }
    expect(new Set(marks.map((m) => m.innerHTML)).size).toBe(marks.length);
  });

  test("right-clicking the seal shows 'Sorry, our images are copyrighted.'", () => {
    const { environment } = mount(<Footer navData={[]} year={2026} />, { client: client(), env: { alert: vi.fn() } });
    fireEvent.contextMenu(screen.getByRole('img', { name: 'Shopper Approved' }));
    expect(environment.alert).toHaveBeenCalledWith('Sorry, our images are copyrighted.');
  });
});

describe('ExitIntentPopup', () => {
  test("opens on exit intent with 'FIRST ORDER SPECIAL', the configured offer and the note; Escape closes it", async () => {
    vi.useFakeTimers();
    const events = fakeEvents();
    mount(<ExitIntentPopup />, { env: { events } });
    act(() => events.pointerLeave(0));
    await act(() => vi.advanceTimersByTimeAsync(250));
    const dialog = screen.getByRole('dialog', { name: 'FIRST ORDER SPECIAL' });
    expect(within(dialog).getByText('10% off')).toBeTruthy();
    expect(within(dialog).getByText('FIRST10')).toBeTruthy();
    expect(within(dialog).getByText('Note: One Redemption Per Account/IP Address Only')).toBeTruthy();
    act(() => events.key('Escape'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Modal', () => {
  test('has Close and Confirm, sits at z-index 10000, and Escape closes it', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    render(<Modal open title="Remove item?" onClose={onClose} onConfirm={onConfirm}>Sure?</Modal>);
    const dialog = screen.getByRole('dialog', { name: 'Remove item?' });
    expect((dialog.parentElement as HTMLElement).style.zIndex).toBe('10000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('keeps Tab inside the dialog', () => {
    render(<Modal open title="T" onClose={() => {}} onConfirm={() => {}} />);
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(close);
    confirm.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });
});

describe('Breadcrumbs', () => {
  test.each([
    [[{ title: 'Pumps', url: '/collections/pumps' }, { title: 'SuperFlo' }], ['Home', 'Pumps', 'SuperFlo']],
    [[{ title: 'Home', url: '/' }, { title: 'Cart' }], ['Home', 'Cart']],
    [[], ['Home']],
  ])('always start with Home at / (%j)', (items, titles) => {
    render(<Breadcrumbs items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(titles);
    if (titles.length > 1) expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});

describe('Toasts', () => {
  test('show the local time and hide by themselves', async () => {
    vi.useFakeTimers();
    let notify: ReturnType<typeof useToasts>['notify'] = () => 0;
    function Raise() {
      notify = useToasts().notify;
      return null;
    }
    mount(<><Raise /><Toasts /></>);
    act(() => void notify('success', 'Added to cart'));
    expect(screen.getByText('Added to cart')).toBeTruthy();
    expect(screen.getByText(/^\d{1,2}:\d{2}/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.queryByText('Added to cart')).toBeNull();
  });
});
