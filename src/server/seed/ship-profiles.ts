/**
 * The ship profiles and notices of the generated catalogue: how each variant travels, what it
 * weighs packed, and what a product must tell the shopper. Decided from the product's leaf
 * collection, its title and the variant's size or pack option, without drawing from the
 * generator's random stream (the catalogue stays the same product for product).
 *
 * - Chlorine tablets (trichlor), dichlor and cal-hypo shock, bromine, non-chlorine shock and dry
 *   acid (pH decreaser) are ground-only hazardous materials, each in its reactivity group, and
 *   not returnable once opened; trichlor carries the Proposition 65 warning its labels print.
 * - Sand filters, gas heaters and heat pumps ship by freight (LTL, a class per kind); pumps,
 *   cartridge and DE filters, cleaners, covers and other big boxes are oversize parcels billed on
 *   their dimensional weight; everything else is a parcel.
 * - Filter sand and DE powder carry the crystalline silica warning.
 * @module
 */
import type { HazardGroup, ProductNotice, ShipClass, ShippingProfile } from '../../domain/shipping/index.ts';

/** A seeded variant's ship profile and its product's notices. */
export interface SeedShipping {
  profile: ShippingProfile;
  notices: ProductNotice[];
}

const SILICA: ProductNotice = { kind: 'prop65', cancer: ['crystalline silica (airborne particles of respirable size)'], reproductiveHarm: [] };
const TRICHLOR: ProductNotice = { kind: 'prop65', cancer: ['chloroform'], reproductiveHarm: ['chloroform'] };
const NOT_RETURNABLE: ProductNotice = { kind: 'not-returnable-once-opened' };

/** Packed box of an oversize leaf, inches. */
const OVERSIZE_BOXES: Readonly<Record<string, readonly [number, number, number]>> = {
  'Inground Variable Speed Pumps': [32, 16, 18],
  'Above Ground Variable Speed Pumps': [26, 14, 16],
  'Full-Rated Pumps': [30, 15, 17],
  'Up-Rated Pumps': [28, 14, 16],
  'Booster Pumps': [24, 14, 15],
  'Jet Pumps': [24, 13, 14],
  'Cartridge Filters': [40, 22, 22],
  'DE Filters': [44, 24, 24],
  'Heat Exchangers': [30, 20, 16],
  'Solar Heating': [48, 16, 16],
  'Robotic Cleaners': [26, 20, 18],
  'Suction Cleaners': [30, 16, 12],
  'Pressure Cleaners': [30, 18, 14],
  'Solar Covers': [36, 20, 16],
  'Winter Covers': [30, 18, 14],
  'Safety Covers': [40, 24, 20],
  'Cover Reels': [60, 14, 14],
  'Inground Skimmers': [24, 18, 16],
  'Control Systems': [26, 20, 10],
  'Salt Chlorinators': [24, 16, 12],
  'Full-Rated Motors': [20, 14, 14],
  'Up-Rated Motors': [20, 14, 14],
  'Variable Speed Motors': [22, 14, 14],
};

/** Freight leaves: NMFC class and handling days (the pallet is built to order). */
const FREIGHT_LEAVES: Readonly<Record<string, { freightClass: number; handlingDays: number }>> = {
  'Sand Filters': { freightClass: 85, handlingDays: 1 },
  'Natural Gas Heaters': { freightClass: 85, handlingDays: 2 },
  'Propane Heaters': { freightClass: 85, handlingDays: 2 },
  'Heat Pumps': { freightClass: 85, handlingDays: 2 },
};

/** Heaviest unit the seed keeps a chemical at: a limited-quantity package is 30 kg (66 lb) gross. */
const HAZMAT_SEED_MAX_LB = 60;

/** What a chemical is by its title: its hazard group, or null when it is no hazardous material. */
function hazardOf(leaf: string, title: string): HazardGroup | null {
  const t = title.toLowerCase();
  if (leaf === 'Chlorine Tablets') return 'isocyanurate';
  if (leaf === 'Shock') return t.includes('cal-hypo') ? 'hypochlorite' : t.includes('dichlor') ? 'isocyanurate' : 'other';
  if (leaf === 'Bromine') return 'other';
  if (leaf === 'pH Adjusters' && (t.includes('decreaser') || t.includes('ph down'))) return 'acid';
  return null;
}

