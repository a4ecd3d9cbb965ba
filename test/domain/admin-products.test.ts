import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkAdminForm } from '../../src/domain/admin-orders.ts';
import {
  PICTURE_UPLOAD_MAX_BYTES, PICTURE_UPLOAD_TYPES, PRODUCT_FORM_MESSAGES, bulkEditFields, checkPictureUpload, canEditCatalogue, centsToInput, checkBulkEdit, checkProductForm, hasProductFilter, parsePercent,
  parsePriceCents, parseProductFilters, parseSignedCents, parseSignedUnits, parseUnits, productFiltersSearch, productFormFields,
  type AdminProductFilters, type ProductFormSource,
} from '../../src/domain/admin-products.ts';
import { percentToBasisPoints } from '../../src/domain/price-adjust.ts';

const filtersArb: fc.Arbitrary<AdminProductFilters> = fc.record({
  q: fc.string({ minLength: 1, maxLength: 100 }).map((s) => s.trim()).filter((s) => s !== ''),
  lowStock: fc.integer({ min: 0, max: 1_000_000 }),
  indexed: fc.boolean(),
  noImage: fc.boolean(),
  before: fc.integer({ min: 1, max: 2 ** 40 }),
}, { requiredKeys: [] });

const product: ProductFormSource = {
  id: 7, title: 'Pump lid', priceCents: 2500, compareAtPriceCents: null, isIndexed: true, isFeatured: false, callForPrice: false,
  variants: [
    { id: 70, priceCents: 2500, compareAtPriceCents: null, levels: [{ id: 700, quantity: 4 }, { id: 701, quantity: 0 }] },
    { id: 71, priceCents: 2600, compareAtPriceCents: 3000, levels: [{ id: 710, quantity: 9 }] },
  ],
};

describe('the product list filters in the address', () => {
  test('parse back what they wrote (round trip)', () => {
    fc.assert(fc.property(filtersArb, (filters) => {
      expect(parseProductFilters(productFiltersSearch(filters))).toEqual(filters);
    }));
  });

  test('leave out what the API would refuse', () => {
    expect(parseProductFilters('?lowStock=-1&indexed=yes&noImage=1&before=0&q=%20%20')).toEqual({});
    expect(parseProductFilters('?lowStock=5&noImage=true')).toEqual({ lowStock: 5, noImage: true });
  });

  test('a bulk edit needs a filter other than the page cursor', () => {
    expect(hasProductFilter({ before: 9 })).toBe(false);
    expect(hasProductFilter({ indexed: false })).toBe(true);
  });
});

describe('what the operator types', () => {
  test('a price in cents round-trips through its input text', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
      expect(parsePriceCents(centsToInput(cents))).toBe(cents);
    }));
  });

  test.each([
    ['12', 1200], ['12.5', 1250], ['$1,012.50', 101250], ['0', 0], ['.5', 50], [' 3. ', 300],
    ['', null], ['-1', null], ['1.234', null], ['abc', null], ['100000.01', null],
  ])('the price %j is %j cents', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  test('a signed amount keeps its sign', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
      expect(parseSignedCents(centsToInput(cents))).toBe(cents);
    }));
    expect(parseSignedCents('+3')).toBe(300);
    expect(parseSignedCents('- 2.50')).toBe(-250);
  });

  test('a percent of two decimals at most in -100..1000 is exactly the API\'s number', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000, max: 100_000 }), fc.boolean(), (bp, sign) => {
      const abs = Math.abs(bp);
      const text = `${bp < 0 ? '-' : sign ? '+' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}${sign ? '%' : ''}`;
      const percent = parsePercent(text);
      expect(percent).not.toBeNull();
      // the server turns the number back into basis points: the same the operator typed
      expect(percentToBasisPoints(percent!)).toBe(bp);
    }));
  });

  test.each(['', '12.345', '-100.01', '1000.01', 'ten', '5%%'])('the percent %j is refused', (text) => {
    expect(parsePercent(text)).toBeNull();
  });

  test('units are whole numbers from 0 to 1,000,000; signed units keep their sign', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
      expect(parseUnits(String(n))).toBe(n);
      expect(parseSignedUnits(`-${n}`)).toBe(n === 0 ? 0 : -n);
    }));
    expect(parseUnits('1000001')).toBeNull();
    expect(parseUnits('2.5')).toBeNull();
    expect(parseUnits('-1')).toBeNull();
  });
});

