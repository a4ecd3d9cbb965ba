import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { searchWithinQuery, tagSections, withTagChoice } from '../../src/domain/filters.ts';
import type { TagPair } from '../../src/domain/entities.ts';

const pair = fc.tuple(fc.constantFrom('Brand', 'HP', 'Size'), fc.string({ minLength: 1 })).map((p) => p as unknown as TagPair);

describe('tag choice', () => {
  test.each([
    [[['Brand', 'Hayward']], 'HP', '1 HP', [['Brand', 'Hayward'], ['HP', '1 HP']]],
    [[['HP', '1 HP']], 'HP', '2 HP', [['HP', '2 HP']]],
    [[['HP', '1 HP']], 'HP', '', []],
    [undefined, 'HP', '', []],
  ] as const)('keeps one value per prefix and None removes it: %j + %s=%s', (tags, prefix, value, expected) => {
    expect(withTagChoice(tags as unknown as TagPair[] | undefined, prefix, value)).toEqual(expected);
  });
  test('choosing is idempotent and leaves at most one value for the prefix', () => {
    fc.assert(
      fc.property(fc.array(pair), fc.constantFrom('Brand', 'HP'), fc.string(), (tags, prefix, value) => {
        const once = withTagChoice(tags, prefix, value);
        expect(withTagChoice(once, prefix, value)).toEqual(once);
        expect(once.filter(([p]) => p === prefix).length).toBe(value === '' ? 0 : 1);
      }),
    );
  });
  test('groups facets by prefix in the order of the available prefixes, dropping empty sections', () => {
    const facets = [
      { tagPrefix: 'HP', tagValue: '1', tagCount: 1 },
      { tagPrefix: 'Brand', tagValue: 'A', tagCount: 2 },
    ];
    expect(tagSections([{ tagPrefixValue: 'Brand' }, { tagPrefixValue: 'HP' }, { tagPrefixValue: 'Empty' }], facets).map((s) => s.prefix)).toEqual(['Brand', 'HP']);
  });
});

describe('search within', () => {
  test.each([
    ['pump', 'motor', 'pump motor'],
    [undefined, ' seal ', 'seal'],
    ['pump', '   ', 'pump'],
  ])('narrows %s by %s to %s', (current, within, expected) => {
    expect(searchWithinQuery(current, within)).toBe(expected);
  });
  test('never starts or ends with a space', () => {
    fc.assert(fc.property(fc.option(fc.string(), { nil: undefined }), fc.string(), (a, b) => {
      const q = searchWithinQuery(a, b);
      expect(q).toBe(q.trim());
    }));
  });
});
