/** The checkout's webUrl and the other server-rendered pages load as pages: the router never takes them. */
import { describe, expect, test, vi } from 'vitest';
import { isAppUrl, navigateInApp, routerNavigation } from '../../src/app/App.tsx';

describe('server-rendered pages on the store origin', () => {
  test.each([
    ['http://shop.test/checkout/9f0c2a', false],
    ['http://shop.test/wallet/add-card?token=x', false],
    ['http://shop.test/verify-recovery-email?token=x', false],
    ['http://shop.test/dev/mailbox', false],
    ['http://shop.test/wallet', true],
    ['http://shop.test/account/orders/12', true],
  ])('%s belongs to the app: %s', (url, expected) => {
    expect(isAppUrl(new URL(url), 'http://shop.test')).toBe(expected);
  });

  test('starting checkout loads the hosted checkout page even with the router mounted', () => {
    const router = vi.fn();
    routerNavigation.current = router;
    const page = { href: 'http://shop.test/shoppingcart.asp', origin: 'http://shop.test', assign: vi.fn(), replace: vi.fn() };
    navigateInApp('http://shop.test/checkout/9f0c2a', undefined, page);
    routerNavigation.current = null;
    expect(router).not.toHaveBeenCalled();
    expect(page.assign).toHaveBeenCalledWith('http://shop.test/checkout/9f0c2a');
  });
});
