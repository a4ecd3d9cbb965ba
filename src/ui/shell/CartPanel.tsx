/**
 * The cart overlay's content: a loading bar while the cart updates, the lines or
 * 'No items in cart', the totals (subtotal of the lines, discount, shipping, total) and View Cart. Its own chunk, loaded when the overlay first
 * opens.
 * @module
 */
import { CART_PAGE_PATH } from '../../domain/cart-calls.ts';
import { CHROME_TEXT, cartLineTotalText } from '../../domain/chrome.ts';
import type { CartApi } from '../../hooks/useCart.ts';
import CartShipping from '../shipping/CartShipping.tsx';

/**
 * The panel's content.
 * @example <CartPanel cart={useCart()} symbol="$" />
 */
export default function CartPanel({ cart, symbol }: { cart: CartApi; symbol: string }) {
  return (
    <>
      {cart.updating && <div className="loading-bar" role="progressbar" aria-label="Updating cart" />}
      {cart.empty ? (
        <p className="cart-empty">{CHROME_TEXT.noItemsInCart}</p>
      ) : (
        <ul className="cart-lines" aria-label="Items in cart">
          {cart.lines.map((line) => (
            <li key={line.lineItemId} className="cart-line">
              {line.imageUrl ? (
                <img src={line.imageUrl} alt={line.title} width={56} height={56} loading="lazy" />
              ) : (
                <span className="cart-line-noimage" aria-hidden="true" />
              )}
              <span className="cart-line-title">{line.title}</span>
              <span className="cart-line-qty">× {line.quantity}</span>
              <span className="cart-line-price">{cartLineTotalText(line, symbol)}</span>
            </li>
          ))}
        </ul>
      )}
      {/* the shipments, tax and dates for the shopper's ZIP, else the cart's own totals */}
      {cart.totals && !cart.empty && <CartShipping lines={cart.lines} checkout={cart.checkout} fallbackRows={cart.totalsRows} variant="overlay" />}
      <a className="button cart-view" href={CART_PAGE_PATH} onClick={cart.viewCart}>{CHROME_TEXT.viewCart}</a>
    </>
  );
}
