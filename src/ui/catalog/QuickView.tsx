/**
 * The Quick View overlay of the listing pages, loaded when the shopper first opens it: its code
 * (the overlay, the modal and its focus handling) is not part of the listing's first load.
 * @module
 */
import { lazy, Suspense, useState } from 'react';
import type { ProductCardData } from '../../domain/entities.ts';

const QuickViewOverlay = lazy(() => import('./QuickViewOverlay.tsx').then((m) => ({ default: m.QuickViewOverlay })));

/** Props of {@link QuickView}: those of `QuickViewOverlay`. */
export interface QuickViewProps {
  /** The product shown; null when closed. */
  card: ProductCardData | null;
  onClose(): void;
}

/**
 * `QuickViewOverlay`, mounted from the first card opened on (and kept, so it closes and reopens
 * like the overlay itself).
 * @example <QuickView card={quick} onClose={() => setQuick(null)} />
 */
export function QuickView({ card, onClose }: QuickViewProps) {
  const [wanted, setWanted] = useState(false);
  if (card && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <QuickViewOverlay card={card} onClose={onClose} />
    </Suspense>
  );
}
