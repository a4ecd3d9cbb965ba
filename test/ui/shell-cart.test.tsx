import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../src/api/client.ts';
import type { InitialData } from '../../src/hooks/SharedActorsProvider.tsx';
import { useCart } from '../../src/hooks/useCart.ts';
import { CartButton } from '../../src/ui/shell/CartOverlay.tsx';
import { Footer } from '../../src/ui/shell/Footer.tsx';
import { checkoutOf, fakeCartServer, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, fakeViewport, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';

afterEach(cleanup);

function mount(ui: ReactNode, client: ApiClient, initialData: InitialData, env = {}) {
  const Wrapper = wrapper(client, testEnvironment({ viewport: fakeViewport(1280), ...env }), { initialData });
  return render(<Wrapper>{ui}</Wrapper>);
}

describe('cart overlay', () => {
  const items = [lineItem(1, 11, 2, 19.99), lineItem(2, 12, 1, 5)];

  test('lists the line items with quantity and amount, and the badge counts the units', async () => {
    const server = fakeCartServer(items);
    mount(<CartButton />, fakeClient(server.calls), { auth: { user: null, customer: {} }, checkout: checkoutOf(items) });
    fireEvent.click(screen.getByRole('button', { name: 'Cart (3)' }));
    const list = await within(screen.getByRole('region', { name: 'Cart' })).findByRole('list', { name: 'Items in cart' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toContain('Part 11');
    expect(lines[0]?.textContent).toContain('× 2');
    expect(lines[0]?.textContent).toContain('$39.98');
    expect(screen.queryByText('No items in cart')).toBeNull();
  });

  test('a loading bar runs while the cart updates', async () => {
    const server = fakeCartServer(items);
    let add: (id: number) => void = () => {};
    function Adder() {
      const cart = useCart();
      add = (id) => void cart.add(id);
      return null;
    }
    mount(<><Adder /><CartButton /></>, fakeClient(server.calls), { auth: { user: null, customer: {} }, checkout: checkoutOf(items) });
    fireEvent.click(screen.getByRole('button', { name: 'Cart (3)' }));
    server.hold();
    act(() => add(13));
    expect(await screen.findByRole('progressbar', { name: 'Updating cart' })).toBeTruthy();
    act(() => server.release());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});

describe('newsletter block', () => {
  test('Enter in the email field submits the form through useNewsletter', async () => {
    const subscribe = vi.fn(async () => ({ success: true }));
    const client = fakeClient({
      subscribe,
      vendors: vi.fn().mockResolvedValue({ vendors: [] }),
      siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }),
    });
    mount(<Footer navData={[]} year={2026} />, client, { auth: { user: null, customer: {} }, checkout: null }, { captcha: { getToken: vi.fn(async () => 'tok') } });
    const input = screen.getByPlaceholderText('Email address');
    fireEvent.change(input, { target: { value: 'ann@example.com' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(subscribe).toHaveBeenCalledWith('ann@example.com', 'tok', expect.anything()));
  });

  test("an invalid email shows 'Invalid subscription request.'", () => {
    const client = fakeClient({
      vendors: vi.fn().mockResolvedValue({ vendors: [] }),
      siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }),
    });
    mount(<Footer navData={[]} year={2026} />, client, { auth: { user: null, customer: {} }, checkout: null });
    const input = screen.getByPlaceholderText('Email address');
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(screen.getByText('Invalid subscription request.')).toBeTruthy();
  });
});
