import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  MEDIAN_PAGE_SIZE,
  MIN_QUERY_LENGTH,
  PAGE_SIZES,
  PAGE_SIZE_OPTIONS,
  SORT_OPTIONS,
  acceptMaxPrice,
  acceptMinPrice,
  canRunSearch,
  formatPriceInput,
  isPageSize,
  isSortBy,
  isSubmittableQuery,
  matchesPhrase,
  normalizePageSize,
  normalizePhrase,
  normalizeSearchQuery,
  normalizeTagPairs,
  pageSizeLabel,
  parsePriceInput,
  sortByLabel,
  validatePriceRange,
} from '../../src/domain/search.ts';
import type { SearchQuery } from '../../src/domain/entities.ts';
import { pageSizeArb, searchQueryArb, sortByArb } from '../../src/domain/testing/search.ts';

describe('when a search runs', () => {
  test('the minimum query length is 3', () => {
    expect(MIN_QUERY_LENGTH).toBe(3);
  });

  test.each([
    [{ q: 'pum' }, true],
    [{ q: 'pu' }, false],
    [{ q: '' }, false],
    [{}, false],
    [{ q: '  ab  ' }, false],
    [{ q: ' abc ' }, true],
    [{ v: 'Hay' }, true],
    [{ v: 'Ha' }, false],
    [{ q: 'ab', v: 'Pentair' }, true],
    [{ q: null, v: null }, false],
    [{ q: 'été' }, true],
    [{ q: '🔧🔧' }, false],
    [{ q: '🔧🔧🔧' }, true],
  ])('runs only if q or v has at least 3 trimmed characters: %j -> %s', (query, expected) => {
    expect(canRunSearch(query)).toBe(expected);
  });

  test.each([
    ['', false],
    ['   ', false],
    ['\t\n', false],
    [null, false],
    [undefined, false],
    ['a', true],
    ['pump', true],
  ])('Enter with an empty (or blank) query does nothing: %j -> %s', (text, expected) => {
    expect(isSubmittableQuery(text)).toBe(expected);
  });

  test('a query runs exactly when its trimmed code points number at least 3', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (q) => {
        expect(canRunSearch({ q })).toBe(Array.from(q.trim()).length >= 3);
      }),
    );
  });
});

describe('page size', () => {
  test('the allowed page sizes are 8, 16, 24, 48, 64, 76', () => {
    expect(PAGE_SIZES).toEqual([8, 16, 24, 48, 64, 76]);
  });

  test('the median is the lower middle value 24, which is in the set (the mean 36 is not)', () => {
    expect(MEDIAN_PAGE_SIZE).toBe(24);
    expect(isPageSize(MEDIAN_PAGE_SIZE)).toBe(true);
    expect(isPageSize(36)).toBe(false);
  });

  test.each([
    [8, 8],
    [76, 76],
    ['48', 48],
    [' 16 ', 16],
    [10, 24],
    [0, 24],
    [-8, 24],
    [36, 24],
    ['16.5', 24],
    ['1e1', 24],
    ['', 24],
    ['lots', 24],
    [null, 24],
    [undefined, 24],
    [Number.NaN, 24],
    [24.0000001, 24],
  ])('uses a size within the allowed set, else the median: %j -> %d', (value, expected) => {
    expect(normalizePageSize(value)).toBe(expected);
  });

  test('a normalised page size is always in the set', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)), (value) => {
        expect(PAGE_SIZES).toContain(normalizePageSize(value));
      }),
    );
  });

  test('an allowed page size is kept as it is', () => {
    fc.assert(fc.property(pageSizeArb, (size) => normalizePageSize(size) === size && normalizePageSize(String(size)) === size));
  });

  test.each([
    ['', 'Default'],
    [null, 'Default'],
    [undefined, 'Default'],
    [8, '8 per page'],
    [76, '76 per page'],
  ] as const)('the page-size select reads Default or N per page: %j -> %s', (size, label) => {
    expect(pageSizeLabel(size)).toBe(label);
  });

  test('the page-size select lists Default then every allowed size', () => {
    expect(PAGE_SIZE_OPTIONS.map((o) => o.label)).toEqual([
      'Default',
      '8 per page',
      '16 per page',
      '24 per page',
      '48 per page',
      '64 per page',
      '76 per page',
    ]);
    expect(PAGE_SIZE_OPTIONS.map((o) => o.value)).toEqual(['', 8, 16, 24, 48, 64, 76]);
  });
});

