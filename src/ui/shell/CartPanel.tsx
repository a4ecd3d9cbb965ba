/**
 * The cart overlay's content (spec section 2): a loading bar while the cart updates, the lines or
 * 'No items in cart', the totals (subtotal of the lines, discount, shipping, total) and View Cart. Its own chunk, loaded when the overlay first
 * opens.
 * @module
 */
import { CART_PAGE_PATH } from '../../domain/cart-calls.ts';
import { CHROME_TEXT, cartLineTotalText } from '../../domain/chrome.ts';
import type { CartApi } from '../../hooks/useCart.ts';

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
      {cart.totals && !cart.empty && (
        <ul className="cart-totals" aria-label="Cart totals">
          {cart.totalsRows.map((row) => (
            <li key={row.kind} className={`cart-totals-${row.kind}`}><span>{row.label}</span> <strong>{row.value}</strong></li>
          ))}
        </ul>
      )}
      <a className="button cart-view" href={CART_PAGE_PATH} onClick={cart.viewCart}>{CHROME_TEXT.viewCart}</a>
    </>
  );
}
