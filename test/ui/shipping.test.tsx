/** The shipping surfaces: the product page's arrival block and notices, the cart's shipments and totals, the order's shipments. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { EstimateShippingRequest } from '../../src/api/shipping.ts';
import OrdersPage from '../../src/app/pages/account/OrdersPage.tsx';
import ProductPage from '../../src/app/pages/ProductPage.tsx';
import type { Order } from '../../src/api/types.ts';
import { checkoutLines } from '../../src/domain/cart.ts';
import { formatCartAmount, fromCents } from '../../src/domain/money.ts';
import { SHIPPING_ZIP_KEY, ZIP_INVALID_MESSAGE } from '../../src/domain/shipping-view.ts';
import type { ProductNotice } from '../../src/domain/shipping/notices.ts';
import { createMemoryStorage } from '../../src/hooks/environment.ts';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';
import { LazySection } from '../../src/ui/product/LazySection.tsx';
import ArrivalEstimate from '../../src/ui/shipping/ArrivalEstimate.tsx';
import CartShipping from '../../src/ui/shipping/CartShipping.tsx';
import { OrderShipments } from '../../src/ui/shipping/OrderShipments.tsx';
import ProductNotices, { type ProductNoticesProps } from '../../src/ui/shipping/ProductNotices.tsx';
import { SIGNED_IN } from '../hooks/account.helpers.ts';
import { checkoutOf, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, storeConfig, testEnvironment, themeConfig, wrapper } from '../hooks/hooks.helpers.tsx';
import { pump } from '../hooks/product.helpers.ts';
import { CHLORINE, FILTER, PUMP, quoteOf } from '../hooks/shipping.helpers.ts';
import { renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

const LEAD: ProductNotice[] = [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }, { kind: 'not-returnable-once-opened' }];
const money = (cents: number) => formatCartAmount(fromCents(cents), '$');

function estimating(answer: (body: EstimateShippingRequest) => Promise<{ quote: ReturnType<typeof quoteOf> }>) {
  return { estimateShipping: vi.fn(answer) } satisfies Partial<ApiClient>;
}

describe('the product page', () => {
  test('shows when it ships and arrives for the saved ZIP, under the price, with the notices', async () => {
    const calls = estimating(async (body) => ({ quote: quoteOf([{ ...PUMP, id: String(body.lines![0]!.inventoryLevelId) }], body.destination.zip) }));
    const client = fakeClient({
      productByHandle: vi.fn(async () => ({ product: { ...pump(), notices: LEAD } })),
      relatedProducts: vi.fn(async () => ({ products: [] })),
      productsByIds: vi.fn(async () => ({ products: [] })),
      ...calls,
    } satisfies Partial<ApiClient>);
    const environment = testEnvironment({ storage: createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' }) });
    renderAt(<ProductPage />, { url: '/products/superflo', path: '/products/:handle', client, environment });
    const block = await screen.findByRole('region', { name: 'Delivery estimate' });
    expect(await within(block).findByText('Order within 2 h 14 min and it ships today')).toBeTruthy();
    expect(within(block).getByText(/^Arrives \w{3}, Dec \d+ – \w{3}, Dec \d+$/)).toBeTruthy();
    expect(within(block).getByText(/Delivery to 90210/)).toBeTruthy();
    // the first available variant's level, one unit
    expect(calls.estimateShipping.mock.calls[0]![0]).toEqual({ lines: [{ inventoryLevelId: 10, quantity: 1 }], destination: { zip: '90210' } });
    // under the price, above the details grid
    const price = document.querySelector('.sk-pp-price')!;
    expect(price.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(block.compareDocumentPosition(document.querySelector('.sk-pp-details')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the notices: the warning link expands the full warning
    const link = await screen.findByText('⚠ WARNING: California Proposition 65');
    const details = link.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(link);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/can expose you to chemicals including lead, which is known to the State of California to cause cancer/)).toBeTruthy();
    expect(screen.getByText('Not returnable once opened.')).toBeTruthy();
  });

  test('hydrates the server\'s HTML without a mismatch: the notices are in it, the estimate comes after', async () => {
    const storage = createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' });
    const calls = estimating(async () => ({ quote: quoteOf([{ ...PUMP, id: '10' }]) }));
    const tree = (Notices: ComponentType<ProductNoticesProps>, client: ApiClient) => (
      <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={testEnvironment({ storage })}>
        <LazySection label="delivery dates" minHeight={84}>
          <ArrivalEstimate inventoryLevelId={10} />
        </LazySection>
        <Suspense fallback={null}>
          <Notices notices={LEAD} />
        </Suspense>
      </SkimmerProvider>
    );
    const html = renderToString(tree(ProductNotices, fakeClient()));
    expect(html).toContain('⚠ WARNING: California Proposition 65');
    expect(html).not.toContain('Delivery to');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const LazyNotices = lazy(async () => ({ default: ProductNotices }));
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, tree(LazyNotices, fakeClient(calls)), { onRecoverableError: recoverable }));
    await waitFor(() => expect(container.textContent).toContain('Order within 2 h 14 min and it ships today'));
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  test('Change ZIP: a bad ZIP is said next to the field before any call; a new ZIP asks again; the quote\'s refusal shows as an alert', async () => {
    const refusal = "Pool chemicals ship by ground within the contiguous US only, so we can't send Liquid Chlorine to AK. Remove it or ship to another address.";
    const calls = estimating(async (body) => {
      if (body.destination.zip === '99501') throw new ApiError(refusal, { kind: 'http', status: 422, serverMessage: refusal });
      return { quote: quoteOf([{ ...CHLORINE, id: '10' }], body.destination.zip) };
    });
    const environment = testEnvironment({ storage: createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' }) });
    const Wrapper = wrapper(fakeClient(calls), environment);
    render(
      <Wrapper>
        <ArrivalEstimate inventoryLevelId={10} />
      </Wrapper>,
    );
    expect(await screen.findByText(/^Arrives /)).toBeTruthy();
    const change = screen.getByRole('button', { name: 'Change ZIP' });
    expect(change.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(change);
    expect(change.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByLabelText('ZIP code') as HTMLInputElement;
    expect(field.value).toBe('90210');
    fireEvent.change(field, { target: { value: '9950' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert').textContent).toBe(ZIP_INVALID_MESSAGE);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(calls.estimateShipping).toHaveBeenCalledTimes(1);
    fireEvent.change(field, { target: { value: '99501' } });
    fireEvent.submit(field.form!);
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText(refusal).getAttribute('role')).toBe('alert');
    expect(screen.getByText(/Delivery to 99501/)).toBeTruthy();
    expect(calls.estimateShipping.mock.calls.map((c) => c[0].destination.zip)).toEqual(['90210', '99501']);
  });

  test('without a ZIP it asks for one, with an accessible form and no call', () => {
    const calls = estimating(async () => ({ quote: quoteOf([PUMP]) }));
    const Wrapper = wrapper(fakeClient(calls));
    render(
      <Wrapper>
        <ArrivalEstimate inventoryLevelId={10} />
      </Wrapper>,
    );
    expect(screen.getByText('Enter your ZIP code to see when it arrives.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'ZIP code' }).getAttribute('autocomplete')).toBe('postal-code');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(calls.estimateShipping).not.toHaveBeenCalled();
  });
});

describe('the cart', () => {
  // chlorine (level 21), a pump (22) and a sand filter (23) to Beverly Hills, CA
  const items = [lineItem(1, 21, 1, 39.99), lineItem(2, 22, 1, 689.99), lineItem(3, 23, 1, 1149.99)];
  const quoteLines = [{ ...CHLORINE, id: '21' }, { ...PUMP, id: '22' }, { ...FILTER, id: '23' }];

  test.each(['page', 'overlay'] as const)('the %s shows the domain\'s quote for the same inputs: three shipments, shipping per shipment, tax, and lines − discount + shipping + tax', async (variant) => {
    const quote = quoteOf(quoteLines);
    const checkout = checkoutOf(items);
    const environment = testEnvironment({ storage: createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' }) });
    const Wrapper = wrapper(fakeClient(estimating(async () => ({ quote }))), environment);
    const { container } = render(
      <Wrapper>
        <CartShipping lines={checkoutLines(checkout)} checkout={checkout} fallbackRows={[]} variant={variant} />
      </Wrapper>,
    );
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(shipments).getAllByRole('listitem')).toHaveLength(3);
    // each row's label and amount, one space between
    const rows = [...container.querySelectorAll(variant === 'page' ? '.sk-totals > div' : '.cart-totals > li')].map((r) => [...r.children].map((c) => c.textContent).join(' '));
    const [parcel, hazmat, freight] = quote.shipments;
    const t = quote.totals;
    expect(rows).toEqual([
      `Subtotal ${money(t.linesCents)}`,
      `Shipping: Parcels by Ground ${parcel!.cents === 0 ? 'FREE' : money(parcel!.cents)}`,
      `Shipping: Pool chemicals by Ground ${money(hazmat!.cents)}`,
      `Shipping: Freight ${money(freight!.cents)}`,
      `Sales tax (CA ${quote.tax.rateText}) ${money(t.taxCents)}`,
      `Total ${money(t.linesCents - t.discountCents + parcel!.cents + hazmat!.cents + freight!.cents + quote.tax.totalCents)}`,
    ]);
    for (const s of quote.shipments) expect(within(shipments).getAllByText(s.dates.arrivalText).length).toBeGreaterThan(0);
  });

  test('with SAVE10 and FREESHIP the cart asks for its own quote and shows the checkout\'s rows: the discount, free ground, the tax and the total charged', async () => {
    // the cart's answer after the codes: the lines less 10 %, as the server prices it
    const linesCents = 3999 + 68999;
    const discountCents = Math.round(linesCents / 10);
    const two = [lineItem(1, 21, 1, 39.99), lineItem(2, 22, 1, 689.99)];
    const checkout = checkoutOf(two, {
      subtotalPrice: fromCents(linesCents - discountCents),
      DiscountCodes: [{ code: 'SAVE10', Discount: { title: '10% off your order' } }, { code: 'FREESHIP', Discount: { title: 'Free shipping' } }],
    });
    // what the server quotes for the cart: its lines with its discount and free shipping
    const quote = quoteOf([{ ...CHLORINE, id: '21' }, { ...PUMP, id: '22' }], '90210', { discountCents, freeShipping: true });
    const calls = estimating(async () => ({ quote }));
    const environment = testEnvironment({ storage: createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' }) });
    const Wrapper = wrapper(fakeClient(calls), environment);
    const { container } = render(
      <Wrapper>
        <CartShipping lines={checkoutLines(checkout)} checkout={checkout} fallbackRows={[]} />
      </Wrapper>,
    );
    await screen.findByRole('region', { name: 'Shipments' });
    // the cart by its id, never its lines: the server applies the codes
    expect(calls.estimateShipping.mock.calls[0]![0]).toEqual({ checkoutId: 'chk1', destination: { zip: '90210' } });
    const rows = [...container.querySelectorAll('.sk-totals > div')].map((r) => [...r.children].map((c) => c.textContent).join(' '));
    const [parcel, hazmat] = quote.shipments;
    const t = quote.totals;
    expect(parcel!.cents).toBe(0);
    expect(rows).toEqual([
      `Subtotal ${money(linesCents)}`,
      `Discount (SAVE10, FREESHIP) -${money(discountCents)}`,
      'Shipping: Parcels by Ground FREE',
      `Shipping: Pool chemicals by Ground ${money(hazmat!.cents)}`,
      `Sales tax (CA ${quote.tax.rateText}) ${money(t.taxCents)}`,
      `Total ${money(linesCents - discountCents + hazmat!.cents + t.taxCents)}`,
    ]);
    expect(t.taxCents).toBeGreaterThan(0);
  });

  test('a code applied or removed asks again; an answer for the cart as it was shows no totals', async () => {
    const one = [lineItem(1, 22, 1, 689.99)];
    const plain = checkoutOf(one);
    const withCode = checkoutOf(one, { subtotalPrice: 620.99, DiscountCodes: [{ code: 'SAVE10', Discount: { title: '10% off your order' } }] });
    // the server still answers without the discount (the cart as it was)
    const calls = estimating(async () => ({ quote: quoteOf([{ ...PUMP, id: '22' }]) }));
    const environment = testEnvironment({ storage: createMemoryStorage({ [SHIPPING_ZIP_KEY]: '90210' }) });
    const Wrapper = wrapper(fakeClient(calls), environment);
    const fallbackRows = [{ kind: 'total' as const, label: 'Total', value: '$620.99' }];
    const view = (checkout: typeof plain) => (
      <Wrapper>
        <CartShipping lines={checkoutLines(checkout)} checkout={checkout} fallbackRows={fallbackRows} />
      </Wrapper>
    );
    const { rerender } = render(view(plain));
    await waitFor(() => expect(screen.getByLabelText('Order totals').textContent).toContain('Sales tax'));
    rerender(view(withCode));
    await waitFor(() => expect(calls.estimateShipping).toHaveBeenCalledTimes(2));
    await screen.findByRole('region', { name: 'Shipments' });
    // the quote's money is not this cart's: the cart's own rows stay
    await waitFor(() => expect(screen.getByLabelText('Order totals').textContent).toBe('Total$620.99'));
  });

  test('without a ZIP the cart\'s own rows stay, with the ZIP form', () => {
    const checkout = checkoutOf(items);
    const Wrapper = wrapper(fakeClient());
    render(
      <Wrapper>
        <CartShipping lines={checkoutLines(checkout)} checkout={checkout} fallbackRows={[{ kind: 'subtotal', label: 'Subtotal', value: '$1,879.97' }, { kind: 'total', label: 'Total', value: '$1,879.97' }]} />
      </Wrapper>,
    );
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toBeTruthy();
    expect(screen.getByLabelText('Order totals').textContent).toBe('Subtotal$1,879.97Total$1,879.97');
  });
});

describe('the order page', () => {
  test('lists the stored quote\'s shipments with their service and arrival range', () => {
    const quote = quoteOf([{ ...CHLORINE, id: '21' }, { ...PUMP, id: '22' }, { ...FILTER, id: '23' }]);
    render(<OrderShipments quote={quote} lines={[{ id: '21', title: 'Liquid Chlorine', quantity: 2 }, { id: '22', title: 'Pump', quantity: 1 }, { id: '23', title: 'Sand Filter', quantity: 1 }]} symbol="$" />);
    const items = within(screen.getByRole('region', { name: 'Shipments' })).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Parcels by Ground', 'Pool chemicals by Ground', 'Freight']);
    expect(items[1]!.textContent).toContain('Liquid Chlorine × 2');
    expect(items[2]!.textContent).toContain(quote.shipments[2]!.dates.arrivalText);
  });

  test('the order details read the stored quote: shipments, the tax row and the total it charged', async () => {
    const quote = quoteOf([{ ...CHLORINE, id: '21' }, { ...PUMP, id: '22' }, { ...FILTER, id: '23' }]);
    const t = quote.totals;
    const order: Order = {
      orderId: 12, checkoutId: 'co-12', createdAt: '2026-12-01T18:46:00.000Z', status: 'PAID', email: 'ann@example.com', currencyCode: 'USD',
      subtotalPrice: fromCents(t.linesCents), discountPrice: 0, shippingPrice: fromCents(t.shippingCents), taxPrice: fromCents(t.taxCents), totalPrice: fromCents(t.totalCents), discountCodes: [],
      shippingAddress: { firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Rodeo Dr', address2: null, city: 'Beverly Hills', zip: '90210', phone: '3105550100', countryCode: 'US', stateCode: 'CA' },
      payment: { brand: 'Visa', last4: '4242' },
      lines: [21, 22, 23].map((level, i) => ({ id: i + 1, productId: level, inventoryLevelId: level, title: ['Liquid Chlorine', 'Pump', 'Sand Filter'][i]!, sku: null, productHandle: `p${level}`, imageUrl: null, quantity: 1, unitPrice: [39.99, 689.99, 1149.99][i]!, addedAfterPlacement: false })),
      shippingQuote: quote,
    };
    const client = fakeClient({
      // the signed-in state is given: the session calls never answer
      user: vi.fn(() => new Promise<never>(() => {})),
      customer: vi.fn(() => new Promise<never>(() => {})),
      order: vi.fn(async () => ({ order })),
      relatedProducts: vi.fn(async () => ({ products: [] })),
    } satisfies Partial<ApiClient>);
    renderAt(<OrdersPage />, { url: '/account/orders/12', path: '/account/orders/:id', client, options: { initialData: SIGNED_IN } });
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(shipments).getAllByRole('listitem').map((i) => i.querySelector('strong')?.textContent)).toEqual(['Parcels by Ground', 'Pool chemicals by Ground', 'Freight']);
    expect(within(shipments).getByText('Liquid Chlorine')).toBeTruthy();
    const totals = screen.getByLabelText('Order totals');
    expect(within(totals).getByText(`Sales tax (CA ${quote.tax.rateText})`).nextElementSibling?.textContent).toBe(money(t.taxCents));
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe(money(t.totalCents));
  });
});
