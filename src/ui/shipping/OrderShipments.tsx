/**
 * An order's shipments as the order stored its quote: what shipped together, by which service,
 * when it arrives, and the totals with the shipping rows and the tax row.
 * @module
 */
import { useId } from 'react';
import { shipmentViews, SHIPPING_TEXT, type ShipmentLineRef } from '../../domain/shipping-view.ts';
import type { ShippingQuote } from '../../domain/shipping/quote.ts';
import './shipping.css';

/** Props of {@link OrderShipments}. */
export interface OrderShipmentsProps {
  quote: ShippingQuote;
  /** The order's lines, named in the shipments by the quote's line ids. */
  lines: readonly ShipmentLineRef[];
  symbol: string;
}

/**
 * The order's shipments.
 * @example <OrderShipments quote={order.shippingQuote} lines={refs} symbol="$" />
 */
export function OrderShipments({ quote, lines, symbol }: OrderShipmentsProps) {
  const heading = useId();
  return (
    <section className="account-card sk-shipments sk-shipments--order" aria-labelledby={heading}>
      <h2 id={heading}>{SHIPPING_TEXT.shipmentsHeading}</h2>
      <ul>
        {shipmentViews(quote, lines, symbol).map((s) => (
          <li key={s.key} className={`sk-shipment sk-shipment--${s.key}`}>
            <p className="sk-shipment__head">
              <strong>{s.heading}</strong>
              <span className="sk-shipment__price">{s.priceText}</span>
            </p>
            <p className="sk-shipment__arrives">{s.arrivalText}</p>
            {s.items.length > 0 && <p className="sk-shipment__items">{s.items.join(', ')}</p>}
            {s.notes.map((n) => (
              <p key={n} className="sk-shipment__note">
                {n}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

