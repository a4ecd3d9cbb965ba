/**
 * The product detail page (productPath/{handle}, optionally under a collection handle): the
 * sections in the spec's order (top banner on desktop, breadcrumbs, title, vendor link, stars,
 * price, details grid, gallery with a media viewer, add-to-cart form, share, tabs, lazily loaded
 * reviews, related products and recently viewed, Q&A, the widget slot), with title, price and
 * details above the gallery on mobile; the JSON-LD of `productJsonLd`; 'Fetching product...'
 * while loading and the 404 content when not found.
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_SECTION_TEXT, shareLinks } from '../../domain/catalog-text.ts';
import type { Model3D, Product, ProductImage } from '../../domain/entities.ts';
import { compareAt } from '../../domain/money.ts';
import { NO_REVIEWS_TEXT } from '../../domain/ratings.ts';
import { pdfCards, PRODUCT_PAGE_TEXT, productJsonLd, WARRANTY_TEXT, type PdfCard } from '../../domain/product-page.ts';
import { LAZY_SECTION_VISIBLE_RATIO, NOT_FOUND_TEXT } from '../../domain/shell.ts';
import { createStoreLinks, vendorLink } from '../../domain/urls.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useLoader } from '../../hooks/useLoader.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { useProductPage, type ProductPageApi } from '../../hooks/useProductPage.ts';
import { useRecentlyViewed } from '../../hooks/useRecentlyViewed.ts';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { ProductSlider } from '../../ui/catalog/ProductSlider.tsx';
import { ResponsiveImage } from '../../ui/catalog/ResponsiveImage.tsx';
import { StarRating } from '../../ui/catalog/StarRating.tsx';
import { Breadcrumbs, type Crumb } from '../../ui/shell/Breadcrumbs.tsx';
import { Modal } from '../../ui/shell/Modal.tsx';
import { Spinner } from '../../ui/shell/Spinner.tsx';
import '../../ui/catalog/catalog.css';
import { ShopperPage, useDocumentTitle } from './page-kit.tsx';

/** Renders children once 10 percent of the placeholder is visible (at once without IntersectionObserver). */
function LazySection({ children, minHeight = 200, label }: { children: ReactNode; minHeight?: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { threshold: LAZY_SECTION_VISIBLE_RATIO });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);
  return (
    <div ref={ref} aria-label={label} role="region" style={visible ? undefined : { minHeight }}>
      {visible ? children : null}
    </div>
  );
}

type Media = { kind: 'image'; image: ProductImage } | { kind: 'model'; model: Model3D };

/**
 * The gallery: the main image opens the viewer; thumbnails of images and 3D models. Choice: the
 * 3D viewer is the model's poster with a link to the glTF file (no WebGL viewer yet).
 */
