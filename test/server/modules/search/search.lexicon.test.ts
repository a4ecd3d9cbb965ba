/**
 * The lexicon's sorted term list and the part-number table take new terms after the bulk load
 * in a short list merged at the next lookup: whatever mix of writes and lookups, a lookup sees
 * every term written so far, in code-unit order, each term's ordinals ascending.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SnapshotWriter } from '../../../../src/server/modules/search/fast/snapshot.ts';
import { Lexicon, PrefixTable, SETTLE_AFTER } from '../../../../src/server/modules/search/lexicon.ts';
import { PackedStrings } from '../../../../src/server/modules/search/packed.ts';

const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);
import { mulberry32 } from '../../../../src/server/platform/random/prng.ts';

/** Short words over a few letters, so prefixes and repeats are common. */
const termArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '1'), minLength: 1, maxLength: 4 });

/** A write of a term (at the next ordinal) or a lookup of a prefix. */
type Step = { add: string } | { lookup: string };
const stepsArb = fc.array(fc.oneof(termArb.map((add): Step => ({ add })), fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '1'), maxLength: 2 }).map((lookup): Step => ({ lookup }))), { maxLength: 80 });

/** What a lookup of `prefix` must see: the distinct terms written that start with it, sorted by code unit. */
function expectedTerms(written: readonly string[], prefix: string): string[] {
  return [...new Set(written)].filter((t) => t.startsWith(prefix)).sort();
}

describe('Lexicon', () => {
  test('a prefix lookup sees every term written before it, sorted, whatever the mix of writes and lookups', () => {
    fc.assert(fc.property(fc.array(termArb, { maxLength: 20 }), stepsArb, (loaded, steps) => {
      const lexicon = new Lexicon(true, true);
      const written: string[] = [];
      const postings = new Map<string, number>();
      let ord = 0;
      const write = (term: string): void => {
        lexicon.add(term, ord++, 1);
        written.push(term);
        postings.set(term, (postings.get(term) ?? 0) + 1);
      };
      lexicon.beginBulk();
      for (const term of loaded) write(term);
      lexicon.endBulk(true);
      for (const step of [...steps, { lookup: '' }]) {
        if ('add' in step) {
          write(step.add);
          continue;
        }
        const [from, to] = lexicon.prefixRange(step.lookup);
        const seen: string[] = [];
        lexicon.forRange(from, to, (term, p) => {
          seen.push(term);
          expect(p.length).toBe(postings.get(term));
        });
        const want = expectedTerms(written, step.lookup);
        expect(seen).toEqual(want);
        expect(lexicon.rangeCost(from, to)).toBe(want.reduce((n, t) => n + (postings.get(t) ?? 0), 0));
      }
    }), { numRuns: 300 });
  });

  test('terms written after the load keep their ids and postings', () => {
    const lexicon = new Lexicon(true, true);
    lexicon.beginBulk();
    const pump = lexicon.add('pump', 0, 1);
    lexicon.endBulk(true);
    const valve = lexicon.add('valve', 1, 1);
    const again = lexicon.add('pump', 1, 8);
    expect(again).toBe(pump);
    expect(lexicon.idOf('valve')).toBe(valve);
    expect(lexicon.terms.get('pump')!.length).toBe(2);
    const [from, to] = lexicon.prefixRange('');
    const seen: string[] = [];
    lexicon.forRange(from, to, (term) => seen.push(term));
    expect(seen).toEqual(['pump', 'valve']);
  });
});

