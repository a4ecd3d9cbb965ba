/**
 * Ship classes: how a variant travels (parcel, oversize parcel, LTL freight or ground-only
 * hazardous material), with its weight, dimensions and the limits that keep a quote shippable.
 * @module
 */

/**
 * How a variant ships.
 * - `parcel`: a carrier box, any parcel service.
 * - `oversize`: a big, light box (a pool cover, a cleaner): billed on its dimensional weight.
 * - `freight`: LTL on a pallet (a sand filter, a heat pump), curbside delivery.
 * - `hazmat-ground`: a limited-quantity hazardous material (pool chemicals): ground only,
 *   contiguous US only, never to a PO box.
 */
export type ShipClass = 'parcel' | 'oversize' | 'freight' | 'hazmat-ground';

/** Every ship class, in the order a shopper reads them. */
export const SHIP_CLASSES: readonly ShipClass[] = ['parcel', 'oversize', 'freight', 'hazmat-ground'];

/**
 * The reactivity group of a hazardous material, for the packing rule that keeps incompatible
 * chemicals apart.
 * - `hypochlorite`: calcium hypochlorite (cal-hypo shock), sodium hypochlorite (liquid chlorine).
 * - `isocyanurate`: trichlor tablets, dichlor granules.
 * - `acid`: muriatic acid, sodium bisulfate (pH down).
 * - `other`: a hazardous material that reacts with none of the above (an algaecide, a fuel).
 */
export type HazardGroup = 'hypochlorite' | 'isocyanurate' | 'acid' | 'other';

/** Every hazard group. */
export const HAZARD_GROUPS: readonly HazardGroup[] = ['hypochlorite', 'isocyanurate', 'acid', 'other'];

/**
 * Pairs of hazard groups that never share a package. Oxidisers with acids release chlorine gas;
 * cal-hypo with trichlor can ignite (the warning printed on both buckets).
 */
export const INCOMPATIBLE_HAZARD_GROUPS: readonly (readonly [HazardGroup, HazardGroup])[] = [
  ['hypochlorite', 'acid'],
  ['isocyanurate', 'acid'],
  ['hypochlorite', 'isocyanurate'],
];

