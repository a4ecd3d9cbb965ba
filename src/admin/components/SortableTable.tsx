/**
 * The back office's grid (TanStack Table): the rows the API answered, sortable by their columns on
 * this page (the API pages with a cursor, newest first); a column without sorting shows its plain
 * header. At phone width each row is a card (admin.css), each cell labelled with its column.
 * @module
 */
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The grid of `rows` (each with an `id`) in `columns`, captioned `caption` for screen readers. */
export function SortableTable<Row extends { id: number }>({ rows, columns, caption, className }: {
  rows: Row[];
  columns: ColumnDef<Row>[];
  caption: string;
  /** classes beside `admin-table admin-table-cards` */
  className?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(row.id),
  });
  return (
    <div className="admin-table-wrap">
      <table className={['admin-table admin-table-cards', className].filter(Boolean).join(' ')}>
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : label}
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
