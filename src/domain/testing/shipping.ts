/**
 * fast-check arbitraries for shipping: shipping profiles of every ship class, quote lines and
 * mixed baskets, destinations drawn from a set of shipping tables (so their ZIP and state agree),
 * and order instants across the years the store quotes.
 *
 * Generated profiles always pass `profileProblem` (a weight within their class's limit, parcel
 * sizes a carrier takes), so a property can assume a basket is valid.
 *
 * @example
 * import fc from 'fast-check';
 * import { quoteBasketArb, shippingDestinationArb, quoteInstantArb } from 'skimmer/domain/testing';
 * fc.assert(fc.property(quoteBasketArb(), shippingDestinationArb(tables), quoteInstantArb(), (lines, to, now) =>
 *   quoteShipment(lines, to, now, tables).ok));
 * @module
 */
import fc from 'fast-check';
import type { QuoteLine, ShippingDestination } from '../shipping/quote.ts';
import type { ShippingTables } from '../shipping/tables.ts';
import { FREIGHT_CLASSES, HAZARD_GROUPS, type ShipClass, type ShippingProfile } from '../shipping/ship-class.ts';
import type { ProductNotice } from '../shipping/notices.ts';

/** A weight in pounds with two decimals, from `min` to `max`. */
function poundsArb(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);
}

/** Options of {@link shippingProfileArb}. */
export interface ShippingProfileArbOptions {
  /** Classes to draw from. @default every class */
  classes?: readonly ShipClass[];
}

/**
 * A valid shipping profile: parcels of 0.1 to 60 lb, oversize boxes of 5 to 70 lb within the
 * parcel size limits, freight of 60 to 600 lb with an NMFC class, chemicals of 1 to 50 lb with a
 * hazard group; 0 to 3 handling days.
 * @example
 * fc.assert(fc.property(shippingProfileArb(), (p) => profileProblem(p, 'x') === null));
 */
export function shippingProfileArb(options: ShippingProfileArbOptions = {}): fc.Arbitrary<ShippingProfile> {
  const classes = options.classes ?? ['parcel', 'oversize', 'freight', 'hazmat-ground'];
  const handling = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 });
  const taxable = fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 });
  const byClass: Record<ShipClass, fc.Arbitrary<ShippingProfile>> = {
    parcel: fc.record({ shipClass: fc.constant('parcel' as const), weightLb: poundsArb(0.1, 60), handlingDays: handling, taxable }),
    oversize: fc.record({
      shipClass: fc.constant('oversize' as const),
      weightLb: poundsArb(5, 70),
      // longest side 24-60 in, the others 8-24 in: length + girth at most 156 in
      dimensions: fc.record({ lengthIn: fc.integer({ min: 24, max: 60 }), widthIn: fc.integer({ min: 8, max: 24 }), heightIn: fc.integer({ min: 8, max: 24 }) }),
      handlingDays: handling,
      taxable,
    }),
    freight: fc.record({
      shipClass: fc.constant('freight' as const),
      weightLb: poundsArb(60, 600),
      freightClass: fc.constantFrom(...FREIGHT_CLASSES),
      handlingDays: handling,
      taxable,
    }),
    'hazmat-ground': fc.record({
      shipClass: fc.constant('hazmat-ground' as const),
      weightLb: poundsArb(1, 50),
      hazardGroup: fc.constantFrom(...HAZARD_GROUPS),
      handlingDays: handling,
      taxable,
    }),
  };
  return fc.oneof(...classes.map((c) => byClass[c]));
}

/** Proposition 65 and other notices a product can carry (often none). */
export function productNoticesArb(): fc.Arbitrary<ProductNotice[]> {
  const prop65 = fc.record({
    kind: fc.constant('prop65' as const),
    cancer: fc.subarray(['lead', 'crystalline silica', 'nickel']),
    reproductiveHarm: fc.subarray(['lead', 'di(2-ethylhexyl) phthalate (DEHP)']),
  });
  const notice: fc.Arbitrary<ProductNotice> = fc.oneof(
    prop65,
    fc.constant({ kind: 'hazmat-handling' as const }),
    fc.constant({ kind: 'not-returnable-once-opened' as const }),
  );
  return fc.oneof({ arbitrary: fc.constant([] as ProductNotice[]), weight: 3 }, { arbitrary: fc.array(notice, { maxLength: 2 }), weight: 2 });
}

/** Options of {@link quoteLineArb}. */
export interface QuoteLineArbOptions extends ShippingProfileArbOptions {
  /** A fixed line id. @default 'line-{n}' */
  id?: string;
}

/** A quote line: quantity 1 to 6, a unit price up to $1,500 (sometimes $0), a valid profile. */
export function quoteLineArb(options: QuoteLineArbOptions = {}): fc.Arbitrary<QuoteLine> {
  return fc
    .record({
      id: options.id === undefined ? fc.integer({ min: 1, max: 1_000_000 }).map((n) => `line-${n}`) : fc.constant(options.id),
      title: fc.constantFrom('Pump Motor', 'Filter Cartridge', 'Skimmer Basket', 'Cal-Hypo Shock', 'Sand Filter', 'Solar Cover', 'Muriatic Acid'),
      quantity: fc.integer({ min: 1, max: 6 }),
      unitCents: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 150_000 }), weight: 9 }, { arbitrary: fc.constant(0), weight: 1 }),
      profile: shippingProfileArb(options),
      notices: productNoticesArb(),
    });
}

/**
 * A mixed basket of 1 to `maxLines` lines with unique ids, at most 8 freight units (so the
 * order stays under the weight limit).
 * @default maxLines 10
 */
export function quoteBasketArb(maxLines = 10): fc.Arbitrary<QuoteLine[]> {
  return fc
    .array(quoteLineArb(), { minLength: 1, maxLength: maxLines })
    .map((lines) => lines.map((l, i) => ({ ...l, id: `line-${i + 1}` })))
    .filter((lines) => lines.reduce((w, l) => w + l.profile.weightLb * l.quantity, 0) <= 4000);
}

const PO_BOXES = ['PO Box 1234', 'P.O. Box 77', 'Post Office Box 9', 'POB 12', 'P O Box 5'];
const STREETS = ['1200 Harbor Blvd', '77 Palm Ave Apt 4', '2 Boxwood Ln', '315 E Main St'];

/**
 * A destination drawn from the tables' ZIP3s: a ZIP5 in a known prefix with its own state, a
 * street address or (one time in eight) a PO box, and usually a phone number. Contiguous states
 * come more often; Alaska, Hawaii, territories and military post offices appear too.
 */
export function shippingDestinationArb(tables: ShippingTables): fc.Arbitrary<ShippingDestination> {
  const entries = [...tables.zip3States].filter(([zip3]) => tables.zones.has(`${tables.store.originZip.slice(0, 3)}>${zip3}`));
  return fc
    .record({
      entry: fc.constantFrom(...entries),
      tail: fc.integer({ min: 0, max: 99 }),
      address1: fc.oneof({ arbitrary: fc.constantFrom(...STREETS), weight: 7 }, { arbitrary: fc.constantFrom(...PO_BOXES), weight: 1 }),
      phone: fc.oneof({ arbitrary: fc.constant('(206) 555-0142'), weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }),
    })
    .map(({ entry: [zip3, state], tail, address1, phone }) => ({
      zip: `${zip3}${String(tail).padStart(2, '0')}`, state, country: 'US', address1, phone,
    }));
}

/** An order instant (epoch milliseconds) from 2020 to 2035, any minute of the day. */
export function quoteInstantArb(): fc.Arbitrary<number> {
  return fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31, 23, 59) });
}
