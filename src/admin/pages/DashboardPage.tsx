/**
 * The dashboard: today's orders and revenue, the orders waiting to ship (oldest first), low
 * stock, failed mails and live visitors (a figure the role may not read is left out), for the
 * owner and staff the sales of the last 30 days against the 30 before (components/SalesChart), and
 * for the owner (who reads the audit log) the last imports.
 * @module
 */
import { Link } from 'react-router-dom';
import { importsRoleCan } from '../../domain/admin-imports.ts';
import { formatAdminDate, formatAdminMoney, LOW_STOCK_THRESHOLD, statusWords } from '../../domain/admin-orders.ts';
import { useAdminDashboard } from '../../hooks/admin/useAdminDashboard.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ReadError } from '../components/ReadError.tsx';
import { RecentImports } from '../components/RecentImports.tsx';
import { DashboardSales } from '../components/SalesChart.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

/** How many of the last imports the dashboard lists. */
export const DASHBOARD_IMPORTS = 5;

/** The page. */
export function DashboardPage() {
  const dashboard = useAdminDashboard();
  const session = useAdminSession();
  const lastImports = importsRoleCan(session.operator?.role ?? 'fulfilment').recentImports;
  return (
    <>
      <h1>Dashboard</h1>
      {dashboard.status === 'pending' ? <p role="status">Loading…</p> : null}
      {dashboard.status === 'error' ? <ReadError error={dashboard.error} what="The dashboard" /> : null}
      {dashboard.data ? (
        <>
          <section aria-labelledby="dash-today" className="admin-figures">
            <h2 id="dash-today" className="admin-visually-hidden">Today</h2>
            <div className="admin-card admin-figure"><p className="admin-figure-label">Orders today</p><p className="admin-figure-value">{dashboard.data.today.count}</p></div>
            <div className="admin-card admin-figure"><p className="admin-figure-label">Revenue today</p><p className="admin-figure-value">{formatAdminMoney(dashboard.data.today.revenueCents, dashboard.data.today.currency)}</p></div>
            {dashboard.data.live ? <div className="admin-card admin-figure"><p className="admin-figure-label">Visitors now</p><p className="admin-figure-value">{dashboard.data.live.liveVisitors}</p></div> : null}
          </section>
          <DashboardSales />
          <section aria-labelledby="dash-waiting" className="admin-card">
            <h2 id="dash-waiting">Waiting to ship</h2>
            {dashboard.data.waiting.length === 0 ? <p>Every order is shipped.</p> : (
              <ol className="admin-list">
                {dashboard.data.waiting.map((order) => (
                  <li key={order.id}>
                    <Link to={`/orders/${order.id}`}>#{order.id}</Link> <time dateTime={order.createdAt}>{formatAdminDate(order.createdAt)}</time>{' '}
                    {order.name || order.email} · {order.units} {order.units === 1 ? 'unit' : 'units'} <StatusBadge value={order.fulfilmentStatus} />
                  </li>
                ))}
              </ol>
            )}
            {dashboard.data.moreWaiting ? <p><Link to="/orders?status=open&fulfilment=unfulfilled">Every unshipped order</Link></p> : null}
          </section>
          {dashboard.data.lowStock ? (
            <section aria-labelledby="dash-stock" className="admin-card">
              <h2 id="dash-stock">Low stock</h2>
              {dashboard.data.lowStock.length === 0 ? <p>No product is at {LOW_STOCK_THRESHOLD} units or fewer.</p> : (
                <ul className="admin-list">
                  {dashboard.data.lowStock.map((product) => (
                    <li key={product.id}>
                      <Link to={`/products/${product.id}`}>{product.title}</Link>{product.sku ? ` (${product.sku})` : ''}: {product.lowestStock ?? product.stock} left
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          {dashboard.data.failedMail ? (
            <section aria-labelledby="dash-mail" className="admin-card">
              <h2 id="dash-mail">Failed mail</h2>
              {dashboard.data.failedMail.length === 0 ? <p>No mail has failed.</p> : (
                <ul className="admin-list">
                  {dashboard.data.failedMail.map((mail) => (
                    <li key={mail.id}><a href={`/admin/mail/${mail.id}`}>{mail.subject}</a> to {mail.to} · {statusWords(mail.status)}{mail.lastError ? `: ${mail.lastError}` : ''}</li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          {lastImports ? <RecentImports limit={DASHBOARD_IMPORTS} title="Last imports" /> : null}
        </>
      ) : null}
    </>
  );
}
