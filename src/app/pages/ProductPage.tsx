/**
 * The product detail page (productPath/{handle}, optionally under a collection handle): the
 * sections in the spec's order (top banner on desktop, breadcrumbs, title, vendor link, stars,
 * price, details grid, gallery with the media viewer and the 3D model viewer, add-to-cart form,
 * share, tabs with the PDFs pane, lazily loaded reviews, related products and recently viewed,
 * Q&A with anchor q&a, the third-party widget slot), with title, price and details above the
 * gallery on mobile; the JSON-LD of `productJsonLd`; 'Fetching product...' while loading and the
 * 404 content when not found.
 *
 * First load: the sections below the fold (reviews, sliders, Q&A) are their own code chunks,
 * loaded when they come into view; the 3D viewer (@google/model-viewer and three.js) loads only
 * when the shopper opens a 3D item.
 * @module
 */
import { lazy, Suspense, useId, useMemo, type ComponentType, type ReactNode } from 'react';
import { useKeepTyped } from '../../ui/keep-typed.ts';
import type { ProductFitmentProps } from '../../ui/equipment/ProductFitment.tsx';
import { useParams, useSearchParams } from 'react-router-dom';
import { isCallForPrice } from '../../domain/call-for-price.ts';
import { PRODUCT_SECTION_TEXT, shareLinks } from '../../domain/catalog-text.ts';
import type { Product } from '../../domain/entities.ts';
import type { ProductFitmentFields } from '../../domain/equipment.ts';
import { compareAt } from '../../domain/money.ts';
import type { ProductNotice } from '../../domain/shipping/notices.ts';
import type { ProductNoticesProps } from '../../ui/shipping/ProductNotices.tsx';
import { addInventoryLevel, firstAvailableLevel } from '../../domain/variants.ts';
import { breadcrumbCollectionId, PRODUCT_PAGE_TEXT, productBreadcrumbTrail } from '../../domain/product-page.ts';
import { createStoreLinks, productPageParams, vendorLink, type ProductPageParams } from '../../domain/urls.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useCachedRead } from '../../hooks/query/index.ts';
import { upperHierarchyRead } from '../../hooks/query/reads.ts';
import { useMobileLayout } from '../../hooks/useMobileLayout.ts';
import { useProductPage, type ProductPageApi } from '../../hooks/useProductPage.ts';
import { CallForPriceAction, CallForPriceLabel } from '../../ui/catalog/CallForPrice.tsx';
import { CatalogLink } from '../../ui/catalog/CatalogLink.tsx';
import { StarRating } from '../../ui/catalog/StarRating.tsx';
import { LazySection } from '../../ui/product/LazySection.tsx';
import { ReplacedPartNotice } from '../../ui/product/ReplacedPartNotice.tsx';
import { MAIN_IMAGE_SIZES, ProductGallery } from '../../ui/product/ProductGallery.tsx';
import { headRules, LazyPageHead } from '../page-head.tsx';
import { ProductTabs } from '../../ui/product/ProductTabs.tsx';
import { Breadcrumbs, type Crumb } from '../../ui/shell/Breadcrumbs.tsx';
import { Spinner } from '../../ui/shell/Spinner.tsx';
import '../../ui/catalog/catalog.css';
import '../../ui/product/product.css';
import NotFound from '../NotFound.tsx';
import { usePageUrl, useRenderContext } from '../render-context.tsx';
import { ShopperPage } from './page-kit.tsx';

/** The product page's head rules (the Product JSON-LD): loaded by the server, and by the browser for a page of its own (page-head.tsx). */
const PRODUCT_HEAD = headRules(() => import('../../domain/seo-product.ts'));

const ProductReviews = lazy(() => import('../../ui/product/ProductReviews.tsx'));
const ProductQuestions = lazy(() => import('../../ui/product/ProductQuestions.tsx'));
const RelatedProducts = lazy(() => import('../../ui/product/ProductRecommendations.tsx').then((m) => ({ default: m.RelatedProducts })));
// parts that fit: their own chunk, loaded only for a product with fitment data
// pieces; the model links come with them (domain/equipment.ts is in their chunk: imported here
// for equipmentLink alone it put the equipment rules, about 1.4 KB gzipped, in the first load)
type FitmentPiece = (props: Omit<ProductFitmentProps, 'modelLink'>) => ReactNode;
const fitmentPiece = (pick: (m: typeof import('../../ui/equipment/ProductFitment.tsx')) => ComponentType<ProductFitmentProps>) =>
  lazy(async (): Promise<{ default: FitmentPiece }> => {
    const [m, { equipmentLink }] = await Promise.all([import('../../ui/equipment/ProductFitment.tsx'), import('../../domain/equipment.ts')]);
    const Piece = pick(m);
    return { default: (props) => <Piece {...props} modelLink={equipmentLink} /> };
  });