describe('sort options', () => {
  test.each([
    ['', 'Default'],
    ['id_asc', 'Older'],
    ['id_desc', 'Newer'],
    ['title_asc', 'Title: A-Z, ascending'],
    ['title_desc', 'Title: A-Z, descending'],
    ['price_asc', 'Price: lowest to highest'],
    ['price_desc', 'Price: highest to lowest'],
    ['top_rated', 'Product: Top Rated'],
    ['best_selling', 'Product: Best Selling'],
  ])('the sort parameter %j reads %j', (value, label) => {
    expect(SORT_OPTIONS.find((o) => o.value === value)?.label).toBe(label);
    expect(sortByLabel(value)).toBe(label);
  });

  test('there are exactly nine sort options, in the spec order', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      '',
      'id_asc',
      'id_desc',
      'title_asc',
      'title_desc',
      'price_asc',
      'price_desc',
      'top_rated',
      'best_selling',
    ]);
  });

  test.each([
    ['price_asc', true],
    ['', true],
    ['PRICE_ASC', false],
    ['price', false],
    ['newest', false],
    [' id_asc', false],
    [null, false],
    [3, false],
  ])('sort must be one of the known options: %j -> %s', (value, expected) => {
    expect(isSortBy(value)).toBe(expected);
  });

  test('an unknown sort parameter reads as Default', () => {
    expect(sortByLabel('bogus')).toBe('Default');
    expect(sortByLabel(undefined)).toBe('Default');
  });

  test('every generated sort option is recognised and labelled', () => {
    fc.assert(fc.property(sortByArb, (s) => isSortBy(s) && SORT_OPTIONS.some((o) => o.label === sortByLabel(s))));
  });
});

