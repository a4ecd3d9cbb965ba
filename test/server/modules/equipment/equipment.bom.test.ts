/**
 * The laws of generated equipment, as a pool pro reads a manufacturer's parts sheet, over
 * catalogues of several sizes and seeds: a model's diagram draws its bill of materials once
 * (one motor, one impeller, one strainer basket ...), every callout is a line of the list and
 * every line a callout, a part fits a model only through its bill of materials or as a part of
 * a kind that is universal for the model's kind, a part belongs to one series, a superseded part
 * was a part of the same kind, and the descriptions say what the cross-reference says.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { generateCatalogue, type GenCollection } from '../../../../src/server/seed/generate.ts';
import { EQUIPMENT_KINDS, generateEquipment, type GeneratedEquipment, type ProductFact } from '../../../../src/server/seed/equipment.ts';
import { GLYPHS, parseShape } from '../../../../src/server/modules/equipment/assembly.ts';

interface World { facts: Map<number, ProductFact>; leafTitle: Map<number, string>; g: GeneratedEquipment; collections: GenCollection[] }

function world(products: number, seed: number): World {
  const cat = generateCatalogue({ products, seed });
  const facts: ProductFact[] = [];
  for (const p of cat.products()) facts.push({ id: p.id, productCode: p.productCode, vendorId: p.vendorId, collectionId: p.collectionId, title: p.title });
  const g = generateEquipment({ seed, collections: cat.collections, vendors: cat.vendors, products: facts });
  return { facts: new Map(facts.map((f) => [f.id, f])), leafTitle: new Map(cat.collections.map((c) => [c.id, c.title])), g, collections: cat.collections };
}

/** The leaf and noun of a product (the longest of its leaf's nouns its title holds). */
function kindOfPart(w: World, id: number): { leaf: string; noun: string | undefined } {
  const f = w.facts.get(id)!;
  const leaf = w.leafTitle.get(f.collectionId)!;
  const nouns = w.collections.find((c) => c.title === leaf)?.template?.nouns ?? [];
  return { leaf, noun: [...nouns].sort((a, b) => b.length - a.length).find((n) => f.title.includes(n)) };
}

/** Every role of every kind's bill of materials. */
const ROLES = Object.values(EQUIPMENT_KINDS).flat().flatMap((k) => k.roles);

