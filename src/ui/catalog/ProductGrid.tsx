/**
 * A grid (or list) of product cards.
 * @module
 */
import type { ProductCardData } from '../../domain/entities.ts';
import type { ViewMode } from '../../domain/listing.ts';
import { ProductCard } from './ProductCard.tsx';

/** Props of {@link ProductGrid}. */
export interface ProductGridProps {
  products: readonly ProductCardData[];
  /** @default 'grid' */
  view?: ViewMode;
  mobile?: boolean;
  onQuickView?(card: ProductCardData): void;
  collectionHandle?: string;
}

/**
 * The cards in order; indexes feed the eager-image rule.
 * @example <ProductGrid products={results.products} view={results.view} onQuickView={setQuick} />
 */
export function ProductGrid({ products, view = 'grid', mobile, onQuickView, collectionHandle }: ProductGridProps) {
  return (
    <div className={view === 'list' ? 'sk-list' : 'sk-grid'}>
      {products.map((card, i) => (
        <ProductCard key={card.id} card={card} index={i} mobile={mobile} onQuickView={onQuickView} collectionHandle={collectionHandle} list={view === 'list'} />
      ))}
    </div>
  );
}
