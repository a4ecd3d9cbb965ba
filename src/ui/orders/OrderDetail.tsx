/**
 * One order (/account/orders/:id): lines, totals, shipping address, payment, status, and the
 * related products with 'Add to Order': adding one sends it to this
 * order, shows 'You've added this product to your order. Expect hearing from us soon.' or the
 * failure, and the order reloads with the new line. A signed-out visitor is sent to /login.asp.
 * Everything shown comes from `useOrder`.
 * @module
 */
import { useId } from 'react';
import { MESSAGES } from '../../domain/account.ts';
import { PRICE_SYMBOL, toCents } from '../../domain/money.ts';
import { orderQuoteRows } from '../../domain/shipping-view.ts';
import { ORDER_TEXT, ORDERS_PATH } from '../../domain/orders.ts';
import { SHIPMENT_TEXT } from '../../domain/order-operations/tracking.ts';
import { createStoreLinks } from '../../domain/urls.ts';
import { useStoreConfig, useThemeConfig } from '../../hooks/SkimmerProvider.tsx';
import { useOrder, type OrderApi, type RelatedOffer } from '../../hooks/useOrder.ts';
import { CatalogLink } from '../catalog/CatalogLink.tsx';
import { PriceTag } from '../catalog/PriceTag.tsx';
import { ResponsiveImage } from '../catalog/ResponsiveImage.tsx';
import { OrderShipments } from '../shipping/OrderShipments.tsx';
import { LoadingLine } from './LoadingLine.tsx';
import './orders.css';

