/**
 * The server render's reads of the discounts, customers and audit pages (src/admin/entry-server.tsx
 * asks them before rendering, as it does the orders'), from the page's path and query.
 * @module
 */
import { matchPath } from 'react-router-dom';
import type { AdminClient, AdminRole } from '../api/admin-client.ts';
import { officeRoleCan, parseAuditFilters } from '../domain/admin-office.ts';
import { auditRead, customerRead, customersRead, discountsRead, operatorsRead } from '../hooks/admin/office-reads.ts';
import type { Read } from '../hooks/query/index.ts';
import { customerQueryOf } from './pages/CustomersPage.tsx';
import { discountQueryOf } from './pages/DiscountsPage.tsx';
import { tokensRead } from '../hooks/admin/operator-reads.ts';
import { RECENT_IMPORTS_FILTER } from './components/RecentImports.tsx';

/** The reads of the page at `path` (under /admin, without it) with `search` for an operator of `role`; none for other pages. */
export function officePageReads(client: AdminClient, path: string, search: string, role: AdminRole): Read<unknown>[] {
  if (matchPath('/discounts', path)) return [discountsRead(client, discountQueryOf(search))];
  if (matchPath('/customers', path)) return [customersRead(client, customerQueryOf(search))];
  const customer = matchPath('/customers/:id', path);
  const id = Number(customer?.params.id);
  if (customer && Number.isInteger(id) && id > 0) return [customerRead(client, id)];
  if (matchPath('/audit', path)) return [auditRead(client, parseAuditFilters(search)), operatorsRead(client)];
  // the recent imports are the owner's (the audit log): a staff's page shows none, so asks none
  if (matchPath('/imports', path)) return officeRoleCan(role).audit ? [auditRead(client, RECENT_IMPORTS_FILTER)] : [];
  if (matchPath('/operators', path)) return [operatorsRead(client), tokensRead(client)];
  return [];
}
