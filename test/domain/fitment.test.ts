import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FITMENT_TEXT,
  MY_EQUIPMENT_LIMIT,
  addEquipment,
  equipmentLabel,
  fitVerdicts,
  groupPartNumbers,
  hasEquipment,
  isEquipmentRef,
  isEquipmentType,
  matchReference,
  mergeEquipment,
  modelNumbersOf,
  parseMyEquipment,
  partRows,
  partStockText,
  productFits,
  rankEquipment,
  referenceKey,
  removeEquipment,
  savedModelsFitting,
  serializeMyEquipment,
  type EquipmentRef,
} from '../../src/domain/equipment.ts';
import { FITS_MAX_HANDLES, normalizeFits } from '../../src/domain/fits.ts';
import { fromQueryString, parseProductsFilterQuery, productsFilterQuery, toQueryString } from '../../src/domain/urls.ts';
import { equipmentArb, equipmentRefArb, myEquipmentArb, partNumberRefArb } from '../../src/domain/testing/equipment.ts';

const hayward: EquipmentRef = { handle: 'hayward-sp2607x10', brand: 'Hayward', model: 'Super Pump 1 HP' };
const pentair: EquipmentRef = { handle: 'pentair-ccp320', brand: 'Pentair', model: 'Clean & Clear Plus 320' };

describe('fitment', () => {
  test('a product fits a model exactly when the model is among its fitments', () => {
    fc.assert(
      fc.property(myEquipmentArb(), equipmentRefArb(), (fitments, model) => {
        expect(productFits(fitments, model.handle)).toBe(fitments.some((f) => f.handle === model.handle));
        expect(productFits([...fitments, model], model.handle)).toBe(true);
      }),
    );
  });

  test("says 'Fits your {model}' or 'Does not fit your {model}' with brand and model", () => {
    const verdicts = fitVerdicts([hayward], [pentair, hayward]);
    expect(verdicts.map((v) => v.text)).toEqual(['Fits your Hayward Super Pump 1 HP', 'Does not fit your Pentair Clean & Clear Plus 320']);
    expect(FITMENT_TEXT.replacedBy('Impeller')).toBe('This part has been replaced by Impeller');
  });

  test('a product that fits no model in particular says nothing about the saved ones', () => {
    expect(fitVerdicts([], [hayward, pentair])).toEqual([]);
  });

  test('a model name that starts with its brand is not named twice', () => {
    expect(equipmentLabel({ brand: 'Hayward', model: 'Hayward Super Pump' })).toBe('Hayward Super Pump');
  });

  test('the verdicts cover every saved model once, the fitting ones first', () => {
    fc.assert(
      fc.property(myEquipmentArb(), myEquipmentArb(), (fitments, saved) => {
        const verdicts = fitVerdicts(fitments, saved);
        expect(verdicts.map((v) => v.handle).sort()).toEqual(fitments.length === 0 ? [] : saved.map((s) => s.handle).sort());
        const firstMiss = verdicts.findIndex((v) => !v.fits);
        expect(firstMiss === -1 || verdicts.slice(firstMiss).every((v) => !v.fits)).toBe(true);
        expect(savedModelsFitting(fitments, saved).map((s) => s.handle)).toEqual(verdicts.filter((v) => v.fits).map((v) => v.handle));
      }),
    );
  });
});