/** Pounds of a size option ('25 lb', '1 gal', '2.5 gal', '1 qt'), or null. */
function sizeLb(variantTitle: string): number | null {
  const lb = /(\d+(?:\.\d+)?)\s*lb\b/i.exec(variantTitle);
  if (lb) return Number(lb[1]);
  const gal = /(\d+(?:\.\d+)?)\s*gal\b/i.exec(variantTitle);
  if (gal) return Number(gal[1]) * 9.5;
  if (/\b1\s*qt\b/i.test(variantTitle)) return 2.4;
  return null;
}

/** Units of a pack option ('4-Pack'), 1 without one. */
function packOf(variantTitle: string): number {
  const m = /(\d+)-Pack/i.exec(variantTitle);
  return m ? Number(m[1]) : 1;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * The ship profile of a seeded variant and the notices of its product.
 * @example
 * seedShipping('Shock', 'Cal-Hypo Shock', 5, '25 lb').profile; // { shipClass: 'hazmat-ground', hazardGroup: 'hypochlorite', weightLb: 27.5, … }
 */
export function seedShipping(leafTitle: string, productTitle: string, productWeightLb: number, variantTitle: string): SeedShipping {
  const size = sizeLb(variantTitle);
  const pack = packOf(variantTitle);
  // a size option is the contents: the packed unit weighs a little more (bucket, jug, carton)
  const unit = size !== null ? size * 1.06 + 0.5 : Math.max(productWeightLb, 0.1);
  let weightLb = round2(unit * pack);
  const notices: ProductNotice[] = [];
  const hazard = hazardOf(leafTitle, productTitle);
  let shipClass: ShipClass = 'parcel';
  const profile: ShippingProfile = { shipClass, weightLb, taxable: true, handlingDays: 0 };
  if (hazard !== null) {
    shipClass = 'hazmat-ground';
    weightLb = Math.min(weightLb, HAZMAT_SEED_MAX_LB);
    profile.hazardGroup = hazard;
    notices.push(NOT_RETURNABLE);
    if (hazard === 'isocyanurate' && /tablet|stick|3"|1"/i.test(productTitle)) notices.unshift(TRICHLOR);
  } else if (FREIGHT_LEAVES[leafTitle]) {
    shipClass = 'freight';
    profile.freightClass = FREIGHT_LEAVES[leafTitle].freightClass;
    profile.handlingDays = FREIGHT_LEAVES[leafTitle].handlingDays;
    // the pallet and its crating
    weightLb = round2(weightLb + 35);
    profile.dimensions = { lengthIn: 48, widthIn: 40, heightIn: 48 };
  } else if (OVERSIZE_BOXES[leafTitle]) {
    shipClass = 'oversize';
    const [l, w, h] = OVERSIZE_BOXES[leafTitle];
    profile.dimensions = { lengthIn: l, widthIn: w, heightIn: h };
    if (leafTitle === 'Safety Covers') profile.handlingDays = 3;
  }
  if (leafTitle === 'Filter Sand' || leafTitle === 'DE Powder') notices.push(SILICA);
  if (['Algaecides', 'Clarifiers & Enzymes', 'Reagents', 'Alkalinity Increasers', 'Calcium Hardness', 'pH Adjusters'].includes(leafTitle) && !notices.includes(NOT_RETURNABLE)) {
    notices.push(NOT_RETURNABLE);
  }
  // a parcel or oversize box over the carriers' 150 lb (a 10-pack of sand bags) goes by freight
  if ((shipClass === 'parcel' || shipClass === 'oversize') && weightLb > 150) {
    shipClass = 'freight';
    profile.freightClass = 65;
    profile.dimensions = { lengthIn: 48, widthIn: 40, heightIn: 36 };
  }
  profile.shipClass = shipClass;
  profile.weightLb = weightLb;
  return { profile, notices };
}
