/**
 * The generator of "parts that fit" (issue 15): equipment models of the store's brands (pumps,
 * filters, heaters ...), one to three exploded-view diagrams per model whose numbered callouts
 * name catalogue products, the fitment that follows (callout parts, plus universal parts such as
 * gaskets that fit a whole series), and each product's part-number cross-reference (OEM and
 * aftermarket numbers, and the old numbers of the products it superseded).
 *
 * Deterministic per seed and catalogue: its own random stream (the product sequence of
 * generate.ts is untouched), no clock. The catalogue is read as {@link ProductFact}s, so the
 * generator runs the same over a generated catalogue and over a seeded database.
 * @module
 */
import type { Shape } from './catalogue-data.ts';
import type { GenCollection, GenVendor } from './generate.ts';
import { slugify } from './generate.ts';
import { mixSeed, mulberry32, type Rng } from './prng.ts';
import { normalizePartNumber } from '../search/text.ts';
import type { EquipmentType, PartNumberKind } from '../../api/types.ts';

/** Every equipment type, in the order lists and facets show them. */
export const EQUIPMENT_TYPES: readonly EquipmentType[] = [
  'pump', 'filter', 'heater', 'heat-pump', 'salt-system', 'cleaner', 'automation', 'light', 'valve', 'skimmer',
];

/** What the generator needs to know of one product. */
export interface ProductFact {
  id: number;
  productCode: string;
  vendorId: number;
  /** The leaf collection it is filed in. */
  collectionId: number;
}

/** A numbered callout of a generated diagram. */
export interface GenCallout {
  number: number;
  productId: number;
  quantity: number;
  /** Centre of the numbered circle. */
  x: number;
  y: number;
  /** Centre of the part's drawing. */
  partX: number;
  partY: number;
  shape: Shape;
}

/** A generated exploded-view diagram. */
export interface GenDiagram {
  id: number;
  position: number;
  title: string;
  width: number;
  height: number;
  callouts: GenCallout[];
}

/** A generated equipment model. */
export interface GenEquipment {
  id: number;
  handle: string;
  vendorId: number;
  brand: string;
  series: string;
  model: string;
  type: EquipmentType;
  /** The primary model number first, then its aliases. */
  numbers: string[];
  yearFrom: number;
  yearTo: number | null;
  imageHue: number;
  diagrams: GenDiagram[];
  /** Every product that fits, once: callout parts (universal false), then series parts. */
  fitment: { productId: number; universal: boolean }[];
}

/** A number a product is known by. */
export interface GenPartNumber {
  productId: number;
  position: number;
  number: string;
  kind: PartNumberKind;
}

/** The generated equipment, fitment and cross-reference of a catalogue. */
export interface GeneratedEquipment {
  equipment: GenEquipment[];
  partNumbers: GenPartNumber[];
  /** Replaced products and their replacements. */
  supersessions: { productId: number; replacedById: number }[];
}

/** Width and height of every diagram's viewBox. */
export const DIAGRAM_WIDTH = 800;
/** @see DIAGRAM_WIDTH */
export const DIAGRAM_HEIGHT = 600;
/** Radius of the numbered circles on a diagram. */
export const CALLOUT_RADIUS = 14;

/**
 * How many models a catalogue of `products` products gets: at least 150 (the default store of
 * 3,000 has 150), one per 20 products beyond (100,000 products: 5,000 models); none without products.
 */
export function equipmentCountFor(products: number): number {
  return products <= 0 ? 0 : Math.max(150, Math.ceil(products / 20));
}

interface TypeDef {
  /** Words after a series name ('MaxFlo' + ' VS'). */
  seriesSuffixes: readonly string[];
  /** What tells the models of one series apart. */
  variants: readonly string[];
  diagramTitles: readonly string[];
  /** Leaf collections whose products appear on the type's diagrams. */
  partLeaves: readonly string[];
  /** Leaf collections of the parts that fit a whole series. */
  universalLeaves: readonly string[];
}