describe('reference matching', () => {
  test.each([
    ['sp-2607 x10', 'sp2607x10'],
    ['SPX 1600 R', 'spx1600r'],
    ['spx.1600-r', 'spx1600r'],
  ])('%j has the key %j', (typed, key) => {
    expect(referenceKey(typed)).toBe(key);
  });

  test('case, spaces and hyphens never change a match', () => {
    fc.assert(
      fc.property(partNumberRefArb(), fc.constantFrom('lower', 'upper', 'spaced', 'hyphened'), (ref, form) => {
        const typed =
          form === 'lower' ? ref.number.toLowerCase() : form === 'upper' ? ref.number.toUpperCase() : form === 'spaced' ? ref.number.split('').join(' ') : ref.number.split('').join('-');
        expect(matchReference(typed, [ref], (r) => [r.number])).toEqual({ item: ref, number: ref.number, match: 'exact' });
      }),
    );
  });

  test('an exact number wins over a prefix, wherever it is listed', () => {
    const items = [{ n: 'SPX1600RA' }, { n: 'SPX1600R' }];
    expect(matchReference('spx-1600r', items, (i) => [i.n])).toEqual({ item: items[1], number: 'SPX1600R', match: 'exact' });
    expect(matchReference('spx16', items, (i) => [i.n])).toEqual({ item: items[1], number: 'SPX1600R', match: 'prefix' });
  });

  test('a prefix needs three characters and a match, else nothing', () => {
    expect(matchReference('sp', [{ n: 'SPX1600R' }], (i) => [i.n])).toBeNull();
    expect(matchReference('', [{ n: 'SPX1600R' }], (i) => [i.n])).toBeNull();
    expect(matchReference('zzz', [{ n: 'SPX1600R' }], (i) => [i.n])).toBeNull();
  });

  test('a match always names a number whose key equals or starts with the typed key', () => {
    fc.assert(
      fc.property(fc.array(partNumberRefArb(), { maxLength: 8 }), fc.string({ maxLength: 8 }), (refs, typed) => {
        const found = matchReference(typed, refs, (r) => [r.number]);
        if (found === null) return;
        const key = referenceKey(found.number);
        expect(found.match === 'exact' ? key === referenceKey(typed) : key.startsWith(referenceKey(typed))).toBe(true);
      }),
    );
  });

  test('models rank exact model number, then prefix, then name words', () => {
    fc.assert(
      fc.property(fc.uniqueArray(equipmentArb(), { minLength: 1, maxLength: 6, selector: (m) => m.handle }), fc.nat(), (models, pick) => {
        const target = models[pick % models.length]!;
        const number = modelNumbersOf(target)[pick % modelNumbersOf(target).length]!;
        const ranked = rankEquipment(number.toLowerCase(), models);
        expect(modelNumbersOf(ranked[0]!).map(referenceKey)).toContain(referenceKey(number));
      }),
    );
    const models = [
      { brand: 'Hayward', series: 'Super Pump', model: 'Super Pump 1 HP', modelNumber: 'SP2607X10', aliases: ['SP2607X10AZ'] },
      { brand: 'Hayward', series: 'Super Pump', model: 'Super Pump 1.5 HP', modelNumber: 'SP2607X15', aliases: [] },
      { brand: 'Pentair', series: 'Clean & Clear', model: 'Clean & Clear Plus 320', modelNumber: 'CCP320', aliases: [] },
    ];
    expect(rankEquipment('sp2607x10az', models).map((m) => m.modelNumber)).toEqual(['SP2607X10']);
    expect(rankEquipment('SP-2607', models).map((m) => m.modelNumber)).toEqual(['SP2607X10', 'SP2607X15']);
    expect(rankEquipment('clean plus', models).map((m) => m.modelNumber)).toEqual(['CCP320']);
  });

  test('part numbers group by kind in label order, each number once', () => {
    fc.assert(
      fc.property(fc.array(partNumberRefArb(), { maxLength: 10 }), (numbers) => {
        const groups = groupPartNumbers(numbers);
        expect(groups.map((g) => g.kind)).toEqual(['oem', 'aftermarket', 'supersedes'].filter((k) => numbers.some((n) => n.kind === k)));
        for (const g of groups) expect(new Set(g.numbers.map(referenceKey)).size).toBe(g.numbers.length);
      }),
    );
    expect(groupPartNumbers([{ number: 'SPX1600R', kind: 'supersedes' }, { number: 'SPX2607C', kind: 'oem' }]).map((g) => g.label)).toEqual(['OEM', 'Replaces']);
  });
});

describe('my equipment', () => {
  test('saving puts the model first, once, within the limit', () => {
    fc.assert(
      fc.property(myEquipmentArb(), equipmentRefArb(), (list, model) => {
        const next = addEquipment(list, model);
        expect(next[0]).toEqual(model);
        expect(next.filter((m) => m.handle === model.handle)).toHaveLength(1);
        expect(next.length).toBeLessThanOrEqual(MY_EQUIPMENT_LIMIT);
        expect(addEquipment(next, model)).toEqual(next);
      }),
    );
  });

  test('removing leaves every other model in order', () => {
    fc.assert(
      fc.property(myEquipmentArb(), fc.nat(), (list, i) => {
        const handle = list[i % Math.max(1, list.length)]?.handle ?? 'none';
        const next = removeEquipment(list, handle);
        expect(hasEquipment(next, handle)).toBe(false);
        expect(next).toEqual(list.filter((m) => m.handle !== handle));
      }),
    );
  });

  test("the merge keeps the account's models first, adds the browser's others, each once", () => {
    fc.assert(
      fc.property(myEquipmentArb(), myEquipmentArb(), (account, browser) => {
        const merged = mergeEquipment(account, browser);
        expect(merged.slice(0, account.length)).toEqual(account.slice(0, MY_EQUIPMENT_LIMIT));
        expect(new Set(merged.map((m) => m.handle)).size).toBe(merged.length);
        const all = new Set([...account, ...browser].map((m) => m.handle));
        expect(merged.length).toBe(Math.min(MY_EQUIPMENT_LIMIT, all.size));
        expect(mergeEquipment(merged, browser)).toEqual(merged);
      }),
    );
  });

  test('the stored list round-trips, and junk reads as an empty or cleaned list', () => {
    fc.assert(
      fc.property(myEquipmentArb(), (list) => {
        expect(parseMyEquipment(serializeMyEquipment(list))).toEqual(list);
      }),
    );
    expect(parseMyEquipment('{oops')).toEqual([]);
    expect(parseMyEquipment('{"a":1}')).toEqual([]);
    expect(parseMyEquipment(JSON.stringify([hayward, { handle: '' }, 3, hayward]))).toEqual([hayward]);
  });
});

