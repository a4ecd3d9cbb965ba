// @vitest-environment node
/**
 * Server rendering: no window, document or navigator. The provider with its browser defaults and
 * the hooks render to a string from server data, without touching a browser global and without a
 * call (DESIGN conventions 4 and 11).
 */
import { describe, expect, test, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { SkimmerProvider } from '../../src/hooks/SkimmerProvider.tsx';
import { useAuth } from '../../src/hooks/useAuth.ts';
import { useCart } from '../../src/hooks/useCart.ts';
import { useExitIntent } from '../../src/hooks/useExitIntent.ts';
import { useHomeGrid } from '../../src/hooks/useHomeGrid.ts';
import { useMobileLayout } from '../../src/hooks/useMobileLayout.ts';
import { useProductPage } from '../../src/hooks/useProductPage.ts';
import { useToasts } from '../../src/hooks/useToasts.ts';
import { checkoutOf, lineItem } from './cart.helpers.ts';
import { fakeClient, storeConfig, themeConfig } from './hooks.helpers.tsx';
import { pump } from './product.helpers.ts';

function Page() {
  const cart = useCart();
  const page = useProductPage('superflo', { product: pump(), variantId: 3 });
  const grid = useHomeGrid('featured', []);
  const auth = useAuth();
  const mobile = useMobileLayout();
  const popup = useExitIntent();
  const { toasts } = useToasts();
  return (
    <main>
      <h1>{page.title}</h1>
      <p>{page.priceText}</p>
      <p>{page.availabilityText}</p>
      <button disabled={page.addButton.disabled}>{page.addButton.label}</button>
      <span>items: {cart.itemCount}</span>
      <span>{cart.totals?.total}</span>
      <span>{mobile ? 'mobile' : 'desktop'}</span>
      <span>{auth.signedIn ? 'in' : 'out'}</span>
      <span>grid: {grid.status}</span>
      <span>popup: {String(popup.open)}</span>
      <span>toasts: {toasts.length}</span>
    </main>
  );
}

describe('server rendering', () => {
  test('renders from server data with the browser defaults, touching no browser global and calling nothing', () => {
    expect(typeof window).toBe('undefined');
    const client = fakeClient({ getCheckout: vi.fn(), productByHandle: vi.fn(), user: vi.fn(), customer: vi.fn(), filterProducts: vi.fn() });
    const html = renderToString(
      <SkimmerProvider
        client={client}
        storeConfig={storeConfig}
        themeConfig={themeConfig}
        initialData={{ auth: { user: null, customer: {} }, checkout: checkoutOf([lineItem(1, 11, 2, 12.5)]) }}
      >
        <Page />
      </SkimmerProvider>,
    );
    expect(html).toContain('SuperFlo Pump - Skimmer');
    expect(html).toContain('$450.00');
    expect(html).toContain('In Stock and Ready to Ship!!!');
    expect(html).toContain('Add to Cart');
    expect(html).toMatch(/items: <!-- -->2/);
    expect(html).toContain('$25.00');
    expect(html).toContain('desktop');
    expect(html).toContain('grid: <!-- -->empty');
    expect(client.getCheckout).not.toHaveBeenCalled();
    expect(client.productByHandle).not.toHaveBeenCalled();
    expect(client.user).not.toHaveBeenCalled();
    expect(client.filterProducts).not.toHaveBeenCalled();
  });
});
