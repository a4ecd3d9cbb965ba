/**
 * A customer's page (owner and staff): profile, saved addresses, saved cards (brand and last four
 * only: the API never answers more), the recent orders linking to their pages, and the button
 * that sends the storefront's password-reset mail.
 * @module
 */
import { Link, useParams } from 'react-router-dom';
import type { AdminCustomerAddress } from '../../api/admin-office.ts';
import { formatAdminDate, formatAdminMoney } from '../../domain/admin-orders.ts';
import { useAdminCustomer } from '../../hooks/admin/useAdminCustomer.ts';
import { CustomerResetButton } from '../components/CustomerReset.tsx';
import { ReadError } from '../components/ReadError.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

/** The page. */
export function CustomerPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <><h1>Customer not found</h1><p><Link to="/customers">Back to the customers</Link></p></>;
  return <CustomerView id={id} />;
}

function addressLines(a: AdminCustomerAddress): string[] {
  return [
    [a.firstName, a.lastName].filter(Boolean).join(' '), a.company ?? '', a.address1, a.address2 ?? '',
    [a.city ?? '', a.stateCode ?? '', a.zip].filter(Boolean).join(' '), a.countryCode ?? '', a.phone,
  ].filter((line) => line.trim() !== '');
}

function CustomerView({ id }: { id: number }) {
  const read = useAdminCustomer(id);
  if (read.status === 'pending') return <p role="status">Loading customer {id}…</p>;
  if (read.status === 'error' || !read.data) return <><h1>Customer {id}</h1><ReadError error={read.error} what="The customer" /><p><Link to="/customers">Back to the customers</Link></p></>;
  const c = read.data;
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;
  return (
    <>
      <p><Link to="/customers">← Customers</Link></p>
      <h1>{name}</h1>
      <div className="admin-two">
        <section aria-labelledby="customer-profile" className="admin-card">
          <h2 id="customer-profile">Profile</h2>
          <dl className="admin-dl">
            <dt>Email</dt><dd>{c.email} {c.emailVerified ? <span className="admin-hint">(verified)</span> : <span className="admin-hint">(not verified)</span>}</dd>
            {c.recoveryEmail ? <><dt>Recovery email</dt><dd>{c.recoveryEmail}</dd></> : null}
            <dt>Customer since</dt><dd><time dateTime={c.createdAt}>{formatAdminDate(c.createdAt)}</time></dd>
            <dt>Orders</dt><dd>{c.orders.count} ({formatAdminMoney(c.orders.totalCents)})</dd>
          </dl>
          <h3>Password</h3>
          <p className="admin-hint">The customer gets the storefront's reset link by email; no operator ever sees a password.</p>
          <CustomerResetButton customerId={c.id} />
        </section>
        <section aria-labelledby="customer-addresses" className="admin-card">
          <h2 id="customer-addresses">Addresses</h2>
          {c.addresses.length === 0 ? <p>No saved addresses.</p> : (
            <ul className="admin-cards-list">
              {c.addresses.map((a) => (
                <li key={a.id}>
                  <address>{addressLines(a).map((line, i) => <span key={i}>{line}<br /></span>)}</address>
                  {a.isDefault ? <span className="admin-badge">Default</span> : null}
                </li>
              ))}
            </ul>
          )}
          <h2 id="customer-cards" className="admin-h2-gap">Saved cards</h2>
          {c.cards.length === 0 ? <p>No saved cards.</p> : (
            <ul className="admin-list" aria-labelledby="customer-cards">
              {c.cards.map((card) => <li key={card.id}>{card.giftCard ? 'Gift card' : card.brand} ending in {card.last4}</li>)}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="customer-orders" className="admin-card">
        <h2 id="customer-orders">Recent orders</h2>
        {c.orders.recent.length === 0 ? <p>No orders yet.</p> : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="admin-visually-hidden">The customer's recent orders</caption>
              <thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Total</th><th scope="col">Payment</th><th scope="col">Fulfilment</th></tr></thead>
              <tbody>
                {c.orders.recent.map((o) => (
                  <tr key={o.id}>
                    <td data-label="Order"><Link to={`/orders/${o.id}`}>#{o.id}</Link></td>
                    <td data-label="Placed"><time dateTime={o.createdAt}>{formatAdminDate(o.createdAt)}</time></td>
                    <td data-label="Total">{formatAdminMoney(o.totalCents, o.currency)}</td>
                    <td data-label="Payment"><StatusBadge value={o.paymentStatus} /></td>
                    <td data-label="Fulfilment"><StatusBadge value={o.fulfilmentStatus} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
