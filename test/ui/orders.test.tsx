/** The order pages: /orders.asp (list) and /account/orders/:id (detail with related products and Add to Order). */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { Order } from '../../src/api/types.ts';
import OrdersPage from '../../src/app/pages/account/OrdersPage.tsx';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { Toasts } from '../../src/ui/shell/Toasts.tsx';
import { SIGNED_IN, SIGNED_OUT } from '../hooks/account.helpers.ts';
import { fakeClient, testEnvironment, unanswered } from '../hooks/hooks.helpers.tsx';
import { card, renderAt } from './pages.helpers.tsx';

afterEach(cleanup);

function order(orderId: number, overrides: Partial<Order> = {}): Order {
  return {
    orderId, checkoutId: `co-${orderId}`, createdAt: '2026-03-04T10:00:00.000Z', status: 'PAID', email: 'ann@example.com', currencyCode: 'USD',
    subtotalPrice: 50, discountPrice: 5, shippingPrice: 0, totalPrice: 45, discountCodes: ['SPLASH10'],
    shippingAddress: { firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Lagoon Way', address2: null, city: 'Tacoma', zip: '98402', phone: '3605550100', countryCode: 'US', stateCode: 'WA' },
    payment: { brand: 'Visa', last4: '4242' },
    lines: [
      { id: 1, productId: 7, inventoryLevelId: 70, title: 'Pump seal', sku: 'PS-1', productHandle: 'pump-seal', imageUrl: null, quantity: 2, unitPrice: 25, addedAfterPlacement: false },
    ],
    ...overrides,
  };
}

function renderOrders(url: string, calls: Record<string, unknown>, initialData: InitialData = SIGNED_IN) {
  const environment = testEnvironment();
  const client = fakeClient({ user: vi.fn(unanswered), customer: vi.fn(unanswered), ...calls });
  const path = url.startsWith('/account/orders/') ? '/account/orders/:id' : '/orders.asp';
  renderAt(
    <>
      <OrdersPage />
      <Toasts />
    </>,
    { url, path, client, environment, options: { initialData } },
  );
  return { environment };
}

const canonical = () => document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

describe('order pages: title, breadcrumbs and canonical URL', () => {
  test.each([
    ['/orders.asp', 'My Orders', 'HomeMy accountMy Orders', 'http://localhost:3000/orders.asp'],
    ['/account/orders/12', 'Order #12', 'HomeMy accountMy OrdersOrder #12', 'http://localhost:3000/account/orders/12'],
  ])('%s', (url, title, crumbs, href) => {
    renderOrders(url, { orders: vi.fn(unanswered), order: vi.fn(unanswered) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.title).toBe(`${title} - Skimmer`);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(crumbs);
    expect(canonical()).toBe(href);
  });
});

describe('order list (/orders.asp)', () => {
  test('lists the orders with number, date, status, items, total and a link to each', async () => {
    renderOrders('/orders.asp', { orders: vi.fn(async () => ({ orders: [order(12), order(9, { status: 'PENDING', totalPrice: 10.5, lines: [] })] })) });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'My Orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Order #12' }).getAttribute('href')).toBe('/account/orders/12');
    expect(rows[0]!.textContent).toContain('Placed Mar 4, 2026 · 2 items');
    expect(rows[0]!.textContent).toContain('$45.00');
    expect(within(rows[0]!).getByText('PAID').className).toContain('status-success');
    expect(within(rows[1]!).getByText('PENDING').className).toContain('status-warning');
    expect(rows[1]!.textContent).toContain('$10.50');
  });

  test('an account without orders says so', async () => {
    renderOrders('/orders.asp', { orders: vi.fn(async () => ({ orders: [] })) });
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });

  test('a signed-out visitor is sent to /login.asp without a call, to come back to the list', async () => {
    const orders = vi.fn();
    const { environment } = renderOrders('/orders.asp', { orders }, SIGNED_OUT);
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Forders.asp', { replace: true }));
    expect(orders).not.toHaveBeenCalled();
  });

  test("shows 'Checking login status...' until the user call answers", () => {
    renderOrders('/orders.asp', { orders: vi.fn() }, { checkout: null } as InitialData);
    expect(screen.getByText('Checking login status...')).toBeTruthy();
  });
});

