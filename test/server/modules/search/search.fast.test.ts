/**
 * The parts of the fast index on their own (src/server/modules/search/fast/): the bitset algebra
 * against plain sets, the facet name dictionaries, and the presorted orders kept by binary
 * insertion against a full sort. The whole index is checked against the oracle in
 * search.oracle.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  andAll, andAny, countAnd, countBits, forEachBit, hasBit, listBits, popcount, setBit, clearBit,
} from '../../../../src/server/modules/search/fast/bits.ts';
import { Names } from '../../../../src/server/modules/search/fast/names.ts';
import { Orders } from '../../../../src/server/modules/search/fast/orders.ts';
import { PRESORTED_SORTS } from '../../../../src/server/modules/search/sorting.ts';
import { DocumentStore, remapBits } from '../../../../src/server/modules/search/fast/storage.ts';
import { createFastSearchIndex } from '../../../../src/server/modules/search/fast/index.ts';
import { ForwardIndex } from '../../../../src/server/modules/search/fast/forward.ts';
import { TitleKeys } from '../../../../src/server/modules/search/fast/titles.ts';
import { doc } from './search.helpers.ts';

const WORDS = 4;
const ordinalSet = fc.uniqueArray(fc.integer({ min: 0, max: WORDS * 32 - 1 }), { maxLength: 60 });
const bitsOf = (ordinals: readonly number[]): Uint32Array => {
  const bits = new Uint32Array(WORDS);
  for (const o of ordinals) setBit(bits, o);
  return bits;
};
const members = (bits: Uint32Array): number[] => {
  const out: number[] = [];
  forEachBit(bits, (d) => out.push(d));
  return out;
};
const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

describe('bitsets', () => {
  test('set, clear, list and count agree with a plain set', () => {
    fc.assert(fc.property(ordinalSet, ordinalSet, (add, drop) => {
      const bits = bitsOf(add);
      for (const o of drop) clearBit(bits, o);
      const expected = sorted(new Set(add.filter((o) => !drop.includes(o))));
      expect(members(bits)).toEqual(expected);
      expect([...listBits(bits, new Uint32Array(WORDS * 32)).subarray(0, expected.length)]).toEqual(expected);
      expect(countBits(bits)).toBe(expected.length);
      for (let o = 0; o < WORDS * 32; o++) expect(hasBit(bits, o)).toBe(expected.includes(o));
    }));
  });

  test('popcount counts the bits of any 32-bit word', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), (x) => {
      expect(popcount(x | 0)).toBe([...x.toString(2)].filter((c) => c === '1').length);
    }));
  });

  test('andAll, andAny and countAnd are intersection, intersection with a union, and its size', () => {
    fc.assert(fc.property(ordinalSet, fc.array(ordinalSet, { maxLength: 6 }), (base, others) => {
      const inAll = base.filter((o) => others.every((set) => set.includes(o)));
      const into = new Uint32Array(WORDS);
      expect(andAll(into, bitsOf(base), others.map(bitsOf))).toBe(inAll.length);
      expect(members(into)).toEqual(sorted(inAll));

      const inAny = base.filter((o) => others.some((set) => set.includes(o)));
      const any = bitsOf(base);
      expect(andAny(any, others.map(bitsOf), new Uint32Array(WORDS))).toBe(inAny.length);
      expect(members(any)).toEqual(sorted(inAny));

      if (others[0] !== undefined) expect(countAnd(bitsOf(base), bitsOf(others[0]))).toBe(base.filter((o) => others[0]!.includes(o)).length);
    }));
  });

  test('remapBits renumbers members and drops retired ordinals', () => {
    const remap = Int32Array.from([2, -1, 0, 1, -1]);
    expect(members(remapBits(bitsOf([0, 1, 2, 4]), remap))).toEqual([0, 2]);
  });
});

describe('facet name dictionaries', () => {
  test('shows the spelling of the lowest document id, and of the next one once it leaves', () => {
    const names = new Names();
    const id = names.add('hayward', 'HAYWARD', 9);
    expect(names.add('hayward', 'Hayward', 4)).toBe(id);
    names.add('hayward', 'hayward', 6);
    expect(names.names[id]).toBe('Hayward');
    names.release(id, 4);
    // the live documents offer their spellings again, lowest id kept
    names.offer(id, 'HAYWARD', 9);
    names.offer(id, 'hayward', 6);
    names.settle();
    expect(names.names[id]).toBe('hayward');
    expect(names.holder[id]).toBe(6);
  });
});

describe('presorted orders', () => {
  test('a built order taking new ordinals by insertion lists the live documents as the order built from scratch', () => {
    const docArb = fc.record({
      id: fc.integer({ min: 1, max: 40 }),
      price: fc.integer({ min: 0, max: 5 }),
      sales: fc.integer({ min: 0, max: 3 }),
      title: fc.constantFrom('Pump', 'filter', 'Élan', 'o-ring', ''),
    });
    fc.assert(fc.property(fc.array(docArb, { maxLength: 30 }), fc.array(docArb, { maxLength: 30 }), (first, later) => {
      const write = (store: DocumentStore, orders: Orders | null, d: (typeof first)[number]): void => {
        store.retire(d.id);
        if (store.n === store.cap) {
          const cap = Math.max(1024, store.cap * 2);
          store.grow(cap);
          orders?.grow(cap);
        }
        const o = store.add(doc({ id: d.id, priceCents: d.price, salesCount: d.sales, title: d.title }));
        orders?.insert(o);
      };
      const kept = new DocumentStore();
      const keptOrders = new Orders(kept);
      for (const d of first) write(kept, keptOrders, d);
      for (const sort of PRESORTED_SORTS) keptOrders.orderOf(sort);
      for (const d of later) write(kept, keptOrders, d);
      const fresh = new DocumentStore();
      for (const d of [...first, ...later]) write(fresh, null, d);
      const freshOrders = new Orders(fresh);
      for (const sort of PRESORTED_SORTS) {
        const ids = (store: DocumentStore, orders: Orders): number[] => {
          const { order, length } = orders.orderOf(sort);
          // an order keeps retired ordinals until the next compaction (walks test the match set)
          return [...order.subarray(0, length)].filter((o) => hasBit(store.alive, o)).map((o) => store.idOf[o]!);
        };
        expect(ids(kept, keptOrders)).toEqual(ids(fresh, freshOrders));
      }
    }));
  });
});

describe('a word checked through the forward index', () => {
  test('ranks a product whose part number it equals above one whose part number it starts', () => {
    // 'valve' is expanded, 'abc123' checked on the remaining candidates (expandFactor 0): the
    // product whose number is 'abc123' outranks the better seller whose number only starts so
    const docs = [
      doc({ id: 1, title: 'Valve', partNumbers: ['ABC-123'], salesCount: 1 }),
      doc({ id: 2, title: 'Valve', partNumbers: ['ABC-1234'], salesCount: 50 }),
      doc({ id: 3, title: 'Valve', partNumbers: ['XYZ-9'], salesCount: 99 }),
      // more numbers start with 'abc123' than products say 'valve': 'valve' is the cheaper word
      ...[4, 5, 6, 7, 8].map((id) => doc({ id, title: 'Gasket', partNumbers: [`ABC-1239${id}`] })),
    ];
    for (const expandFactor of [0, Infinity]) {
      const index = createFastSearchIndex(docs, { expandFactor });
      expect(index.search({ q: 'valve abc123', sortBy: '', limit: 10, page: 0 }).ids).toEqual([1, 2]);
    }
  });
});

describe('ForwardIndex', () => {
  test('gives back each ordinal\'s ids and flags through writes, growth and compaction', () => {
    const idsArb = fc.uniqueArray(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 ** 27 })), { maxLength: 12 }).map((ids) => ids.sort((a, b) => a - b));
    fc.assert(fc.property(fc.array(idsArb, { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (docs, keep) => {
      const fwd = new ForwardIndex();
      fwd.grow(64);
      docs.forEach((ids, o) => fwd.add(o, ids, ids.map((id) => id & 0xff)));
      docs.forEach((ids, o) => {
        expect(fwd.idsOf(o)).toEqual(ids);
        expect([...fwd.flags.subarray(fwd.start[o], fwd.end[o])]).toEqual(ids.map((id) => id & 0xff));
      });
      // a compaction keeps the ordinals `keep` says, renumbered in order
      const remap = new Int32Array(docs.length).fill(-1);
      let next = 0;
      docs.forEach((_, o) => { if (keep[o] ?? true) remap[o] = next++; });
      fwd.compact(remap);
      docs.forEach((ids, o) => { if (remap[o]! >= 0) expect(fwd.idsOf(remap[o]!)).toEqual(ids); });
    }), { numRuns: 300 });
  });
});

describe('TitleKeys', () => {
  test('gives back each ordinal\'s key, Latin-1 or not, through rewrites, growth and compaction', () => {
    const keyArb = fc.array(fc.constantFrom('a', 'z', '0', 'é', 'ÿ', '—', '中', ' '), { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(fc.property(fc.array(keyArb, { maxLength: 30 }), fc.array(fc.boolean(), { maxLength: 30 }), (keys, keep) => {
      const titles = new TitleKeys();
      titles.grow(32);
      keys.forEach((k, o) => titles.set(o, `${k}x`));
      keys.forEach((k, o) => titles.set(o, k));
      keys.forEach((k, o) => expect(titles.get(o)).toBe(k));
      const remap = new Int32Array(keys.length).fill(-1);
      let next = 0;
      keys.forEach((_, o) => { if (keep[o] ?? true) remap[o] = next++; });
      titles.compact(remap);
      titles.grow(64);
      keys.forEach((k, o) => { if (remap[o]! >= 0) expect(titles.get(remap[o]!)).toBe(k); });
    }), { numRuns: 300 });
  });
});
