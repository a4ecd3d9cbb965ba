/**
 * The product grid (TanStack Table): the page of products the API answered (picture, title and
 * SKU, price, stock, search visibility), sortable by its columns on this page (the API pages with
 * a cursor, newest first). At phone width each row is a card (admin.css), each cell labelled.
 * @module
 */
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminProductListItem } from '../../api/admin-products.ts';
import { formatAdminMoney, LOW_STOCK_THRESHOLD } from '../../domain/admin-orders.ts';

const COLUMNS: ColumnDef<AdminProductListItem>[] = [
  {
    id: 'picture', header: 'Picture', enableSorting: false,
    cell: (c) => (c.row.original.imageUrl
      ? <img className="admin-product-thumb" src={c.row.original.imageUrl} alt="" width={48} height={48} />
      : <span className="admin-product-thumb admin-product-nothumb">No picture</span>),
  },
  {
    id: 'title', header: 'Product', accessorKey: 'title',
    cell: (c) => (
      <>
        <Link to={`/products/${c.row.original.id}`}>{c.row.original.title}</Link>
        <br /><span className="admin-hint">{[c.row.original.sku, c.row.original.vendor].filter(Boolean).join(' · ') || `#${c.row.original.id}`}</span>
      </>
    ),
  },
  {
    id: 'price', header: 'Price', accessorKey: 'priceCents',
    cell: (c) => {
      const p = c.row.original;
      if (p.callForPrice) return 'Call for price';
      return <>{formatAdminMoney(p.priceCents)}{p.compareAtPriceCents !== null && p.compareAtPriceCents > p.priceCents ? <> <s className="admin-hint">{formatAdminMoney(p.compareAtPriceCents)}</s></> : null}</>;
    },
  },
  {
    id: 'stock', header: 'Stock', accessorKey: 'stock',
    cell: (c) => {
      const p = c.row.original;
      const low = p.lowestStock !== null && p.lowestStock <= LOW_STOCK_THRESHOLD;
      return (
        <>
          <span className={low ? 'admin-product-low' : undefined}>{p.stock}</span>
          {p.variantCount > 1 ? <span className="admin-hint"> in {p.variantCount} variants</span> : null}
          {low ? <span className="admin-hint"> (lowest {p.lowestStock})</span> : null}
        </>
      );
    },
  },
  {
    id: 'visibility', header: 'Search engines', accessorFn: (p) => (p.isIndexed ? 1 : 0),
    cell: (c) => <>{c.row.original.isIndexed ? 'Shown' : 'Hidden'}{c.row.original.isFeatured ? <span className="admin-hint"> · Featured</span> : null}</>,
  },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The grid of `products`, captioned `caption`. */
export function ProductsTable({ products, caption }: { products: AdminProductListItem[]; caption: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: products,
    columns: COLUMNS,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(row.id),
  });
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards admin-products-table">
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