const TYPES: Record<EquipmentType, TypeDef> = {
  pump: {
    seriesSuffixes: [' VS', ' II', ' XE', ' Pro', ''],
    variants: ['0.75 HP', '1 HP', '1.5 HP', '2 HP', '2.7 HP', '3 HP'],
    diagramTitles: ['Exploded view', 'Motor assembly', 'Strainer and lid'],
    partLeaves: ['Impellers', 'Full-Rated Motors', 'Up-Rated Motors', 'Variable Speed Motors', 'Shaft Seals', 'Diffusers', 'Pump Lids', 'Strainer Baskets', 'Pump O-Rings'],
    universalLeaves: ['Gaskets', 'Pump O-Rings'],
  },
  filter: {
    seriesSuffixes: [' CC', ' Cartridge', ' Sand', ' DE', ' Plus'],
    variants: ['100 sq ft', '150 sq ft', '200 sq ft', '320 sq ft', '420 sq ft', '520 sq ft'],
    diagramTitles: ['Exploded view', 'Tank and valve', 'Internal parts'],
    partLeaves: ['Pool Cartridges', 'Filter O-Rings', 'Multiport Valves', 'Valve O-Rings'],
    universalLeaves: ['Gaskets', 'Filter O-Rings'],
  },
  heater: {
    seriesSuffixes: [' NG', ' LP', ' Low NOx', ''],
    variants: ['150K BTU', '250K BTU', '300K BTU', '400K BTU'],
    diagramTitles: ['Exploded view', 'Burner tray', 'Control panel'],
    partLeaves: ['Igniters', 'Heat Exchangers', 'Thermostats'],
    universalLeaves: ['Gaskets'],
  },
  'heat-pump': {
    seriesSuffixes: [' HP', ' Heat/Cool', ' Titanium'],
    variants: ['50K BTU', '90K BTU', '110K BTU', '140K BTU'],
    diagramTitles: ['Exploded view', 'Refrigeration circuit'],
    partLeaves: ['Thermostats', 'Heat Exchangers', 'Sensors'],
    universalLeaves: ['Gaskets'],
  },
  'salt-system': {
    seriesSuffixes: [' Salt', ' Chlor', ' SWG'],
    variants: ['15K gal', '25K gal', '40K gal'],
    diagramTitles: ['Exploded view', 'Cell and flow switch'],
    partLeaves: ['Salt Cells', 'Salt Cell Parts', 'Sensors'],
    universalLeaves: ['Valve O-Rings'],
  },
  cleaner: {
    seriesSuffixes: [' Robot', ' Suction', ' Pressure', ' Navigator'],
    variants: ['Standard', 'Plus', 'Pro', 'Elite'],
    diagramTitles: ['Exploded view', 'Drive assembly', 'Hose and swivel'],
    partLeaves: ['Tires & Tracks', 'Cleaner Bags', 'Cleaner Hoses'],
    universalLeaves: ['Cleaner Hoses'],
  },
  automation: {
    seriesSuffixes: [' Logic', ' Touch', ' Connect'],
    variants: ['P4', 'PS8', 'PS16', 'Combo'],
    diagramTitles: ['Exploded view', 'Load center'],
    partLeaves: ['Actuators', 'Sensors', 'Remotes & Apps', 'Spa Packs & Controls'],
    universalLeaves: ['Sensors'],
  },
  light: {
    seriesSuffixes: [' LED', ' Color', ' Brite'],
    variants: ['30 ft', '50 ft', '100 ft'],
    diagramTitles: ['Exploded view'],
    partLeaves: ['Light Niches & Parts', 'Spa Lights', 'LED Pool Lights'],
    universalLeaves: ['Light Niches & Parts'],
  },
  valve: {
    seriesSuffixes: [' Diverter', ' Check', ' Multiport'],
    variants: ['1.5 in', '2 in', '2.5 in', '3 in'],
    diagramTitles: ['Exploded view', 'Handle and key'],
    partLeaves: ['Valve O-Rings', 'Actuators', 'Multiport Valves', 'Diverter Valves'],
    universalLeaves: ['Valve O-Rings'],
  },
  skimmer: {
    seriesSuffixes: [' Skimmer', ' Wide Mouth', ' Thru-Wall'],
    variants: ['Standard', 'Wide', 'Extended'],
    diagramTitles: ['Exploded view', 'Lid and basket'],
    partLeaves: ['Skimmer Lids', 'Skimmer Weirs', 'Skimmer Baskets'],
    universalLeaves: ['Gaskets'],
  },
};

