/**
 * A call-for-price product (its flag, src/domain/call-for-price.ts) in the storefront: 'Call for
 * price' where a price would be, and the store's phone or contact page where the add button
 * would be. Shared by the cards, the quick view, the parts diagrams and the product page.
 * @module
 */
import { CALL_FOR_PRICE_LABEL, callForPriceContact } from '../../domain/call-for-price.ts';
import { useSkimmer } from '../../hooks/context.ts';

/**
 * The price line of a call-for-price product: a `div` as a card's price line, a `p` as the
 * product page's.
 * @example <CallForPriceLabel as="p" className="sk-pp-price" />
 */
export function CallForPriceLabel({ as: Line = 'div', className = '' }: { as?: 'div' | 'p'; className?: string }) {
  return (
    <Line className={`sk-price sk-price--call ${className}`.trim()}>
      <span className="sk-price__now">{CALL_FOR_PRICE_LABEL}</span>
    </Line>
  );
}

/**
 * What a call-for-price product offers instead of an add button: the store's phone as a call
 * link, or its contact page.
 * @example {isCallForPrice(card) ? <CallForPriceAction /> : <AddToCartButton card={card} />}
 */
export function CallForPriceAction() {
  const { storeConfig } = useSkimmer();
  const contact = callForPriceContact(storeConfig);
  return (
    <a className="sk-btn sk-btn--primary sk-price__contact" href={contact.href}>
      {contact.text}
    </a>
  );
}
