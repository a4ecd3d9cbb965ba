/**
 * The product grid (TanStack Table): the page of products the API answered (picture, title and
 * SKU, price, stock, search visibility), sortable by its columns on this page (the API pages with
 * a cursor, newest first). At phone width each row is a card (admin.css), each cell labelled.
 * @module
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AdminProductListItem } from '../../api/admin-products.ts';
import { formatAdminMoney, LOW_STOCK_THRESHOLD } from '../../domain/admin-orders.ts';
import { SortableTable } from './SortableTable.tsx';

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

/** The grid of `products`, captioned `caption`. */
export function ProductsTable({ products, caption }: { products: AdminProductListItem[]; caption: string }) {
  return <SortableTable rows={products} columns={COLUMNS} caption={caption} className="admin-products-table" />;
}
