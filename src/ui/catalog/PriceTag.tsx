/**
 * A price with the compare-at price and 'Save' amount (only when available and the compare-at
 * price exceeds the price), in the context's zero-price wording.
 * @module
 */
import { compareAt, formatPrice, type PriceContext, type PricedItem } from '../../domain/money.ts';

/** Props of {@link PriceTag}. */
export interface PriceTagProps {
  item: PricedItem;
  /** 'list' reads 'FREE' at 0; 'product' and 'search' read the call-for-price sentence. @default 'list' */
  context?: PriceContext;
}

/**
 * The price line.
 * @example <PriceTag item={card} context="list" />
 */
export function PriceTag({ item, context = 'list' }: PriceTagProps) {
  const was = compareAt(item);
  return (
    <div className="sk-price">
      <span className="sk-price__now">{formatPrice(item.price, context)}</span>
      {was && (
        <>
          {' '}
          <s className="sk-price__was">{was.compareAtText}</s> <span className="sk-price__save">Save {was.saveText}</span>
        </>
      )}
    </div>
  );
}
