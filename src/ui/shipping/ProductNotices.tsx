/**
 * A product's notices on its page: the Proposition 65 warning link (a disclosure that expands the
 * full warning, and works without JavaScript), the hazardous-material handling notice and 'Not
 * returnable once opened.'. Product data: rendered in the server's HTML, in its own chunk loaded
 * only for a product that has notices.
 * @module
 */
import { productNoticeView, type ProductNotice } from '../../domain/shipping/notices.ts';
import './shipping.css';

/** Props of {@link ProductNotices}. */
export interface ProductNoticesProps {
  notices: readonly ProductNotice[];
}

/**
 * The notices, or nothing when the product has none.
 * @example <ProductNotices notices={product.notices} />
 */
export default function ProductNotices({ notices }: ProductNoticesProps) {
  const view = productNoticeView(notices);
  if (!view.prop65 && !view.hazmat && !view.notReturnable) return null;
  return (
    <div className="sk-notices">
      {view.prop65 && (
        <details className="sk-prop65">
          <summary>{view.prop65.linkText}</summary>
          <p>{view.prop65.fullWarning}</p>
        </details>
      )}
      {view.hazmat && <p className="sk-notices__hazmat">{view.hazmat}</p>}
      {view.notReturnable && <p className="sk-notices__returns">{view.notReturnable}</p>}
    </div>
  );
}
