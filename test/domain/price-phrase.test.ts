import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  GREATER_THAN_WORDS,
  LESS_THAN_WORDS,
  PRICE_PILL_HINT,
  PRICE_PILL_PREFIX,
  acceptPricePill,
  extractPriceBounds,
  findPricePhrases,
  isPricePhraseConsistent,
  parsePricePhrase,
  pricePill,
  pricePillText,
} from '../../src/domain/price-phrase.ts';
import { parsePriceInput, validatePriceRange } from '../../src/domain/search.ts';
import { pricePhraseArb, searchQueryArb } from '../../src/domain/testing/search.ts';

/** The parts of a reading a table can state. */
function reading(query: string) {
  const p = parsePricePhrase(query);
  return p && { bound: p.bound, cents: p.cents, phrase: p.phrase, query: p.query };
}

describe('the price-phrase words', () => {
  test('greater-than and less-than words are the spec lists', () => {
    expect(GREATER_THAN_WORDS).toEqual(['>', 'over', 'above', 'more expensive than', 'greater than']);
    expect(LESS_THAN_WORDS).toEqual(['<', 'under', 'below', 'cheaper than', 'smaller than']);
  });

  test.each(GREATER_THAN_WORDS.map((w) => [w]))('greater-than word %j sets a minimum', (word) => {
    expect(reading(`pump ${word} 200`)).toEqual({ bound: 'min', cents: 20000, phrase: `${word} 200`, query: 'pump' });
  });

  test.each(LESS_THAN_WORDS.map((w) => [w]))('less-than word %j sets a maximum', (word) => {
    expect(reading(`pump ${word} 200`)).toEqual({ bound: 'max', cents: 20000, phrase: `${word} 200`, query: 'pump' });
  });
});

describe('parsing a price phrase', () => {
  test.each([
    ['pump under $500', 'max', 50000, 'under $500', 'pump'],
    ['filter > 200 USD', 'min', 20000, '> 200 USD', 'filter'],
    ['heater above USD 1,200.50', 'min', 120050, 'above USD 1,200.50', 'heater'],
    ['heater ABOVE usd 1,200.50', 'min', 120050, 'ABOVE usd 1,200.50', 'heater'],
    ['Cheaper Than 99.9$ cartridge', 'max', 9990, 'Cheaper Than 99.9$', 'cartridge'],
    ['more   expensive\tthan $ 5 usd pump', 'min', 500, 'more   expensive\tthan $ 5 usd', 'pump'],
    ['$500 USD both sides: under $500 USD', 'max', 50000, 'under $500 USD', '$500 USD both sides:'],
    ['pump>200', 'min', 20000, '>200', 'pump'],
    ['pump <$80.5', 'max', 8050, '<$80.5', 'pump'],
    ['under500', 'max', 50000, 'under500', ''],
    ['over USD500', 'min', 50000, 'over USD500', ''],
    ['under 500usd', 'max', 50000, 'under 500usd', ''],
    ['below 12,345,678.99', 'max', 1234567899, 'below 12,345,678.99', ''],
    ['over 0', 'min', 0, 'over 0', ''],
    ['under 500 usda', 'max', 50000, 'under 500', 'usda'],
    ['smaller than 3. done', 'max', 300, 'smaller than 3', '. done'],
    ['  spa   cover   under  $200   blue  ', 'max', 20000, 'under  $200', 'spa cover blue'],
  ])('%j reads as %s %d cents', (query, bound, cents, phrase, rest) => {
    expect(reading(query)).toEqual({ bound, cents, phrase, query: rest });
  });

  test.each([
    ['pump 500'],
    ['overflow 200'],
    ['pumpover 200'],
    ['under the deck'],
    ['under 1,2000'],
    ['under 12,50'],
    ['under 12.345'],
    ['under 1.5hp'],
    ['under -5'],
    ['>= 200'],
    ['under $'],
    [''],
  ])('%j has no price phrase', (query) => {
    expect(parsePricePhrase(query)).toBeNull();
  });

  test('reports where the phrase sits in the original query', () => {
    const p = parsePricePhrase('pump under $500 now');
    expect(p).toMatchObject({ start: 5, end: 15, amount: 500 });
  });

  test('ignores an amount too large for exact cents', () => {
    expect(parsePricePhrase('under 99999999999999999999')).toBeNull();
  });

  test('finds every phrase, each removed on its own', () => {
    expect(findPricePhrases('pump over $100 under $500').map((p) => [p.bound, p.cents, p.query])).toEqual([
      ['min', 10000, 'pump under $500'],
      ['max', 50000, 'pump over $100'],
    ]);
  });

  test('folds all phrases into the tightest bounds and removes them all', () => {
    expect(extractPriceBounds('pump over $100 under $500 over 150 below 600')).toMatchObject({
      minPrice: 150,
      maxPrice: 500,
      query: 'pump',
    });
    expect(extractPriceBounds('no price here')).toEqual({ phrases: [], query: 'no price here' });
  });

  test('reads a generated phrase back: same bound, cents, phrase text and remaining query', () => {
    fc.assert(
      fc.property(pricePhraseArb, ({ text, expected }) => {
        expect(reading(text)).toEqual(expected);
      }),
    );
  });

  test('removing the phrase leaves tidy whitespace and no phrase of the same reading', () => {
    fc.assert(
      fc.property(pricePhraseArb, ({ text }) => {
        const p = parsePricePhrase(text);
        expect(p).not.toBeNull();
        if (!p) return;
        expect(p.query).toBe(p.query.trim());
        expect(p.query).not.toMatch(/\s{2}/);
        expect(text.slice(p.start, p.end)).toBe(p.phrase);
      }),
    );
  });
});

