/**
 * Hydration of the shared cart and login state (issue 13): the cart's startup call and the user
 * call start with the first client render and can answer before a page's Suspense boundary
 * hydrates (the page's chunk resolves later). That boundary must still hydrate from what the
 * server rendered (no cart, nothing in flight, login not yet checked), then show the live state:
 * read live, the first client render differed from the server's HTML (React error 418 in the
 * browser, the page's tree thrown away with the shopper's first input).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';
import { useAuth } from '../../src/hooks/useAuth.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { checkoutOf, lineItem } from './cart.helpers.ts';
import { CUSTOMER, USER } from './account.helpers.ts';
import { fakeClient, storeConfig, testEnvironment, themeConfig, unanswered } from './hooks.helpers.tsx';

function CartAndLogin() {
  const cart = useCart();
  const auth = useAuth();
  return (
    <p>
      items: {cart.itemCount}; {cart.updating ? 'updating' : 'idle'}; {auth.fetched ? (auth.loggedIn ? 'signed in' : 'signed out') : 'checking'}
    </p>
  );
}

function app(client: ApiClient, Page: ComponentType) {
  return (
    <SkimmerProvider client={client} storeConfig={storeConfig} themeConfig={themeConfig} environment={testEnvironment()}>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </SkimmerProvider>
  );
}

describe('hydration', () => {
  test('a page boundary hydrating after the cart and user calls answered matches the server HTML, then shows the cart and login', async () => {
    // the server knows neither (its calls never answer while it renders)
    const serverHtml = renderToString(app(fakeClient({ getCheckout: vi.fn(unanswered), user: vi.fn(unanswered), customer: vi.fn(unanswered) }), CartAndLogin));
    expect(serverHtml).toMatch(/items: <!-- -->0<!-- -->; <!-- -->idle<!-- -->; <!-- -->checking/);

    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const client = fakeClient({
      getCheckout: vi.fn(async () => ({ checkout: checkoutOf([lineItem(1, 11, 2, 12.5)]) })),
      user: vi.fn(async () => ({ user: USER })),
      customer: vi.fn(async () => ({ customer: CUSTOMER })),
    });
    // the page's code arrives after the calls answered
    let release!: () => void;
    const chunk = new Promise<void>((resolve) => (release = resolve));
    const LazyPage = lazy(async () => {
      await chunk;
      return { default: CartAndLogin };
    });
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, app(client, LazyPage), { onRecoverableError: recoverable }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(client.getCheckout).toHaveBeenCalled();
    expect(client.user).toHaveBeenCalled();
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('items: 2; idle; signed in');
    act(() => root.unmount());
    container.remove();
  });
});