describe('price inputs', () => {
  test.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['12.', 1200],
    ['.5', 50],
    ['0', 0],
    ['-3', -300],
    ['-0', 0],
    [' 7 ', 700],
    ['12.345', 1235],
    ['12.344', 1234],
    ['0.005', 1],
    ['1.999', 200],
    [12.5, 1250],
    [1.005, 101],
    ['', null],
    ['.', null],
    ['-', null],
    ['abc', null],
    ['1,200', null],
    ['1e3', null],
    ['12a', null],
    ['Infinity', null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('a price input is accepted only if numeric: %j -> %j cents', (input, cents) => {
    expect(parsePriceInput(input)).toBe(cents);
  });

  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [120050, '1200.50'],
    [-300, '-3.00'],
  ])('values are formatted to 2 decimals: %d cents -> %s', (cents, text) => {
    expect(formatPriceInput(cents)).toBe(text);
  });

  test('formatting then reading gives the same cents back', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => parsePriceInput(formatPriceInput(cents)) === cents));
  });

  test.each([
    ['10', undefined, '10.00'],
    ['0', undefined, '0.00'],
    ['-1', undefined, null],
    ['abc', undefined, null],
    ['49.99', 50, '49.99'],
    ['50', 50, null],
    ['60', '50.00', null],
    ['10', null, '10.00'],
    ['10', 'garbage', '10.00'],
  ])('a min must be at least 0 and below the max: min %j with max %j -> %j', (input, max, expected) => {
    expect(acceptMinPrice(input, max)).toBe(expected);
  });

  test.each([
    ['99.9', undefined, '99.90'],
    ['0', undefined, '0.00'],
    ['-5', undefined, null],
    ['x', undefined, null],
    ['20', 20, null],
    ['20.01', 20, '20.01'],
    ['15', '20.00', null],
    ['25', null, '25.00'],
  ])('a max must exceed the min: max %j with min %j -> %j', (input, min, expected) => {
    expect(acceptMaxPrice(input, min)).toBe(expected);
  });

  test.each([
    [{ minPrice: '10', maxPrice: '25.5' }, { minPrice: '10.00', maxPrice: '25.50' }],
    [{ minPrice: 30, maxPrice: 20 }, { minPrice: '30.00' }],
    [{ minPrice: 20, maxPrice: 20 }, { minPrice: '20.00' }],
    [{ minPrice: '-1', maxPrice: '5' }, { maxPrice: '5.00' }],
    [{ minPrice: 'abc' }, {}],
    [{ maxPrice: '0' }, { maxPrice: '0.00' }],
    [{}, {}],
    [{ minPrice: null, maxPrice: null }, {}],
  ])('validates a range together, dropping a max that does not exceed the min: %j', (range, expected) => {
    expect(validatePriceRange(range)).toEqual(expected);
  });

  test('a validated range always has min >= 0, max > min and two decimals', () => {
    const input = fc.oneof(fc.string(), fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((c) => c / 100), fc.constant(null));
    fc.assert(
      fc.property(input, input, (minPrice, maxPrice) => {
        const out = validatePriceRange({ minPrice, maxPrice });
        for (const text of [out.minPrice, out.maxPrice]) if (text !== undefined) expect(text).toMatch(/^\d+\.\d{2}$/);
        const min = parsePriceInput(out.minPrice);
        const max = parsePriceInput(out.maxPrice);
        if (min !== null) expect(min).toBeGreaterThanOrEqual(0);
        if (min !== null && max !== null) expect(max).toBeGreaterThan(min);
      }),
    );
  });
});

describe('phrase matching', () => {
  test.each([
    ['SPX-1600 S', 'spx1600s'],
    ['spx.1600/s', 'spx1600s'],
    ['  A-B_C  ', 'abc'],
    ['Pompe à chaleur', 'pompeachaleur'],
    ['1/2" PVC', '12pvc'],
    ['---', ''],
    ['', ''],
    [null, ''],
  ])('normalises %j to %j (non-alphanumerics and case ignored)', (text, expected) => {
    expect(normalizePhrase(text)).toBe(expected);
  });

  test.each([
    ['Hayward SPX-1600 S impeller', 'spx1600s', true],
    ['Hayward SPX1600S impeller', 'SPX-1600-S', true],
    ['Hayward SPX1600S impeller', 'spx 1600', true],
    ['Hayward SPX1600S impeller', 'spx1601', false],
    ['Pentair 070387', '07-03-87', true],
    ['anything at all', '--', false],
    ['anything at all', '', false],
    [null, 'abc', false],
  ])('matchesPhrase(%j, %j) is %s', (text, phrase, expected) => {
    expect(matchesPhrase(text, phrase)).toBe(expected);
  });

  const alnum = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
  const punctuation = fc.array(fc.constantFrom('-', ' ', '.', '/', '_', '#', '"', '(', ')'), { maxLength: 3 }).map((p) => p.join(''));

  test('phrase matching ignores punctuation and case', () => {
    fc.assert(
      fc.property(alnum, alnum, alnum, fc.array(punctuation, { minLength: 20, maxLength: 20 }), (head, part, tail, marks) => {
        // Sprinkle punctuation between the characters of the phrase and flip its case.
        const noisy = Array.from(part.toUpperCase())
          .map((c, i) => `${c}${marks[i % marks.length] ?? ''}`)
          .join('');
        expect(matchesPhrase(`${head}${part}${tail}`, noisy)).toBe(true);
        expect(matchesPhrase(`${head}-${part.toLowerCase()} ${tail}`, part.toUpperCase())).toBe(true);
      }),
    );
  });

  test('normalising is idempotent and leaves only lower-case letters and digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = normalizePhrase(text);
        expect(normalizePhrase(once)).toBe(once);
        expect(once).toMatch(/^[\p{L}\p{N}]*$/u);
      }),
    );
  });
});

