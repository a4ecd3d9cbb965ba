/**
 * What the storefront shows of a shipping quote: the product page's arrival lines, the cart's
 * shipments and totals rows (shipping per shipment, the tax row, lines − discount + shipping +
 * tax), the order page's shipments, and the shopper's ZIP rule. Pure formatting of the domain's
 * `ShippingQuote`, so the product page, the cart, the checkout and the order read alike.
 *
 * Kept apart from `shipping/index.ts`: the views load it in their own chunks, and it pulls in
 * only the ZIP rule of `shipping/destination.ts` (the quote, its tables and the tax rules stay on
 * the server).
 * @module
 */
import type { Customer } from './entities.ts';
import { FREE, formatCartAmount, fromCents, type Cents } from './money.ts';
import { zip5Of } from './shipping/destination.ts';
import type { Shipment, ShippingQuote } from './shipping/quote.ts';

/** Where the shopper's ZIP is remembered (the hooks' injectable storage). */
export const SHIPPING_ZIP_KEY = 'skimmer.shippingZip';

/** The texts of the shipping surfaces. */
export const SHIPPING_TEXT = {
  /** The arrival block's accessible name. */
  arrivalLabel: 'Delivery estimate',
  /** Before the shopper has a ZIP. */
  askZip: 'Enter your ZIP code to see when it arrives.',
  /** The control that opens the ZIP form. */
  changeZip: 'Change ZIP',
  /** The ZIP field's label. */
  zipLabel: 'ZIP code',
  /** The form's button. */
  zipSubmit: 'Update',
  /** Closes the form without a change. */
  zipCancel: 'Cancel',
  /** While the estimate is on its way. */
  loading: 'Checking delivery dates...',
  /** An estimate call that failed for another reason than the quote's refusal. */
  failed: "We couldn't check the delivery dates. Try again.",
  /** The retry button after a failure. */
  retry: 'Try again',
  /** The cart's shipments heading. */
  shipmentsHeading: 'Shipments',
  /** The tax row's label (as the checkout and the confirmation mail read it). */
  tax: 'Sales tax',
} as const;

/** 'Delivery to 92101'. */
export function deliverToText(zip: string): string {
  return `Delivery to ${zip}`;
}

/** The message of a ZIP that is not a US ZIP code (the quote's own words). */
export const ZIP_INVALID_MESSAGE = 'Enter a 5-digit ZIP code.';

/**
 * Reads a ZIP the shopper typed: the ZIP5 of `98032` or `98032-1234` (spaces around are fine),
 * else the message to show. Checked before any call, by the same rule the quote uses.
 * @example
 * shippingZipInput(' 92101-1234 '); // { ok: true, zip: '92101' }
 * shippingZipInput('9210');         // { ok: false, message: 'Enter a 5-digit ZIP code.' }
 */
export function shippingZipInput(text: string): { ok: true; zip: string } | { ok: false; message: string } {
  const zip = zip5Of(text);
  return zip ? { ok: true, zip } : { ok: false, message: ZIP_INVALID_MESSAGE };
}

/**
 * The ZIP of a signed-in customer's default address when it is a US address with a US ZIP (an
 * address without a country counts as US, the store's only shipping country), else null.
 * @example
 * defaultAddressZip({ id: 1, MailingAddresses: [{ ...address, zip: '92101', isDefault: true }] }); // '92101'
 */
export function defaultAddressZip(customer: Customer | null | undefined): string | null {
  const addresses = customer && 'MailingAddresses' in customer ? customer.MailingAddresses : [];
  const address = addresses.find((a) => a.isDefault);
  if (!address) return null;
  const country = address.Country?.countryCode?.toUpperCase() ?? 'US';
  return country === 'US' ? zip5Of(address.zip) : null;
}

