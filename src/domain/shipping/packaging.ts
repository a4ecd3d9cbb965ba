/**
 * Packing lines into packages: parcel boxes up to 50 lb, one box per oversize unit, hazardous
 * materials at most three items a package with incompatible groups apart, freight on pallets.
 * A line's units may spread over several packages of its shipment; a package never mixes
 * shipments.
 * @module
 */
import {
  MAX_UNIT_WEIGHT_LB, billableWeightLb, freightClassOf, hazardGroupOf, hazardGroupsCompatible,
  type HazardGroup, type ShippingProfile,
} from './ship-class.ts';

/** What the packer needs of a line. */
export interface PackLine {
  id: string;
  quantity: number;
  profile: ShippingProfile;
}

/** Units of one line in a package. */
export interface PackedUnits {
  lineId: string;
  units: number;
}

/** One package (or pallet) of a shipment. */
export interface Package {
  contents: PackedUnits[];
  /** Actual weight, pounds. */
  weightLb: number;
  /** Weight the carrier bills, whole pounds. */
  billableLb: number;
  /** For hazardous-material packages: the groups inside and the number of items. */
  hazmat?: { groups: HazardGroup[]; items: number };
}

/** Heaviest parcel box the warehouse packs several parts into, pounds. */
export const MAX_PARCEL_BOX_LB = 50;

/** Most hazardous items in one package (limited-quantity ground rule of the carriers we use). */
export const MAX_HAZMAT_ITEMS_PER_PACKAGE = 3;

/** Heaviest pallet, pounds of goods; heavier freight goes on more pallets. */
export const MAX_PALLET_LB = 2000;

/** Weight of an empty pallet, added to each pallet's weight. */
export const PALLET_TARE_LB = 40;

interface Bin {
  contents: Map<string, number>;
  weightLb: number;
  items: number;
  groups: Set<HazardGroup>;
}

const newBin = (): Bin => ({ contents: new Map(), weightLb: 0, items: 0, groups: new Set() });

function put(bin: Bin, lineId: string, units: number, unitLb: number): void {
  bin.contents.set(lineId, (bin.contents.get(lineId) ?? 0) + units);
  bin.weightLb += units * unitLb;
  bin.items += units;
}

