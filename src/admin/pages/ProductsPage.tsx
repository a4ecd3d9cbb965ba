/**
 * The product list: filters (text, low stock, search engines, pictures) kept in the address, the
 * grid, paging by the API's cursor ("Older products"), and the bulk edit of the filtered set.
 * @module
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseProductFilters, parseUnits, productFiltersSearch, type AdminProductFilters } from '../../domain/admin-products.ts';
import { useAdminProducts } from '../../hooks/admin/useAdminProducts.ts';
import { ProductBulkEdit } from '../components/ProductBulkEdit.tsx';
import { ProductsTable } from '../components/ProductsTable.tsx';
import { ReadError } from '../components/ReadError.tsx';

/** Products a page. @default 25 */
export const PRODUCTS_PAGE_SIZE = 25;

type Draft = { q: string; lowStock: string; indexed: string; noImage: string };
const draftOf = (f: AdminProductFilters): Draft => ({
  q: f.q ?? '', lowStock: f.lowStock === undefined ? '' : String(f.lowStock),
  indexed: f.indexed === undefined ? '' : String(f.indexed), noImage: f.noImage === undefined ? '' : String(f.noImage),
});
const filtersOf = (d: Draft): AdminProductFilters => {
  const f: AdminProductFilters = {};
  if (d.q.trim()) f.q = d.q.trim();
  const low = parseUnits(d.lowStock);
  if (low !== null) f.lowStock = low;
  if (d.indexed) f.indexed = d.indexed === 'true';
  if (d.noImage) f.noImage = d.noImage === 'true';
  return f;
};

/** The page. */
export function ProductsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = parseProductFilters(location.search);
  const page = useAdminProducts({ ...filters, limit: PRODUCTS_PAGE_SIZE });
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const id = useId();
  // the form follows the address (back and forward, a link to a filtered list)
  useEffect(() => setDraft(draftOf(parseProductFilters(location.search))), [location.search]);

  const go = (next: AdminProductFilters) => navigate({ pathname: '/products', search: productFiltersSearch(next) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    go(filtersOf(draft));
  };
  const { before, ...withoutCursor } = filters;
  return (
    <>
      <h1>Products</h1>
      <form className="admin-filters" role="search" aria-label="Filter products" onSubmit={apply}>
        <div className="admin-field admin-field-grow">
          <label htmlFor={`${id}-q`}>Search</label>
          <input id={`${id}-q`} type="search" placeholder="Title, SKU or product code" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-low`}>Stock at most</label>
          <input id={`${id}-low`} inputMode="numeric" size={6} placeholder="e.g. 5" value={draft.lowStock} onChange={(e) => setDraft({ ...draft, lowStock: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-indexed`}>Search engines</label>
          <select id={`${id}-indexed`} value={draft.indexed} onChange={(e) => setDraft({ ...draft, indexed: e.target.value })}>
            <option value="">Any</option>
            <option value="true">Shown</option>
            <option value="false">Hidden</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-image`}>Picture</label>
          <select id={`${id}-image`} value={draft.noImage} onChange={(e) => setDraft({ ...draft, noImage: e.target.value })}>
            <option value="">Any</option>
            <option value="true">No picture</option>
            <option value="false">With a picture</option>
          </select>
        </div>
        <div className="admin-filter-buttons">
          <button type="submit" className="admin-button">Apply</button>
          <button type="button" className="admin-button admin-button-quiet" onClick={() => go({})}>Clear</button>
        </div>
      </form>
      {page.status === 'pending' ? <p role="status">Loading products…</p> : null}
      {page.status === 'error' ? <ReadError error={page.error} what="The products" /> : null}
      {page.data ? (
        page.data.products.length === 0
          ? <p role="status">No products match these filters.</p>
          : <ProductsTable products={page.data.products} caption="Products, newest first" />
      ) : null}
      <nav className="admin-pager" aria-label="Product pages">
        {before ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go(withoutCursor)}>Newest products</button> : null}
        {page.data?.nextBefore ? <button type="button" className="admin-button admin-button-quiet" onClick={() => go({ ...withoutCursor, before: page.data?.nextBefore ?? undefined })}>Older products</button> : null}
      </nav>
      <ProductBulkEdit key={productFiltersSearch(withoutCursor)} filters={withoutCursor} />
    </>
  );
}
