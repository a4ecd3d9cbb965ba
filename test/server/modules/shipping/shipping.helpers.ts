/**
 * Fixtures of the server's shipping tests: an app whose shipping clock is pinned, and inventory
 * levels given the ship profiles and notices of the pool cart (chlorine, a pump, a sand
 * filter, trichlor, a basket), written into the variant and product columns an operator edits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ProductNotice, QuoteLine, ShippingProfile } from '../../../../src/domain/shipping/index.ts';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ShippingService, shippingTables } from '../../../../src/server/modules/shipping/service.ts';
import { commerceDb } from '../checkout/cart.helpers.ts';

/** Tue, Nov 24 2026, 9:00 in Kent, WA: before the 1 pm cut-off of a business day. */
export const PINNED_NOW = Date.UTC(2026, 10, 24, 17, 0);

/** A seeded app whose shipping quotes at {@link PINNED_NOW}. */
export async function shippingApp(now: number = PINNED_NOW): Promise<{ app: FastifyInstance; db: Db; shipping: ShippingService }> {
  const db = await commerceDb();
  const shipping = new ShippingService(shippingTables(), () => now);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-ship-'));
  const app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), shipping });
  return { app, db, shipping };
}

/** A product of the cart: its title, price, ship profile and notices. */
export interface FixtureProduct {
  title: string;
  priceCents: number;
  profile: ShippingProfile;
  notices?: ProductNotice[];
}

/** The products. */
export const FIXTURES = {
  chlorine: { title: 'Liquid Chlorine 12.5%', priceCents: 3999, profile: { shipClass: 'hazmat-ground', weightLb: 40, hazardGroup: 'hypochlorite' }, notices: [{ kind: 'not-returnable-once-opened' }] },
  pump: { title: 'Super Pump 1.5 HP', priceCents: 68999, profile: { shipClass: 'oversize', weightLb: 38, dimensions: { lengthIn: 30, widthIn: 14, heightIn: 16 } }, notices: [{ kind: 'prop65', cancer: ['lead'], reproductiveHarm: ['lead'] }] },
  filter: { title: 'Triton Sand Filter', priceCents: 114999, profile: { shipClass: 'freight', weightLb: 165, freightClass: 85, dimensions: { lengthIn: 40, widthIn: 40, heightIn: 48 }, handlingDays: 1 } },
  trichlor: { title: 'Trichlor 3" Tablets 25 lb', priceCents: 10999, profile: { shipClass: 'hazmat-ground', weightLb: 26, hazardGroup: 'isocyanurate' }, notices: [{ kind: 'prop65', cancer: ['chloroform'], reproductiveHarm: ['chloroform'] }] },
  basket: { title: 'Skimmer Basket', priceCents: 1299, profile: { shipClass: 'parcel', weightLb: 1.2 } },
} as const satisfies Record<string, FixtureProduct>;

/** The next product to take, per database (the files of a worker share this module: NO_ISOLATION in vite.config.ts). */
const nextLevel = new WeakMap<Db, number>();

/**
 * An inventory level of a product of its own (for sale, 500 in stock) made into `fixture`: the
 * variant's ship columns, the product's title and notices, the level's price. Answers its id.
 */
export async function fixtureLevel(db: Db, fixture: FixtureProduct): Promise<number> {
  // one level a product, each product used once per file
  const row = await db.get<{ id: number; variant_id: number; product_id: number }>(
    `SELECT l.id, l.variant_id, v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
     WHERE l.id = (SELECT MIN(l2.id) FROM inventory_levels l2 JOIN variants v2 ON v2.id = l2.variant_id WHERE v2.product_id = v.product_id)
     ORDER BY v.product_id LIMIT 1 OFFSET ?`,
    [takeNext(db)],
  );
  if (!row) throw new Error('no product left');
  const p = fixture.profile;
  const d = p.dimensions;
  await db.run(
    `UPDATE variants SET title = 'Default Title', ship_class = ?, weight_lb = ?, length_in = ?, width_in = ?, height_in = ?, freight_class = ?, hazard_group = ?,
       handling_days = ?, taxable = ? WHERE id = ?`,
    [p.shipClass, p.weightLb, d?.lengthIn ?? null, d?.widthIn ?? null, d?.heightIn ?? null, p.freightClass ?? null, p.hazardGroup ?? null, p.handlingDays ?? 0, p.taxable === false ? 0 : 1, row.variant_id],
  );
  await db.run('UPDATE products SET title = ?, notices_json = ? WHERE id = ?', [fixture.title, fixture.notices ? JSON.stringify(fixture.notices) : null, row.product_id]);
  await db.run('UPDATE inventory_levels SET price_cents = ?, quantity = 500, available_for_sale = 1, bypass_negative_quantity = 0 WHERE id = ?', [fixture.priceCents, row.id]);
  return row.id;
}

/** The quote line the server builds for a fixture level (what the domain is called with). */
export function fixtureLine(levelId: number, fixture: FixtureProduct, quantity = 1): QuoteLine {
  return { id: String(levelId), title: fixture.title, quantity, unitCents: fixture.priceCents, profile: { handlingDays: 0, taxable: true, ...fixture.profile }, notices: fixture.notices ?? [] };
}

/** A guest's hosted-checkout form to a San Diego street address, ground, the test card. */
export const CALIFORNIA_FORM: Readonly<Record<string, string>> = {
  email: 'pool@example.com', addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Harbor Dr', city: 'San Diego',
  stateCode: 'CA', zip: '92101', countryCode: 'US', phone: '6195550100', paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242',
  expMonth: '12', expYear: '2099', cvc: '123',
};

/** The next product offset of this database. */
function takeNext(db: Db): number {
  const at = nextLevel.get(db) ?? 0;
  nextLevel.set(db, at + 1);
  return at;
}
