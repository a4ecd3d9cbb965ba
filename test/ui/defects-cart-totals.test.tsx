import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { CartButton } from '../../src/ui/shell/CartOverlay.tsx';
import { checkoutOf, fakeCartServer, lineItem } from '../hooks/cart.helpers.ts';
import { fakeClient, fakeViewport, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';

afterEach(cleanup);

// issue 18, defect 1: SAVE10 on $113.95 showed Subtotal $102.56, Discount $11.39, Total $102.56
describe('cart overlay totals with a discount', () => {
  test('the overlay shows the subtotal of the lines, the discount, shipping and a total that adds up', async () => {
    const items = [lineItem(1, 11, 1, 113.95)];
    const checkout = checkoutOf(items, {
      subtotalPrice: 102.56,
      totalPrice: 102.56,
      CheckoutShippingLine: { price: 0 },
      DiscountCodes: [{ code: 'SAVE10', Discount: { title: '10% off your order' } }],
    });
    const server = fakeCartServer(items);
    const Wrapper = wrapper(fakeClient(server.calls), testEnvironment({ viewport: fakeViewport(1280) }), { initialData: { auth: { user: null, customer: {} }, checkout } });
    render(<Wrapper><CartButton /></Wrapper>);
    fireEvent.click(screen.getByRole('button', { name: 'Cart (1)' }));
    const region = screen.getByRole('region', { name: 'Cart' });
    const totals = await within(region).findByRole('list', { name: 'Cart totals' });
    const rows = within(totals).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['Subtotal $113.95', 'Discount (SAVE10) -$11.39', 'Shipping FREE', 'Total $102.56']);
  });
});