/** The product page's arrival lines for the shopper's ZIP. */
export interface ArrivalView {
  /** 'Order within 2 h 14 min and it ships today', or when it ships. */
  shipsText: string;
  /** 'Arrives Tue, Dec 2 – Thu, Dec 4' (ground, chemicals and freight are always a range). */
  arrivalText: string;
  /** 'Ground', or 'Freight'. */
  serviceName: string;
  /** What the shopper should know of how it ships (chemicals by ground, freight to the curb). */
  notes: string[];
  /** A note of the quote when the product cannot go by the service asked for. */
  selectionNote: string | null;
}

/**
 * The arrival lines of a product's estimate (one product, the default service): when the order
 * ships against today's cut-off, and the arrival range over its shipments.
 * @example
 * arrivalView(quote); // { shipsText: 'Order within 2 h 14 min and it ships today', arrivalText: 'Arrives Tue, Dec 2 – Thu, Dec 4', … }
 */
export function arrivalView(quote: ShippingQuote): ArrivalView {
  const notes = [...new Set(quote.shipments.flatMap((s) => s.notes))];
  const services = [...new Set(quote.shipments.map((s) => s.serviceName))];
  return {
    shipsText: quote.dates.shipsText,
    arrivalText: quote.dates.arrivalText,
    serviceName: services.join(', '),
    notes,
    selectionNote: quote.selectionNote,
  };
}

const money = (cents: Cents, symbol: string) => formatCartAmount(fromCents(cents), symbol);

/** A shipment as the cart, the checkout and the order page list it. */
export interface ShipmentView {
  /** Stable within a quote: the shipment's kind. */
  key: string;
  /** 'Parcels by Ground', 'Pool chemicals by Ground', 'Freight'. */
  heading: string;
  /** 'FREE' at 0, else the price with the currency symbol. */
  priceText: string;
  shipsText: string;
  arrivalText: string;
  /** The titles of the lines in it, with their quantity when above 1 ('Skimmer Basket × 2'). */
  items: string[];
  /** 'Pool chemicals ship by ground only, within the contiguous US.', the curbside text. */
  notes: string[];
}

/** A line the shipment views name. */
export interface ShipmentLineRef {
  id: string;
  title: string;
  quantity: number;
}

/** 'Parcels by Ground', as the checkout names a shipment; freight reads just 'Freight'. */
function shipmentHeading(s: Shipment): string {
  return s.title === s.serviceName ? s.title : `${s.title} by ${s.serviceName}`;
}

/**
 * The shipments of a quote, in the quote's order, with the lines each carries.
 * @example
 * shipmentViews(quote, [{ id: '12', title: 'Liquid Chlorine', quantity: 1 }], '$')[0].heading; // 'Pool chemicals by Ground'
 */
export function shipmentViews(quote: ShippingQuote, lines: readonly ShipmentLineRef[], symbol: string): ShipmentView[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return quote.shipments.map((s) => ({
    key: s.kind,
    heading: shipmentHeading(s),
    priceText: s.cents <= 0 ? FREE : money(s.cents, symbol),
    shipsText: s.dates.shipsText,
    arrivalText: s.dates.arrivalText,
    // a line the caller does not know (the cart changed since the quote) is left out, not shown as an id
    items: s.lineIds.flatMap((id) => {
      const line = byId.get(id);
      if (!line) return [];
      return [line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title];
    }),
    notes: s.notes,
  }));
}

/** One row of a quote's totals block. */
export interface QuoteTotalsRow {
  /** Unique within the block: 'subtotal', 'discount', 'shipping-parcel', 'tax', 'total'. */
  key: string;
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  label: string;
  value: string;
}

/**
 * The tax row's label: 'Sales tax (CA 7.75%)' where the store collects in the destination's
 * state, 'Sales tax' otherwise (its value then $0.00).
 */
export function taxLabel(quote: ShippingQuote): string {
  const tax = quote.tax;
  return tax.collected && tax.ratePpm > 0 ? `${SHIPPING_TEXT.tax} (${tax.state} ${tax.rateText})` : SHIPPING_TEXT.tax;
}

