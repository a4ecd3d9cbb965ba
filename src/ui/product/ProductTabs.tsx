/**
 * The product page's tabs: Description, Warranty Information, and a PDFs pane
 * when the product has PDFs (its code loads when the tab opens). Keys move between tabs by the
 * domain's tab-list rule (`tabIndexAfterKey`).
 * @module
 */
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { PRODUCT_SECTION_TEXT } from '../../domain/catalog-text.ts';
import type { Product } from '../../domain/entities.ts';
import { pdfCards, WARRANTY_TEXT } from '../../domain/product-page.ts';
import { tabIndexAfterKey } from '../../domain/tabs.ts';
import { Spinner } from '../shell/Spinner.tsx';
import './product.css';

const PdfPane = lazy(() => import('./PdfPane.tsx'));

type TabId = 'description' | 'warranty' | 'pdfs';

/**
 * The tabs of one product.
 * @example <ProductTabs product={product} />
 */
export function ProductTabs({ product }: { product: Product }) {
  const pdfs = pdfCards(product.PDFs);
  const tabs: { id: TabId; label: string }[] = [
    { id: 'description', label: PRODUCT_SECTION_TEXT.description },
    { id: 'warranty', label: PRODUCT_SECTION_TEXT.warranty },
    ...(pdfs.length > 0 ? [{ id: 'pdfs' as const, label: PRODUCT_SECTION_TEXT.pdfs }] : []),
  ];
  const [active, setActive] = useState<TabId>('description');
  const base = useId();
  const onKey = (e: KeyboardEvent, i: number) => {
    const next = tabIndexAfterKey(e.key, i, tabs.length);
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    e.preventDefault();
    setActive(target.id);
    document.getElementById(`${base}-tab-${target.id}`)?.focus();
  };
  return (
    <section className="sk-tabs sk-pp-tabs" aria-label="Product information">
      <div role="tablist" aria-label="Product information">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            id={`${base}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={active === t.id}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${active}`} aria-labelledby={`${base}-tab-${active}`} tabIndex={0} className="sk-pp-tabs__panel">
        {/* the description HTML is sanitised by the server */}
        {active === 'description' && <div className="sk-pp-description" dangerouslySetInnerHTML={{ __html: product.descriptionHtml ?? '' }} />}
        {active === 'warranty' && <p>{WARRANTY_TEXT}</p>}
        {active === 'pdfs' && (
          <Suspense fallback={<Spinner label="Loading PDFs" />}>
            <PdfPane pdfs={pdfs} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