const ProductFitmentSummary = fitmentPiece((m) => m.ProductFitmentSummary);
const ProductFitmentSections = fitmentPiece((m) => m.ProductFitmentSections);
// the delivery estimate (for the shopper's ZIP, known only in the browser) mounts after
// hydration; the notices are product data in the server's HTML, each in its own chunk so neither
// weighs on the first load of a product without them
const ArrivalEstimate = lazy(() => import('../../ui/shipping/ArrivalEstimate.tsx'));
const loadNotices = () => import('../../ui/shipping/ProductNotices.tsx');
const LazyNotices = lazy(loadNotices);
/** The notices' component once {@link preloadParts} has loaded it: it renders at once, without `lazy()`'s first suspended render. */
let loadedNotices: ComponentType<ProductNoticesProps> | null = null;

/**
 * Loads the code of the parts a shopper may use at once, before the page renders: the notices,
 * whose Proposition 65 warning opens on a tap. Once loaded they render at once and without a
 * Suspense boundary of their own, on the server and in the browser alike, so they hydrate with the
 * page (a boundary of their own hydrated in a later pass: a tap in between reached server HTML
 * that React did not handle yet, and an update reaching the boundary before its code had come
 * made React replace the warning with a closed one). Called by preloadPage (routes.tsx): on the
 * server (`root` null) always, in the browser when the server's HTML (`root`) holds notices, so a
 * product without them loads nothing more.
 */
export async function preloadParts(root: ParentNode | null): Promise<void> {
  if (loadedNotices !== null || (root !== null && root.querySelector('.sk-notices') === null)) return;
  // a failure is left to the lazy component, which loads the same module and shows the chunk error
  await loadNotices().then((m) => void (loadedNotices = m.default), () => undefined);
}
const RecentlyViewedProducts = lazy(() => import('../../ui/product/ProductRecommendations.tsx').then((m) => ({ default: m.RecentlyViewedProducts })));

/** Registers the `<model-viewer>` element: its code is fetched when a 3D item first opens. */
const loadModelViewer = () => import('@google/model-viewer');

/** Where the Q&A area's 'Ask a question' link goes (the questions pages of the route table). */
const QUESTIONS_PATH = '/questions';