describe('arbitraries pass the domain rules', () => {
  test('equipmentArb: a model reference with a known type, its title brand and model', () => {
    fc.assert(
      fc.property(equipmentArb(), (m) => {
        expect(isEquipmentRef(m)).toBe(true);
        expect(isEquipmentType(m.type)).toBe(true);
        expect(m.title).toBe(`${m.brand} ${m.model}`);
        expect(m.yearTo === null || m.yearTo >= m.yearFrom).toBe(true);
        expect(rankEquipment(m.modelNumber, [m])).toEqual([m]);
      }),
    );
  });

  test('myEquipmentArb: a list the list rules leave as it is', () => {
    fc.assert(
      fc.property(myEquipmentArb(), (list) => {
        expect(mergeEquipment(list, [])).toEqual(list);
      }),
    );
  });
});

describe("the fits parameter ('Fits my equipment')", () => {
  test('a listing URL keeps the models it must fit, cleaned, and reads them back', () => {
    expect(toQueryString({ q: 'impeller', fits: [' a-1 ', 'a-1', 'b_2', 'bad,one', ''] })).toBe('q=impeller&fits=a-1,b_2');
    expect(fromQueryString('?q=impeller&fits=a-1,b_2')).toEqual({ q: 'impeller', fits: ['a-1', 'b_2'] });
    expect(fromQueryString('?fits=')).toEqual({});
  });

  test(`at most ${FITS_MAX_HANDLES} models, in order, each once; any saved list round-trips`, () => {
    fc.assert(
      fc.property(myEquipmentArb(), (list) => {
        const fits = list.map((m) => m.handle);
        const read = fromQueryString(toQueryString({ fits })).fits ?? [];
        expect(read).toEqual(normalizeFits(fits));
        expect(read.length).toBe(Math.min(FITS_MAX_HANDLES, fits.length));
        expect(parseProductsFilterQuery(productsFilterQuery({ fits })).fits ?? []).toEqual(read);
      }),
    );
  });
});

describe("a model's parts list", () => {
  const card = (id: number) => ({ id, title: `Part ${id}`, handle: `p${id}`, imageUrl: null, price: 10, compareAtPrice: null, availableForSale: true, avgRating: null, totalReviews: 0, isFeatured: false, inventoryLevelId: id, availableQuantity: 5, bypassNegativeQuantity: false, vendor: null });
  const part = (id: number, callouts: { diagramId: number; number: number }[]) => ({ product: card(id), partNumber: null, quantity: 1, callouts, universal: callouts.length === 0 });

  test('the parts on the drawing come first by callout number, then the others in order', () => {
    const parts = [part(1, [{ diagramId: 2, number: 1 }]), part(2, []), part(3, [{ diagramId: 1, number: 5 }, { diagramId: 1, number: 2 }]), part(4, [{ diagramId: 1, number: 1 }])];
    expect(partRows(parts, 1).map((r) => [r.part.product.id, r.numbers])).toEqual([
      [4, [1]],
      [3, [2, 5]],
      [1, []],
      [2, []],
    ]);
  });

  test('every part appears once whatever the drawing', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.record({ diagramId: fc.integer({ min: 1, max: 3 }), number: fc.integer({ min: 1, max: 30 }) }), { maxLength: 3 }), { maxLength: 12 }), fc.integer({ min: 1, max: 3 }), (calloutLists, diagramId) => {
        const parts = calloutLists.map((c, i) => part(i + 1, c));
        const rows = partRows(parts, diagramId);
        expect(rows.map((r) => r.part.product.id).sort((a, b) => a - b)).toEqual(parts.map((p) => p.product.id));
        const firstOff = rows.findIndex((r) => r.numbers.length === 0);
        expect(firstOff === -1 || rows.slice(firstOff).every((r) => r.numbers.length === 0)).toBe(true);
      }),
    );
  });

  test.each([
    [{ availableForSale: true, availableQuantity: 3, bypassNegativeQuantity: false }, '3 in stock'],
    [{ availableForSale: true, availableQuantity: 50, bypassNegativeQuantity: false }, 'In stock'],
    [{ availableForSale: true, availableQuantity: 0, bypassNegativeQuantity: true }, 'In stock'],
    [{ availableForSale: true, availableQuantity: 0, bypassNegativeQuantity: false }, 'Out of stock'],
    [{ availableForSale: false, availableQuantity: 9, bypassNegativeQuantity: false }, 'Out of stock'],
  ])('stock of %j reads %j', (card, text) => {
    expect(partStockText(card)).toBe(text);
  });
});