/** Can two hazard groups travel in one package? */
export function hazardGroupsCompatible(a: HazardGroup, b: HazardGroup): boolean {
  return !INCOMPATIBLE_HAZARD_GROUPS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** NMFC freight classes an LTL carrier accepts. */
export const FREIGHT_CLASSES: readonly number[] = [50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500];

/** Outside dimensions of one unit as packed, in inches. */
export interface Dimensions {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

/** The shipping facts of a variant: what the quote needs to pack, price and date it. */
export interface ShippingProfile {
  shipClass: ShipClass;
  /** Actual weight of one unit as packed, in pounds (decimals allowed). */
  weightLb: number;
  /** Packed dimensions of one unit; needed for `oversize`, optional otherwise. */
  dimensions?: Dimensions;
  /** LTL freight class of a `freight` variant. @default 100 */
  freightClass?: number;
  /** Reactivity group of a `hazmat-ground` variant. @default 'other' */
  hazardGroup?: HazardGroup;
  /**
   * Business days the store needs before the unit can leave (0: ships the day it is ordered,
   * before the cut-off). @default 0
   */
  handlingDays?: number;
  /** Whether sales tax applies to the line. @default true */
  taxable?: boolean;
}

/** The divisor of dimensional weight (cubic inches a billable pound), as the parcel carriers use. */
export const DIM_DIVISOR = 139;

/**
 * Heaviest unit a class accepts, in pounds: parcel carriers stop at 150 lb, a limited-quantity
 * hazmat package at 30 kg gross (66 lb), an LTL pallet at 2,500 lb.
 */
export const MAX_UNIT_WEIGHT_LB: Readonly<Record<ShipClass, number>> = {
  parcel: 150,
  oversize: 150,
  'hazmat-ground': 66,
  freight: 2500,
};

/** Longest side a parcel carrier takes, in inches. */
export const MAX_PARCEL_LENGTH_IN = 108;

/** Largest length + girth (2 × width + 2 × height) a parcel carrier takes, in inches. */
export const MAX_PARCEL_LENGTH_GIRTH_IN = 165;

/** Most business days of handling a variant may declare (longer is a back order, not a ship date). */
export const MAX_HANDLING_DAYS = 30;

/**
 * Dimensional weight of a box: L × W × H / 139, rounded up to the pound.
 * @example
 * dimensionalWeightLb({ lengthIn: 48, widthIn: 24, heightIn: 24 }); // 199
 */
export function dimensionalWeightLb(d: Dimensions): number {
  // the volume is exact in floating point for any sane number of inches; ceil of the quotient
  return Math.ceil((d.lengthIn * d.widthIn * d.heightIn) / DIM_DIVISOR);
}

/**
 * The weight a carrier bills one unit at, in whole pounds: for `oversize`, max(actual,
 * dimensional); for every other class the actual weight rounded up.
 * @example
 * billableWeightLb({ shipClass: 'oversize', weightLb: 30, dimensions: { lengthIn: 48, widthIn: 24, heightIn: 24 } }); // 199
 */
export function billableWeightLb(profile: ShippingProfile): number {
  const actual = Math.ceil(profile.weightLb);
  if (profile.shipClass !== 'oversize' || !profile.dimensions) return actual;
  return Math.max(actual, dimensionalWeightLb(profile.dimensions));
}

/** Freight class of a profile, defaulted. */
export function freightClassOf(profile: ShippingProfile): number {
  return profile.freightClass ?? 100;
}

/** Hazard group of a profile, defaulted. */
export function hazardGroupOf(profile: ShippingProfile): HazardGroup {
  return profile.hazardGroup ?? 'other';
}

/**
 * Checks a shipping profile and says in plain words what is wrong with it, or returns null.
 * `title` names the product in the message.
 * @example
 * profileProblem({ shipClass: 'parcel', weightLb: 0 }, 'Skimmer Basket');
 * // 'Skimmer Basket has no shipping weight. Set a weight above 0 lb.'
 */
export function profileProblem(profile: ShippingProfile, title: string): string | null {
  const { shipClass, weightLb } = profile;
  if (!SHIP_CLASSES.includes(shipClass)) return `${title} has an unknown ship class '${String(shipClass)}'.`;
  if (typeof weightLb !== 'number' || !Number.isFinite(weightLb) || weightLb <= 0) {
    return `${title} has no shipping weight. Set a weight above 0 lb.`;
  }
  const max = MAX_UNIT_WEIGHT_LB[shipClass];
  if (weightLb > max) {
    return shipClass === 'freight'
      ? `${title} weighs ${formatLb(weightLb)}, more than the ${formatLb(max)} a freight pallet takes.`
      : `${title} weighs ${formatLb(weightLb)}, more than the ${formatLb(max)} a ${shipClass === 'hazmat-ground' ? 'hazardous-material package' : 'parcel'} may weigh. Ship it as freight.`;
  }
  const d = profile.dimensions;
  if (d) {
    const sides = [d.lengthIn, d.widthIn, d.heightIn];
    if (sides.some((s) => typeof s !== 'number' || !Number.isFinite(s) || s <= 0)) return `${title} has a package size that is not a number of inches above 0.`;
    if (shipClass !== 'freight') {
      const [a, b, c] = [...sides].sort((x, y) => y - x) as [number, number, number];
      if (a > MAX_PARCEL_LENGTH_IN || a + 2 * (b + c) > MAX_PARCEL_LENGTH_GIRTH_IN) {
        return `${title} is too big for a parcel carrier (longest side over ${MAX_PARCEL_LENGTH_IN} in or length plus girth over ${MAX_PARCEL_LENGTH_GIRTH_IN} in). Ship it as freight.`;
      }
    }
  } else if (shipClass === 'oversize') {
    return `${title} ships as oversize but has no package size.`;
  }
  if (shipClass === 'freight' && !FREIGHT_CLASSES.includes(freightClassOf(profile))) {
    return `${title} has freight class ${String(profile.freightClass)}, which is not an NMFC class (50 to 500).`;
  }
  if (profile.hazardGroup !== undefined && !HAZARD_GROUPS.includes(profile.hazardGroup)) {
    return `${title} has an unknown hazard group '${String(profile.hazardGroup)}'.`;
  }
  const handling = profile.handlingDays ?? 0;
  if (!Number.isInteger(handling) || handling < 0 || handling > MAX_HANDLING_DAYS) {
    return `${title} has ${String(profile.handlingDays)} handling days; use a whole number from 0 to ${MAX_HANDLING_DAYS}.`;
  }
  return null;
}

/** '2.5 lb', '2,500 lb'. */
export function formatLb(lb: number): string {
  const rounded = Math.round(lb * 100) / 100;
  return `${rounded.toLocaleString('en-US')} lb`;
}
