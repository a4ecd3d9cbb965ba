/**
 * A product's edit form: title, price and compare-at, each variant's prices and the stock of
 * each of its levels, search visibility, featured and call for price. A `useAdminForm` of kind
 * 'productEdit': the domain checks it and sends only what changed, each level's new stock with
 * the quantity shown (a sale meanwhile gets the API's 409 words).
 * @module
 */
import { useId } from 'react';
import type { AdminProductDetail } from '../../api/admin-products.ts';
import { productFormFields } from '../../domain/admin-products.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from './FormMessage.tsx';

/** Props: the product, and what to say once it is saved. */
export interface ProductFormProps {
  product: AdminProductDetail;
  onSaved(message: string): void;
  /** Reads the product again (after a refusal such as stock sold meanwhile: the form starts again from it). */
  onReload?: () => void;
}

const FLAGS = [
  ['isIndexed', 'Shown to search engines, the sitemap and product feeds'],
  ['isFeatured', 'Featured'],
  ['callForPrice', 'Call for price (the storefront shows no price and no cart button)'],
] as const;

/** The form (the page gives it a `key` of the product's version: a save starts it again from the answer). */
export function ProductForm({ product, onSaved, onReload }: ProductFormProps) {
  const form = useAdminForm({ kind: 'productEdit', fields: productFormFields(product) }, { onDone: () => onSaved('The product is saved. The storefront shows the change.') });
  const id = useId();
  const f = form.fields;
  const many = product.variants.length > 1;
  return (
    <form className="admin-card admin-form admin-product-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => { e.preventDefault(); form.submit(); }}>
      <h2 id={`${id}-title`}>Edit</h2>
      <label htmlFor={`${id}-name`}>Title</label>
      <input id={`${id}-name`} value={f.title ?? ''} onChange={(e) => form.set('title', e.target.value)} />
      <div className="admin-product-prices">
        <div className="admin-field">
          <label htmlFor={`${id}-price`}>Price{many ? ' (every variant)' : ''}</label>
          <input id={`${id}-price`} inputMode="decimal" autoComplete="off" value={f.price ?? ''} onChange={(e) => form.set('price', e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-compare`}>Compare-at price <span className="admin-hint">(empty: none)</span></label>
          <input id={`${id}-compare`} inputMode="decimal" autoComplete="off" value={f.compareAt ?? ''} onChange={(e) => form.set('compareAt', e.target.value)} />
        </div>
      </div>
      {product.variants.map((variant) => (
        <fieldset key={variant.id} className="admin-product-variant">
          <legend>{many ? variant.title : 'Stock'}{variant.sku ? <span className="admin-hint"> ({variant.sku})</span> : null}</legend>
          {many ? (
            <div className="admin-product-prices">
              <div className="admin-field">
                <label htmlFor={`${id}-v${variant.id}-price`}>Price of {variant.title}</label>
                <input id={`${id}-v${variant.id}-price`} inputMode="decimal" autoComplete="off" value={f[`variant.${variant.id}.price`] ?? ''} onChange={(e) => form.set(`variant.${variant.id}.price`, e.target.value)} />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-v${variant.id}-compare`}>Compare-at of {variant.title}</label>
                <input id={`${id}-v${variant.id}-compare`} inputMode="decimal" autoComplete="off" value={f[`variant.${variant.id}.compareAt`] ?? ''} onChange={(e) => form.set(`variant.${variant.id}.compareAt`, e.target.value)} />
              </div>
            </div>
          ) : null}
          {variant.levels.length === 0 ? <p className="admin-hint">No stock is counted for this variant.</p> : null}
          {variant.levels.map((level) => (
            <div key={level.id} className="admin-field admin-field-inline">
              <label htmlFor={`${id}-l${level.id}`}>
                Units at {level.location}{many ? ` (${variant.title})` : ''}
                {level.binLocation ? <span className="admin-hint"> bin {level.binLocation}</span> : null}
                {!level.availableForSale ? <span className="admin-hint"> not for sale</span> : null}
              </label>
              <input id={`${id}-l${level.id}`} inputMode="numeric" size={6} autoComplete="off" value={f[`level.${level.id}.quantity`] ?? ''} onChange={(e) => form.set(`level.${level.id}.quantity`, e.target.value)} />
            </div>
          ))}
        </fieldset>
      ))}
      <fieldset className="admin-product-flags">
        <legend>Visibility</legend>
        {FLAGS.map(([name, label]) => (
          <label key={name} className="admin-product-check">
            <input type="checkbox" checked={f[name] === 'true'} onChange={(e) => form.set(name, String(e.target.checked))} /> {label}
          </label>
        ))}
      </fieldset>
      <FormMessage error={form.error} />
      <div className="admin-filter-buttons">
        <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Saving…' : 'Save product'}</button>
        {form.error && onReload ? <button type="button" className="admin-button admin-button-quiet" onClick={onReload}>Reload the product</button> : null}
      </div>
    </form>
  );
}