function AddToCartForm({ page, quoted }: { page: ProductPageApi; quoted: boolean }) {
  const qtyId = useId();
  // a quantity typed before the page hydrated is the one added
  const keep = useKeepTyped(() => page.quantityText, (_, text) => page.setQuantity(text));
  return (
    <form
      className="sk-addform sk-pp-form"
      onSubmit={(e) => {
        e.preventDefault();
        page.add();
      }}
    >
      {page.options.map((o) => (
        <OptionSelect key={o.id} name={o.name} values={o.values} chosen={o.chosen} onSelect={(v) => (v === '' ? page.clearOption(o.name) : page.selectOption(o.name, v))} />
      ))}
      {/* a product quoted by phone: the store's phone or contact page instead of a quantity and an add button */}
      {quoted && <CallForPriceAction />}
      {/* an order add names the product, not a quantity: the field only serves the cart */}
      {!quoted && !page.orderMode && (
        <>
          <label htmlFor={qtyId}>Quantity</label>
          <input ref={keep('quantity')} id={qtyId} inputMode="numeric" pattern="[0-9]*" value={page.quantityText} onChange={(e) => page.setQuantity(e.target.value)} aria-invalid={page.quantityError !== null} />
          {page.quantityError && <p role="alert">{page.quantityError}</p>}
        </>
      )}
      {!quoted && (
        <button type="submit" className="sk-btn sk-btn--primary" disabled={page.addButton.disabled} aria-busy={page.addingToOrder || undefined}>
          {page.addButton.label}
        </button>
      )}
      {page.notice && (
        <p role="status" className={`sk-notice sk-notice--${page.notice.tone}`}>
          {page.notice.message}
        </p>
      )}
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

function LoadedProduct({ page, product }: { page: ProductPageApi; product: Product }) {
  const { storeConfig, themeConfig, environment, client } = useSkimmer();
  const mobile = useMobileLayout();
  const params = useParams();
  // the breadcrumb collection's upper hierarchy from the page's cache: the server render waits
  // for it, so the first HTML carries the whole trail (the browser reads the same data)
  const crumbCollectionId = breadcrumbCollectionId(product, params.collectionHandle);
  const upper = useCachedRead(crumbCollectionId === null ? null : upperHierarchyRead(client, crumbCollectionId));
  const { origin } = useRenderContext();
  const links = createStoreLinks(storeConfig);
  // the same address on the server and in the browser (the page hydrates without a mismatch)
  const pageUrl = usePageUrl();
  const share = shareLinks(pageUrl);
  const hierarchy = page.hierarchy.length > 0 ? page.hierarchy : (upper?.hierarchy?.default ?? []);
  const crumbs: Crumb[] = productBreadcrumbTrail(product, { hierarchy, collectionHandle: params.collectionHandle }).map((c) =>
    c.handle ? { title: c.title, url: links.collection(c.handle) } : { title: c.title },
  );
  const was = page.variant ? compareAt(page.variant) : compareAt(product);
  // the fitment fields of a server with equipment (optional: other servers leave them out)
  const fitment: Partial<ProductFitmentFields> = product as Product & Partial<ProductFitmentFields>;
  const hasFitment = (fitment.Fitments?.length ?? 0) > 0 || (fitment.PartNumbers?.length ?? 0) > 0 || Boolean(fitment.SupersededBy);
  const sku = page.variant?.sku ?? product.sku;
  // the level the add button would add (any level of the variant for the dates of one not in stock)
  const level = page.variant ? (addInventoryLevel(page.variant) ?? page.variant.availableInventoryLevels[0]) : firstAvailableLevel(product)?.level;
  // the product's notices (Proposition 65, hazmat, returns): optional, other servers leave them out
  const notices = (product as Product & { notices?: ProductNotice[] }).notices;
  // one element while the notices read the same: the page re-renders as it hydrates (the cart, the
  // shopper's ZIP) and may fetch the product again (a page older than the read cache's minute),
  // and an update reaching the warning's boundary before its lazy code had come made React drop
  // the server's HTML for a new one, closing a warning the shopper had opened (kept by content,
  // not by the array: a product fetched again brings equal notices in a new array)
  const noticesText = notices !== undefined && notices.length > 0 ? JSON.stringify(notices) : '';
  const noticesSection = useMemo(() => {
    if (noticesText === '') return null;
    const list = JSON.parse(noticesText) as ProductNotice[];
    // loaded (preloadParts): in the page, as the server rendered them; else (a page reached in the
    // browser before any with notices) through their lazy code
    if (loadedNotices !== null) {
      const Notices = loadedNotices;
      return <Notices notices={list} />;
    }
    return (
      <Suspense fallback={null}>
        <LazyNotices notices={list} />
      </Suspense>
    );
  }, [noticesText]);
  // quoted by phone: 'Call for price' and a way to reach the store, no price and no add button
  const quoted = isCallForPrice(product);

  const header = (
    <div className="sk-pp-head">
      <h1>{product.title}</h1>
      {fitment.SupersededBy && (
        <ReplacedPartNotice number={product.productCode ?? fitment.PartNumbers?.[0]?.number ?? product.title} replacementNumber={fitment.SupersededByNumber ?? null} title={fitment.SupersededBy.title} href={links.product(fitment.SupersededBy.handle)} />
      )}
      {product.vendor && (
        <CatalogLink className="sk-pp-vendor" to={vendorLink(product.vendor)}>
          {product.vendor}
        </CatalogLink>
      )}
      <StarRating average={product.avgRating} count={product.totalReviews} href="#reviews" />
      {quoted ? (
        <CallForPriceLabel as="p" className="sk-pp-price" />
      ) : (
        <p className="sk-price sk-pp-price">
          <span className="sk-price__now">{page.priceText}</span>
          {was && (
            <>
              {' '}
              <s className="sk-price__was">{was.compareAtText}</s> <span className="sk-price__save">Save {was.saveText}</span>
            </>
          )}
        </p>
      )}
      {level && (
        <LazySection label="delivery dates" minHeight={84}>
          <ArrivalEstimate inventoryLevelId={level.id} />
        </LazySection>
      )}
      {noticesSection}
      <dl className="sk-details sk-pp-details">
        <dt>{PRODUCT_SECTION_TEXT.sku}</dt>
        <dd>{sku ?? '-'}</dd>
        <dt>{PRODUCT_SECTION_TEXT.availability}</dt>
        <dd>{page.availabilityText}</dd>
        <dt>{PRODUCT_SECTION_TEXT.weight}</dt>
        <dd>{product.weight ?? '-'}</dd>
        <dt>{PRODUCT_SECTION_TEXT.shipping}</dt>
        <dd>{PRODUCT_PAGE_TEXT.shipping}</dd>
      </dl>
    </div>
  );

  return (
    <article className="sk-page sk-pp">
      {/* the head: title, canonical (the product's own URL, no collection, no query), Product and BreadcrumbList JSON-LD, the main picture preloaded */}
      <LazyPageHead
        rules={PRODUCT_HEAD}
        build={(rules) => rules.productHead({ origin, ...storeConfig }, product, {
          title: page.title,
          path: links.product(product.handle),
          crumbs,
          now: environment.now(),
          merchantReturnDays: storeConfig.merchantReturnDays,
          timeZone: storeConfig.appTimeZone,
          mainImageSizes: MAIN_IMAGE_SIZES,
        })}
      />
      {!mobile && themeConfig.productTopBannerUrl && <img className="sk-topbanner sk-pp-topbanner" src={themeConfig.productTopBannerUrl} alt="" width={1300} height={150} />}
      <div className="sk-pp-crumbs">
        <Breadcrumbs items={crumbs} />
      </div>
      <div className="sk-product sk-pp-main">
        {mobile && header}
        <ProductGallery product={product} placeholder={themeConfig.productNoImageUrl} loadModelViewer={loadModelViewer} />
        <div className="sk-pp-buy">
          {!mobile && header}
          <AddToCartForm page={page} quoted={quoted} />
          {hasFitment && (
            <Suspense fallback={null}>
              <ProductFitmentSummary fields={fitment} productLink={links.product} />
            </Suspense>
          )}
          <section className="sk-share sk-pp-share" aria-label="Share">
            <a href={share.facebook} target="_blank" rel="noopener noreferrer">
              Share on Facebook
            </a>
            <a href={share.email}>Email</a>
            <button type="button" className="sk-linkbtn" onClick={() => window.print()}>
              Print
            </button>
          </section>
        </div>
      </div>
      <ProductTabs product={product} />
      {hasFitment && (
        <Suspense fallback={null}>
          <ProductFitmentSections fields={fitment} productLink={links.product} />
        </Suspense>
      )}
      <section id="reviews" className="sk-pp-section" aria-labelledby="reviews-h">
        <h2 id="reviews-h">Reviews</h2>
        <LazySection label="Reviews" minHeight={120}>
          <ProductReviews productId={product.id} />
        </LazySection>
      </section>
      <LazySection label="Related products" minHeight={360} className="sk-pp-section">
        <RelatedProducts productId={product.id} mobile={mobile} />
      </LazySection>
      <LazySection label="Recently viewed" minHeight={360} className="sk-pp-section">
        <RecentlyViewedProducts productId={product.id} mobile={mobile} />
      </LazySection>
      <section id="q&a" className="sk-pp-section" aria-labelledby="qa-h">
        <h2 id="qa-h">Questions &amp; Answers</h2>
        <LazySection label="Questions and answers" minHeight={120}>
          <ProductQuestions productId={product.id} askUrl={QUESTIONS_PATH} />
        </LazySection>
      </section>
      {/* the third-party widget slot (reviews or Q&A providers, chat): product data as attributes */}
      <div
        className="sk-widget sk-pp-widget"
        data-product-id={product.id}
        data-product-handle={product.handle}
        data-product-title={product.title}
        data-product-sku={product.sku ?? ''}
        data-product-price={page.price ?? product.price}
        data-product-vendor={product.vendor ?? ''}
        data-product-image={product.imageUrl ?? ''}
        data-product-url={pageUrl}
        data-product-rating={product.avgRating ?? ''}
        data-product-reviews={product.totalReviews ?? 0}
      />
    </article>
  );
}

function ProductLoading({ text }: { text: string }) {
  return (
    <div className="sk-page sk-loading">
      <Spinner label={text} />
      {/* shown as well as announced: the spinner's own label is for screen readers only */}
      <p aria-hidden="true">{text}</p>
    </div>
  );
}

interface ProductViewProps {
  handle: string;
  /** The optional collection handle of the path (breadcrumbs). */
  collectionHandle: string | null;
  params: ProductPageParams;
}

function ProductView({ handle, collectionHandle, params }: ProductViewProps) {
  // the product comes from the page's cache (filled by the server render) or is fetched
  const page = useProductPage(handle, {
    variantId: params.variantId,
    orderId: params.orderId,
    orderMode: params.orderMode,
    collectionHandle,
  });
  if (page.status === 'loading') return <ProductLoading text={page.statusText ?? PRODUCT_PAGE_TEXT.loading} />;
  // the shell's not-found page: its title, text, Go Back through the environment's history
  if (page.status === 'notFound' || (page.status === 'loaded' && !page.product)) return <NotFound />;
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
 * The product route: reads `:handle` (and `:collectionHandle` for the breadcrumbs), the `variant`
 * query parameter and the `orderId` one ('Add to Order' mode, see `productPageParams`); a new
 * handle or order mounts a fresh page.
 * @example <Route path="/products/:handle" element={<ProductPage />} />
 */
export default function ProductPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const handle = params.handle ?? '';
  const collectionHandle = params.collectionHandle ?? null;
  const query = productPageParams(search);
  return (
    <ShopperPage>
      <Suspense fallback={<ProductLoading text={PRODUCT_PAGE_TEXT.loading} />}>
        <ProductView key={`${handle} ${query.orderId ?? ''}`} handle={handle} collectionHandle={collectionHandle} params={query} />
      </Suspense>
    </ShopperPage>
  );
}
