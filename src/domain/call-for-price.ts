/**
 * Call-for-price products: items the store quotes by phone (a manufacturer's pricing
 * rule, freight), marked by the catalogue's `callForPrice` flag rather than read from a price of
 * 0. Such a product shows 'Call for price' and a way to reach the store instead of a price and an
 * add-to-cart button, takes part in no price filter or price sort (it has no price to compare),
 * and the cart refuses it.
 *
 * A price that really is 0 on a product without the flag keeps the store's zero-price wording
 * ('FREE' in product lists, 'Please call us for price on this product.' on the product and
 * search pages; see `formatPrice`), is compared like any price, and its add button stays
 * disabled.
 * @module
 */
import { telHref } from './money.ts';

/** What the call-for-price rule reads of a product, a card or a search document. */
export interface CallForPriceFlagged {
  /** True when the store quotes the product by phone; absent means false. */
  callForPrice?: boolean | null;
}

/** What a call-for-price product shows where a price would be (every page and list). */
export const CALL_FOR_PRICE_LABEL = 'Call for price';

/** The cart API's refusal of a call-for-price product (422). */
export const CALL_FOR_PRICE_CART_ERROR = 'This item is priced on request: call us for a quote, it cannot be added to the cart.';

/**
 * Whether the store quotes the product by phone (its flag; a price of 0 alone is not).
 * @example
 * isCallForPrice({ callForPrice: true }); // true
 * isCallForPrice({ price: 0 }); // false
 */
export function isCallForPrice(item: CallForPriceFlagged): boolean {
  return item.callForPrice === true;
}

/**
 * The price a price filter, a price sort and the search's highest price compare a product by, in
 * cents: its price, or null for a call-for-price product (it matches no price bound, takes no
 * place in a price-sorted list and never sets the slider's maximum, whatever its stored price).
 * @example
 * comparedPriceCents({ priceCents: 0 }); // 0: a free item is under every ceiling
 * comparedPriceCents({ priceCents: 0, callForPrice: true }); // null
 */
export function comparedPriceCents(item: CallForPriceFlagged & { priceCents: number }): number | null {
  return isCallForPrice(item) ? null : item.priceCents;
}

/**
 * Whether a product may be put in the cart as far as its pricing goes: not a call-for-price
 * product. (Stock and availability are the cart's other rules.)
 */
export function sellsOnline(item: CallForPriceFlagged): boolean {
  return !isCallForPrice(item);
}

/** The store's ways to be reached, as the store configuration gives them. */
export interface StoreContact {
  contactPhoneNumber?: string | null;
}

/** The contact action beside a call-for-price product: a link and its text. */
export interface ContactAction {
  href: string;
  text: string;
}

/**
 * The contact action of a call-for-price product: the store's phone as a tel: link when the
 * store has one (the shopper is asked to call), else the contact page.
 *
 * @param contactPath the contact page. @default '/contact-us'
 * @example
 * callForPriceContact({ contactPhoneNumber: '1-800-555-0100' }); // { href: 'tel:18005550100', text: 'Call 1-800-555-0100' }
 * callForPriceContact({}); // { href: '/contact-us', text: 'Contact us' }
 */
export function callForPriceContact({ contactPhoneNumber: phone }: StoreContact, contactPath = '/contact-us'): ContactAction {
  return phone && /\d/.test(phone) ? { href: telHref(phone), text: `Call ${phone}` } : { href: contactPath, text: 'Contact us' };
}
