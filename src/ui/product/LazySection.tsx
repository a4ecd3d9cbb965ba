/**
 * A below-the-fold area of the product page that renders its content once 10 percent of its
 * place is visible ('Lazy sections load when 10 percent visible'), so its code and
 * data are not part of the first load. The place keeps a minimum height until then, so nothing
 * below it moves when the content arrives.
 *
 * The place is no landmark of its own: what it shows names itself (a slider's section under its
 * heading, the page's Reviews and Q&A sections around it), and a labelled region around it
 * doubled the name in the accessibility tree ('Recently viewed' inside 'Recently viewed') and
 * stayed as an empty named region when there was nothing to show. Tests and styles find the
 * place by `data-lazy-section`.
 * @module
 */
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { LAZY_SECTION_VISIBLE_RATIO } from '../../domain/shell.ts';
import { Spinner } from '../shell/Spinner.tsx';

/** Props of {@link LazySection}. */
export interface LazySectionProps {
  children: ReactNode;
  /** What the place holds ('Reviews'): the spinner's text and the `data-lazy-section` value. */
  label: string;
  /** Height kept before the content renders, in px. @default 200 */
  minHeight?: number;
  className?: string;
}

/**
 * Renders `children` when the section comes into view (once mounted without IntersectionObserver;
 * never in the server's HTML);
 * a lazy component inside shows a spinner in the kept space while its code loads.
 * @example <LazySection label="Reviews"><ProductReviews productId={7} /></LazySection>
 */
export function LazySection({ children, label, minHeight = 200, className }: LazySectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  // hidden at first on the server and in the browser alike (the page hydrates without a
  // mismatch); without IntersectionObserver the section then shows at once
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (visible || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { threshold: LAZY_SECTION_VISIBLE_RATIO });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);
  const loading = (
    <div className="sk-pp-lazy__loading" style={{ minHeight }}>
      <Spinner label={`Loading ${label}`} />
    </div>
  );
  return (
    <div ref={ref} data-lazy-section={label} className={className} style={visible ? undefined : { minHeight }}>
      {visible ? <Suspense fallback={loading}>{children}</Suspense> : null}
    </div>
  );
}