describe('PrefixTable', () => {
  test("a prefix slice holds every part number written before it, the exact term's first", () => {
    fc.assert(fc.property(fc.array(termArb, { maxLength: 20 }), stepsArb, (loaded, steps) => {
      const table = new PrefixTable();
      const written: [string, number][] = [];
      let ord = 0;
      const write = (term: string): void => {
        // a document writes several part numbers at its ordinal, sometimes the same one twice
        table.add(term, ord);
        written.push([term, ord]);
        if (term.length % 2 === 0) ord++;
      };
      table.beginBulk();
      for (const term of loaded) write(term);
      table.endBulk();
      ord++;
      for (const step of [...steps, { lookup: '' }]) {
        if ('add' in step) {
          write(step.add);
          continue;
        }
        const { ords, from, exactEnd, to } = table.prefixSlice(step.lookup);
        const want = written.filter(([t]) => t.startsWith(step.lookup));
        // the exact term's postings first, then the longer terms' (each as a set of ordinals)
        expect(sorted(ords.subarray(from, exactEnd))).toEqual(sorted(want.filter(([t]) => t === step.lookup).map(([, o]) => o)));
        expect(sorted(ords.subarray(exactEnd, to))).toEqual(sorted(want.filter(([t]) => t !== step.lookup).map(([, o]) => o)));
        expect(table.size).toBe(written.length);
      }
    }), { numRuns: 300 });
  });
});

describe('many writes between two lookups (merged in batches of SETTLE_AFTER as they come)', () => {
  const rng = mulberry32(7);
  const word = (): string => Array.from({ length: 1 + Math.floor(rng.next() * 6) }, () => 'abcdefgh1'[Math.floor(rng.next() * 9)]).join('');
  const writes = Array.from({ length: 3 * SETTLE_AFTER + 17 }, word);

  test('the lexicon holds every term, sorted', () => {
    const lexicon = new Lexicon(true, true);
    lexicon.beginBulk();
    lexicon.add('m', 0, 1);
    lexicon.endBulk(true);
    writes.forEach((term, i) => lexicon.add(term, i + 1, 1));
    const [from, to] = lexicon.prefixRange('');
    const seen: string[] = [];
    lexicon.forRange(from, to, (term) => seen.push(term));
    expect(seen).toEqual([...new Set(['m', ...writes])].sort());
  });

  test('the part-number table holds every pair, by term then ordinal', () => {
    const table = new PrefixTable();
    table.beginBulk();
    table.add('m', 0);
    table.endBulk();
    writes.forEach((term, i) => table.add(term, i + 1));
    const { ords, from, to } = table.prefixSlice('');
    expect(sorted(ords.subarray(from, to))).toEqual(Array.from({ length: writes.length + 1 }, (_, i) => i));
    // once packed (a snapshot packs them), by term then ordinal
    table.save(new SnapshotWriter());
    const packed = table.prefixSlice('');
    const want = [['m', 0] as const, ...writes.map((t, i) => [t, i + 1] as const)].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x - y));
    expect([...packed.ords.subarray(packed.from, packed.to)]).toEqual(want.map(([, o]) => o));
  });
});

describe('PackedStrings', () => {
  test('finds every prefix range and string as a sorted array of strings does, packed or not', () => {
    const chars = fc.constantFrom('a', 'b', '1', 'é', 'ÿ', 'ß', 'Ω', '中');
    fc.assert(fc.property(fc.array(fc.array(chars, { maxLength: 5 }).map((cs) => cs.join('')), { maxLength: 30 }), fc.array(chars, { maxLength: 3 }).map((cs) => cs.join('')), (list, prefix) => {
      const sortedList = [...new Set(list)].sort();
      const packed = PackedStrings.of(sortedList);
      expect(packed.all()).toEqual(sortedList);
      const from = sortedList.findIndex((s) => s >= prefix);
      const start = from < 0 ? sortedList.length : from;
      let end = start;
      while (end < sortedList.length && sortedList[end]!.startsWith(prefix)) end++;
      expect(packed.prefixRange(prefix)).toEqual([start, end]);
      sortedList.forEach((s, k) => expect(Math.sign(packed.compare(k, prefix))).toBe(s < prefix ? -1 : s > prefix ? 1 : 0));
    }), { numRuns: 500 });
  });
});
