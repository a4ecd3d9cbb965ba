/**
 * The shopping cart page (/shoppingcart.asp): lines with the quantity input, plus, minus and
 * remove; the discount code box (enabled per the cart's coupon rule, its messages from the cart);
 * totals with the store currency symbol to 2 decimals, shipping FREE at 0 or below; the checkout
 * button (the checkout webUrl, else this page).
 * @module
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useKeepTyped } from '../../ui/keep-typed.ts';
import type { CartLine } from '../../domain/entities.ts';
import { createStoreLinks } from '../../domain/urls.ts';
import { useStoreConfig, useThemeConfig } from '../../hooks/SkimmerProvider.tsx';
import { useCart, type CartApi } from '../../hooks/useCart.ts';
import { useCartLine } from '../../hooks/useCartLine.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { QuantityInput } from '../../ui/catalog/QuantityInput.tsx';
import { ResponsiveImage } from '../../ui/catalog/ResponsiveImage.tsx';
import { Breadcrumbs } from '../../ui/shell/Breadcrumbs.tsx';
import '../../ui/catalog/catalog.css';
import { ShopperPage } from './page-kit.tsx';
import { contentHead } from '../../domain/seo-pages.ts';
import { PageHead } from '../../ui/shell/PageHead.tsx';
import { pageTitle } from '../../domain/page-title.ts';

// shipments, tax and dates for the shopper's ZIP (the browser's): mounted after hydration, in its own chunk
const CartShipping = lazy(() => import('../../ui/shipping/CartShipping.tsx'));

/** The cart's totals: the checkout's rows at first, then the quote's for the shopper's ZIP. */
function CartTotals({ cart }: { cart: CartApi }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rows =
    cart.totalsRows.length > 0 ? (
      <dl className="sk-totals" aria-label="Order totals">
        {cart.totalsRows.map((row) => (
          <div key={row.kind} className={`sk-totals__${row.kind}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    ) : null;
  if (!mounted) return rows;
  return (
    <Suspense fallback={rows}>
      <CartShipping lines={cart.lines} checkout={cart.checkout} fallbackRows={cart.totalsRows} />
    </Suspense>
  );
}

function LineRow({ line }: { line: CartLine }) {
  const row = useCartLine(line.lineItemId);
  const store = useStoreConfig();
  const theme = useThemeConfig();
  return (
    <tr>
      <td>
        <ResponsiveImage src={line.imageUrl} placeholder={theme.productNoImageUrl} alt="" size={200} sizes="80px" />
      </td>
      <td>
        <CatalogLink to={createStoreLinks(store).product(line.handle)}>{line.title}</CatalogLink>
        {line.sku && <div className="sk-card__vendor">SKU: {line.sku}</div>}
      </td>
      <td>{row.priceText}</td>
      <td>
        <QuantityInput lineItemId={line.lineItemId} label={`Quantity of ${line.title}`} />
      </td>
      <td>{row.totalText}</td>
      <td>
        <button type="button" className="sk-btn" disabled={row.removeDisabled} onClick={row.remove} aria-label={`Remove ${line.title}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

function CouponBox() {
  const cart = useCart();
  const [code, setCode] = useState('');
  const id = useId();
  const keep = useKeepTyped(() => code, (_, text) => setCode(text));
  const codes = cart.checkout?.DiscountCodes ?? [];
  return (
    <section className="sk-coupon" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Discount code</h2>
      <form
        key={cart.couponResets}
        className="sk-field"
        onSubmit={(e) => {
          e.preventDefault();
          void cart.applyCoupon(code).then((r) => r.success && setCode(''));
        }}
      >
        <label htmlFor={id} className="sk-visually-hidden">
          Discount code
        </label>
        <input ref={keep('coupon')} id={id} value={code} onChange={(e) => setCode(e.target.value)} disabled={!cart.canApplyCoupon} />
        <button type="submit" className="sk-btn" disabled={!cart.canApplyCoupon}>
          Apply
        </button>
      </form>
      {cart.couponNotice && (
        <p role="alert" className={`sk-notice sk-notice--${cart.couponNotice.tone}`}>
          {cart.couponNotice.message}
        </p>
      )}
      {codes.length > 0 && (
        <ul>
          {codes.map((c) => (
            <li key={c.code}>
              {c.code} ({c.Discount.title}){' '}
              <button type="button" className="sk-linkbtn" disabled={!cart.canApplyCoupon} onClick={() => void cart.removeCoupon(c.code)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Cart() {
  const cart = useCart();
  const store = useStoreConfig();
  return (
    <div className="sk-page">
      {/* a shopper's own page: a title, no canonical URL, noindex */}
      <PageHead head={contentHead({ origin: '', ...store }, { title: pageTitle('Shopping Cart', store.storeName), path: null })} />
      <Breadcrumbs items={[{ title: 'Shopping Cart' }]} />
      <h1>Shopping Cart</h1>
      {cart.empty ? (
        <p>No items in cart</p>
      ) : (
        <>
          <table className="sk-cart-table" aria-busy={cart.updating}>
            <caption className="sk-visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sk-visually-hidden">Image</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="sk-visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => (
                <LineRow key={line.lineItemId} line={line} />
              ))}
            </tbody>
          </table>
          <CouponBox />
          <CartTotals cart={cart} />
          <div className="sk-cart-actions">
            <button type="button" className="sk-btn sk-btn--primary" disabled={!cart.canCheckout} onClick={cart.startCheckout}>
              Checkout
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The cart route.
 * @example <Route path="/shoppingcart.asp" element={<CartPage />} />
 */
export default function CartPage() {
  return (
    <ShopperPage>
      <Cart />
    </ShopperPage>
  );
}