describe('the product form', () => {
  test('unchanged, it sends nothing', () => {
    expect(checkProductForm(productFormFields(product))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.nothingChanged });
  });

  test('sends only what changed, a level\'s stock with the quantity shown', () => {
    const fields = { ...productFormFields(product), price: '19.99', 'level.700.quantity': '10', isIndexed: 'false' };
    expect(checkProductForm(fields)).toEqual({
      ok: true,
      body: { id: 7, patch: { priceCents: 1999, isIndexed: false, variants: [{ id: 70, levels: [{ id: 700, quantity: 10, expectedQuantity: 4 }] }] } },
    });
  });

  test('any single level change is sent with expectedQuantity = the quantity shown, under its variant', () => {
    const levels = product.variants.flatMap((v) => v.levels.map((l) => ({ variant: v.id, ...l })));
    fc.assert(fc.property(fc.constantFrom(...levels), fc.integer({ min: 0, max: 1_000_000 }), (level, units) => {
      fc.pre(units !== level.quantity);
      const check = checkProductForm({ ...productFormFields(product), [`level.${level.id}.quantity`]: String(units) });
      expect(check).toEqual({ ok: true, body: { id: 7, patch: { variants: [{ id: level.variant, levels: [{ id: level.id, quantity: units, expectedQuantity: level.quantity }] }] } } });
    }));
  });

  test('a compare-at of 0 (none, as imports write it) shows empty and does not block a save', () => {
    const zero: ProductFormSource = { ...product, compareAtPriceCents: 0, variants: [{ ...product.variants[0]!, compareAtPriceCents: 0 }] };
    const fields = productFormFields(zero);
    expect([fields.compareAt, fields['variant.70.compareAt']]).toEqual(['', '']);
    expect(checkProductForm({ ...fields, price: '30' })).toEqual({ ok: true, body: { id: 7, patch: { priceCents: 3000 } } });
  });

  test('a variant\'s own price and compare-at', () => {
    const check = checkProductForm({ ...productFormFields(product), 'variant.71.price': '27', 'variant.71.compareAt': '' });
    expect(check).toEqual({ ok: true, body: { id: 7, patch: { variants: [{ id: 71, priceCents: 2700, compareAtPriceCents: null }] } } });
  });

  test.each([
    [{ title: '  ' }, PRODUCT_FORM_MESSAGES.title],
    [{ price: '12.345' }, PRODUCT_FORM_MESSAGES.price],
    [{ compareAt: 'x' }, PRODUCT_FORM_MESSAGES.compareAt],
    [{ compareAt: '25.00' }, PRODUCT_FORM_MESSAGES.compareAtBelow],
    [{ 'variant.71.price': '31' }, PRODUCT_FORM_MESSAGES.compareAtBelow],
    [{ 'level.710.quantity': '-2' }, PRODUCT_FORM_MESSAGES.units],
    [{ 'level.710.quantity': '1.5' }, PRODUCT_FORM_MESSAGES.units],
  ])('refuses %j with its message', (change, message) => {
    expect(checkProductForm({ ...productFormFields(product), ...change })).toEqual({ ok: false, error: message });
  });

  test('a valid check is always a body the API takes: prices in range, compare-at above the price', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.option(fc.integer({ min: 0, max: 10_000_000 })), (price, compare) => {
      const check = checkProductForm({ ...productFormFields(product), price: centsToInput(price), compareAt: compare === null ? '' : centsToInput(compare) });
      if (compare !== null && compare <= price) expect(check).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.compareAtBelow });
      else if (check.ok) {
        if (check.body.patch.compareAtPriceCents != null) expect(check.body.patch.compareAtPriceCents).toBeGreaterThan(check.body.patch.priceCents ?? price);
      }
    }));
  });

  test('goes through the back office\'s form check by its kind', () => {
    expect(checkAdminForm('productEdit', { ...productFormFields(product), title: 'New lid' }, { lines: [], refundableCents: 0 })).toEqual({ ok: true, body: { id: 7, patch: { title: 'New lid' } } });
  });
});

