/**
 * A product's page: its pictures (and a form to add one), codes and tags, the link to it on the
 * storefront, and its edit form (owner and staff).
 * @module
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatAdminMoney } from '../../domain/admin-orders.ts';
import { useAdminProduct } from '../../hooks/admin/useAdminProduct.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { ProductForm } from '../components/ProductForm.tsx';
import { ProductPictureForm } from '../components/ProductPictureForm.tsx';
import { ReadError } from '../components/ReadError.tsx';

/** The page. */
export function ProductPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <><h1>Product not found</h1><p><Link to="/products">Back to the products</Link></p></>;
  return <ProductView id={id} />;
}

function ProductView({ id }: { id: number }) {
  const product = useAdminProduct(id);
  const [notice, setNotice] = useState<string | null>(null);
  if (product.status === 'pending') return <p role="status">Loading product #{id}…</p>;
  if (product.status === 'error' || !product.data) return <><h1>Product #{id}</h1><ReadError error={product.error} what="The product" /><p><Link to="/products">Back to the products</Link></p></>;
  const p = product.data;
  // the form starts again from the product as saved
  const version = JSON.stringify([p.title, p.priceCents, p.compareAtPriceCents, p.isIndexed, p.isFeatured, p.callForPrice,
    p.variants.map((v) => [v.priceCents, v.compareAtPriceCents, v.levels.map((l) => l.quantity)])]);
  return (
    <>
      <p><Link to="/products">← Products</Link></p>
      <h1>{p.title}</h1>
      <FormMessage error={null} success={notice} />
      <div className="admin-order-grid">
        <ProductForm key={version} product={p} onSaved={setNotice} onReload={() => { setNotice(null); product.refetch(); }} />
        <section aria-labelledby="product-about" className="admin-card">
          <h2 id="product-about">About</h2>
          <dl className="admin-dl">
            <dt>Storefront</dt><dd><a href={`/products/${encodeURIComponent(p.handle)}`} target="_blank" rel="noopener">/products/{p.handle}</a></dd>
            {p.sku ? <><dt>SKU</dt><dd>{p.sku}</dd></> : null}
            {p.productCode ? <><dt>Product code</dt><dd>{p.productCode}</dd></> : null}
            {p.vendor ? <><dt>Vendor</dt><dd>{p.vendor}</dd></> : null}
            <dt>Price</dt><dd>{p.callForPrice ? 'Call for price' : formatAdminMoney(p.priceCents)}</dd>
            <dt>Variants</dt><dd>{p.variants.length}</dd>
          </dl>
          {p.images.length > 0 ? (
            <ul className="admin-product-images">
              {p.images.map((image) => <li key={image.id}><img src={image.url} alt={image.altText ?? ''} width={96} height={96} loading="lazy" /></li>)}
            </ul>
          ) : <p className="admin-hint">No picture.</p>}
          <ProductPictureForm productId={p.id} onAdded={setNotice} />
          {p.tags.length > 0 ? (
            <>
              <h3>Attributes</h3>
              <ul className="admin-product-tags">{p.tags.map((t, i) => <li key={i}>{t.prefix}: {t.value}</li>)}</ul>
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}
