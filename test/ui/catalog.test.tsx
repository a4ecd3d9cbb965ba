import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { checkoutOf, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';
import { Pagination } from '../../src/ui/catalog/Pagination.tsx';
import { ProductCard } from '../../src/ui/catalog/ProductCard.tsx';
import { ProductSlider } from '../../src/ui/catalog/ProductSlider.tsx';
import { LazySection } from '../../src/ui/product/LazySection.tsx';
import { ResponsiveImage } from '../../src/ui/catalog/ResponsiveImage.tsx';
import { SearchSidebar } from '../../src/ui/catalog/SearchSidebar.tsx';
import { StarRating } from '../../src/ui/catalog/StarRating.tsx';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { card, pageInfo } from './pages.helpers.tsx';

afterEach(cleanup);

function mount(node: ReactNode, initialData?: InitialData) {
  const Wrapper = wrapper(fakeClient(), testEnvironment(), initialData ? { initialData } : {});
  return render(<Wrapper>{node}</Wrapper>);
}

describe('product card', () => {
  test.each([
    [{ price: 0 }, 'FREE'],
    [{ price: 0, callForPrice: true }, 'Call for price'],
    [{ price: 12.5 }, '$12.50'],
  ])('prices a card per the list rule: %o', (overrides, text) => {
    mount(<ProductCard card={card(1, overrides)} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  test('a call-for-price card offers the store phone or contact page in place of the add button, never FREE', () => {
    mount(<ProductCard card={card(1, { price: 0, compareAtPrice: 0, callForPrice: true })} />);
    expect(screen.queryByText('FREE')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const contact = screen.getByRole('link', { name: /^Call |^Contact us$/ });
    expect(contact.getAttribute('href')).toMatch(/^tel:\+?\d+$|^\/contact-us$/);
  });

  test('a card priced 0 without the flag reads FREE and keeps its add button, disabled', () => {
    mount(<ProductCard card={card(1, { price: 0 })} />);
    expect(screen.getByText('FREE')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: /^Call |^Contact us$/ })).toBeNull();
  });

  test('shows compare-at and Save only when available and higher', () => {
    mount(<ProductCard card={card(1, { price: 80, compareAtPrice: 100 })} />);
    expect(screen.getByText('$100.00')).toBeTruthy();
    expect(screen.getByText('Save $20.00')).toBeTruthy();
    cleanup();
    mount(<ProductCard card={card(1, { price: 80, compareAtPrice: 100, availableForSale: false })} />);
    expect(screen.queryByText('$100.00')).toBeNull();
  });

  test.each([
    ['Add to Cart', false, {}],
    ['Out of stock', true, { availableQuantity: 0 }],
    ['Out of stock', true, { availableForSale: false }],
    ['Add to Cart', true, { price: 0 }],
  ] as const)('labels the add button %s (disabled %s) for %o', (label, disabled, overrides) => {
    mount(<ProductCard card={card(1, overrides)} />);
    const button = screen.getByRole('button', { name: label });
    expect(button.hasAttribute('disabled')).toBe(disabled);
  });

  test('counts the units already in the cart against the stock', () => {
    const checkout = checkoutOf([lineItem(1, 10, 5)]);
    mount(<ProductCard card={card(1, { availableQuantity: 5 })} />, { auth: { user: null, customer: {} }, checkout });
    expect(screen.getByRole('button', { name: 'Out of stock' }).hasAttribute('disabled')).toBe(true);
  });

  test('links the vendor to the search results with v and shows the Featured badge', () => {
    mount(<ProductCard card={card(1, { vendor: 'Hayward Pool', isFeatured: true })} />);
    expect(screen.getByRole('link', { name: 'Hayward Pool' }).getAttribute('href')).toBe('/searchresults.asp?v=Hayward%20Pool');
    expect(screen.getByText('Featured')).toBeTruthy();
  });

  test('shows the placeholder when the card has no image', () => {
    const { container } = mount(<ProductCard card={card(1, { imageUrl: null })} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/no-image.png');
  });
});

describe('star rating', () => {
  test.each([
    [null, 0, '(No reviews yet)'],
    [5, 1, '1 review'],
    [4.4, 12, '12 reviews'],
  ])('reads average %s with %i reviews as %s', (average, count, text) => {
    render(<StarRating average={average} count={count} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  test('draws 5 stars rounded from the average', () => {
    render(<StarRating average={3.6} count={2} />);
    const stars = screen.getByRole('img', { name: '4 out of 5 stars' });
    expect(stars.getAttribute('data-stars')).toBe('4');
    // the glyphs are the stylesheet's: the markup stays ASCII
    expect(stars.textContent).toBe('');
  });

  test('the stylesheet draws every rounded rating as filled then empty stars, hidden from assistive technology', () => {
    const css = readFileSync(join(process.cwd(), 'src/ui/catalog/catalog.css'), 'utf8');
    for (let n = 0; n <= 5; n++) {
      const glyphs = '\\2605'.repeat(n) + '\\2606'.repeat(5 - n);
      expect(css).toContain(`.sk-star-row[data-stars='${n}']::before { content: '${glyphs}'; content: '${glyphs}' / ''; }`);
    }
  });
});

describe('pagination', () => {
  test('disables the current page and Back on the first page, and writes the range', () => {
    const onPage = vi.fn();
    render(<Pagination page={0} pages={5} limit={24} total={100} onPage={onPage} />);
    expect(screen.getByText('Showing 1 - 24 of 100 products.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});

describe('responsive image', () => {
  test('gives a srcset of widths 200 to 800 with width and height, eager for the first 5 on desktop', () => {
    const { container } = render(<ResponsiveImage src="/media/images/4-800.png" placeholder="/none.png" alt="Pump" index={0} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')?.split(', ')).toHaveLength(7);
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('loading')).toBe('eager');
    cleanup();
    const lazy = render(<ResponsiveImage src="/media/images/4-800.png" placeholder="/none.png" alt="Pump" index={5} />);
    expect(lazy.container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });
});

describe('search sidebar', () => {
  const facets = Array.from({ length: 10 }, (_, i) => ({ tagPrefix: 'Brand', tagValue: `B${i}`, tagCount: i + 1 }));
  const info = pageInfo(10, 24, {
    availableTagPrefixes: [{ tagPrefixValue: 'Brand' }],
    availableTagFilters: facets,
    availableVendors: [{ vendor: 'Hayward', vendorCount: 4 }],
  });

  test("shows None plus 8 options, then all with 'Show more' and back with 'Show less'", () => {
    render(<SearchSidebar pageInfo={info} query={{}} priceDraft={null} setFilters={vi.fn()} setPrice={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Brand' });
    expect(within(group).getAllByRole('radio')).toHaveLength(9);
    expect(within(group).getByLabelText('None')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Show more' }));
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    expect(within(group).getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  test('chooses a tag value and offers All plus each vendor with its count', () => {
    const setFilters = vi.fn();
    render(<SearchSidebar pageInfo={info} query={{}} priceDraft={null} setFilters={setFilters} setPrice={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('B2 (3)'));
    expect(setFilters).toHaveBeenCalledWith({ t: [['Brand', 'B2']] });
    const vendors = screen.getByLabelText('Vendors') as HTMLSelectElement;
    expect([...vendors.options].map((o) => o.text)).toEqual(['All', 'Hayward (4)']);
  });
});

describe('product slider', () => {
  test('in history mode each card has a remove button', () => {
    const onRemove = vi.fn();
    mount(<ProductSlider title="Recently viewed" products={[card(1), card(2)]} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Part 2 from recently viewed' }));
    expect(onRemove).toHaveBeenCalledWith(2);
    expect(screen.queryByAltText('Featured products')).toBeNull();
  });

  test('inside a lazy place, the slider is the one region of its name; an empty list leaves no named region', async () => {
    // jsdom has no IntersectionObserver: the place shows its content once mounted
    const { unmount } = mount(
      <LazySection label="Recently viewed">
        <ProductSlider title="Recently viewed" products={[card(1), card(2)]} />
      </LazySection>,
    );
    await screen.findByRole('heading', { name: 'Recently viewed' });
    expect(screen.getAllByRole('region', { name: 'Recently viewed' })).toHaveLength(1);
    unmount();
    const empty = mount(
      <LazySection label="Recently viewed">
        <ProductSlider title="Recently viewed" products={[]} />
      </LazySection>,
    );
    expect(empty.container.querySelector('[data-lazy-section="Recently viewed"]')).not.toBeNull();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  // jsdom has no PointerEvent: without one, fireEvent.pointerDown drops clientX
  beforeAll(() => {
    if (typeof window.PointerEvent === 'undefined') vi.stubGlobal('PointerEvent', class extends MouseEvent {});
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  const cards = (n: number) => Array.from({ length: n }, (_, i) => card(i + 1));
  const track = (container: HTMLElement) => container.querySelector('.sk-slider__track') as HTMLElement;

  test.each([
    // 7 cards and the banner: 8 items, 5 per view, positions 0..3, one item (a fifth) per step
    [false, 7, ['Next products'], 'translateX(calc(-20% + 0px))'],
    [false, 7, ['Previous products'], 'translateX(calc(-60% + 0px))'],
    [false, 7, ['Next products', 'Next products', 'Next products', 'Next products'], 'translateX(calc(0% + 0px))'],
    // 3 cards and the banner on mobile: 4 items, 2 per view, positions 0..2, one item (a half) per step
    [true, 3, ['Next products'], 'translateX(calc(-50% + 0px))'],
    [true, 3, ['Previous products'], 'translateX(calc(-100% + 0px))'],
  ] as const)('mobile %s with %i cards: the arrows %j move the track to %s, wrapping at both ends', (mobile, n, clicks, transform) => {
    const { container } = mount(<ProductSlider title="Related" products={cards(n)} mobile={mobile} />);
    for (const name of clicks) fireEvent.click(screen.getByRole('button', { name }));
    expect(track(container).style.transform).toBe(transform);
  });

  test('the arrows are off when everything fits in one view', () => {
    mount(<ProductSlider title="Related" products={cards(3)} />);
    expect(screen.getByRole('button', { name: 'Next products' }).hasAttribute('disabled')).toBe(true);
  });

  test.each([
    ['a swipe past 15 percent of the item width moves in history mode on desktop', true, false, -38, 'translateX(calc(-20% + 0px))'],
    ['a swipe of 15 percent or less does not move', true, false, -37, 'translateX(calc(0% + 0px))'],
    ['a swipe moves on mobile', false, true, -38, 'translateX(calc(-50% + 0px))'],
    ['a swipe does nothing on desktop outside history mode', false, false, -120, 'translateX(calc(0% + 0px))'],
  ])('%s', (_title, history, mobile, delta, transform) => {
    const { container } = mount(<ProductSlider title="Recently viewed" products={cards(8)} mobile={mobile} onRemove={history ? vi.fn() : undefined} />);
    const viewport = container.querySelector('.sk-slider__viewport') as HTMLElement;
    // jsdom lays nothing out: the threshold is taken on the 250 px item width
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerMove(viewport, { clientX: 300 + delta });
    fireEvent.pointerUp(viewport, { clientX: 300 + delta });
    expect(track(container).style.transform).toBe(transform);
  });

  test('a swipe that moved the track does not follow the link under the pointer', () => {
    const { container } = mount(<ProductSlider title="Recently viewed" products={cards(8)} onRemove={vi.fn()} />);
    const viewport = container.querySelector('.sk-slider__viewport') as HTMLElement;
    const link = screen.getByRole('link', { name: 'Part 2' });
    fireEvent.pointerDown(link, { clientX: 300 });
    fireEvent.pointerUp(link, { clientX: 200 });
    expect(fireEvent.click(link)).toBe(false);
    // a plain click (no movement) still goes through
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 301 });
    expect(fireEvent.click(link)).toBe(true);
  });

  test('puts the featured banner card first outside history mode', () => {
    mount(<ProductSlider title="Related" products={[card(1)]} />);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByAltText('Featured products')).toBeTruthy();
  });
});