const SERIES_NAMES: readonly string[] = [
  'MaxFlo', 'SuperFlow', 'EcoStar', 'TriStar', 'IntelliMax', 'ClearPro', 'Titan', 'Aqualine', 'HydroMax',
  'PowerFlo', 'Quantum', 'Vortex', 'Sierra', 'Summit', 'Crest', 'Nova', 'Apex', 'Horizon', 'Matrix',
  'Eclipse', 'Pinnacle', 'Tempest', 'Cascade', 'Riptide', 'Mariner', 'Dynamo', 'Everflow', 'Polaris Bay',
];

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A brand's model-number prefix ('AquaCrest' -> 'AQC'), like the catalogue's part numbers. */
function brandPrefix(name: string): string {
  const words = name.replace(/[^A-Za-z ]/g, '').split(' ').filter(Boolean);
  const first = words[0] ?? 'X';
  return (words.length > 1 ? first.slice(0, 2) + (words[1] ?? '').slice(0, 1) : first.slice(0, 3)).toUpperCase();
}

const digits = (rng: Rng, n: number): string => {
  let s = String(rng.int(1, 9));
  for (let i = 1; i < n; i++) s += String(rng.int(0, 9));
  return s;
};

/** An aftermarket maker's number: 'APC-2218', 'R0445700'. */
function aftermarketNumber(rng: Rng): string {
  switch (rng.int(0, 2)) {
    case 0: return `${rng.pick(['APC', 'UNI', 'CMP', 'PRX'])}-${digits(rng, 4)}`;
    case 1: return `R0${digits(rng, 6)}`;
    default: return `${LETTERS[rng.int(0, LETTERS.length - 1)]}${LETTERS[rng.int(0, LETTERS.length - 1)]}${digits(rng, 5)}`;
  }
}

/** Lays n parts out in a grid of cells, each with its numbered circle up and to one side. */
function layout(rng: Rng, n: number): { x: number; y: number; partX: number; partY: number }[] {
  const cols = Math.max(2, Math.ceil(Math.sqrt((n * DIAGRAM_WIDTH) / DIAGRAM_HEIGHT)));
  const rows = Math.ceil(n / cols);
  const margin = 40;
  const cellW = (DIAGRAM_WIDTH - 2 * margin) / cols;
  const cellH = (DIAGRAM_HEIGHT - 2 * margin) / rows;
  const out: { x: number; y: number; partX: number; partY: number }[] = [];
  for (let i = 0; i < n; i++) {
    // a snake, so consecutive callouts sit next to each other like an exploded assembly
    const row = Math.floor(i / cols);
    const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
    const cx = margin + (col + 0.5) * cellW;
    const cy = margin + (row + 0.5) * cellH;
    const partX = Math.round(cx + (rng.next() - 0.5) * cellW * 0.2);
    const partY = Math.round(cy + cellH * 0.1 + (rng.next() - 0.5) * cellH * 0.1);
    const side = rng.chance(0.5) ? -1 : 1;
    const x = Math.round(Math.min(DIAGRAM_WIDTH - CALLOUT_RADIUS - 2, Math.max(CALLOUT_RADIUS + 2, cx + side * cellW * 0.34)));
    const y = Math.round(Math.min(DIAGRAM_HEIGHT - CALLOUT_RADIUS - 2, Math.max(CALLOUT_RADIUS + 2, cy - cellH * 0.32)));
    out.push({ x, y, partX, partY });
  }
  return out;
}

/**
 * Generates the equipment, fitment and cross-reference of a catalogue.
 * @example
 * const cat = generateCatalogue({ products: 3000, seed: 1 });
 * const eq = generateEquipment({ seed: 1, collections: cat.collections, vendors: cat.vendors, products: productFacts(cat) });
 */
