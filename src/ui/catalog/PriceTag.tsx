/**
 * A price with the compare-at price and 'Save' amount (only when available and the compare-at
 * price exceeds the price); a call-for-price product (price 0) in the context's wording, with the
 * store's phone or contact page.
 * @module
 */
import { CALL_FOR_PRICE_LABEL, callForPriceContact, compareAt, formatPrice, isCallForPrice, type PriceContext, type PricedItem } from '../../domain/money.ts';
import { useSkimmer } from '../../hooks/context.ts';

/** Props of {@link PriceTag}. */
export interface PriceTagProps {
  item: PricedItem;
  /** At a price of 0, 'list' reads 'Call for price'; 'product' and 'search' read the call-for-price sentence. @default 'list' */
  context?: PriceContext;
}

/**
 * The price line.
 * @example <PriceTag item={card} context="list" />
 */
export function PriceTag({ item, context = 'list' }: PriceTagProps) {
  const { storeConfig } = useSkimmer();
  if (isCallForPrice(item.price)) {
    // a call-for-price product: the list's short label, the product page's sentence, and a way to ask
    const contact = callForPriceContact(storeConfig);
    return (
      <div className="sk-price sk-price--call">
        <span className="sk-price__now">{context === 'list' ? CALL_FOR_PRICE_LABEL : formatPrice(item.price, context)}</span>{' '}
        <a className="sk-price__contact" href={contact.href}>{contact.text}</a>
      </div>
    );
  }
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