describe('order page (/account/orders/:id)', () => {
  const related = [card(7), card(31, { title: 'Skimmer basket', price: 12.5 }), card(32, { title: 'Chlorine tabs', availableForSale: false }), card(33, { title: 'Free gasket', price: 0 })];

  function detail(calls: Record<string, unknown> = {}) {
    const fetchOrder = vi.fn(async () => ({ order: order(12) }));
    const relatedProducts = vi.fn(async () => ({ products: related }));
    const addRelatedProductToOrder = vi.fn(async () => ({ success: true }));
    const all = { order: fetchOrder, relatedProducts, addRelatedProductToOrder, ...calls };
    return { ...renderOrders('/account/orders/12', all), calls: all };
  }

  test('shows the lines, totals with discount and shipping, the shipping address, payment and status', async () => {
    const { calls } = detail();
    expect(screen.getByRole('heading', { level: 1, name: 'Order #12' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(within(table).getByRole('link', { name: 'Pump seal' }).getAttribute('href')).toBe('/products/pump-seal');
    expect(table.textContent).toContain('$50.00');
    const totals = screen.getByLabelText('Order totals');
    expect(totals.textContent).toContain('Discount (SPLASH10)-$5.00');
    expect(totals.textContent).toContain('ShippingFREE');
    expect(totals.textContent).toContain('Total$45.00');
    expect(screen.getByText('Tacoma, WA 98402')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('PAID')).toBeTruthy();
    expect(calls.order).toHaveBeenCalledWith(12, expect.anything());
  });

  test('a shipped order shows each shipment with its carrier, date, items and the tracking link; an order not shipped shows none', async () => {
    const shipped = order(12, {
      status: 'PARTIALLY SHIPPED',
      shipments: [{
        id: 3, carrierName: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-03-05T15:00:00.000Z', lines: [{ lineId: 1, title: 'Pump seal', quantity: 1 }],
      }],
    });
    detail({ order: vi.fn(async () => ({ order: shipped })) });
    const section = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(section).getByText('Shipped Mar 5, 2026 by UPS')).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Track with UPS: 1Z999AA10123456784' });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(section).getByText('Pump seal × 1')).toBeTruthy();
    cleanup();
    detail();
    await screen.findByRole('table', { name: 'Items' });
    expect(screen.queryByRole('region', { name: 'Shipments' })).toBeNull();
  });

  test("related products offer 'Add to Order' (not the products already ordered); unavailable or priceless ones are disabled", async () => {
    detail();
    const section = await screen.findByRole('region', { name: 'Add to your order' });
    await within(section).findByText('Skimmer basket');
    expect(within(section).queryByText('Part 7')).toBeNull();
    const buttons = within(section).getAllByRole('button', { name: /^Add to Order/ }) as HTMLButtonElement[];
    expect(buttons.map((b) => b.textContent)).toEqual(['Add to Order', 'Add to Order', 'Add to Order']);
    expect(buttons.map((b) => b.disabled)).toEqual([false, true, true]);
    // a related product's page opens in 'Add to Order' mode for this order
    expect(within(section).getByRole('link', { name: 'Skimmer basket' }).getAttribute('href')).toMatch(/\?orderId=12$/);
  });

  test("adding sends the product to this order, says 'You've added this product to your order. Expect hearing from us soon.' and reloads the order", async () => {
    const { calls } = detail();
    const add = await screen.findByRole('button', { name: 'Add to Order: Skimmer basket' });
    calls.order.mockResolvedValueOnce({
      order: order(12, { lines: [...order(12).lines, { id: 2, productId: 31, inventoryLevelId: 310, title: 'Skimmer basket', sku: null, productHandle: 'part-31', imageUrl: null, quantity: 1, unitPrice: 12.5, addedAfterPlacement: true }] }),
    });
    fireEvent.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const notices = await screen.findAllByText("You've added this product to your order. Expect hearing from us soon.");
    // issue 18, defect 10: it showed twice (inline and as a toast); the notice beside the list stays
    expect(notices).toHaveLength(1);
    expect(calls.addRelatedProductToOrder).toHaveBeenCalledWith(12, 31, expect.anything());
    expect(await screen.findByText('Added after the order was placed')).toBeTruthy();
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  });

  test.each([
    ['a non-ok answer without an error field', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500 }), 'Failed to add product to order'],
    ['a non-ok answer with the server error', new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 409, serverMessage: 'Only 0 left of Skimmer basket.' }), 'Only 0 left of Skimmer basket.'],
    ['a network exception', new ApiError('Failed to fetch', { kind: 'network' }), 'Failed to fetch'],
  ])('%s shows its message', async (_name, error, text) => {
    detail({ addRelatedProductToOrder: vi.fn(async () => Promise.reject(error)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Order: Skimmer basket' }));
    const section = screen.getByRole('region', { name: 'Add to your order' });
    expect((await within(section).findByRole('alert')).textContent).toContain(text);
  });

  test('an unknown order reads Order not found. with a way back to the list', async () => {
    detail({ order: vi.fn(async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404, serverMessage: 'Order not found.' }))) });
    expect(await screen.findByText('Order not found.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Back to orders/ })[0]!.getAttribute('href')).toBe('/orders.asp');
  });

  test('a non-numeric id never calls the server', async () => {
    const fetchOrder = vi.fn();
    renderOrders('/account/orders/abc', { order: fetchOrder });
    expect(await screen.findAllByText('Order not found.')).toBeTruthy();
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  test('a signed-out visitor is sent to /login.asp, to come back to the order', async () => {
    const fetchOrder = vi.fn();
    const { environment } = renderOrders('/account/orders/12', { order: fetchOrder }, SIGNED_OUT);
    await waitFor(() => expect(environment.navigate).toHaveBeenCalledWith('/login.asp?returnTo=%2Faccount%2Forders%2F12', { replace: true }));
    expect(fetchOrder).not.toHaveBeenCalled();
  });
});
