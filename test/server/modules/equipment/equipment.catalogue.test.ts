/**
 * The equipment catalogue's part-number columns (modules/equipment/catalogue.ts) against a plain
 * reference built the way the catalogue held them before (a Map of each product's numbers sorted
 * by kind, a Map of each normalised number's holders): every product's numbers, its OEM number,
 * what the search index is given, and which product answers a typed number.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PartNumber, PartNumberKind } from '../../../../src/api/types.ts';
import { EquipmentCatalogue } from '../../../../src/server/modules/equipment/catalogue.ts';
import { PartNumberColumns, type PartNumberRow } from '../../../../src/server/modules/equipment/part-numbers.ts';
import { normalizePartNumber } from '../../../../src/server/modules/search/text.ts';

const KIND_RANK: Record<PartNumberKind, number> = { oem: 0, aftermarket: 1, supersedes: 2 };
type Row = PartNumberRow;

/** The reference: the numbers of a product (kind order, then as read) and the holders of a number. */
function reference(rows: readonly Row[], replacedBy: ReadonlyMap<number, number>) {
  const ofProduct = new Map<number, PartNumber[]>();
  const holders = new Map<string, Row[]>();
  for (const p of rows) {
    let list = ofProduct.get(p.productId);
    if (!list) ofProduct.set(p.productId, (list = []));
    list.push({ number: p.number, kind: p.kind });
    if (p.normalized === '') continue;
    let held = holders.get(p.normalized);
    if (!held) holders.set(p.normalized, (held = []));
    held.push(p);
  }
  for (const list of ofProduct.values()) list.sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind]);
  const best = (q: string): Row | undefined => [...(holders.get(normalizePartNumber(q)) ?? [])].sort((a, b) =>
    Number(replacedBy.has(a.productId)) - Number(replacedBy.has(b.productId))
    || KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.productId - b.productId)[0];
  return { ofProduct, best };
}

// few numbers spelt several ways, so products share normalised numbers
const numberArb = fc.constantFrom('AB-12', 'ab12', 'AB 12', 'X-9', 'x9', 'Q-100', 'q100s', 'Z', '--', '77');
const rowArb = fc.record({
  productId: fc.integer({ min: 1, max: 12 }),
  number: numberArb,
  kind: fc.constantFrom<PartNumberKind>('oem', 'aftermarket', 'supersedes'),
});

describe('the equipment catalogue: part numbers', () => {
  test('a product\'s numbers, its OEM number, its search numbers and the answer to a typed number are the reference\'s', () => {
    fc.assert(fc.property(
      fc.array(rowArb, { maxLength: 40 }),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: 20 })), { maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
      (raw, replacements, inOrder, asColumns) => {
        // read in product order, as the repository reads them (ORDER BY product_id, position),
        // or in any order (the catalogue then sorts them itself)
        const read: Row[] = raw.map((r) => ({ ...r, normalized: normalizePartNumber(r.number) }));
        const rows = inOrder ? read.sort((a, b) => a.productId - b.productId) : read;
        const replacedBy = new Map(replacements);
        const catalogue = new EquipmentCatalogue({
          // as rows, or as the columns the repository reads them into
          equipment: [], numbers: [], fitment: [], partNumbers: asColumns ? PartNumberColumns.of(rows) : rows,
          supersessions: [...replacedBy].map(([productId, replacedById]) => ({ productId, replacedById })),
        });
        const ref = reference(rows, replacedBy);
        for (let id = 0; id <= 21; id++) {
          const numbers = ref.ofProduct.get(id) ?? [];
          expect(catalogue.partNumbersOf(id)).toEqual(numbers);
          expect(catalogue.searchNumbersOf(id)).toEqual(numbers.map((n) => n.number));
          expect(catalogue.oemNumberOf(id)).toBe(numbers.find((n) => n.kind === 'oem')?.number ?? null);
        }
        for (const q of ['AB-12', 'ab 12', 'x9', 'Q100', 'q100s', 'z', '77', '--', 'nothing']) {
          const best = ref.best(q);
          const expected = best === undefined ? null
            : replacedBy.has(best.productId) ? { number: best.number, kind: 'supersedes', productId: catalogue.currentOf(best.productId) }
              : { number: best.number, kind: best.kind, productId: best.productId };
          expect(catalogue.matchPartNumber(q)).toEqual(expected);
        }
      },
    ));
  });
});