describe('the bulk edit', () => {
  test('needs a filter and a change', () => {
    expect(checkBulkEdit({ ...bulkEditFields({}), priceMode: 'percent', priceValue: '10' })).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.noFilter });
    expect(checkBulkEdit(bulkEditFields({ q: 'pump' }))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.noBulkChange });
  });

  test('a preview is a dry run of the filter and the change', () => {
    const fields = { ...bulkEditFields({ q: 'pump', lowStock: 3, before: 99 }), priceMode: 'percent', priceValue: '-12.5', stockMode: 'add', stockValue: '-2' };
    expect(checkBulkEdit(fields)).toEqual({ ok: true, body: { filter: { q: 'pump', lowStock: 3 }, price: { percent: -12.5, compareAt: 'adjust' }, stock: { add: -2 }, dryRun: true } });
  });

  test('applying sends the preview\'s count, and refuses without one', () => {
    const fields = { ...bulkEditFields({ indexed: false }), priceMode: 'amount', priceValue: '2.50', compareAt: 'keep', phase: 'apply' };
    expect(checkBulkEdit(fields)).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.preview });
    expect(checkBulkEdit({ ...fields, expectedCount: '12' })).toEqual({ ok: true, body: { filter: { indexed: false }, price: { amountCents: 250, compareAt: 'keep' }, dryRun: false, expectedCount: 12 } });
  });

  test.each([
    [{ priceMode: 'percent', priceValue: '1001' }, PRODUCT_FORM_MESSAGES.percent],
    [{ priceMode: 'amount', priceValue: 'x' }, PRODUCT_FORM_MESSAGES.amount],
    [{ priceMode: 'set', priceValue: '-1' }, PRODUCT_FORM_MESSAGES.price],
    [{ stockMode: 'set', stockValue: '-1' }, PRODUCT_FORM_MESSAGES.units],
    [{ stockMode: 'add', stockValue: '1.5' }, PRODUCT_FORM_MESSAGES.stockAdd],
  ])('refuses %j with its message', (change, message) => {
    expect(checkBulkEdit({ ...bulkEditFields({ noImage: true }), ...change })).toEqual({ ok: false, error: message });
  });

  test('the filter the form sends is the list\'s filter without its cursor', () => {
    fc.assert(fc.property(filtersArb, (filters) => {
      const check = checkBulkEdit({ ...bulkEditFields(filters), stockMode: 'set', stockValue: '1' });
      const { before: _before, ...wanted } = filters;
      if (hasProductFilter(filters)) expect(check).toEqual({ ok: true, body: { filter: wanted, stock: { set: 1 }, dryRun: true } });
      else expect(check.ok).toBe(false);
    }));
  });
});

test('only owner and staff edit the catalogue', () => {
  expect([canEditCatalogue('owner'), canEditCatalogue('staff'), canEditCatalogue('fulfilment')]).toEqual([true, true, false]);
});

describe('the picture form', () => {
  const fields = (extra: Record<string, string> = {}) => ({ id: '7', fileName: 'lid.jpg', fileType: 'image/jpeg', fileSize: '52000', altText: ' Lid ', ...extra });

  test('a picture of a kept type and size, with its text trimmed (none when blank)', () => {
    expect(checkPictureUpload(fields())).toEqual({ ok: true, body: { id: 7, altText: 'Lid', fileName: 'lid.jpg' } });
    expect(checkPictureUpload(fields({ altText: '   ' }))).toEqual({ ok: true, body: { id: 7, altText: null, fileName: 'lid.jpg' } });
  });

  test('any other type, an empty or too large file, a text over 500 characters: the message, nothing to send', () => {
    fc.assert(fc.property(fc.string().filter((t) => !(PICTURE_UPLOAD_TYPES as readonly string[]).includes(t.toLowerCase())), (type) => {
      expect(checkPictureUpload(fields({ fileType: type }))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.pictureType });
    }));
    fc.assert(fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: PICTURE_UPLOAD_MAX_BYTES + 1 })), (size) => {
      expect(checkPictureUpload(fields({ fileSize: String(size) }))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.pictureSize });
    }));
    fc.assert(fc.property(fc.integer({ min: 1, max: PICTURE_UPLOAD_MAX_BYTES }), fc.constantFrom(...PICTURE_UPLOAD_TYPES), (size, type) => {
      expect(checkPictureUpload(fields({ fileSize: String(size), fileType: type.toUpperCase() })).ok).toBe(true);
    }));
    expect(checkPictureUpload(fields({ fileName: '' }))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.pictureMissing });
    expect(checkPictureUpload(fields({ altText: 'a'.repeat(501) }))).toEqual({ ok: false, error: PRODUCT_FORM_MESSAGES.pictureText });
  });
});