export function generateEquipment(input: {
  seed: number;
  collections: readonly GenCollection[];
  vendors: readonly GenVendor[];
  products: readonly ProductFact[];
  /** @default equipmentCountFor(products.length) */
  count?: number;
}): GeneratedEquipment {
  const { collections, vendors, products } = input;
  const rng = mulberry32(mixSeed(input.seed >>> 0, 0xe901));
  const count = input.count ?? equipmentCountFor(products.length);
  const collectionById = new Map(collections.map((c) => [c.id, c]));
  const byLeafTitle = new Map<string, number[]>();
  const shapeOf = new Map<number, Shape>();
  const fitsLeaf: number[] = [];
  for (const p of products) {
    const c = collectionById.get(p.collectionId);
    if (!c) continue;
    let list = byLeafTitle.get(c.title);
    if (!list) byLeafTitle.set(c.title, (list = []));
    list.push(p.id);
    shapeOf.set(p.id, c.template?.shape ?? 'kit');
    if (c.template?.fits === true) fitsLeaf.push(p.id);
  }
  const allIds = products.map((p) => p.id);
  const poolOf = (titles: readonly string[]): number[] => titles.flatMap((t) => byLeafTitle.get(t) ?? []);

  const equipment: GenEquipment[] = [];
  const handles = new Set<string>();
  const numbersSeen = new Set<string>();
  let diagramId = 0;
  let typeIndex = 0;
  while (equipment.length < count && vendors.length > 0 && allIds.length > 0) {
    const type = EQUIPMENT_TYPES[typeIndex++ % EQUIPMENT_TYPES.length]!;
    const def = TYPES[type];
    const vendor = rng.pickSkewed(vendors);
    const series = `${rng.pick(SERIES_NAMES)}${rng.pick(def.seriesSuffixes)}`;
    let pool = poolOf(def.partLeaves);
    // a small catalogue may have few parts of a kind: any replacement part, then any product, fills in
    if (pool.length < 30) pool = pool.concat(fitsLeaf.length >= 30 ? fitsLeaf : allIds);
    let universalPool = poolOf(def.universalLeaves);
    if (universalPool.length === 0) universalPool = pool;
    const universal = rng.sample(universalPool, rng.int(1, 3));
    // a series part is not also a callout, so it stays universal on every model of the series
    const universalSet = new Set(universal);
    const calloutPool = pool.filter((id) => !universalSet.has(id));
    if (calloutPool.length > 0) pool = calloutPool;
    const yearBase = rng.int(1995, 2021);
    const stem = `${brandPrefix(vendor.name)}${digits(rng, 4)}`;
    const size = Math.min(count - equipment.length, rng.int(2, 5));
    const variants = rng.sample(def.variants, size);
    for (const [k, variant] of variants.entries()) {
      const model = `${series} ${variant}`;
      let primary = `${stem}${rng.pick(['X', 'XE', 'V', 'T', ''])}${(k + 1) * 5}`;
      while (numbersSeen.has(normalizePartNumber(primary))) primary = `${brandPrefix(vendor.name)}${digits(rng, 5)}`;
      const numbers = [primary];
      numbersSeen.add(normalizePartNumber(primary));
      const aliasCount = rng.int(1, 2);
      for (let a = 0; a < aliasCount; a++) {
        const alias = a === 0 ? `${primary}${rng.pick(['AZ', 'CA', 'E', 'N'])}` : `${primary.slice(0, 3)}-${primary.slice(3)}-${rng.pick(['A', 'B', 'X'])}`;
        const key = normalizePartNumber(alias);
        if (numbersSeen.has(key)) continue;
        numbersSeen.add(key);
        numbers.push(alias);
      }
      let handle = slugify(`${vendor.name} ${model} ${primary}`);
      if (handles.has(handle)) handle = `${handle}-${equipment.length + 1}`;
      handles.add(handle);
      const yearFrom = yearBase + k;
      const yearTo = rng.chance(0.4) ? null : Math.min(2025, yearFrom + rng.int(2, 12));
      const diagrams: GenDiagram[] = [];
      const diagramCount = Math.min(def.diagramTitles.length, rng.int(1, 3));
      const fitment = new Map<number, boolean>();
      for (let d = 0; d < diagramCount; d++) {
        const n = rng.int(8, rng.chance(0.2) ? 30 : 18);
        const parts = pool.length >= n ? rng.sample(pool, n) : Array.from({ length: n }, () => rng.pick(pool));
        const spots = layout(rng, n);
        const callouts: GenCallout[] = parts.map((productId, i) => {
          const shape = shapeOf.get(productId) ?? 'kit';
          const small = shape === 'ring' || shape === 'jet';
          fitment.set(productId, false);
          return { number: i + 1, productId, quantity: small && rng.chance(0.4) ? rng.int(2, 6) : 1, ...spots[i]!, shape };
        });
        diagrams.push({ id: ++diagramId, position: d, title: def.diagramTitles[d]!, width: DIAGRAM_WIDTH, height: DIAGRAM_HEIGHT, callouts });
      }
      for (const u of universal) if (!fitment.has(u)) fitment.set(u, true);
      equipment.push({
        id: equipment.length + 1,
        handle,
        vendorId: vendor.id,
        brand: vendor.name,
        series,
        model,
        type,
        numbers,
        yearFrom,
        yearTo: yearTo !== null && yearTo < yearFrom ? yearFrom : yearTo,
        imageHue: rng.int(0, 359),
        diagrams,
        fitment: [...fitment].map(([productId, isUniversal]) => ({ productId, universal: isUniversal })),
      });
    }
  }

  // cross-reference: every product's own number is its OEM number; some have a second OEM
  // number and aftermarket equivalents; some replacement parts were superseded by a later part
  // of the same leaf, which then lists the old numbers
  const xrng = mulberry32(mixSeed(input.seed >>> 0, 0x9a27));
  const numbersOf = new Map<number, { number: string; kind: PartNumberKind }[]>();
  const fitsIds = new Set(fitsLeaf);
  const leafOf = new Map(products.map((p) => [p.id, p.collectionId]));
  const laterInLeaf = new Map<number, number[]>();
  for (const p of products) {
    const list = numbersOf.get(p.id) ?? [];
    list.push({ number: p.productCode, kind: 'oem' });
    if (xrng.chance(0.25)) list.push({ number: `${brandPrefix(vendors[p.vendorId - 1]?.name ?? 'X')}${digits(xrng, 6)}`, kind: 'oem' });
    const aftermarket = xrng.chance(0.5) ? xrng.int(1, 2) : 0;
    for (let a = 0; a < aftermarket; a++) list.push({ number: aftermarketNumber(xrng), kind: 'aftermarket' });
    numbersOf.set(p.id, list);
    let leafList = laterInLeaf.get(p.collectionId);
    if (!leafList) laterInLeaf.set(p.collectionId, (leafList = []));
    leafList.push(p.id);
  }
  const supersessions: GeneratedEquipment['supersessions'] = [];
  const replaced = new Set<number>();
  const replacing = new Set<number>();
  for (const p of products) {
    if (!fitsIds.has(p.id) || replacing.has(p.id) || !xrng.chance(0.04)) continue;
    const leafList = laterInLeaf.get(leafOf.get(p.id) ?? 0) ?? [];
    const later = leafList.filter((id) => id > p.id && !replaced.has(id) && !replacing.has(id));
    if (later.length === 0) continue;
    const by = xrng.pick(later.slice(0, 20));
    replaced.add(p.id);
    replacing.add(by);
    supersessions.push({ productId: p.id, replacedById: by });
    const old = (numbersOf.get(p.id) ?? []).filter((n) => n.kind === 'oem');
    const target = numbersOf.get(by)!;
    for (const n of old) target.push({ number: n.number, kind: 'supersedes' });
  }
  const partNumbers: GenPartNumber[] = [];
  const rank: Record<PartNumberKind, number> = { oem: 0, aftermarket: 1, supersedes: 2 };
  for (const p of products) {
    const list = [...(numbersOf.get(p.id) ?? [])].sort((a, b) => rank[a.kind] - rank[b.kind]);
    list.forEach((n, position) => partNumbers.push({ productId: p.id, position, number: n.number, kind: n.kind }));
  }
  return { equipment, partNumbers, supersessions };
}