/**
 * The totals block of a quote: Subtotal (the lines'), Discount (when there is one, negative,
 * with the codes), a Shipping row per shipment ('Shipping: Pool chemicals by Ground', FREE at 0),
 * the tax row, and Total = lines − discount + shipping + tax, to the cent, as the checkout
 * charges it (every figure is the quote's own).
 * @param codes discount codes named in the Discount label. @default []
 * @example
 * quoteTotalsRows(quote, '$', ['SAVE10']).map((r) => `${r.label} ${r.value}`);
 * // ['Subtotal $1,899.97', 'Discount (SAVE10) -$190.00', 'Shipping: Parcels by Ground $14.20', …, 'Sales tax (CA 7.75%) $132.49', 'Total $1,991.25']
 */
export function quoteTotalsRows(quote: ShippingQuote, symbol: string, codes: readonly string[] = []): QuoteTotalsRow[] {
  const t = quote.totals;
  const rows: QuoteTotalsRow[] = [{ key: 'subtotal', kind: 'subtotal', label: 'Subtotal', value: money(t.linesCents, symbol) }];
  const named = codes.filter((c) => c.trim() !== '');
  if (t.discountCents > 0) {
    rows.push({ key: 'discount', kind: 'discount', label: named.length > 0 ? `Discount (${named.join(', ')})` : 'Discount', value: money(-t.discountCents, symbol) });
  }
  for (const s of quote.shipments) {
    rows.push({ key: `shipping-${s.kind}`, kind: 'shipping', label: `Shipping: ${shipmentHeading(s)}`, value: s.cents <= 0 ? FREE : money(s.cents, symbol) });
  }
  rows.push({ key: 'tax', kind: 'tax', label: taxLabel(quote), value: money(t.taxCents, symbol) });
  rows.push({ key: 'total', kind: 'total', label: 'Total', value: money(t.totalCents, symbol) });
  return rows;
}

/**
 * Whether a quote answers for the cart it is shown with: the same lines at the same prices and
 * the same discount. A quote of other lines (the cart changed since) or made without the cart's
 * discount (an estimate does not know the codes) would show totals the checkout does not charge.
 * @example
 * quoteMatchesCart(quote, { linesCents: 189997, discountCents: 0 }); // true
 */
export function quoteMatchesCart(quote: ShippingQuote, cart: { linesCents: Cents; discountCents: Cents }): boolean {
  return quote.totals.linesCents === cart.linesCents && quote.totals.discountCents === cart.discountCents;
}

/**
 * The lines of an estimate request for cart lines (inventory level and quantity, in cart order;
 * the same level twice is one line of both quantities), at most `max` of them.
 * @default max 100 (the estimate's cap)
 * @example
 * estimateLines([{ inventoryLevelId: 12, quantity: 2 }]); // [{ inventoryLevelId: 12, quantity: 2 }]
 */
export function estimateLines(lines: readonly { inventoryLevelId: number; quantity: number }[], max = 100): { inventoryLevelId: number; quantity: number }[] {
  const merged = new Map<number, number>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.inventoryLevelId) || !(l.quantity > 0)) continue;
    merged.set(l.inventoryLevelId, (merged.get(l.inventoryLevelId) ?? 0) + l.quantity);
  }
  return [...merged].slice(0, max).map(([inventoryLevelId, quantity]) => ({ inventoryLevelId, quantity }));
}

/**
 * An order's totals rows from the quote it stored (with the tax row and a shipping row per
 * shipment), or null when the order's total is no longer the quote's (a product added to the
 * order after it was placed): the order's own rows then stand.
 * @example
 * orderQuoteRows(order.shippingQuote, toCents(order.totalPrice), order.discountCodes, '$');
 */
export function orderQuoteRows(
  quote: ShippingQuote,
  orderTotalCents: Cents,
  codes: readonly string[],
  symbol: string,
): { label: string; value: string; strong?: boolean }[] | null {
  if (quote.totals.totalCents !== orderTotalCents) return null;
  return quoteTotalsRows(quote, symbol, codes).map((row) => (row.kind === 'total' ? { label: row.label, value: row.value, strong: true } : { label: row.label, value: row.value }));
}
