/**
 * The cart button and overlay (slides in from the cart button on desktop, a click
 * outside closes it, 'No items in cart', View Cart to /shoppingcart.asp, a loading bar while the
 * cart updates), over `useCart`.
 * @module
 */
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { CART_PAGE_PATH } from '../../domain/cart-calls.ts';
import { CHROME_TEXT } from '../../domain/chrome.ts';
import { useThemeConfig } from '../../hooks/context.ts';
import { useCart } from '../../hooks/useCart.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';

const CartPanel = lazy(() => import('./CartPanel.tsx'));

/*
 * The badge draws its count from data-count (CSS): the button's accessible name already says
 * 'Cart (3)', and a visible '3' that is not a word of that name fails axe-core's
 * label-content-name-mismatch (parenthesised text does not count as part of a name).
 */
function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.4-1l2.1-6.3H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** Gap between the overlay and the viewport's edge or the cart button, in px. */
const EDGE_GAP = 8;

/**
 * Where the overlay sits while it is open: fixed to the viewport, under the cart button while the
 * button is in view, else at the top of the viewport. An overlay anchored to the header opened
 * 1,367 px above the viewport after an add at scroll 1500: a shopper adding from a grid,
 * search, a collection or a slider saw no cart. Follows scrolling and resizing while open.
 */
function useViewportAnchor(open: boolean, anchor: RefObject<HTMLElement | null>): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  const useIsoLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
  useIsoLayoutEffect(() => {
    const el = anchor.current;
    if (!open || !el) return;
    const view = el.ownerDocument.defaultView;
    const place = () => {
      const rect = el.getBoundingClientRect();
      const width = el.ownerDocument.documentElement.clientWidth;
      const top = Math.max(EDGE_GAP, rect.bottom + EDGE_GAP);
      const height = el.ownerDocument.documentElement.clientHeight;
      setStyle({ top, right: Math.max(EDGE_GAP, width - rect.right), maxHeight: Math.max(160, height - top - EDGE_GAP) });
    };
    place();
    view?.addEventListener('scroll', place, { passive: true });
    view?.addEventListener('resize', place);
    return () => {
      view?.removeEventListener('scroll', place);
      view?.removeEventListener('resize', place);
    };
  }, [open, anchor]);
  return style;
}

/**
 * The header cart button with its badge, and the overlay it opens, fixed to the viewport so it
 * shows wherever the shopper is on the page. On mobile the button is a link to the cart page
 * (spec: "The View Cart button and the mobile cart button go to /shoppingcart.asp"), and the
 * overlay an add opens (quick add success opens the cart overlay) is a sheet across
 * the viewport, under the header while it is in view, with a Close button. A mouse down outside both the button and the panel is
 * an outside click; Escape closes the panel and returns focus to the button.
 *
 * @example <CartButton />
 */
export function CartButton() {
  const cart = useCart();
  const mobile = useMobileLayout();
  const symbol = useThemeConfig().storeCurrency;
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { outsideClick, closeOverlay } = cart;
  const open = cart.overlayOpen;
  const [shown, setShown] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const anchorStyle = useViewportAnchor(open && !mobile, button);
  // the sheet keeps clear of the header while it is in view, so the cart link stays usable
  const sheetAnchor = useViewportAnchor(open && mobile, link);
  const sheetStyle = sheetAnchor && { top: sheetAnchor.top, maxHeight: sheetAnchor.maxHeight };
  if (open && !shown) setShown(true);
  const label = `${CHROME_TEXT.cartButton} (${cart.itemCount})`;

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) outsideClick();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeOverlay();
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, outsideClick, closeOverlay]);

  const panel = shown && (
    <Suspense fallback={<div className="loading-bar" role="progressbar" aria-label="Loading the cart" />}>
      <CartPanel cart={cart} symbol={symbol} />
    </Suspense>
  );

  if (mobile) {
    return (
      <div className="cart-wrap" ref={wrap}>
        <a ref={link} className="cart-button" href={CART_PAGE_PATH} aria-label={label}>
          <CartIcon />
          {cart.itemCount > 0 && <span className="cart-badge" data-count={cart.itemCount} aria-hidden="true" />}
        </a>
        {open && (
          <div id={panelId} className="cart-overlay cart-overlay--sheet is-open" role="region" aria-label={CHROME_TEXT.cartButton} style={sheetStyle || undefined}>
            <button type="button" className="cart-sheet-close" aria-label="Close the cart" onClick={closeOverlay}>
              ×
            </button>
            {panel}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="cart-wrap" ref={wrap}>
      <button ref={button} type="button" className="cart-button" aria-label={label} aria-expanded={open} aria-controls={panelId} onClick={cart.toggleOverlay}>
        <CartIcon />
        {cart.itemCount > 0 && <span className="cart-badge" data-count={cart.itemCount} aria-hidden="true" />}
      </button>
      <div id={panelId} className={`cart-overlay${open ? ' is-open' : ''}`} role="region" aria-label={CHROME_TEXT.cartButton} hidden={!open} style={anchorStyle}>
        {/* the panel's content loads with its first opening (not part of any page's first load) */}
        {panel}
      </div>
    </div>
  );
}
