/**
 * An order's page: its state, totals, address, lines and timeline, the packing slip, and the
 * actions its state and the operator's role allow (fulfil, cancel, refund, returns and notes).
 * @module
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminOrder } from '../../api/admin-client.ts';
import type { AdminOrderWithReturns } from '../../api/admin-office.ts';
import { formatAdminDate, formatAdminMoney, orderActions } from '../../domain/admin-orders.ts';
import { officeRoleCan } from '../../domain/admin-office.ts';
import { useAdminOrder } from '../../hooks/admin/useAdminOrder.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { CancelForm, FulfilForm, RefundForm } from '../components/OrderForms.tsx';
import { FormMessage } from '../components/FormMessage.tsx';
import { NoteForm } from '../components/NoteForm.tsx';
import { ReturnForm, ReturnsList, canReturn } from '../components/ReturnForms.tsx';
import { ReadError } from '../components/ReadError.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

/** The page. */
export function OrderPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <><h1>Order not found</h1><p><Link to="/orders">Back to the orders</Link></p></>;
  return <OrderView id={id} />;
}

function addressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const get = (name: string) => (typeof address[name] === 'string' ? (address[name] as string) : '');
  return [
    [get('firstName'), get('lastName')].filter(Boolean).join(' '),
    get('company'), get('address1'), get('address2'),
    [get('city'), get('stateCode') || get('province'), get('zip')].filter(Boolean).join(' '),
    get('countryCode') || get('country'), get('phone'),
  ].filter((line) => line.trim() !== '');
}

function OrderView({ id }: { id: number }) {
  const order = useAdminOrder(id);
  const session = useAdminSession();
  const [notice, setNotice] = useState<string | null>(null);
  if (order.status === 'pending') return <p role="status">Loading order #{id}…</p>;
  if (order.status === 'error' || !order.data) return <><h1>Order #{id}</h1><ReadError error={order.error} what="The order" /><p><Link to="/orders">Back to the orders</Link></p></>;
  const o: AdminOrderWithReturns = order.data;
  const actions = orderActions(o, session.operator?.role ?? 'fulfilment');
  const manage = officeRoleCan(session.operator?.role ?? 'fulfilment').manageOrders;
  // the forms start again from the order as it is after each write
  const version = `${o.state}-${o.fulfilments.length}-${o.refunds.length}-${o.refundedCents}-${o.returns?.length ?? 0}-${o.returns?.filter((r) => r.status === 'received').length ?? 0}-${o.notes?.length ?? 0}`;
  return (
    <>
      <p><Link to="/orders">← Orders</Link></p>
      <h1>Order #{o.id}</h1>
      <p className="admin-badges">
        <StatusBadge value={o.state} /> <StatusBadge value={o.paymentStatus} /> <StatusBadge value={o.fulfilmentStatus} />
      </p>
      <FormMessage error={null} success={notice} />
      <div className="admin-order-grid">
        <section aria-labelledby="order-summary" className="admin-card">
          <h2 id="order-summary">Summary</h2>
          <dl className="admin-dl">
            <dt>Placed</dt><dd><time dateTime={o.createdAt}>{formatAdminDate(o.createdAt)}</time></dd>
            <dt>Customer</dt><dd>{o.email}</dd>
            <dt>Subtotal</dt><dd>{formatAdminMoney(o.subtotalCents, o.currency)}</dd>
            {o.discountCents > 0 ? <><dt>Discount</dt><dd>-{formatAdminMoney(o.discountCents, o.currency)}{o.discountCodes.length ? ` (${o.discountCodes.join(', ')})` : ''}</dd></> : null}
            <dt>Shipping</dt><dd>{formatAdminMoney(o.shippingCents, o.currency)}</dd>
            <dt>Tax</dt><dd>{formatAdminMoney(o.taxCents, o.currency)}</dd>
            <dt>Total</dt><dd><strong>{formatAdminMoney(o.totalCents, o.currency)}</strong></dd>
            <dt>Captured</dt><dd>{formatAdminMoney(o.capturedCents, o.currency)}</dd>
            <dt>Refunded</dt><dd>{formatAdminMoney(o.refundedCents, o.currency)}</dd>
            {o.cancelReason ? <><dt>Cancelled</dt><dd>{o.cancelReason}</dd></> : null}
          </dl>
          <h3>Ship to</h3>
          <address>{addressLines(o.shippingAddress).map((line, i) => <span key={i}>{line}<br /></span>)}</address>
          <p><a href={`/admin/orders/${o.id}/packing-slip`} target="_blank" rel="noopener">Packing slip</a> · <a href={`/admin/orders/${o.id}/invoice`} target="_blank" rel="noopener">Invoice</a></p>
        </section>
        <section aria-labelledby="order-timeline" className="admin-card">
          <h2 id="order-timeline">Timeline</h2>
          <ol className="admin-timeline">
            {o.timeline.map((event, i) => (
              <li key={i}>
                <time dateTime={event.at}>{formatAdminDate(event.at)}</time>
                <span>{event.text}</span>
                {event.by?.name ? <span className="admin-hint">by {event.by.name}</span> : null}
              </li>
            ))}
          </ol>
          {o.fulfilments.length > 0 ? (
            <>
              <h3>Shipments</h3>
              <ul>
                {o.fulfilments.map((f) => (
                  <li key={f.id}>{f.carrierName}: {f.trackingUrl ? <a href={f.trackingUrl} rel="noopener noreferrer" target="_blank">{f.trackingNumber}</a> : f.trackingNumber}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="order-lines" className="admin-card admin-span">
          <h2 id="order-lines">Lines</h2>
          <Lines order={o} />
        </section>
        <div className="admin-span" key={`returns-${version}`}>
          <ReturnsList order={o} onDone={setNotice} manage={manage} />
        </div>
        <div className="admin-actions admin-span" key={version}>
          {actions.fulfil ? <FulfilForm order={o} onDone={setNotice} /> : null}
          {actions.refund ? <RefundForm order={o} onDone={setNotice} /> : null}
          {actions.cancel ? <CancelForm order={o} onDone={setNotice} /> : null}
          {manage && canReturn(o) ? <ReturnForm order={o} onDone={setNotice} /> : null}
          {manage ? <NoteForm order={o} onDone={setNotice} /> : null}
        </div>
      </div>
    </>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards">
        <caption className="admin-visually-hidden">The order's lines</caption>
        <thead>
          <tr><th scope="col">Item</th><th scope="col">SKU</th><th scope="col">Bin</th><th scope="col">Qty</th><th scope="col">Shipped</th><th scope="col">Refunded</th><th scope="col">Price</th></tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td data-label="Item"><span>{line.title}{line.variantTitle ? <><br /><span className="admin-hint">{line.variantTitle}</span></> : null}</span></td>
              <td data-label="SKU">{line.sku ?? '—'}</td>
              <td data-label="Bin">{[line.location, line.bin].filter(Boolean).join(' ') || '—'}</td>
              <td data-label="Qty">{line.quantity}</td>
              <td data-label="Shipped">{line.fulfilled}</td>
              <td data-label="Refunded">{line.refunded}</td>
              <td data-label="Price">{formatAdminMoney(line.unitCents, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