/** Every law of one generated world; throws on the first broken one. */
function checkLaws(w: World): void {
  const { g } = w;
  const seriesOf = new Map<number, string>();
  for (const e of g.equipment) {
    const def = EQUIPMENT_KINDS[e.type].find((k) => k.kind === e.kind)!;
    // one diagram whose callouts are the bill of materials, each line once, each part once
    expect(e.diagrams).toHaveLength(1);
    const callouts = e.diagrams[0]!.callouts;
    expect(callouts.map((c) => c.productId)).toEqual(e.bom.map((b) => b.productId));
    expect(new Set(callouts.map((c) => c.productId)).size).toBe(callouts.length);
    expect(new Set(e.bom.map((b) => b.role)).size).toBe(e.bom.length);
    for (const [i, line] of e.bom.entries()) {
      const role = def.roles.find((r) => r.name === line.role)!;
      expect(role, line.role).toBeDefined();
      expect(line.quantity).toBe(role.quantity ?? 1);
      expect(callouts[i]!.quantity).toBe(line.quantity);
      // the part is of the line's kind: no heater gasket on a pump, no valve o-ring on a salt system
      const part = kindOfPart(w, line.productId);
      expect(role.leaves, `${e.model} ${line.role}`).toContain(part.leaf);
      if (role.nouns) expect(role.nouns, `${e.model} ${line.role}`).toContain(part.noun);
      expect(parseShape(callouts[i]!.shape)?.glyph).toBe(role.glyph);
      // a part belongs to one series
      const key = `${e.brand}\u0000${e.series}`;
      expect(seriesOf.get(line.productId) ?? key).toBe(key);
      seriesOf.set(line.productId, key);
    }
    for (const name of def.roles.filter((r) => r.required === true).map((r) => r.name)) expect(e.bom.map((b) => b.role)).toContain(name);
    // fits: the bill of materials, then parts of a kind declared universal for this kind
    expect(e.fitment.filter((f) => !f.universal).map((f) => f.productId)).toEqual(e.bom.map((b) => b.productId));
    for (const f of e.fitment.filter((x) => x.universal)) {
      const part = kindOfPart(w, f.productId);
      expect((def.universal ?? []).some((u) => u.leaves.includes(part.leaf) && (u.nouns === undefined || u.nouns.includes(part.noun!)))).toBe(true);
    }
  }
  // a superseded part is another part of the same kind, of no bill of materials; its replacement is in one
  const inBom = new Set(g.equipment.flatMap((e) => e.bom.map((b) => b.productId)));
  const fitting = new Set(g.equipment.flatMap((e) => e.fitment.map((f) => f.productId)));
  const notes = new Map([...g.notes].map((n) => [n.productId, n.html]));
  for (const s of g.supersessions) {
    // the same kind of part: both fill one role of a bill of materials (a copper heat exchanger may
    // be superseded by a cupro-nickel one, a full-rated motor by an up-rated one)
    const [was, now] = [kindOfPart(w, s.productId).leaf, kindOfPart(w, s.replacedById).leaf];
    expect(ROLES.some((r) => r.leaves.includes(was) && r.leaves.includes(now)), `${was} -> ${now}`).toBe(true);
    expect(inBom.has(s.replacedById)).toBe(true);
    expect(fitting.has(s.productId)).toBe(false);
    const old = w.facts.get(s.productId)!.productCode;
    const next = w.facts.get(s.replacedById)!.productCode;
    expect(notes.get(s.productId)).toContain(`Part ${old} was replaced by ${next}`);
    expect(notes.get(s.replacedById)).toContain(`It replaces part ${old}.`);
  }
  // every part of a bill of materials says which series it fits
  for (const e of g.equipment) for (const b of e.bom) expect(notes.get(b.productId)).toContain(`${e.brand} ${e.series}`);
}

describe('generated equipment documents its parts as manufacturers do', () => {
  test('the laws hold over catalogues of several sizes and seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 2500 }), fc.integer({ min: 1, max: 1_000_000 }), (products, seed) => {
        checkLaws(world(products, seed));
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  describe('counter examples', () => {
    test('the default store (3,000 products, seed 1)', () => checkLaws(world(3000, 1)), 60_000);
    test('1,066 products, seed 1: a full-rated motor superseded by an up-rated one', () => checkLaws(world(1066, 1)), 60_000);
  });

  test("a pump's parts lie along its shaft in assembly order, the strainer's up its pot, the callouts in one row", () => {
    const w = world(3000, 1);
    const pumps = w.g.equipment.filter((e) => e.type === 'pump');
    expect(pumps.length).toBeGreaterThan(3);
    for (const e of pumps) {
      const callouts = e.diagrams[0]!.callouts;
      const on = (glyphs: readonly string[]) => callouts.filter((c) => glyphs.includes(parseShape(c.shape)!.glyph) && parseShape(c.shape)!.axis === (glyphs.includes('basket') ? 'v' : 'h'));
      const shaft = callouts.slice(0, e.bom.findIndex((b) => b.role === 'Strainer basket'));
      expect(shaft[0]!.shape).toBe('motor');
      expect(new Set(shaft.map((c) => c.partY)).size).toBe(1);
      expect(shaft.map((c) => c.partX)).toEqual([...shaft.map((c) => c.partX)].sort((a, b) => a - b));
      expect(new Set(shaft.map((c) => c.y)).size).toBe(1);
      const pot = on(['basket', 'oring', 'lid']);
      expect(pot.map((c) => c.partY)).toEqual([...pot.map((c) => c.partY)].sort((a, b) => b - a));
      // no two parts of a line overlap
      for (let i = 1; i < shaft.length; i++) {
        const a = GLYPHS[parseShape(shaft[i - 1]!.shape)!.glyph];
        const b = GLYPHS[parseShape(shaft[i]!.shape)!.glyph];
        expect(shaft[i]!.partX - shaft[i - 1]!.partX).toBeGreaterThanOrEqual((a.len + b.len) / 2);
      }
    }
  });
});
