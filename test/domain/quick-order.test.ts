import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  QUICK_ORDER_MAX_LINES,
  addAllNotice,
  QUICK_ORDER_TEXT,
  formatQuickOrderLine,
  parseQuickOrder,
  parseQuickOrderLine,
  partKey,
  resolvePart,
  quickOrderTotalCents,
} from '../../src/domain/quick-order.ts';
import { QUANTITY_ERRORS } from '../../src/domain/quantity.ts';
import { productArb } from '../../src/domain/testing/catalogue.ts';
import { partNumberArb, quickOrderItemArb } from '../../src/domain/testing/quick-order.ts';
import { makeLevel, makeProduct, makeVariant } from './catalogue.helpers.ts';

describe('a pad line reads as a part number and a quantity', () => {
  test.each([
    ['SP1600Z2 2', 'SP1600Z2', 2],
    ['R0358800, 1', 'R0358800', 1],
    ['R0358800,1', 'R0358800', 1],
    ['SPX 1600 S', 'SPX 1600 S', 1],
    ['SPX 1600 S 3', 'SPX 1600 S', 3],
    ['SPX-1600-S\t12', 'SPX-1600-S', 12],
    ['EC-40-AP; 4', 'EC-40-AP', 4],
    ['CCP520-LF x2', 'CCP520-LF', 2],
    ['CCP520-LF qty 5', 'CCP520-LF', 5],
    ['3 x 39-2036-B', '39-2036-B', 3],
    // counter example: the X of the part is not a times sign
    ['AA 0000 X 1', 'AA 0000 X', 1],
    ['  ABC 1234  ', 'ABC 1234', 1],
    ['ABC 1234, ', 'ABC 1234', 1],
  ])('%j is part %j, quantity %d', (line, partNumber, quantity) => {
    expect(parseQuickOrderLine(line)).toEqual({ ok: true, partNumber, quantity });
  });

  test.each([
    [', 2', QUICK_ORDER_TEXT.missingPart],
    ['AB, 2', QUICK_ORDER_TEXT.shortPart],
    ['--', QUICK_ORDER_TEXT.missingPart],
    ['SPX-1600, 0', QUICK_ORDER_TEXT.badQuantity],
    ['SPX-1600, 10000', QUICK_ORDER_TEXT.badQuantity],
    ['SPX-1600, two', QUICK_ORDER_TEXT.badQuantity],
    ['SPX-1600, -1', QUICK_ORDER_TEXT.badQuantity],
  ])('%j is refused: %s', (line, error) => {
    expect(parseQuickOrderLine(line)).toMatchObject({ ok: false, error });
  });

  test('a formatted item reads back as the same item (round trip)', () => {
    fc.assert(
      fc.property(quickOrderItemArb(), (item) => {
        expect(parseQuickOrderLine(formatQuickOrderLine(item))).toEqual({ ok: true, ...item });
      }),
    );
  });

  test('a quantity of one to three digits after a space stays apart from any trade part number', () => {
    fc.assert(
      fc.property(partNumberArb(), fc.integer({ min: 1, max: 999 }), (partNumber, quantity) => {
        expect(parseQuickOrderLine(`${partNumber} ${quantity}`)).toEqual({ ok: true, partNumber, quantity });
        expect(parseQuickOrderLine(partNumber)).toEqual({ ok: true, partNumber, quantity: 1 });
      }),
    );
  });

  test('any text parses without throwing, and an accepted line has a searchable part and a quantity in range', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const line = parseQuickOrderLine(text);
        if (line.ok) {
          expect(partKey(line.partNumber).length).toBeGreaterThanOrEqual(3);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(9999);
        } else expect(line.error).not.toBe('');
      }),
    );
  });
});

describe('a pasted text reads line by line', () => {
  test('blank lines are skipped and any line ending splits', () => {
    const parsed = parseQuickOrder('SP1600Z2 2\r\n\n   \rR0358800, 1\nEC-40-AP');
    expect(parsed.truncated).toBe(false);
    expect(parsed.lines.map((l) => l.partNumber)).toEqual(['SP1600Z2', 'R0358800', 'EC-40-AP']);
  });

  test('one parsed line per non-blank line, in order, at most the maximum', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(quickOrderItemArb().map(formatQuickOrderLine), fc.constant('')), { maxLength: 130 }), (rows) => {
        const parsed = parseQuickOrder(rows.join('\n'));
        const filled = rows.filter((r) => r !== '');
        expect(parsed.lines).toHaveLength(Math.min(filled.length, QUICK_ORDER_MAX_LINES));
        expect(parsed.truncated).toBe(filled.length > QUICK_ORDER_MAX_LINES);
        parsed.lines.forEach((l, i) => expect(formatQuickOrderLine(l as { partNumber: string; quantity: number })).toBe(filled[i]));
      }),
    );
  });
});

describe('part numbers compare by their letters and digits', () => {
  test('case, hyphens, spaces and dots do not matter', () => {
    fc.assert(
      fc.property(partNumberArb(), fc.array(fc.constantFrom('-', ' ', '.', '/'), { maxLength: 3 }), fc.boolean(), (p, noise, lower) => {
        const written = (lower ? p.toLowerCase() : p).split('').join(noise.join(''));
        expect(partKey(written)).toBe(partKey(p));
      }),
    );
  });

  test('the key is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(partKey(partKey(s))).toBe(partKey(s));
      }),
    );
  });
});

