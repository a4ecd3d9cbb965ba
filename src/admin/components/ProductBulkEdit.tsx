/**
 * The bulk edit of the list's filtered products: a price change (percent, amount or a new price,
 * with what happens to compare-at prices) and a stock change (set or add). Preview asks the API
 * with `dryRun` and shows the count and a sample before → after; Apply sends the same change with
 * the preview's count (`expectedCount`), so a filter that now finds other products is refused.
 * @module
 */
import { useId } from 'react';
import type { AdminBulkEditAnswer } from '../../api/admin-products.ts';
import { formatAdminMoney } from '../../domain/admin-orders.ts';
import { bulkEditFields, hasProductFilter, type AdminProductFilters } from '../../domain/admin-products.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

const pair = (p: { priceCents: number; compareAtPriceCents: number | null; stock: number }) =>
  `${formatAdminMoney(p.priceCents)}${p.compareAtPriceCents !== null && p.compareAtPriceCents > p.priceCents ? ` (was ${formatAdminMoney(p.compareAtPriceCents)})` : ''}, ${p.stock} in stock`;

/** The panel for the list's `filters` (the page gives it a `key` of the filters: a new filter starts it again). */
export function ProductBulkEdit({ filters }: { filters: AdminProductFilters }) {
  const form = useAdminForm({ kind: 'productBulk', fields: bulkEditFields(filters) });
  const id = useId();
  const f = form.fields;
  const answer = form.result as AdminBulkEditAnswer | null;
  const preview = form.done && answer?.dryRun ? answer : null;
  const applied = form.done && answer && !answer.dryRun ? answer : null;
  const send = (phase: 'preview' | 'apply') => {
    form.set('phase', phase);
    if (phase === 'apply' && preview) form.set('expectedCount', String(preview.matched));
    form.submit();
  };
  const set = (name: string, value: string) => {
    form.set('phase', 'preview');
    form.set(name, value);
  };
  if (!hasProductFilter(filters)) {
    return (
      <section className="admin-card admin-product-bulk" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Bulk edit</h2>
        <p className="admin-hint">Filter the list first (search, low stock, search engines or pictures): a bulk edit changes every product the filter finds.</p>
      </section>
    );
  }
  return (
    <form className="admin-card admin-form admin-product-bulk" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); send('preview'); }}>
      <h2 id={`${id}-title`}>Bulk edit the filtered products</h2>
      <div className="admin-product-bulk-grid">
        <fieldset>
          <legend>Price</legend>
          <label htmlFor={`${id}-price-mode`}>Change</label>
          <select id={`${id}-price-mode`} value={f.priceMode ?? 'none'} onChange={(e) => set('priceMode', e.target.value)}>
            <option value="none">Leave prices</option>
            <option value="percent">By a percent</option>
            <option value="amount">By an amount</option>
            <option value="set">Set the price</option>
          </select>
          {f.priceMode && f.priceMode !== 'none' ? (
            <>
              <label htmlFor={`${id}-price-value`}>{f.priceMode === 'percent' ? 'Percent (e.g. 10 or -12.5)' : f.priceMode === 'amount' ? 'Amount in dollars (e.g. 2.50 or -2.50)' : 'New price in dollars'}</label>
              <input id={`${id}-price-value`} inputMode="decimal" autoComplete="off" value={f.priceValue ?? ''} onChange={(e) => set('priceValue', e.target.value)} />
              <label htmlFor={`${id}-compare`}>Compare-at prices</label>
              <select id={`${id}-compare`} value={f.compareAt ?? 'adjust'} onChange={(e) => set('compareAt', e.target.value)}>
                <option value="adjust">Change them the same way</option>
                <option value="keep">Keep them</option>
                <option value="clear">Clear them</option>
              </select>
            </>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Stock</legend>
          <label htmlFor={`${id}-stock-mode`}>Change</label>
          <select id={`${id}-stock-mode`} value={f.stockMode ?? 'none'} onChange={(e) => set('stockMode', e.target.value)}>
            <option value="none">Leave stock</option>
            <option value="set">Set units at every level</option>
            <option value="add">Add or take away units</option>
          </select>
          {f.stockMode && f.stockMode !== 'none' ? (
            <>
              <label htmlFor={`${id}-stock-value`}>{f.stockMode === 'set' ? 'Units' : 'Units to add (e.g. 5 or -5)'}</label>
              <input id={`${id}-stock-value`} inputMode="numeric" autoComplete="off" value={f.stockValue ?? ''} onChange={(e) => set('stockValue', e.target.value)} />
            </>
          ) : null}
        </fieldset>
      </div>
      <FormMessage error={form.error} success={applied ? `Changed ${applied.changed} of ${applied.matched} products.` : null} />
      {preview ? (
        <div className="admin-product-preview" role="status">
          <p><strong>{preview.matched}</strong> {preview.matched === 1 ? 'product matches' : 'products match'}; {preview.changed} would change.</p>
          {preview.sample.length > 0 ? (
            <ul>
              {preview.sample.map((s) => <li key={s.id}><strong>{s.title}</strong>: {pair(s.before)} → {pair(s.after)}</li>)}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="admin-filter-buttons">
        <button type="submit" className="admin-button admin-button-quiet" disabled={!form.canSubmit}>{form.busy && f.phase !== 'apply' ? 'Previewing…' : 'Preview'}</button>
        {preview && preview.changed > 0 ? (
          <button type="button" className="admin-button" onClick={() => send('apply')}>Apply to {preview.matched} {preview.matched === 1 ? 'product' : 'products'}</button>
        ) : null}
        {form.busy && f.phase === 'apply' ? <span role="status">Applying…</span> : null}
      </div>
    </form>
  );
}
