import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardsInListOrder } from '../../src/domain/recently-viewed.ts';

describe('the cards of the recently viewed list', () => {
  test('come in the list\'s order, leaving out ids without a card and cards the list does not name', () => {
    expect(cardsInListOrder([3, 9, 1], [{ id: 1 }, { id: 2 }, { id: 3 }])).toEqual([{ id: 3 }, { id: 1 }]);
  });

  test('property: the cards shown are exactly the listed ids that have a card, in list order', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 25 });
    fc.assert(
      fc.property(ids, ids, (list, answered) => {
        const cards = answered.map((id) => ({ id, title: `p${id}` }));
        const shown = cardsInListOrder(list, cards);
        expect(shown.map((c) => c.id)).toEqual(list.filter((id) => answered.includes(id)));
        for (const card of shown) expect(cards).toContain(card);
      }),
    );
  });
});