describe('the suggestion pill', () => {
  test('reads Price filter: then over or under and the amount as a store price', () => {
    expect(PRICE_PILL_PREFIX).toBe('Price filter: ');
    expect(PRICE_PILL_HINT).toBe('Accept suggestion?');
  });

  test.each([
    ['pump under $500', 'Price filter: under $500.00'],
    ['filter > 200 USD', 'Price filter: over $200.00'],
    ['heater above USD 1,200.50', 'Price filter: over $1,200.50'],
    ['cheaper than 1200.5 USD', 'Price filter: under $1,200.50'],
    ['over 0', 'Price filter: over $0.00'],
  ])('%j shows %j', (query, text) => {
    const p = parsePricePhrase(query);
    expect(p && pricePillText(p)).toBe(text);
    expect(pricePill(query, {})?.text).toBe(text);
  });

  test.each([
    ['max', 5000, {}, true],
    ['max', 5000, { minPrice: 60 }, false],
    ['max', 5000, { minPrice: 50 }, false],
    ['max', 5000, { minPrice: 49.99 }, true],
    ['max', 5000, { maxPrice: 10 }, true],
    ['min', 5000, {}, true],
    ['min', 5000, { maxPrice: 60 }, true],
    ['min', 5000, { maxPrice: 50 }, false],
    ['min', 5000, { maxPrice: 40 }, false],
    ['min', 5000, { minPrice: 90 }, true],
    ['min', 5000, { minPrice: null, maxPrice: null }, true],
    ['min', 5000, { maxPrice: Number.NaN }, true],
    ['max', 5000, { minPrice: -10 }, true],
  ] as const)('a %s of %d cents with applied %j is consistent: %s', (bound, cents, applied, expected) => {
    expect(isPricePhraseConsistent({ bound, cents }, applied)).toBe(expected);
  });

  test('shows no pill when the only phrase contradicts the applied bounds', () => {
    expect(pricePill('pump under $500', { minPrice: 600 })).toBeNull();
    expect(pricePill('pump', {})).toBeNull();
  });

  test('shows the first consistent phrase when an earlier one contradicts', () => {
    expect(pricePill('under 10 over 20', { minPrice: 15 })?.text).toBe('Price filter: over $20.00');
  });

  test('accepting the pill sets the bound, removes the phrase and goes back to page 0', () => {
    const pill = pricePill('pump under $500', {});
    expect(pill).not.toBeNull();
    if (!pill) return;
    expect(pill.hint).toBe('Accept suggestion?');
    expect(acceptPricePill({ q: 'pump under $500', page: 3, v: 'Hayward' }, pill.phrase)).toEqual({
      q: 'pump',
      maxPrice: 500,
      page: 0,
      v: 'Hayward',
    });
  });

  test('accepting a phrase that was the whole query leaves q out', () => {
    const p = parsePricePhrase('over 20');
    expect(p && acceptPricePill({ q: 'over 20' }, p)).toEqual({ minPrice: 20, page: 0 });
  });

  test('accepting an inconsistent phrase changes nothing', () => {
    const p = parsePricePhrase('under 10');
    const search = { q: 'under 10', minPrice: 20 };
    expect(p && acceptPricePill(search, p)).toEqual(search);
  });

  test('an accepted pill never produces a range with max <= min', () => {
    fc.assert(
      fc.property(searchQueryArb, pricePhraseArb, (search, { text }) => {
        const p = parsePricePhrase(text);
        if (!p) return;
        const next = acceptPricePill(search, p);
        const range = validatePriceRange({ minPrice: next.minPrice, maxPrice: next.maxPrice });
        expect(parsePriceInput(range.minPrice)).toBe(next.minPrice === undefined ? null : parsePriceInput(next.minPrice));
        expect(parsePriceInput(range.maxPrice)).toBe(next.maxPrice === undefined ? null : parsePriceInput(next.maxPrice));
      }),
    );
  });

  test('a pill shows exactly when its bound keeps max above min', () => {
    fc.assert(
      fc.property(pricePhraseArb, fc.option(fc.nat({ max: 2_000_000 })), fc.option(fc.nat({ max: 2_000_000 })), ({ text }, min, max) => {
        const p = parsePricePhrase(text);
        if (!p) return;
        const applied = { minPrice: min === null ? null : min / 100, maxPrice: max === null ? null : max / 100 };
        const newMin = p.bound === 'min' ? p.cents : min;
        const newMax = p.bound === 'max' ? p.cents : max;
        const consistent = newMin === null || newMax === null || newMax > newMin;
        expect(isPricePhraseConsistent(p, applied)).toBe(consistent);
      }),
    );
  });
});
