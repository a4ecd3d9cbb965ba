/**
 * The back office's routes (under /admin). /admin/mail and its messages stay the server's own
 * pages (src/server/modules/mail-admin), reached with a full page load.
 * @module
 */
import type { ReactElement } from 'react';
import { AuditPage } from './pages/AuditPage.tsx';
import { CustomerPage } from './pages/CustomerPage.tsx';
import { CustomersPage } from './pages/CustomersPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { DiscountsPage } from './pages/DiscountsPage.tsx';
import { ImportsPage } from './pages/ImportsPage.tsx';
import { OperatorsPage } from './pages/OperatorsPage.tsx';
import { OrderPage } from './pages/OrderPage.tsx';
import { OrdersPage } from './pages/OrdersPage.tsx';
import { ProductPage } from './pages/ProductPage.tsx';
import { ProductsPage } from './pages/ProductsPage.tsx';

/** A signed-in route: its path under /admin and its page. */
export interface AdminRoute {
  path: string;
  element: ReactElement;
}

/** The pages an operator reaches once signed in. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: '/', element: <DashboardPage /> },
  { path: '/orders', element: <OrdersPage /> },
  { path: '/orders/:id', element: <OrderPage /> },
  { path: '/discounts', element: <DiscountsPage /> },
  { path: '/customers', element: <CustomersPage /> },
  { path: '/customers/:id', element: <CustomerPage /> },
  { path: '/audit', element: <AuditPage /> },
  { path: '/products', element: <ProductsPage /> },
  { path: '/products/:id', element: <ProductPage /> },
  { path: '/imports', element: <ImportsPage /> },
  { path: '/operators', element: <OperatorsPage /> },
];

/** The paths that answer without a session. */
export const PUBLIC_PATHS = { setPassword: '/set-password' } as const;
