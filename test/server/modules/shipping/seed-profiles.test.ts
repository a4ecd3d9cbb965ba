/**
 * The generated catalogue's ship profiles: every variant has one the quote accepts, chemicals
 * are ground-only hazardous materials in the right group, big equipment goes by freight or as
 * oversize boxes, and the seeded database holds them in the columns an operator edits.
 */
import { describe, expect, test, vi } from 'vitest';
import { profileProblem } from '../../../../src/domain/shipping/index.ts';
import { generateCatalogue } from '../../../../src/server/seed/generate.ts';
import { seedShipping } from '../../../../src/server/seed/ship-profiles.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';
import { parseNotices, quoteLinesOf } from '../../../../src/server/modules/shipping/service.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe('seeded ship profiles', () => {
  test('every variant of a 3,000-product catalogue has a profile the quote accepts', () => {
    const catalogue = generateCatalogue({ products: 3000, seed: 1 });
    const leaf = new Map(catalogue.collections.map((c) => [c.id, c.title]));
    const classes = new Map<string, number>();
    for (const p of catalogue.products()) {
      for (const v of p.variants) {
        const { profile } = seedShipping(leaf.get(p.collectionId) ?? '', p.title, p.weight, v.title);
        expect(profileProblem(profile, p.title)).toBeNull();
        classes.set(profile.shipClass, (classes.get(profile.shipClass) ?? 0) + 1);
      }
    }
    for (const c of ['parcel', 'oversize', 'freight', 'hazmat-ground']) expect(classes.get(c) ?? 0).toBeGreaterThan(0);
  });

  test.each([
    ['Shock', 'Cal-Hypo Shock', '25 lb', 'hazmat-ground', 'hypochlorite'],
    ['Shock', 'Dichlor Shock', '5 lb', 'hazmat-ground', 'isocyanurate'],
    ['Chlorine Tablets', '3" Stabilized Chlorine Tablets', '50 lb', 'hazmat-ground', 'isocyanurate'],
    ['pH Adjusters', 'pH Decreaser', '10 lb', 'hazmat-ground', 'acid'],
    ['pH Adjusters', 'pH Increaser', '10 lb', 'parcel', undefined],
    ['Sand Filters', 'Top-Mount Sand Filter', 'Default Title', 'freight', undefined],
    ['Heat Pumps', 'Titanium Heat Pump', 'Default Title', 'freight', undefined],
    ['Natural Gas Heaters', 'Low NOx Gas Heater', 'Default Title', 'freight', undefined],
    ['Inground Variable Speed Pumps', 'Variable Speed Pool Pump', '1.5 HP', 'oversize', undefined],
    ['Pump O-Rings', 'Pump Lid O-Ring', 'Single', 'parcel', undefined],
    ['Filter Sand', 'Pool Filter Sand #20', '10-Pack', 'freight', undefined],
  ])('%s / %s (%s) ships as %s', (leaf, title, variant, shipClass, group) => {
    const { profile } = seedShipping(leaf, title, 40, variant);
    expect(profile.shipClass).toBe(shipClass);
    expect(profile.hazardGroup).toBe(group);
  });

  test('a size option weighs the contents and the pack; chemicals stay within a limited-quantity package', () => {
    expect(seedShipping('Shock', 'Cal-Hypo Shock', 3, '25 lb').profile.weightLb).toBe(27);
    expect(seedShipping('Shock', 'Cal-Hypo Shock', 3, '50 lb / 4-Pack').profile.weightLb).toBe(60);
    expect(seedShipping('Algaecides', 'Algaecide 60', 3, '1 gal').profile.weightLb).toBe(10.57);
  });

  test('trichlor carries its Proposition 65 warning, sand and DE the silica one, chemicals are not returnable once opened', () => {
    expect(seedShipping('Chlorine Tablets', '3" Stabilized Chlorine Tablets', 25, '25 lb').notices.map((n) => n.kind)).toEqual(['prop65', 'not-returnable-once-opened']);
    expect(seedShipping('DE Powder', 'DE Filter Aid', 25, '25 lb').notices).toEqual([{ kind: 'prop65', cancer: ['crystalline silica (airborne particles of respirable size)'], reproductiveHarm: [] }]);
    expect(seedShipping('Pump O-Rings', 'Pump Lid O-Ring', 0.1, 'Single').notices).toEqual([]);
  });

  test('the seeded store keeps the profiles in its variant and product columns, and the service reads them back', async () => {
    const db = await commerceDb();
    const hazmat = await db.get<{ level: number; notices_json: string | null }>(
      `SELECT l.id AS level, p.notices_json FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
       WHERE v.ship_class = 'hazmat-ground' ORDER BY l.id LIMIT 1`,
    );
    expect(hazmat).toBeDefined();
    const [line] = await quoteLinesOf(db, [{ inventoryLevelId: hazmat!.level, quantity: 1 }]);
    expect(line?.profile.shipClass).toBe('hazmat-ground');
    expect(line?.profile.hazardGroup).toMatch(/^(hypochlorite|isocyanurate|acid|other)$/);
    expect(line?.notices).toEqual(parseNotices(hazmat!.notices_json));
    const counts = await db.all<{ ship_class: string }>('SELECT DISTINCT ship_class FROM variants');
    expect(counts.length).toBeGreaterThan(1);
  });

  test('stored notices that are not the domain shape are no notices', () => {
    expect(parseNotices('not json')).toEqual([]);
    expect(parseNotices('{"kind":"prop65"}')).toEqual([]);
    expect(parseNotices('[{"kind":"prop65","cancer":"lead"},{"kind":"hazmat-handling"},7]')).toEqual([{ kind: 'hazmat-handling' }]);
  });
});