describe('counter examples', () => {
  test('a mathematical bold capital normalises to its lower-case letter, so normalising is idempotent', () => {
    expect(normalizePhrase('𝐀')).toBe('a');
    expect(normalizePhrase(normalizePhrase('𝐀'))).toBe('a');
    expect(matchesPhrase('PART 𝐀12', 'a12')).toBe(true);
  });
});

describe('the normal form of a search query', () => {
  test.each<[string, SearchQuery, SearchQuery]>([
    ['trims q and v', { q: '  pump ', v: ' Hayward ' }, { q: 'pump', v: 'Hayward' }],
    ['leaves out empty fields', { q: '  ', v: '', t: [], c: '' }, {}],
    ['drops an unknown sort and the default sort', { sortBy: 'bogus' as never }, {}],
    ['keeps a known sort', { sortBy: 'price_desc' }, { sortBy: 'price_desc' }],
    ['drops the default sort (absence means default)', { sortBy: '' }, {}],
    ['turns an invalid limit into the median', { limit: 10 }, { limit: 24 }],
    ['keeps an allowed limit', { limit: 64 }, { limit: 64 }],
    ['drops a negative page', { page: -1 }, {}],
    ['drops a fractional page', { page: 1.5 }, {}],
    ['keeps page 0', { page: 0 }, { page: 0 }],
    ['keeps a numeric collection id', { c: ' 42 ' }, { c: '42' }],
    ['drops a non-numeric collection id', { c: 'pumps' }, {}],
    ['rounds prices to cents', { minPrice: 10.005, maxPrice: 20.1 }, { minPrice: 10.01, maxPrice: 20.1 }],
    ['drops a max not above the min', { minPrice: 50, maxPrice: 50 }, { minPrice: 50 }],
    ['drops a negative min', { minPrice: -5, maxPrice: 50 }, { maxPrice: 50 }],
    [
      'keeps one value per tag prefix, the last',
      { t: [['Brand', 'Hayward'], ['Voltage', '230'], ['Brand', 'Pentair']] },
      { t: [['Brand', 'Pentair'], ['Voltage', '230']] },
    ],
    ['drops tag pairs with an empty side or a comma in the prefix', { t: [[' ', 'x'], ['Brand', ' '], ['A,B', 'c']] }, {}],
    ['replaces lone surrogates', { q: 'pump \uD83D' }, { q: 'pump \uFFFD' }],
  ])('%s', (_title, query, expected) => {
    expect(normalizeSearchQuery(query)).toEqual(expected);
  });

  test('normalizeTagPairs trims both sides', () => {
    expect(normalizeTagPairs([[' Filter Type ', ' Sand ']])).toEqual([['Filter Type', 'Sand']]);
    expect(normalizeTagPairs(null)).toEqual([]);
  });

  test('a generated valid query is already in normal form', () => {
    fc.assert(
      fc.property(searchQueryArb, (query) => {
        expect(normalizeSearchQuery(query)).toEqual(query);
      }),
    );
  });

  test('normalising is idempotent on any input', () => {
    const loose = fc.record(
      {
        q: fc.string({ unit: 'binary' }),
        v: fc.string(),
        t: fc.array(fc.tuple(fc.string(), fc.string())),
        c: fc.oneof(fc.string(), fc.nat().map(String)),
        minPrice: fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((c) => c / 100)),
        maxPrice: fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((c) => c / 100)),
        sortBy: fc.oneof(sortByArb, fc.string()),
        limit: fc.oneof(fc.integer(), pageSizeArb, fc.double()),
        page: fc.oneof(fc.integer(), fc.double()),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<SearchQuery>;
    fc.assert(
      fc.property(loose, (query) => {
        const once = normalizeSearchQuery(query);
        expect(normalizeSearchQuery(once)).toEqual(once);
      }),
    );
  });
});
