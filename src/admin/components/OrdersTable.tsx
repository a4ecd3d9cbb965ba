/**
 * The order grid (TanStack Table): the page of orders the API answered, sortable by its columns
 * on this page (the API pages with a cursor, newest first). At phone width each row is a card
 * (admin.css), each cell labelled with its column.
 * @module
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AdminOrderSummary } from '../../api/admin-client.ts';
import { formatAdminDate, formatAdminMoney } from '../../domain/admin-orders.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { SortableTable } from './SortableTable.tsx';

const COLUMNS: ColumnDef<AdminOrderSummary>[] = [
  { id: 'id', header: 'Order', accessorKey: 'id', cell: (c) => <Link to={`/orders/${c.row.original.id}`}>#{c.row.original.id}</Link> },
  { id: 'createdAt', header: 'Placed', accessorKey: 'createdAt', cell: (c) => <time dateTime={c.row.original.createdAt}>{formatAdminDate(c.row.original.createdAt)}</time> },
  {
    id: 'customer', header: 'Customer', accessorFn: (o) => o.name || o.email,
    cell: (c) => <>{c.row.original.name || '—'}<br /><span className="admin-hint">{c.row.original.email}</span></>,
  },
  { id: 'units', header: 'Units', accessorKey: 'units' },
  { id: 'total', header: 'Total', accessorKey: 'totalCents', cell: (c) => formatAdminMoney(c.row.original.totalCents, c.row.original.currency) },
  { id: 'payment', header: 'Payment', accessorKey: 'paymentStatus', cell: (c) => <StatusBadge value={c.row.original.paymentStatus} /> },
  { id: 'fulfilment', header: 'Fulfilment', accessorKey: 'fulfilmentStatus', cell: (c) => <StatusBadge value={c.row.original.fulfilmentStatus} /> },
  { id: 'state', header: 'State', accessorKey: 'state', cell: (c) => <StatusBadge value={c.row.original.state} /> },
];

/** The grid of `orders`, captioned `caption`. */
export function OrdersTable({ orders, caption }: { orders: AdminOrderSummary[]; caption: string }) {
  return <SortableTable rows={orders} columns={COLUMNS} caption={caption} />;
}
