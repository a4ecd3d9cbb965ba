/**
 * The order grid (TanStack Table): the page of orders the API answered, sortable by its columns
 * on this page (the API pages with a cursor, newest first). At phone width each row is a card
 * (admin.css), each cell labelled with its column.
 * @module
 */
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminOrderSummary } from '../../api/admin-client.ts';
import { formatAdminDate, formatAdminMoney } from '../../domain/admin-orders.ts';
import { StatusBadge } from './StatusBadge.tsx';

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

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The grid of `orders`, captioned `caption`. */
export function OrdersTable({ orders, caption }: { orders: AdminOrderSummary[]; caption: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: orders,
    columns: COLUMNS,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(row.id),
  });
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards">
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                    <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