describe('a line resolves to the product whose part number it names', () => {
  const basket = makeProduct({
    id: 7,
    handle: 'skimmer-basket',
    title: 'Skimmer Basket',
    sku: 'SPX-1600-S',
    productCode: 'SP1600Z2',
    Variants: [makeVariant({ id: 70, sku: null, availableQuantity: 5, availableInventoryLevels: [makeLevel({ id: 700, variantId: 70, inventoryPrice: 19.99 })] })],
  });
  const pump = makeProduct({
    id: 8,
    handle: 'pump',
    title: 'Pump',
    sku: 'PMP-2',
    Variants: [
      makeVariant({ id: 80, title: '1 HP', sku: 'PMP-2-1HP', availableInventoryLevels: [makeLevel({ id: 800, variantId: 80, inventoryPrice: 300 })] }),
      makeVariant({ id: 81, title: '2 HP', sku: 'PMP-2-2HP', availableInventoryLevels: [makeLevel({ id: 810, variantId: 81, inventoryPrice: 400 })] }),
    ],
  });

  test('by the product code or SKU, however it is written', () => {
    for (const written of ['sp1600z2', 'SP-1600-Z2', 'spx 1600 s']) {
      const r = resolvePart({ partNumber: written, quantity: 2 }, [pump, basket]);
      expect(r).toMatchObject({ status: 'resolved', part: { productId: 7, inventoryLevelId: 700, unitPriceCents: 1999, lineTotalCents: 3998, quantity: 2 } });
    }
  });

  test("a variant's SKU names that variant", () => {
    const r = resolvePart({ partNumber: 'PMP-2-2HP', quantity: 1 }, [pump]);
    expect(r).toMatchObject({ status: 'resolved', part: { inventoryLevelId: 810, variantTitle: '2 HP', unitPriceCents: 40000 } });
  });

  test('a prefix or a word is not a match: the searched products become suggestions', () => {
    const r = resolvePart({ partNumber: 'SP1600', quantity: 1 }, [basket, pump]);
    expect(r).toEqual({
      status: 'not-found',
      error: QUICK_ORDER_TEXT.notFound('SP1600'),
      candidates: [
        { handle: 'skimmer-basket', title: 'Skimmer Basket', partNumber: 'SP1600Z2' },
        { handle: 'pump', title: 'Pump', partNumber: 'PMP-2' },
      ],
    });
  });

  test('two products with the number are ambiguous', () => {
    const twin = { ...basket, id: 9, handle: 'basket-2', productCode: null };
    expect(resolvePart({ partNumber: 'SPX-1600-S', quantity: 1 }, [basket, twin]).status).toBe('ambiguous');
  });

  test("more than the stock, or not for sale, is refused with the cart's own message", () => {
    expect(resolvePart({ partNumber: 'SP1600Z2', quantity: 6 }, [basket])).toMatchObject({ status: 'unavailable', error: QUANTITY_ERRORS.tooMany(5) });
    const soldOut = { ...basket, Variants: [{ ...basket.Variants[0]!, availableForSale: false }] };
    expect(resolvePart({ partNumber: 'SP1600Z2', quantity: 1 }, [soldOut])).toMatchObject({ status: 'unavailable', error: QUANTITY_ERRORS.unavailable, part: { inventoryLevelId: null } });
  });

  test('any product resolves by any of its SKUs; a resolved line fits the stock and its total is quantity x unit price', () => {
    fc.assert(
      fc.property(productArb(), fc.integer({ min: 1, max: 20 }), fc.boolean(), (product, quantity, lower) => {
        const sku = product.Variants.find((v) => v.sku)?.sku;
        fc.pre(sku != null);
        const r = resolvePart({ partNumber: lower ? sku!.toLowerCase() : sku!, quantity }, [product]);
        expect(['resolved', 'unavailable']).toContain(r.status);
        if (r.status === 'resolved') {
          expect(r.part.productId).toBe(product.id);
          expect(r.part.quantity).toBeLessThanOrEqual(r.part.availableQuantity);
          expect(r.part.lineTotalCents).toBe(r.part.unitPriceCents * quantity);
          const level = product.Variants.flatMap((v) => v.availableInventoryLevels).find((l) => l.id === r.part.inventoryLevelId);
          expect(level?.availableForSale).toBe(true);
        }
      }),
    );
  });

  test('a product list without the number never resolves', () => {
    fc.assert(
      fc.property(fc.array(productArb(), { maxLength: 3 }), (products) => {
        expect(resolvePart({ partNumber: 'ZZZ-0000-QQ', quantity: 1 }, products).status).toBe('not-found');
      }),
    );
  });

  test.each([
    [{ added: 10, failed: 0 }, 'Added 10 lines to the cart.'],
    [{ added: 1, failed: 0 }, 'Added 1 line to the cart.'],
    [{ added: 9, failed: 1 }, 'Added 9 lines to the cart. 1 line could not be added.'],
    [{ added: 0, failed: 2 }, 'Nothing was added to the cart. 2 lines could not be added.'],
  ])('an add-all of %j reads %j', (outcome, text) => {
    expect(addAllNotice(outcome)).toBe(text);
  });

  test('the total is the sum of the lines', () => {
    expect(quickOrderTotalCents([{ lineTotalCents: 1999 }, { lineTotalCents: 500 }])).toBe(2499);
    expect(quickOrderTotalCents([])).toBe(0);
  });
});