function Gallery({ product, placeholder, mobile }: { product: Product; placeholder: string; mobile: boolean }) {
  const media: Media[] = [...product.Images.map((image) => ({ kind: 'image' as const, image })), ...product.Model3Ds.map((model) => ({ kind: 'model' as const, model }))];
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState<Media | null>(null);
  const shown = media[current];
  const mainSrc = shown?.kind === 'image' ? shown.image.url : shown?.kind === 'model' ? shown.model.posterUrl : product.imageUrl;
  return (
    <section className="sk-gallery" aria-label="Product images">
      <button type="button" className="sk-gallery__main" onClick={() => shown && setViewer(shown)} aria-label={`Open ${product.title} in the media viewer`} disabled={!shown}>
        <ResponsiveImage src={mainSrc} placeholder={placeholder} alt={shown?.kind === 'image' ? (shown.image.altText ?? product.title) : product.title} index={0} mobile={mobile} sizes="(max-width: 800px) 100vw, 50vw" size={800} />
      </button>
      {media.length > 1 && (
        <ul className="sk-gallery__thumbs">
          {media.map((m, i) => (
            <li key={m.kind === 'image' ? `i${m.image.id}` : `m${m.model.id}`}>
              <button
                type="button"
                aria-pressed={i === current}
                aria-label={m.kind === 'image' ? `Image ${i + 1}` : `3D model ${i + 1 - product.Images.length}`}
                onClick={() => (m.kind === 'model' ? setViewer(m) : setCurrent(i))}
              >
                <ResponsiveImage src={m.kind === 'image' ? m.image.url : m.model.posterUrl} placeholder={placeholder} alt="" size={200} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={viewer !== null} title={product.title} onClose={() => setViewer(null)}>
        {viewer?.kind === 'image' && <img src={viewer.image.url} alt={viewer.image.altText ?? product.title} width={800} height={800} style={{ maxWidth: '100%', height: 'auto' }} />}
        {viewer?.kind === 'model' && (
          <>
            <img src={viewer.model.posterUrl} alt={`3D model of ${product.title}`} width={800} height={800} style={{ maxWidth: '100%', height: 'auto' }} />
            <p>
              <a href={viewer.model.url} download>
                Download the 3D model
              </a>
            </p>
          </>
        )}
      </Modal>
    </section>
  );
}

function PdfCardView({ pdf }: { pdf: PdfCard }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <li className="sk-pdf">
      <span>{pdf.name}</span>{' '}
      <button type="button" className="sk-btn" onClick={() => (setLoaded(false), setOpen(true))}>
        Preview
      </button>{' '}
      <a className="sk-btn" href={pdf.url} download>
        Download
      </a>
      <Modal open={open} title={pdf.name} onClose={() => setOpen(false)}>
        {!loaded && <Spinner label={`Loading ${pdf.name}`} />}
        <iframe title={pdf.name} src={pdf.url} width="100%" height={500} onLoad={() => setLoaded(true)} style={{ border: 0 }} />
      </Modal>
    </li>
  );
}

function Tabs({ product }: { product: Product }) {
  const pdfs = pdfCards(product.PDFs);
  const tabs = [
    { id: 'description', label: PRODUCT_SECTION_TEXT.description },
    { id: 'warranty', label: PRODUCT_SECTION_TEXT.warranty },
    ...(pdfs.length > 0 ? [{ id: 'pdfs', label: PRODUCT_SECTION_TEXT.pdfs }] : []),
  ];
  const [active, setActive] = useState('description');
  const base = useId();
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = tabs[(i + step + tabs.length) % tabs.length];
    if (next) {
      setActive(next.id);
      document.getElementById(`${base}-tab-${next.id}`)?.focus();
    }
  };
  return (
    <section className="sk-tabs">
      <div role="tablist" aria-label="Product information">
        {tabs.map((t, i) => (
          <button key={t.id} id={`${base}-tab-${t.id}`} type="button" role="tab" aria-selected={active === t.id} aria-controls={`${base}-panel-${t.id}`} tabIndex={active === t.id ? 0 : -1} onClick={() => setActive(t.id)} onKeyDown={(e) => onKey(e, i)}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${active}`} aria-labelledby={`${base}-tab-${active}`} tabIndex={0}>
        {/* the description HTML is sanitised by the server */}
        {active === 'description' && <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml ?? '' }} />}
        {active === 'warranty' && <p>{WARRANTY_TEXT}</p>}
        {active === 'pdfs' && (
          <ul>
            {pdfs.map((p) => (
              <PdfCardView key={p.url} pdf={p} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function AddToCartForm({ page }: { page: ProductPageApi }) {
  const qtyId = useId();
  return (
    <form
      className="sk-addform"
      onSubmit={(e) => {
        e.preventDefault();
        page.add();
      }}
    >
      {page.options.map((o) => (
        <OptionSelect key={o.id} name={o.name} values={o.values} chosen={o.chosen} onSelect={(v) => (v === '' ? page.clearOption(o.name) : page.selectOption(o.name, v))} />
      ))}
      <label htmlFor={qtyId}>Quantity</label>
      <input id={qtyId} inputMode="numeric" pattern="[0-9]*" value={page.quantityText} onChange={(e) => page.setQuantity(e.target.value)} aria-invalid={page.quantityError !== null} />
      {page.quantityError && <p role="alert">{page.quantityError}</p>}
      <button type="submit" className="sk-btn sk-btn--primary" disabled={page.addButton.disabled}>
        {page.addButton.label}
      </button>
      {page.notice && <p role="status">{page.notice.message}</p>}
    </form>
  );
}

function OptionSelect({ name, values, chosen, onSelect }: { name: string; values: string[]; chosen: string | undefined; onSelect(value: string): void }) {
  const id = useId();
  return (
    <div className="sk-field">
      <label htmlFor={id}>{name}</label>
      <select id={id} value={chosen ?? ''} onChange={(e) => onSelect(e.target.value)}>
        <option value="">Choose {name}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

function Related({ productId, mobile }: { productId: number; mobile: boolean }) {
  const related = useLoader({ kind: 'products', params: productId, load: async (client, id, signal) => (await client.relatedProducts(id, { signal })).products });
  return <ProductSlider title="Related products" products={related.data ?? []} mobile={mobile} />;
}

function RecentlyViewed({ productId, mobile }: { productId: number; mobile: boolean }) {
  const recent = useRecentlyViewed({ loadProducts: true, excludeId: productId });
  return <ProductSlider title="Recently viewed" products={recent.products} mobile={mobile} onRemove={recent.remove} />;
}

/** The product's reviews, loaded when the section scrolls into view (a failure shows none). */
function Reviews({ productId }: { productId: number }) {
  const reviews = useLoader({ kind: 'reviews', params: productId, load: async (client, id, signal) => (await client.productReviews(id, undefined, { signal })).reviews });
  if (reviews.loading) return <Spinner label="Loading reviews" />;
  const list = reviews.data ?? [];
  if (list.length === 0) return <p>{NO_REVIEWS_TEXT}</p>;
  return (
    <ul className="sk-reviews">
      {list.map((r, i) => (
        <li key={r.id ?? i}>
          <StarRating average={r.starsRating} count={null} showCount={false} />
          {r.title && <h3>{r.title}</h3>}
          {r.body && <p>{r.body}</p>}
          {r.author && <p>{r.author}</p>}
        </li>
      ))}
    </ul>
  );
}

function LoadedProduct({ page, product }: { page: ProductPageApi; product: Product }) {
  const { storeConfig, themeConfig, environment } = useSkimmer();
  const mobile = useMobileLayout();
  const params = useParams();
  useDocumentTitle(page.title);
  const links = createStoreLinks(storeConfig);
  const pageUrl = typeof window === 'undefined' ? links.product(product.handle) : window.location.href;
  const share = shareLinks(pageUrl);
  const collection = params.collectionHandle ? product.Collections.find((c) => c.handle === params.collectionHandle) : undefined;
  const crumbs: Crumb[] = [
    ...(page.hierarchy.length > 0
      ? page.hierarchy.map((h) => ({ title: h.title, url: links.collection(h.handle) }))
      : collection?.handle
        ? [{ title: collection.title ?? collection.handle, url: links.collection(collection.handle) }]
        : []),
    { title: product.title },
  ];
  const was = page.variant ? compareAt(page.variant) : compareAt(product);
  const sku = page.variant?.sku ?? product.sku;
  const jsonLd = productJsonLd(product, { now: environment.now(), merchantReturnDays: storeConfig.merchantReturnDays, timeZone: storeConfig.appTimeZone, url: pageUrl });

  const header = (
    <>
      <h1>{product.title}</h1>
      {product.vendor && <CatalogLink to={vendorLink(product.vendor)}>{product.vendor}</CatalogLink>}
      <StarRating average={product.avgRating} count={product.totalReviews} href="#reviews" />
      <p className="sk-price">
        <span className="sk-price__now">{page.priceText}</span>
        {was && (
          <>
            {' '}
            <s className="sk-price__was">{was.compareAtText}</s> <span className="sk-price__save">Save {was.saveText}</span>
          </>
        )}
      </p>
      <dl className="sk-details">
        <dt>{PRODUCT_SECTION_TEXT.sku}</dt>
        <dd>{sku ?? '-'}</dd>
        <dt>{PRODUCT_SECTION_TEXT.availability}</dt>
        <dd>{page.availabilityText}</dd>
        <dt>{PRODUCT_SECTION_TEXT.weight}</dt>
        <dd>{product.weight ?? '-'}</dd>
        <dt>{PRODUCT_SECTION_TEXT.shipping}</dt>
        <dd>{PRODUCT_PAGE_TEXT.shipping}</dd>
      </dl>
    </>
  );

  return (
    <article className="sk-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      {!mobile && themeConfig.productTopBannerUrl && <img className="sk-topbanner" src={themeConfig.productTopBannerUrl} alt="" width={1300} height={150} />}
      <Breadcrumbs items={crumbs} />
      <div className="sk-product">
        {mobile && <div>{header}</div>}
        <Gallery product={product} placeholder={themeConfig.productNoImageUrl} mobile={mobile} />
        <div>
          {!mobile && header}
          <AddToCartForm page={page} />
          <section className="sk-share" aria-label="Share">
            <a href={share.facebook} target="_blank" rel="noopener noreferrer">
              Share on Facebook
            </a>{' '}
            <a href={share.email}>Email</a>{' '}
            <button type="button" className="sk-linkbtn" onClick={() => window.print()}>
              Print
            </button>
          </section>
        </div>
      </div>
      <Tabs product={product} />
      <section id="reviews" aria-labelledby="reviews-h">
        <h2 id="reviews-h">Reviews</h2>
        <LazySection label="Reviews">
          <Reviews productId={product.id} />
        </LazySection>
      </section>
      <LazySection label="Related products" minHeight={360}>
        <Related productId={product.id} mobile={mobile} />
      </LazySection>
      <LazySection label="Recently viewed" minHeight={360}>
        <RecentlyViewed productId={product.id} mobile={mobile} />
      </LazySection>
      <section id="q&a" aria-labelledby="qa-h">
        <h2 id="qa-h">Questions &amp; Answers</h2>
        <CatalogLink to="/questions">Ask a question about this product</CatalogLink>
      </section>
      <div
        className="sk-widget"
        data-product-id={product.id}
        data-product-handle={product.handle}
        data-product-title={product.title}
        data-product-sku={product.sku ?? ''}
        data-product-price={page.price ?? product.price}
        data-product-vendor={product.vendor ?? ''}
        data-product-image={product.imageUrl ?? ''}
      />
    </article>
  );
}

function ProductView({ handle, variantId }: { handle: string; variantId: string | null }) {
  const page = useProductPage(handle, { variantId });
  if (page.status === 'loading')
    return (
      <div className="sk-page sk-loading">
        <Spinner label={page.statusText ?? PRODUCT_PAGE_TEXT.loading} />
        {/* shown as well as announced: the spinner's own label is for screen readers only */}
        <p aria-hidden="true">{page.statusText ?? PRODUCT_PAGE_TEXT.loading}</p>
      </div>
    );
  if (page.status === 'notFound' || (page.status === 'loaded' && !page.product))
    return (
      <div className="sk-page">
        <h1>{NOT_FOUND_TEXT.title}</h1>
        <p>{NOT_FOUND_TEXT.message}</p>
        <button type="button" className="sk-btn" onClick={() => window.history.back()}>
          {NOT_FOUND_TEXT.back}
        </button>
      </div>
    );
  if (page.status === 'error' || !page.product)
    return (
      <div className="sk-page" role="alert">
        <p>{page.statusText}</p>
        <button type="button" className="sk-btn" onClick={page.retry}>
          Try again
        </button>
      </div>
    );
  return <LoadedProduct page={page} product={page.product} />;
}

/**
 * The product route: reads `:handle` (and `:collectionHandle` for the breadcrumbs) and the
 * `variant` query parameter; a new handle mounts a fresh page.
 * @example <Route path="/products/:handle" element={<ProductPage />} />
 */
export default function ProductPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const handle = params.handle ?? '';
  return (
    <ShopperPage>
      <ProductView key={handle} handle={handle} variantId={search.get('variant')} />
    </ShopperPage>
  );
}