function toPackage(bin: Bin, billableLb: number, hazmat: boolean): Package {
  const pkg: Package = {
    contents: [...bin.contents].map(([lineId, units]) => ({ lineId, units })),
    weightLb: round2(bin.weightLb),
    billableLb,
  };
  if (hazmat) pkg.hazmat = { groups: [...bin.groups].sort(), items: bin.items };
  return pkg;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Fills bins first-fit, heaviest lines first, as many units of a line per bin as fit. */
function firstFit(lines: readonly PackLine[], fits: (bin: Bin, line: PackLine) => number, bins: Bin[] = []): Bin[] {
  const sorted = [...lines].sort((a, b) => b.profile.weightLb - a.profile.weightLb);
  for (const line of sorted) {
    let left = line.quantity;
    for (const bin of bins) {
      if (left === 0) break;
      const n = Math.min(left, fits(bin, line));
      if (n > 0) {
        put(bin, line.id, n, line.profile.weightLb);
        if (line.profile.shipClass === 'hazmat-ground') bin.groups.add(hazardGroupOf(line.profile));
        left -= n;
      }
    }
    while (left > 0) {
      const bin = newBin();
      const n = Math.max(1, Math.min(left, fits(bin, line)));
      put(bin, line.id, n, line.profile.weightLb);
      if (line.profile.shipClass === 'hazmat-ground') bin.groups.add(hazardGroupOf(line.profile));
      bins.push(bin);
      left -= n;
    }
  }
  return bins;
}

/**
 * Packs parcel and oversize lines: parcel units share boxes up to {@link MAX_PARCEL_BOX_LB}
 * (a heavier unit gets its own box), each oversize unit is its own box billed at its
 * dimensional weight.
 * @example
 * packParcels([{ id: 'a', quantity: 3, profile: { shipClass: 'parcel', weightLb: 20 } }]).map((p) => p.weightLb); // [40, 20]
 */
export function packParcels(lines: readonly PackLine[]): Package[] {
  const parcel = lines.filter((l) => l.profile.shipClass === 'parcel');
  const bins = firstFit(parcel, (bin, line) =>
    bin.items === 0 && line.profile.weightLb > MAX_PARCEL_BOX_LB ? 1 : Math.floor((MAX_PARCEL_BOX_LB - bin.weightLb) / line.profile.weightLb + 1e-9));
  const packages = bins.map((b) => toPackage(b, Math.max(1, Math.ceil(b.weightLb - 1e-9)), false));
  for (const line of lines) {
    if (line.profile.shipClass !== 'oversize') continue;
    const billableLb = billableWeightLb(line.profile);
    for (let i = 0; i < line.quantity; i += 1) {
      packages.push({ contents: [{ lineId: line.id, units: 1 }], weightLb: line.profile.weightLb, billableLb });
    }
  }
  return packages;
}

/**
 * Packs hazardous-material lines: at most {@link MAX_HAZMAT_ITEMS_PER_PACKAGE} items and 66 lb a
 * package, and never two incompatible hazard groups (an oxidiser with an acid, cal-hypo with
 * trichlor) in one package.
 * @example
 * packHazmat([{ id: 'tabs', quantity: 4, profile: { shipClass: 'hazmat-ground', weightLb: 25, hazardGroup: 'isocyanurate' } }]).length; // 2 (two 25-lb buckets a package: a third passes 66 lb)
 */
export function packHazmat(lines: readonly PackLine[]): Package[] {
  const hazmat = lines.filter((l) => l.profile.shipClass === 'hazmat-ground');
  const maxLb = MAX_UNIT_WEIGHT_LB['hazmat-ground'];
  const bins = firstFit(hazmat, (bin, line) => {
    const group = hazardGroupOf(line.profile);
    for (const g of bin.groups) if (!hazardGroupsCompatible(g, group)) return 0;
    const byItems = MAX_HAZMAT_ITEMS_PER_PACKAGE - bin.items;
    const byWeight = Math.floor((maxLb - bin.weightLb) / line.profile.weightLb + 1e-9);
    return Math.max(0, Math.min(byItems, byWeight));
  });
  return bins.map((b) => toPackage(b, Math.max(1, Math.ceil(b.weightLb - 1e-9)), true));
}

/** Freight lines on pallets, with the shipment's total weight and the class it is rated at. */
export interface FreightLoad {
  pallets: Package[];
  /** Goods plus pallets, pounds (what the LTL rate is looked up by). */
  totalLb: number;
  /** The highest NMFC class of the load (a mixed load is rated at its least dense item's class). */
  freightClass: number;
}

/**
 * Packs freight lines on pallets of at most {@link MAX_PALLET_LB} of goods, each pallet adding
 * {@link PALLET_TARE_LB}.
 */
export function packFreight(lines: readonly PackLine[]): FreightLoad {
  const freight = lines.filter((l) => l.profile.shipClass === 'freight');
  const bins = firstFit(freight, (bin, line) =>
    bin.items === 0 && line.profile.weightLb > MAX_PALLET_LB ? 1 : Math.floor((MAX_PALLET_LB - bin.weightLb) / line.profile.weightLb + 1e-9));
  const pallets = bins.map((b) => {
    const pkg = toPackage(b, 0, false);
    pkg.weightLb = round2(b.weightLb + PALLET_TARE_LB);
    pkg.billableLb = Math.ceil(pkg.weightLb - 1e-9);
    return pkg;
  });
  return {
    pallets,
    totalLb: pallets.reduce((s, p) => s + p.billableLb, 0),
    freightClass: freight.reduce((c, l) => Math.max(c, freightClassOf(l.profile)), 0) || 100,
  };
}