function Lines({ page }: { page: OrderApi }) {
  const store = useStoreConfig();
  const theme = useThemeConfig();
  const links = createStoreLinks(store);
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{ORDER_TEXT.items}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Image</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Qty</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {page.lines.map((l) => (
          <tr key={l.id}>
            <td className="order-line-image">
              <ResponsiveImage src={l.imageUrl} placeholder={theme.productNoImageUrl} alt="" size={200} sizes="64px" />
            </td>
            <td className="order-line-title">
              <CatalogLink to={links.product(l.productHandle)}>{l.title}</CatalogLink>
              {l.sku && <span className="order-line-sku">SKU: {l.sku}</span>}
              {l.addedAfterPlacement && <span className="order-line-added">{ORDER_TEXT.addedLater}</span>}
            </td>
            <td data-label="Price">{l.priceText}</td>
            <td data-label="Qty">{l.quantity}</td>
            <td data-label="Total" className="order-line-total">
              {l.totalText}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Offer({ offer, page }: { offer: RelatedOffer; page: OrderApi }) {
  const store = useStoreConfig();
  const theme = useThemeConfig();
  // the product page opens in 'Add to Order' mode for this order
  const href = createStoreLinks(store).product(offer.card.handle, { orderId: page.orderId });
  return (
    <li className="order-offer">
      <CatalogLink to={href} className="order-offer-image" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage src={offer.card.imageUrl} placeholder={theme.productNoImageUrl} alt="" size={300} sizes="160px" />
      </CatalogLink>
      <h3 className="order-offer-title">
        <CatalogLink to={href}>{offer.card.title}</CatalogLink>
      </h3>
      <PriceTag item={offer.card} context="list" />
      <button
        type="button"
        className="button order-offer-add"
        disabled={offer.button.disabled}
        aria-busy={offer.adding}
        aria-label={`${offer.button.label}: ${offer.card.title}`}
        onClick={() => page.addToOrder(offer.card.id)}
      >
        {offer.adding ? <span className="spinner" aria-hidden="true" style={{ width: 16, height: 16 }} /> : null}
        {offer.button.label}
      </button>
    </li>
  );
}

function Related({ page }: { page: OrderApi }) {
  const heading = useId();
  return (
    <section className="order-related" aria-labelledby={heading}>
      <h2 id={heading}>{ORDER_TEXT.related}</h2>
      <p className="order-related-note">{ORDER_TEXT.relatedNote}</p>
      <div aria-live="polite">
        {page.notice && (
          <div className={`account-notice account-notice-${page.notice.tone}`} role={page.notice.tone === 'success' ? 'status' : 'alert'}>
            <p>{page.notice.message}</p>
            <button type="button" onClick={page.dismissNotice} aria-label="Dismiss message">
              ×
            </button>
          </div>
        )}
      </div>
      {page.relatedStatus === 'loading' ? (
        <LoadingLine text="Loading related products..." />
      ) : page.related.length === 0 ? (
        <p className="account-empty">{ORDER_TEXT.noRelated}</p>
      ) : (
        <ul className="order-offers">
          {page.related.map((offer) => (
            <Offer key={offer.card.id} offer={offer} page={page} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Props of {@link OrderDetail}. */
export interface OrderDetailProps {
  /** The route's `:id`. */
  id: string | undefined;
  /** The page a signed-out visitor comes back to after signing in. */
  returnPath?: string;
}

/**
 * One order of the signed-in customer.
 * @example <OrderDetail id={params.id} />
 */
export function OrderDetail({ id, returnPath }: OrderDetailProps) {
  const page = useOrder(id, { returnPath });
  if (page.gate === 'checking') {
    return <LoadingLine text={page.checkingText ?? MESSAGES.checkingLogin} />;
  }
  if (page.gate === 'redirect') return <p>Redirecting to sign in...</p>;
  if (page.status === 'loading') {
    return <LoadingLine text={ORDER_TEXT.loadingOrder} />;
  }
  if (page.status === 'notFound' || page.status === 'failed' || !page.order) {
    return (
      <div className="account-empty" role="alert">
        <p>{page.errorText ?? ORDER_TEXT.notFound}</p>
        <a href={ORDERS_PATH}>{ORDER_TEXT.backToOrders}</a>
      </div>
    );
  }
  const order = page.order;
  // the quote the order was charged by: its shipments, and its totals with the tax row
  const quote = order.shippingQuote ?? null;
  const totals = (quote && orderQuoteRows(quote, toCents(order.totalPrice), order.discountCodes, PRICE_SYMBOL)) ?? page.totals;
  return (
    <div className="order-detail">
      <p className="order-meta">
        <span>Placed {page.dateText}</span>
        <span className={`status-badge status-${page.badge}`}>
          <span className="visually-hidden">Status: </span>
          {order.status}
        </span>
      </p>
      <div className="order-grid">
        <section className="account-card order-items" aria-label={ORDER_TEXT.items}>
          <Lines page={page} />
          <dl className="order-totals" aria-label="Order totals">
            {totals.map((row) => (
              <div key={row.label} className={row.strong ? 'order-total-strong' : undefined}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <aside className="order-side">
          {quote && (
            <OrderShipments quote={quote} lines={order.lines.map((l) => ({ id: String(l.inventoryLevelId), title: l.title, quantity: l.quantity }))} symbol={PRICE_SYMBOL} />
          )}
          {page.shipments.length > 0 && (
            <section className="account-card order-shipments" aria-labelledby="order-shipments-heading">
              <h2 id="order-shipments-heading">{SHIPMENT_TEXT.heading}</h2>
              <ul>
                {page.shipments.map((s) => (
                  <li key={s.id}>
                    <p className="order-shipment-heading">{s.heading}</p>
                    <p>
                      {SHIPMENT_TEXT.trackingNumber}:{' '}
                      {s.trackingUrl ? (
                        <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={`${s.trackText}: ${s.trackingNumber}`}>
                          {s.trackingNumber}
                        </a>
                      ) : (
                        s.trackingNumber
                      )}
                    </p>
                    <p className="order-shipment-items">{s.items.join(', ')}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="account-card">
            <h2>{ORDER_TEXT.shippingAddress}</h2>
            <address className="order-address">
              {page.addressLines.map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
          </section>
          <section className="account-card">
            <h2>{ORDER_TEXT.payment}</h2>
            <p>{page.paymentText}</p>
            {page.paymentDetails.map((line, i) => (
              <p key={i} className="order-payment-detail">{line}</p>
            ))}
            <p className="order-email">Confirmation sent to {order.email}</p>
          </section>
        </aside>
      </div>
      <Related page={page} />
      <p>
        <a href={ORDERS_PATH}>← {ORDER_TEXT.backToOrders}</a>
      </p>
    </div>
  );
}
