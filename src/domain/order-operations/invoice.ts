/**
 * What an order's invoice shows: each line with its SKU, units, unit price and line amount, then
 * the order's amounts as charged (subtotal, discount with its codes, shipping, sales tax, total)
 * and, once money went back, the refunds and what the buyer paid in the end. Amounts are the
 * order's own, in integer cents, never recomputed: the invoice states what was charged.
 * @module
 */

/** A line as the invoice reads it. */
export interface InvoiceLineInput {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  unitCents: number;
}

/** The order as the invoice reads it. */
export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  subtotalCents: number;
  discountCents: number;
  discountCodes: readonly string[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
}

/** One row of the invoice's items. */
export interface InvoiceRow {
  sku: string;
  /** The title, with the variant's after a dash when it has one. */
  item: string;
  quantity: number;
  unitCents: number;
  /** quantity x unit price. */
  amountCents: number;
}

/** One row of the amounts under the items. */
export interface InvoiceAmount {
  label: string;
  /** Negative for what is taken off (a discount, refunds). */
  cents: number;
  /** The row that closes the invoice (the total, or what was paid after refunds). */
  strong: boolean;
}

/** The invoice. */
export interface Invoice {
  rows: InvoiceRow[];
  amounts: InvoiceAmount[];
}

/**
 * The invoice of an order.
 * @example
 * invoiceOf({ lines: [{ title: 'Pump', variantTitle: null, sku: 'P-1', quantity: 2, unitCents: 1000 }], subtotalCents: 2000,
 *   discountCents: 0, discountCodes: [], shippingCents: 500, taxCents: 0, totalCents: 2500, refundedCents: 0 });
 * // rows: [{ sku: 'P-1', item: 'Pump', quantity: 2, unitCents: 1000, amountCents: 2000 }],
 * // amounts: Subtotal 2000, Shipping 500, Total 2500 (strong)
 */
export function invoiceOf(order: InvoiceInput): Invoice {
  const rows = order.lines.map((l) => ({
    sku: l.sku ?? '',
    item: l.variantTitle ? `${l.title} – ${l.variantTitle}` : l.title,
    quantity: l.quantity,
    unitCents: l.unitCents,
    amountCents: l.quantity * l.unitCents,
  }));
  const amounts: InvoiceAmount[] = [{ label: 'Subtotal', cents: order.subtotalCents, strong: false }];
  if (order.discountCents > 0) {
    const codes = order.discountCodes.length > 0 ? ` (${order.discountCodes.join(', ')})` : '';
    amounts.push({ label: `Discount${codes}`, cents: -order.discountCents, strong: false });
  }
  amounts.push({ label: 'Shipping', cents: order.shippingCents, strong: false });
  if (order.taxCents > 0) amounts.push({ label: 'Sales tax', cents: order.taxCents, strong: false });
  const refunded = order.refundedCents > 0;
  amounts.push({ label: 'Total', cents: order.totalCents, strong: !refunded });
  if (refunded) {
    amounts.push({ label: 'Refunded', cents: -order.refundedCents, strong: false });
    amounts.push({ label: 'Paid after refunds', cents: order.totalCents - order.refundedCents, strong: true });
  }
  return { rows, amounts };
}
