/**
 * The cart's shipments and totals for the shopper's ZIP (the cart page and the cart overlay):
 * each shipment with what it carries, its service, price and arrival, the totals with a shipping
 * row per shipment and the tax row, adding up as the checkout charges; the shopper's ZIP with
 * 'Change ZIP'. Without a ZIP (or before the quote answers) the cart's own totals show. Its own
 * chunk, mounted after hydration (the ZIP is the browser's).
 * @module
 */
import { useId } from 'react';
import type { CartTotalsRow } from '../../domain/cart.ts';
import type { CartLine, Checkout } from '../../domain/entities.ts';
import { SHIPPING_TEXT, type QuoteTotalsRow, type ShipmentView } from '../../domain/shipping-view.ts';
import { useCartShipping } from '../../hooks/useCartShipping.ts';
import { ZipChange } from './ZipForm.tsx';
import './shipping.css';

/** Props of {@link CartShipping}. */
export interface CartShippingProps {
  lines: readonly CartLine[];
  checkout: Checkout | null;
  /** The cart's own totals rows, shown until a quote answers for the cart. */
  fallbackRows: readonly CartTotalsRow[];
  /** 'page' (the cart page: shipments in full, the ZIP form) or 'overlay' (compact). @default 'page' */
  variant?: 'page' | 'overlay';
}

function Shipments({ shipments, prices, compact }: { shipments: ShipmentView[]; prices: boolean; compact: boolean }) {
  const heading = useId();
  return (
    <section className="sk-shipments" aria-labelledby={heading}>
      <h2 id={heading} className={compact ? 'sk-visually-hidden' : undefined}>
        {SHIPPING_TEXT.shipmentsHeading}
      </h2>
      <ul>
        {shipments.map((s) => (
          <li key={s.key} className={`sk-shipment sk-shipment--${s.key}`}>
            <p className="sk-shipment__head">
              <strong>{s.heading}</strong>
              {prices && <span className="sk-shipment__price">{s.priceText}</span>}
            </p>
            <p className="sk-shipment__arrives">{s.arrivalText}</p>
            {!compact && <p className="sk-shipment__ships">{s.shipsText}</p>}
            {!compact && s.items.length > 0 && <p className="sk-shipment__items">{s.items.join(', ')}</p>}
            {!compact && s.notes.map((n) => <p key={n} className="sk-shipment__note">{n}</p>)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Totals({ rows, compact }: { rows: readonly (QuoteTotalsRow | (CartTotalsRow & { key?: string }))[]; compact: boolean }) {
  if (compact) {
    return (
      <ul className="cart-totals" aria-label="Cart totals">
        {rows.map((row) => (
          <li key={row.key ?? row.kind} className={`cart-totals-${row.kind}`}>
            <span>{row.label}</span> <strong>{row.value}</strong>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <dl className="sk-totals" aria-label="Order totals">
      {rows.map((row) => (
        <div key={row.key ?? row.kind} className={`sk-totals__${row.kind}`}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The block.
 * @example <CartShipping lines={cart.lines} checkout={cart.checkout} fallbackRows={cart.totalsRows} />
 */
export default function CartShipping({ lines, checkout, fallbackRows, variant = 'page' }: CartShippingProps) {
  const shipping = useCartShipping(lines, checkout);
  const compact = variant === 'overlay';
  const { zip } = shipping;
  return (
    <div className={`sk-cartship sk-cartship--${variant}`} aria-busy={shipping.status === 'loading' || undefined}>
      {shipping.shipments.length > 0 && <Shipments shipments={shipping.shipments} prices={shipping.exact} compact={compact} />}
      {(shipping.status === 'refused' || shipping.status === 'failed') && (
        <p role="alert" className="sk-arrival__error">
          {shipping.message}{' '}
          {shipping.status === 'failed' && (
            <button type="button" className="sk-linkbtn" onClick={shipping.retry}>
              {SHIPPING_TEXT.retry}
            </button>
          )}
        </p>
      )}
      {!compact && (
        <div className="sk-cartship__zip">
          <ZipChange zip={zip} whenNone={<p>{SHIPPING_TEXT.askZip}</p>} />
        </div>
      )}
      {(shipping.rows ?? fallbackRows).length > 0 && <Totals rows={shipping.rows ?? fallbackRows} compact={compact} />}
    </div>
  );
}
