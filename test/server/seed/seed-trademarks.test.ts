/**
 * The generated catalogue names no real maker: its products, vendors, tags, equipment models
 * and part numbers are invented, so none resembles a trademark of the pool trade (a store that
 * prints 'StaRite' or 'WhisperFlo' on a part it did not get from that maker misleads shoppers).
 */
import { describe, expect, test } from 'vitest';
import { generateCatalogue } from '../../../src/server/seed/generate.ts';
import { generateEquipment, type ProductFact } from '../../../src/server/seed/equipment.ts';
import { QUESTION_TOPICS } from '../../../src/server/modules/content/copy-support.ts';

/** Marks of the pool and spa trade (makers, product lines), compared without case, spaces or hyphens. */
const REAL_MARKS = [
  'Pentair', 'Hayward', 'Jandy', 'Zodiac', 'Polaris', 'Sta-Rite', 'StaRite', 'WhisperFlo', 'IntelliFlo', 'SuperFlo', 'Super Pump',
  'Max-Flo', 'MaxFlo', 'TriStar', 'PowerFlo', 'EcoStar', 'Raypak', 'Rheem', 'AquaCal', 'Kreepy Krauly', 'Baracuda', 'Dolphin',
  'Maytronics', 'Waterway', 'Speck', 'Intermatic', 'Aqua Rite', 'AquaRite', 'Goldline', 'Clean & Clear', 'Triton', 'MasterTemp',
  'UltraTemp', 'Navigator', 'Prowler', 'Balboa', 'Gecko', 'Hydro-Quip', 'Smartpool', 'Caldera', 'Gulfstream', 'Hydrotherm',
  'Never Lube', 'NeverLube', 'Vortex', 'ProGrade', 'Hi-Rate', 'TurboCell', 'Solaxx', 'Aqua Pro', 'Pool Pilot', 'AutoPilot',
];

/** Real part numbers and the number forms of real makers. */
const REAL_NUMBERS = ['SP2607X10', 'SP1600Z2', 'SPX1600S', 'SPX3200DR', 'SPX1250Z1', 'R0445700', 'R0358800', 'CCP520', 'EC40', 'TR60', '071131', '073131'];
const REAL_NUMBER_FORMS = [/^spx\d{3,4}/, /^sp\d{4}/, /^r0\d{6}$/];

const key = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('the generated catalogue names no real maker', () => {
  const cat = generateCatalogue({ products: 3000, seed: 1 });
  const facts: ProductFact[] = [];
  const names: string[] = [...cat.vendors.map((v) => v.name), ...cat.collections.map((c) => c.title)];
  const numbers: string[] = [];
  for (const p of cat.products()) {
    facts.push({ id: p.id, productCode: p.productCode, vendorId: p.vendorId, collectionId: p.collectionId, title: p.title });
    names.push(p.title, p.handle, ...p.tags.map((t) => t.value), ...p.variants.map((v) => v.title));
    numbers.push(p.productCode, p.sku, ...p.variants.map((v) => v.sku));
  }
  const g = generateEquipment({ seed: 1, collections: cat.collections, vendors: cat.vendors, products: facts });
  for (const e of g.equipment) {
    names.push(e.brand, e.series, e.model, e.handle);
    numbers.push(...e.numbers);
  }
  numbers.push(...[...g.partNumbers].map((n) => n.number));
  names.push(...[...g.notes].map((n) => n.html));
  // the questions' seeded threads name the asker's equipment too
  names.push(...QUESTION_TOPICS.flatMap((t) => t.models));

  test.each(REAL_MARKS)('no product, vendor, tag, model or question thread resembles %s', (mark) => {
    const found = names.filter((n) => key(n).includes(key(mark)));
    expect(found.slice(0, 3)).toEqual([]);
  });

  test('no part or model number is a real one or in a real maker\'s form', () => {
    const real = new Set(REAL_NUMBERS.map(key));
    const found = numbers.filter((n) => real.has(key(n)) || REAL_NUMBER_FORMS.some((f) => f.test(key(n))));
    expect(found.slice(0, 5)).toEqual([]);
  });
});
