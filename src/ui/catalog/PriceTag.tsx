/**
 * A price with the compare-at price and 'Save' amount (only when available and the compare-at
 * price exceeds the price), in the context's zero-price wording ('FREE' in lists); a
 * call-for-price product (its flag) reads 'Call for price' instead, and its way to reach the
 * store (CallForPrice.tsx) takes the place of the add button.
 * @module
 */
import { isCallForPrice, type CallForPriceFlagged } from '../../domain/call-for-price.ts';
import { compareAt, formatPrice, type PriceContext, type PricedItem } from '../../domain/money.ts';
import { CallForPriceLabel } from './CallForPrice.tsx';

/** Props of {@link PriceTag}. */
export interface PriceTagProps {
  item: PricedItem & CallForPriceFlagged;
  /** At a price of 0, 'list' reads 'FREE'; 'product' and 'search' read the call-for-price sentence. @default 'list' */
  context?: PriceContext;
}

/**
 * The price line.
 * @example <PriceTag item={card} context="list" />
 */
export function PriceTag({ item, context = 'list' }: PriceTagProps) {
  if (isCallForPrice(item)) return <CallForPriceLabel />;
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
