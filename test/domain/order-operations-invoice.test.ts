import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invoiceOf, type InvoiceInput } from '../../src/domain/order-operations/index.ts';

const line = fc.record({
  title: fc.string({ minLength: 1, maxLength: 30 }),
  variantTitle: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
  sku: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 9999 }),
  unitCents: fc.integer({ min: 0, max: 10_000_000 }),
});

/** A consistent order: subtotal the lines' sum, total what was charged, refunds never above it. */
const order = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
    discountCodes: fc.array(fc.constantFrom('SAVE10', 'FREESHIP', 'POOL5'), { maxLength: 2 }),
    shippingCents: fc.integer({ min: 0, max: 50_000 }),
    taxCents: fc.integer({ min: 0, max: 100_000 }),
    refundPart: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ lines, discountPart, discountCodes, shippingCents, taxCents, refundPart }): InvoiceInput => {
    const subtotalCents = lines.reduce((s, l) => s + l.quantity * l.unitCents, 0);
    const discountCents = Math.floor(subtotalCents * discountPart);
    const totalCents = subtotalCents - discountCents + shippingCents + taxCents;
    return { lines, subtotalCents, discountCents, discountCodes, shippingCents, taxCents, totalCents, refundedCents: Math.floor(totalCents * refundPart) };
  });

describe('an order\'s invoice', () => {
  test('each row is its line: units x unit price, the variant after the title, in the order\'s order', () => {
    fc.assert(fc.property(order, (o) => {
      const { rows } = invoiceOf(o);
      expect(rows).toHaveLength(o.lines.length);
      rows.forEach((r, i) => {
        const l = o.lines[i]!;
        expect(r.amountCents).toBe(l.quantity * l.unitCents);
        expect(r.item).toBe(l.variantTitle ? `${l.title} – ${l.variantTitle}` : l.title);
        expect(r.sku).toBe(l.sku ?? '');
      });
    }));
  });

  test('the amounts add up to the total charged, and refunds to what was paid in the end', () => {
    fc.assert(fc.property(order, (o) => {
      const { amounts } = invoiceOf(o);
      const total = amounts.findIndex((a) => a.label === 'Total');
      expect(amounts[total]!.cents).toBe(o.totalCents);
      // the rows above the total sum to it (the discount negative)
      expect(amounts.slice(0, total).reduce((s, a) => s + a.cents, 0)).toBe(o.totalCents);
      const closing = amounts.filter((a) => a.strong);
      expect(closing).toHaveLength(1);
      expect(closing[0]!.cents).toBe(o.totalCents - o.refundedCents);
      expect(closing[0]!.label).toBe(o.refundedCents > 0 ? 'Paid after refunds' : 'Total');
      // a zero discount, tax or refund is not printed
      expect(amounts.some((a) => a.label.startsWith('Discount'))).toBe(o.discountCents > 0);
      expect(amounts.some((a) => a.label === 'Sales tax')).toBe(o.taxCents > 0);
      expect(amounts.some((a) => a.label === 'Refunded')).toBe(o.refundedCents > 0);
    }));
  });

  test('the discount names its codes', () => {
    const invoice = invoiceOf({
      lines: [{ title: 'Pump lid', variantTitle: 'Clear', sku: 'LID-1', quantity: 2, unitCents: 2_500 }],
      subtotalCents: 5_000, discountCents: 500, discountCodes: ['SAVE10'], shippingCents: 0, taxCents: 405, totalCents: 4_905, refundedCents: 0,
    });
    expect(invoice.rows).toEqual([{ sku: 'LID-1', item: 'Pump lid – Clear', quantity: 2, unitCents: 2_500, amountCents: 5_000 }]);
    expect(invoice.amounts.map((a) => [a.label, a.cents])).toEqual([['Subtotal', 5_000], ['Discount (SAVE10)', -500], ['Shipping', 0], ['Sales tax', 405], ['Total', 4_905]]);
  });
});
