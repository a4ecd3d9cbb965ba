/**
 * The generator of "parts that fit": equipment models of the store's brands (pumps, filters,
 * heaters ...) documented the way manufacturers document them. Each series has one bill of
 * materials: the parts every model of the series shares (a pump's seal, diffuser, strainer
 * basket, lid and their o-rings) and the parts each model has of its own (its motor, its
 * impeller), each line with its quantity. A part belongs to one series only; some were
 * superseded by a later number of the same part, which the cross-reference then lists. A
 * model's exploded view draws its bill of materials as the assembly (parts along the pump's
 * shaft, down a filter's tank ...; equipment/assembly.ts), one numbered callout per line. Parts
 * that fit without being in the bill of materials are only those of a kind that is truly
 * universal for the model's kind (filter sand for a sand filter, DE powder for a DE filter).
 *
 * Product descriptions then say the same as the cross-reference: the parts of a series name it
 * and the number they replace, a superseded part names its replacement (`notes`).
 *
 * Deterministic per seed and catalogue: its own random stream (the product sequence of
 * generate.ts is untouched), no clock. The catalogue is read as {@link ProductFact}s, so the
 * generator runs the same over a generated catalogue and over a seeded database.
 * @module
 */
import type { GenCollection, GenVendor } from './generate.ts';
import { slugify } from './generate.ts';
import { mixSeed, mulberry32, type Rng } from '../platform/random/prng.ts';
import { normalizePartNumber } from '../modules/search/text.ts';
import {
  CALLOUT_RADIUS, DIAGRAM_HEIGHT, DIAGRAM_WIDTH, layoutAssembly, shapeOf, type AssemblyLine, type Glyph,
} from '../modules/equipment/assembly.ts';
import type { EquipmentType, PartNumberKind } from '../../api/types.ts';

export { CALLOUT_RADIUS, DIAGRAM_HEIGHT, DIAGRAM_WIDTH };

import { EQUIPMENT_TYPES } from '../modules/equipment/types.ts';
/** Every equipment type, in the order lists and facets show them (the equipment module's). */
export { EQUIPMENT_TYPES };

/** What the generator needs to know of one product. */
export interface ProductFact {
  id: number;
  productCode: string;
  vendorId: number;
  /** The leaf collection it is filed in. */
  collectionId: number;
  /** Its title, which names the kind of part ('Pump Lid O-Ring', 'Heater Gasket'). */
  title: string;
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
  /** The part's glyph ('motor', 'oring:v'; equipment/assembly.ts). */
  shape: string;
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

/** One line of a model's bill of materials. */
export interface GenBomLine {
  /** What the line is ('Motor', 'Lid o-ring'). */
  role: string;
  productId: number;
  quantity: number;
  /** Shared by every model of the series, or the model's own. */
  per: 'series' | 'model';
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
  /** The kind of the type ('sand' filter, 'vs' pump), which decides its parts. */
  kind: string;
  /** The primary model number first, then its aliases. */
  numbers: string[];
  yearFrom: number;
  yearTo: number | null;
  imageHue: number;
  /** The bill of materials, in assembly order (callout order). */
  bom: GenBomLine[];
  diagrams: GenDiagram[];
  /** Every product that fits, once: the bill of materials (universal false), then universal parts of its kind. */
  fitment: { productId: number; universal: boolean }[];
}

/** A number a product is known by. */
export interface GenPartNumber {
  productId: number;
  position: number;
  number: string;
  kind: PartNumberKind;
}

/**
 * The generated equipment, fitment and cross-reference of a catalogue. The part numbers (two a
 * product on average) and the notes are made as they are read, each time they are read, the same
 * each time: a million products' numbers held as objects weighed about 150 MB.
 */
export interface GeneratedEquipment {
  equipment: GenEquipment[];
  /** Every product's numbers, in product order. */
  partNumbers: Iterable<GenPartNumber>;
  /** Replaced products and their replacements. */
  supersessions: { productId: number; replacedById: number }[];
  /** A paragraph for the description of each product the equipment names (its series, its replacement), in product order. */
  notes: Iterable<{ productId: number; html: string }>;
}

/**
 * The products as the generator reads them, a column per fact, in id order. Of a title the
 * generator needs only the noun it names ('O-Ring' of 'Pump Lid O-Ring'), one of its leaf's
 * nouns, so that noun is kept in its place (a string the collections already hold). A million
 * facts as objects with their titles held about 170 bytes each; here about 60 (four numbers and
 * the product code).
 */
export class ProductFactTable {
  private size = 0;
  private idCol = new Int32Array(1024);
  private vendorCol = new Int32Array(1024);
  private collectionCol = new Int32Array(1024);
  private readonly codeCol: string[] = [];
  private readonly nounCol: (string | undefined)[] = [];

  /** @param nounOf the noun a product's title names among its leaf's nouns (see {@link titleNouns}) */
  constructor(private readonly nounOf: (collectionId: number, title: string) => string | undefined) {}

  /** A table of `facts` (in id order). */
  static of(facts: Iterable<ProductFact>, nounOf: (collectionId: number, title: string) => string | undefined): ProductFactTable {
    const table = new ProductFactTable(nounOf);
    for (const f of facts) table.push(f);
    return table;
  }

  /**
   * Adds a product after the others.
   * @throws Error when its id is not above the last one (the generator's passes run in id order)
   */
  push(fact: ProductFact): void {
    if (this.size > 0 && fact.id <= this.idCol[this.size - 1]!) throw new Error(`Product facts must come in id order: ${fact.id} after ${this.idCol[this.size - 1]}`);
    if (this.size === this.idCol.length) {
      const grow = (col: Int32Array): Int32Array<ArrayBuffer> => {
        const next = new Int32Array(col.length * 2);
        next.set(col);
        return next;
      };
      this.idCol = grow(this.idCol);
      this.vendorCol = grow(this.vendorCol);
      this.collectionCol = grow(this.collectionCol);
    }
    this.idCol[this.size] = fact.id;
    this.vendorCol[this.size] = fact.vendorId;
    this.collectionCol[this.size] = fact.collectionId;
    this.codeCol.push(fact.productCode);
    this.nounCol.push(this.nounOf(fact.collectionId, fact.title));
    this.size++;
  }

  get length(): number {
    return this.size;
  }

  id(at: number): number {
    return this.idCol[at]!;
  }

  vendorId(at: number): number {
    return this.vendorCol[at]!;
  }

  collectionId(at: number): number {
    return this.collectionCol[at]!;
  }

  productCode(at: number): string {
    return this.codeCol[at]!;
  }

  /** The noun its title names, if one of its leaf's. */
  noun(at: number): string | undefined {
    return this.nounCol[at];
  }

  /** The position of product `id`, or -1. */
  indexOf(id: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.idCol[mid]!;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/**
 * The noun a title names among the nouns of its leaf collection: the longest one it holds (a
 * 'Pump Lid O-Ring' is not also a 'Lid' anything); undefined for a title naming none, or a product
 * outside the generator's leaves.
 */
export function titleNouns(collections: readonly GenCollection[]): (collectionId: number, title: string) => string | undefined {
  const longestFirst = new Map<number, readonly string[]>();
  for (const c of collections) if (c.template) longestFirst.set(c.id, [...c.template.nouns].sort((a, b) => b.length - a.length));
  return (collectionId, title) => longestFirst.get(collectionId)?.find((n) => title.includes(n));
}

/**
 * How many models a catalogue of `products` products asks for: at least 150 (the default store
 * of 3,000 has 150), one per 20 products beyond (100,000 products: 5,000 models); none without
 * products. Fewer are made when the catalogue runs out of parts to give their series.
 */
export function equipmentCountFor(products: number): number {
  return products <= 0 ? 0 : Math.max(150, Math.ceil(products / 20));
}

/** Where a bill-of-materials line's part comes from, and how it is drawn. */
export interface RoleDef {
  /** The line's name ('Motor'). */
  name: string;
  /** Leaf collections of the part. */
  leaves: readonly string[];
  /** The part's noun in its title (one of the leaf's nouns); any product of the leaves without. */
  nouns?: readonly string[];
  /** Every model of the series has this part, or each model its own. */
  per: 'series' | 'model';
  /** @default 1 */
  quantity?: number;
  /** A series is not made without it. */
  required?: boolean;
  glyph: Glyph;
  /** The assembly line it sits on (the kind's `lines`). */
  line: string;
}

/** A kind of equipment of a type: its names, its assembly and its bill of materials. */
export interface KindDef {
  kind: string;
  /** Words after a series name ('Corvane' + ' VS'). */
  suffixes: readonly string[];
  /** What tells the models of one series apart, in order. */
  variants: readonly string[];
  /** The title of its drawing. */
  diagramTitle: string;
  lines: Readonly<Record<string, AssemblyLine>>;
  /** In assembly order: the callouts are numbered in this order. */
  roles: readonly RoleDef[];
  /** Parts of a kind that fits every model of this kind (filter media), if any. */
  universal?: readonly { leaves: readonly string[]; nouns?: readonly string[] }[];
}

const r = (name: string, leaves: string | readonly string[], o: Partial<RoleDef> & { glyph: Glyph; line: string }): RoleDef => ({
  name, leaves: typeof leaves === 'string' ? [leaves] : leaves, per: 'series', ...o,
});

const PUMP_LINES = {
  shaft: { from: [60, 390], to: [540, 390], axis: 'h', side: -1 },
  pot: { from: [650, 330], to: [650, 70], axis: 'v', side: 1 },
  port: { from: [735, 470], to: [735, 470], axis: 'h', side: 1 },
} as const satisfies Record<string, AssemblyLine>;

/** A pump from the motor out along the shaft, then the strainer pot up to its lid. */
const pumpRoles = (motorLeaves: readonly string[]): RoleDef[] => [
  r('Motor', motorLeaves, { per: 'model', required: true, glyph: 'motor', line: 'shaft' }),
  r('Seal plate gasket', 'Gaskets', { nouns: ['Seal Plate Gasket'], glyph: 'plate', line: 'shaft' }),
  r('Shaft seal', 'Shaft Seals', { required: true, glyph: 'seal', line: 'shaft' }),
  r('Impeller', 'Impellers', { per: 'model', required: true, glyph: 'impeller', line: 'shaft' }),
  r('Diffuser o-ring', 'Pump O-Rings', { nouns: ['Diffuser O-Ring'], glyph: 'oring', line: 'shaft' }),
  r('Diffuser', 'Diffusers', { glyph: 'diffuser', line: 'shaft' }),
  r('Housing o-ring', 'Pump O-Rings', { nouns: ['Housing O-Ring'], glyph: 'oring-l', line: 'shaft' }),
  r('Strainer basket', 'Strainer Baskets', { required: true, glyph: 'basket', line: 'pot' }),
  r('Lid o-ring', 'Pump O-Rings', { nouns: ['Pump Lid O-Ring'], glyph: 'oring', line: 'pot' }),
  r('Strainer lid', 'Pump Lids', { required: true, glyph: 'lid', line: 'pot' }),
  r('Union gasket', 'Gaskets', { nouns: ['Flange Gasket'], quantity: 2, glyph: 'gasket-s', line: 'port' }),
];

const FILTER_BASE = { from: [480, 500], to: [720, 500], axis: 'h', side: -1 } as const satisfies AssemblyLine;
const filterBase: RoleDef[] = [
  r('Bulkhead o-ring', 'Filter O-Rings', { nouns: ['Bulkhead O-Ring'], quantity: 2, glyph: 'oring-s', line: 'base' }),
  r('Drain plug o-ring', 'Filter O-Rings', { nouns: ['Drain Plug O-Ring'], glyph: 'oring-s', line: 'base' }),
  r('Union gasket', 'Gaskets', { nouns: ['Flange Gasket'], quantity: 2, glyph: 'gasket-s', line: 'base' }),
];
/** A sand or DE filter: the valve on top of the tank, its o-rings, then the tank's. */
const valveTopRoles: RoleDef[] = [
  r('Multiport valve', 'Multiport Valves', { per: 'model', required: true, glyph: 'valve', line: 'tank' }),
  r('Valve lid o-ring', 'Valve O-Rings', { nouns: ['Valve Lid O-Ring'], glyph: 'oring', line: 'tank' }),
  r('Valve shaft o-ring', 'Valve O-Rings', { nouns: ['Valve Shaft O-Ring'], quantity: 2, glyph: 'oring-s', line: 'tank' }),
  r('Tank o-ring', 'Filter O-Rings', { nouns: ['Filter Tank O-Ring'], required: true, glyph: 'oring-l', line: 'tank' }),
  ...filterBase,
];
const HEADER = { from: [70, 300], to: [470, 300], axis: 'h', side: -1 } as const satisfies AssemblyLine;
const CONTROLS = { from: [650, 100], to: [650, 530], axis: 'v', side: -1 } as const satisfies AssemblyLine;

/** The kinds of each type of equipment. */
export const EQUIPMENT_KINDS: Record<EquipmentType, readonly KindDef[]> = {
  pump: [
    { kind: 'vs', suffixes: [' VS', ' VSP'], variants: ['1.5 HP', '2 HP', '2.7 HP', '3 HP'], diagramTitle: 'Pump assembly', lines: PUMP_LINES, roles: pumpRoles(['Variable Speed Motors']) },
    { kind: 'single', suffixes: [' II', ' XE', ' Pro', ''], variants: ['0.75 HP', '1 HP', '1.5 HP', '2 HP'], diagramTitle: 'Pump assembly', lines: PUMP_LINES, roles: pumpRoles(['Full-Rated Motors', 'Up-Rated Motors']) },
  ],
  filter: [
    {
      kind: 'cartridge', suffixes: [' Cartridge', ' CC'], variants: ['100 sq ft', '150 sq ft', '200 sq ft', '320 sq ft', '420 sq ft'], diagramTitle: 'Filter assembly',
      lines: { tank: { from: [300, 60], to: [300, 420], axis: 'v', side: 1 }, base: FILTER_BASE },
      roles: [
        r('Tank o-ring', 'Filter O-Rings', { nouns: ['Filter Tank O-Ring'], required: true, glyph: 'oring-l', line: 'tank' }),
        r('Filter cartridge', 'Pool Cartridges', { per: 'model', required: true, glyph: 'cartridge', line: 'tank' }),
        ...filterBase,
      ],
    },
    {
      kind: 'sand', suffixes: [' Sand', ' SF'], variants: ['19 in', '22 in', '24 in', '30 in'], diagramTitle: 'Filter assembly',
      lines: { tank: { from: [300, 50], to: [300, 300], axis: 'v', side: 1 }, base: FILTER_BASE },
      roles: valveTopRoles,
      universal: [{ leaves: ['Filter Sand', 'Glass Media'] }],
    },
    {
      kind: 'de', suffixes: [' DE'], variants: ['36 sq ft', '48 sq ft', '60 sq ft', '72 sq ft'], diagramTitle: 'Filter assembly',
      lines: { tank: { from: [300, 50], to: [300, 300], axis: 'v', side: 1 }, base: FILTER_BASE },
      roles: valveTopRoles,
      universal: [{ leaves: ['DE Powder'] }],
    },
  ],
  heater: [{
    kind: 'gas', suffixes: [' NG', ' LP', ' Low NOx', ''], variants: ['150K BTU', '250K BTU', '300K BTU', '400K BTU'], diagramTitle: 'Heater assembly',
    lines: { header: HEADER, controls: CONTROLS },
    roles: [
      r('Union gasket', 'Gaskets', { nouns: ['Flange Gasket'], quantity: 2, glyph: 'gasket-s', line: 'header' }),
      r('Header gasket', 'Gaskets', { nouns: ['Heater Gasket'], quantity: 2, glyph: 'gasket', line: 'header' }),
      r('Heat exchanger', 'Heat Exchangers', { per: 'model', required: true, glyph: 'exchanger', line: 'header' }),
      r('Control board', 'Thermostats', { nouns: ['Thermostat Control Board'], required: true, glyph: 'board', line: 'controls' }),
      r('High limit switch', 'Thermostats', { nouns: ['High Limit Switch'], quantity: 2, glyph: 'switch', line: 'controls' }),
      r('Temperature sensor', 'Thermostats', { nouns: ['Temperature Sensor'], glyph: 'sensor', line: 'controls' }),
      r('Pressure switch', 'Sensors', { nouns: ['Flow Switch'], glyph: 'switch', line: 'controls' }),
      r('Igniter', 'Igniters', { required: true, glyph: 'igniter', line: 'controls' }),
    ],
  }],
  'heat-pump': [{
    kind: 'heat-pump', suffixes: [' HP', ' Heat/Cool', ' Ti'], variants: ['50K BTU', '90K BTU', '110K BTU', '140K BTU'], diagramTitle: 'Heat pump assembly',
    lines: { header: HEADER, controls: CONTROLS },
    roles: [
      r('Union gasket', 'Gaskets', { nouns: ['Flange Gasket'], quantity: 2, glyph: 'gasket-s', line: 'header' }),
      r('Heat exchanger', 'Heat Exchangers', { per: 'model', required: true, glyph: 'exchanger', line: 'header' }),
      r('Control board', 'Thermostats', { nouns: ['Thermostat Control Board'], required: true, glyph: 'board', line: 'controls' }),
      r('Water temperature sensor', 'Sensors', { nouns: ['Water Temperature Sensor'], glyph: 'sensor', line: 'controls' }),
      r('Air temperature sensor', 'Sensors', { nouns: ['Air Temperature Sensor'], glyph: 'sensor', line: 'controls' }),
      r('Flow switch', 'Sensors', { nouns: ['Flow Switch'], glyph: 'switch', line: 'controls' }),
    ],
  }],
  'salt-system': [{
    kind: 'salt', suffixes: [' Salt', ' Chlor', ' SWG'], variants: ['15K gal', '25K gal', '40K gal'], diagramTitle: 'Cell and controls',
    lines: { pipe: { from: [80, 330], to: [520, 330], axis: 'h', side: -1 }, power: { from: [680, 170], to: [680, 470], axis: 'v', side: -1 } },
    roles: [
      r('Salt cell', 'Salt Cells', { per: 'model', required: true, glyph: 'cell', line: 'pipe' }),
      r('Flow switch', 'Salt Cell Parts', { nouns: ['Flow Switch'], required: true, glyph: 'switch', line: 'pipe' }),
      r('Cell cord', 'Salt Cell Parts', { nouns: ['Cell Cord'], glyph: 'cord', line: 'power' }),
      r('Water temperature sensor', 'Sensors', { nouns: ['Water Temperature Sensor'], glyph: 'sensor', line: 'power' }),
    ],
    universal: [{ leaves: ['Salt Cell Parts'], nouns: ['Salt Cell Cleaning Stand'] }],
  }],
  cleaner: [
    {
      kind: 'robotic', suffixes: [' Robot', ' RC'], variants: ['Standard', 'Plus', 'Pro', 'Elite'], diagramTitle: 'Cleaner assembly',
      lines: { drive: { from: [120, 440], to: [680, 440], axis: 'h', side: 1 }, canister: { from: [400, 300], to: [400, 80], axis: 'v', side: 1 } },
      roles: [
        r('Drive track', 'Tires & Tracks', { nouns: ['Drive Track'], quantity: 2, required: true, glyph: 'track', line: 'drive' }),
        r('Tire kit', 'Tires & Tracks', { nouns: ['Replacement Tire Kit'], glyph: 'tire', line: 'drive' }),
        r('Filter bag', 'Cleaner Bags', { nouns: ['Fine Debris Bag'], required: true, glyph: 'bag', line: 'canister' }),
      ],
    },
    {
      kind: 'suction', suffixes: [' Suction', ' SC'], variants: ['Standard', 'Plus', 'Pro'], diagramTitle: 'Cleaner assembly',
      lines: { drive: { from: [150, 260], to: [650, 260], axis: 'h', side: -1 }, hose: { from: [400, 480], to: [400, 480], axis: 'h', side: 1 } },
      roles: [
        r('Track kit', 'Tires & Tracks', { nouns: ['Cleaner Track Kit'], required: true, glyph: 'track', line: 'drive' }),
        r('Tire kit', 'Tires & Tracks', { nouns: ['Replacement Tire Kit'], quantity: 2, glyph: 'tire', line: 'drive' }),
        r('Hose section', 'Cleaner Hoses', { nouns: ['Cleaner Hose Section'], quantity: 10, required: true, glyph: 'hose', line: 'hose' }),
      ],
    },
    {
      kind: 'pressure', suffixes: [' Pressure', ' PC'], variants: ['Standard', 'Plus', 'Pro'], diagramTitle: 'Cleaner assembly',
      lines: { body: { from: [130, 250], to: [670, 250], axis: 'h', side: -1 }, hose: { from: [400, 480], to: [400, 480], axis: 'h', side: 1 } },
      roles: [
        r('Tire kit', 'Tires & Tracks', { nouns: ['Replacement Tire Kit'], quantity: 3, glyph: 'tire', line: 'body' }),
        r('All-purpose bag', 'Cleaner Bags', { nouns: ['All-Purpose Cleaner Bag'], required: true, glyph: 'bag', line: 'body' }),
        r('Leaf bag', 'Cleaner Bags', { nouns: ['Leaf Bag'], glyph: 'bag', line: 'body' }),
        r('Feed hose', 'Cleaner Hoses', { nouns: ['Feed Hose Assembly'], required: true, glyph: 'hose', line: 'hose' }),
      ],
    },
  ],
  automation: [{
    kind: 'automation', suffixes: [' Logic', ' Touch', ' Connect'], variants: ['P4', 'PS8', 'PS16', 'Combo'], diagramTitle: 'System components',
    lines: { panel: { from: [120, 210], to: [680, 210], axis: 'h', side: -1 }, field: { from: [120, 440], to: [680, 440], axis: 'h', side: 1 } },
    roles: [
      r('Indoor control panel', 'Remotes & Apps', { nouns: ['Indoor Control Panel'], required: true, glyph: 'panel', line: 'panel' }),
      r('Wi-Fi module', 'Remotes & Apps', { nouns: ['Wi-Fi Module'], glyph: 'module', line: 'panel' }),
      r('Wireless remote', 'Remotes & Apps', { nouns: ['Wireless Remote'], glyph: 'module', line: 'panel' }),
      r('Valve actuator', 'Actuators', { quantity: 2, required: true, glyph: 'actuator', line: 'field' }),
      r('Water temperature sensor', 'Sensors', { nouns: ['Water Temperature Sensor'], glyph: 'sensor', line: 'field' }),
      r('Air temperature sensor', 'Sensors', { nouns: ['Air Temperature Sensor'], glyph: 'sensor', line: 'field' }),
    ],
  }],
  light: [{
    kind: 'light', suffixes: [' LED', ' Color', ' Brite'], variants: ['30 ft cord', '50 ft cord', '100 ft cord'], diagramTitle: 'Light assembly',
    lines: { lens: { from: [110, 320], to: [690, 320], axis: 'h', side: -1 } },
    roles: [
      r('Light niche', 'Light Niches & Parts', { nouns: ['Light Niche'], glyph: 'niche', line: 'lens' }),
      r('Lens gasket', 'Light Niches & Parts', { nouns: ['Light Lens Gasket'], required: true, glyph: 'gasket', line: 'lens' }),
      r('Face ring', 'Light Niches & Parts', { nouns: ['Light Face Ring'], required: true, glyph: 'ring', line: 'lens' }),
    ],
  }],
  valve: [{
    kind: 'diverter', suffixes: [' Diverter', ' 3-Port', ' 2-Port'], variants: ['1.5 in', '2 in', '2.5 in'], diagramTitle: 'Valve assembly',
    lines: { stem: { from: [400, 470], to: [400, 70], axis: 'v', side: 1 } },
    roles: [
      r('Lid o-ring', 'Valve O-Rings', { nouns: ['Valve Lid O-Ring'], required: true, glyph: 'oring-l', line: 'stem' }),
      r('Shaft o-ring', 'Valve O-Rings', { nouns: ['Valve Shaft O-Ring'], quantity: 2, required: true, glyph: 'oring-s', line: 'stem' }),
      r('Valve actuator', 'Actuators', { glyph: 'actuator', line: 'stem' }),
    ],
  }],
  skimmer: [{
    kind: 'skimmer', suffixes: [' Skimmer', ' Wide Mouth', ' Thru-Wall'], variants: ['Standard', 'Wide', 'Extended'], diagramTitle: 'Skimmer assembly',
    lines: { throat: { from: [300, 60], to: [300, 330], axis: 'v', side: 1 }, mouth: { from: [480, 430], to: [700, 430], axis: 'h', side: -1 } },
    roles: [
      r('Skimmer lid', 'Skimmer Lids', { required: true, glyph: 'skimmer-lid', line: 'throat' }),
      r('Skimmer basket', 'Skimmer Baskets', { required: true, glyph: 'basket', line: 'throat' }),
      r('Weir', 'Skimmer Weirs', { glyph: 'weir', line: 'mouth' }),
      r('Faceplate gasket', 'Gaskets', { nouns: ['Flange Gasket'], glyph: 'gasket', line: 'mouth' }),
    ],
  }],
};

/** The least bill of materials a model is made with (its diagram's callouts). */
export const MIN_BOM_LINES = 3;

/** Invented series names (no maker's trademark). */
const SERIES_NAMES: readonly string[] = [
  'Corvane', 'Brisola', 'Tollmark', 'Quelra', 'Veradon', 'Orvale', 'Halcyra', 'Dunmere', 'Silvane', 'Marlowe',
  'Kestra', 'Ondara', 'Pellara', 'Rivanne', 'Tessaro', 'Ulvida', 'Wendral', 'Zephrin', 'Aldane', 'Cobaro',
  'Fennick', 'Galvora', 'Hollin', 'Istren', 'Jorvale', 'Lumara', 'Norwick', 'Pavena',
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

/** An aftermarket maker's number: 'APC-2218', 'KQ-44570', 'TW51937'. */
function aftermarketNumber(rng: Rng): string {
  switch (rng.int(0, 2)) {
    case 0: return `${rng.pick(['APC', 'UNI', 'CMP', 'PRX'])}-${digits(rng, 4)}`;
    case 1: return `KQ-${digits(rng, 5)}`;
    default: return `${LETTERS[rng.int(0, LETTERS.length - 1)]}${LETTERS[rng.int(0, LETTERS.length - 1)]}${digits(rng, 5)}`;
  }
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Products of one leaf and noun, handed out once each (a part belongs to one series). */
class PartPool {
  private readonly lists = new Map<string, number[]>();
  private readonly cursor = new Map<string, number>();
  readonly used = new Set<number>();

  constructor(products: ProductFactTable, leafTitle: (id: number) => string | undefined, rng: Rng) {
    const raw = new Map<string, number[]>();
    const add = (key: string, id: number): void => {
      let list = raw.get(key);
      if (!list) raw.set(key, (list = []));
      list.push(id);
    };
    for (let at = 0; at < products.length; at++) {
      const leaf = leafTitle(products.collectionId(at));
      if (leaf === undefined) continue;
      const id = products.id(at);
      add(leaf, id);
      const noun = products.noun(at);
      if (noun !== undefined) add(`${leaf}\u0000${noun}`, id);
    }
    // each list in its own random order, so consecutive series do not take neighbouring ids
    for (const [key, list] of raw) this.lists.set(key, rng.sample(list, list.length));
  }

  /** The keys a role draws from. */
  static keys(leaves: readonly string[], nouns: readonly string[] | undefined): string[] {
    return leaves.flatMap((l) => (nouns === undefined ? [l] : nouns.map((n) => `${l}\u0000${n}`)));
  }

  /** Every product under the keys (used or not), for universal parts. */
  all(keys: readonly string[]): number[] {
    return keys.flatMap((k) => this.lists.get(k) ?? []);
  }

  /**
   * The next unused product of the keys, one of `vendorId`'s when one is among the next few
   * (a maker's bill of materials names its own parts), and marks it used; undefined when none is left.
   */
  take(keys: readonly string[], vendorId: number, vendorOf: (id: number) => number): number | undefined {
    let fallback: { key: string; at: number } | undefined;
    for (const key of keys) {
      const list = this.lists.get(key) ?? [];
      let at = this.cursor.get(key) ?? 0;
      while (at < list.length && this.used.has(list[at]!)) at++;
      this.cursor.set(key, at);
      for (let k = at; k < list.length && k < at + 40; k++) {
        const id = list[k]!;
        if (this.used.has(id)) continue;
        if (vendorOf(id) === vendorId) {
          this.used.add(id);
          return id;
        }
        fallback ??= { key, at: k };
      }
    }
    if (fallback === undefined) return undefined;
    const id = this.lists.get(fallback.key)![fallback.at]!;
    this.used.add(id);
    return id;
  }
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
  /** In id order: a list, or a table read column by column (seedEquipment's, from the database). */
  products: readonly ProductFact[] | ProductFactTable;
  /** @default equipmentCountFor(products.length) */
  count?: number;
}): GeneratedEquipment {
  const { collections, vendors } = input;
  const products = input.products instanceof ProductFactTable ? input.products : ProductFactTable.of(input.products, titleNouns(collections));
  const rng = mulberry32(mixSeed(input.seed >>> 0, 0xe901));
  const count = input.count ?? equipmentCountFor(products.length);
  const collectionById = new Map(collections.map((c) => [c.id, c]));
  const vendorOf = (id: number): number => {
    const at = products.indexOf(id);
    return at < 0 ? 0 : products.vendorId(at);
  };
  const codeOf = (id: number): string => {
    const at = products.indexOf(id);
    return at < 0 ? '' : products.productCode(at);
  };
  const pool = new PartPool(products, (id) => collectionById.get(id)?.title, rng);

  const equipment: GenEquipment[] = [];
  const supersessions: GeneratedEquipment['supersessions'] = [];
  /** Series each product was given to, and the product that replaced an old one. */
  const seriesOfPart = new Map<number, { brand: string; series: string; type: EquipmentType; models: string[] }>();
  const handles = new Set<string>();
  const numbersSeen = new Set<string>();
  const seriesSeen = new Set<string>();
  let diagramId = 0;
  // a kind is left out once it failed to find the parts of a series a few times over
  const failures = new Map<KindDef, number>();
  const kinds = EQUIPMENT_TYPES.map((type) => EQUIPMENT_KINDS[type].map((k) => ({ type, k })));
  let turn = 0;
  let idle = 0;
  while (equipment.length < count && vendors.length > 0 && idle < EQUIPMENT_TYPES.length) {
    const choices = kinds[turn++ % kinds.length]!.filter(({ k }) => (failures.get(k) ?? 0) < 3);
    if (choices.length === 0) {
      idle++;
      continue;
    }
    const { type, k: def } = rng.pick(choices);
    const vendor = rng.pickSkewed(vendors);
    let series = `${rng.pick(SERIES_NAMES)}${rng.pick(def.suffixes)}`;
    if (seriesSeen.has(`${vendor.id} ${series}`)) series = `${series} ${rng.pick(['2', '3', 'Plus', 'Max'])}`;
    const size = Math.min(count - equipment.length, rng.int(2, Math.min(4, def.variants.length)));
    const variantIdx = rng.sample(def.variants.map((_, i) => i), size).sort((a, b) => a - b);

    // the bill of materials: series lines once, model lines per model; a required line left empty drops the series
    const taken: number[] = [];
    const seriesLines = new Map<RoleDef, number>();
    const modelLines: Map<RoleDef, number>[] = variantIdx.map(() => new Map());
    const replaced = new Map<number, number>();
    let ok = true;
    for (const role of def.roles) {
      const keys = PartPool.keys(role.leaves, role.nouns);
      const slots = role.per === 'series' ? 1 : variantIdx.length;
      for (let s = 0; s < slots; s++) {
        const id = pool.take(keys, vendor.id, vendorOf);
        if (id === undefined) {
          if (role.required === true) ok = false;
          break;
        }
        taken.push(id);
        if (role.per === 'series') seriesLines.set(role, id);
        else modelLines[s]!.set(role, id);
        // now and then the part of a series was superseded: the old number is another product of the same kind
        if (rng.chance(0.12)) {
          const other = pool.take(keys, vendor.id, vendorOf);
          if (other !== undefined) {
            taken.push(other);
            replaced.set(Math.max(id, other), Math.min(id, other));
          }
        }
      }
      if (!ok) break;
    }
    // the current part of a supersession is the later product: swap where the bill of materials took the older one
    const current = (id: number): number => {
      for (const [now, old] of replaced) if (old === id) return now;
      return id;
    };
    const linesOf = (m: number): { role: RoleDef; id: number }[] => def.roles.flatMap((role) => {
      const id = role.per === 'series' ? seriesLines.get(role) : modelLines[m]!.get(role);
      return id === undefined ? [] : [{ role, id: current(id) }];
    });
    if (ok && linesOf(0).length < MIN_BOM_LINES) ok = false;
    if (!ok) {
      // give the parts back: another series may complete with them
      for (const id of taken) pool.used.delete(id);
      failures.set(def, (failures.get(def) ?? 0) + 1);
      continue;
    }
    idle = 0;
    seriesSeen.add(`${vendor.id} ${series}`);
    for (const [now, old] of replaced) supersessions.push({ productId: old, replacedById: now });
    const universal: number[] = [];
    for (const u of def.universal ?? []) {
      const all = pool.all(PartPool.keys(u.leaves, u.nouns));
      universal.push(...rng.sample(all, rng.int(1, 3)));
    }

    const yearBase = rng.int(1998, 2021);
    const stem = `${brandPrefix(vendor.name)}${digits(rng, 4)}`;
    const modelNames: string[] = [];
    for (const [m, vi] of variantIdx.entries()) {
      const variant = def.variants[vi]!;
      const model = `${series} ${variant}`;
      let primary = `${stem}${rng.pick(['X', 'XE', 'V', 'T', ''])}${(vi + 1) * 5}`;
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
      const yearFrom = yearBase + m;
      const yearTo = rng.chance(0.4) ? null : Math.min(2025, yearFrom + rng.int(2, 12));
      const lines = linesOf(m);
      const bom: GenBomLine[] = lines.map(({ role, id }) => ({ role: role.name, productId: id, quantity: role.quantity ?? 1, per: role.per }));
      const placed = layoutAssembly(def.lines, lines.map(({ role }) => ({ glyph: role.glyph, line: role.line })));
      const callouts: GenCallout[] = bom.map((line, i) => {
        const p = placed[i]!;
        return { number: i + 1, productId: line.productId, quantity: line.quantity, x: p.x, y: p.y, partX: p.partX, partY: p.partY, shape: shapeOf(p.glyph, p.axis) };
      });
      const bomIds = new Set(bom.map((b) => b.productId));
      equipment.push({
        id: equipment.length + 1,
        handle,
        vendorId: vendor.id,
        brand: vendor.name,
        series,
        model,
        type,
        kind: def.kind,
        numbers,
        yearFrom,
        yearTo: yearTo !== null && yearTo < yearFrom ? yearFrom : yearTo,
        imageHue: rng.int(0, 359),
        bom,
        diagrams: [{ id: ++diagramId, position: 0, title: def.diagramTitle, width: DIAGRAM_WIDTH, height: DIAGRAM_HEIGHT, callouts }],
        fitment: [
          ...bom.map((b) => ({ productId: b.productId, universal: false })),
          ...[...new Set(universal)].filter((id) => !bomIds.has(id)).map((productId) => ({ productId, universal: true })),
        ],
      });
      modelNames.push(primary);
      for (const line of bom) {
        const owner = seriesOfPart.get(line.productId);
        if (owner) owner.models.push(primary);
        else seriesOfPart.set(line.productId, { brand: vendor.name, series, type, models: [primary] });
      }
    }
    for (const [now, old] of replaced) {
      const owner = seriesOfPart.get(now);
      if (owner) seriesOfPart.set(old, owner);
    }
  }

  // cross-reference: every product's own number is its OEM number; some have a second OEM
  // number and aftermarket equivalents; a replacement lists the numbers of the part it superseded
  // (a million products' lists are not all held at once: the generator runs from its seed once
  // here, keeping only the OEM numbers of the superseded parts, then again each time the numbers
  // are read, giving each product's list as it goes)
  const ownNumbers = (at: number, xrng: Rng): { number: string; kind: PartNumberKind }[] => {
    const list: { number: string; kind: PartNumberKind }[] = [{ number: products.productCode(at), kind: 'oem' }];
    if (xrng.chance(0.25)) list.push({ number: `${brandPrefix(vendors[products.vendorId(at) - 1]?.name ?? 'X')}${digits(xrng, 6)}`, kind: 'oem' });
    const aftermarket = xrng.chance(0.5) ? xrng.int(1, 2) : 0;
    for (let a = 0; a < aftermarket; a++) list.push({ number: aftermarketNumber(xrng), kind: 'aftermarket' });
    return list;
  };
  const numbersSeed = mixSeed(input.seed >>> 0, 0x9a27);
  const superseded = new Set(supersessions.map((s) => s.productId));
  const oemOf = new Map<number, string[]>();
  const firstPass = mulberry32(numbersSeed);
  for (let at = 0; at < products.length; at++) {
    const own = ownNumbers(at, firstPass);
    if (superseded.has(products.id(at))) oemOf.set(products.id(at), own.filter((n) => n.kind === 'oem').map((n) => n.number));
  }
  const replacedBy = new Map<number, number>();
  const replaces = new Map<number, number>();
  // what a replacement lists after its own numbers: the OEM numbers of the parts it superseded
  const supersedesOf = new Map<number, string[]>();
  for (const s of supersessions) {
    replacedBy.set(s.productId, s.replacedById);
    replaces.set(s.replacedById, s.productId);
    const list = supersedesOf.get(s.replacedById) ?? [];
    list.push(...(oemOf.get(s.productId) ?? []));
    supersedesOf.set(s.replacedById, list);
  }
  const partNumbers: Iterable<GenPartNumber> = {
    *[Symbol.iterator]() {
      const pass = mulberry32(numbersSeed);
      for (let at = 0; at < products.length; at++) {
        // its own numbers come OEM first, then aftermarket; the superseded numbers after them
        const productId = products.id(at);
        const list = ownNumbers(at, pass);
        for (const number of supersedesOf.get(productId) ?? []) list.push({ number, kind: 'supersedes' });
        for (const [position, n] of list.entries()) yield { productId, position, number: n.number, kind: n.kind };
      }
    },
  };

  // descriptions agree with the cross-reference: what a part fits, what it replaced or was replaced by
  const typeWord: Record<EquipmentType, string> = {
    pump: 'pumps', filter: 'filters', heater: 'heaters', 'heat-pump': 'heat pumps', 'salt-system': 'salt systems',
    cleaner: 'cleaners', automation: 'control systems', light: 'lights', valve: 'valves', skimmer: 'skimmers',
  };
  const noteOf = (productId: number, owner: { brand: string; series: string; type: EquipmentType; models: string[] }): string => {
    const models = [...new Set(owner.models)];
    const fits = `the ${escapeHtml(owner.brand)} ${escapeHtml(owner.series)} ${typeWord[owner.type]} (model${models.length > 1 ? 's' : ''} ${escapeHtml(models.join(', '))})`;
    const by = replacedBy.get(productId);
    if (by !== undefined) {
      const next = codeOf(by);
      return `<p>Part ${escapeHtml(codeOf(productId))} was replaced by ${escapeHtml(next)}, which fits ${fits}. Order ${escapeHtml(next)} for these models.</p>`;
    }
    const old = replaces.get(productId);
    const replacing = old === undefined ? '' : ` It replaces part ${escapeHtml(codeOf(old))}.`;
    return `<p>Fits ${fits}.${replacing}</p>`;
  };
  const noted = [...seriesOfPart.keys()].sort((a, b) => a - b);
  const notes: Iterable<{ productId: number; html: string }> = {
    *[Symbol.iterator]() {
      for (const productId of noted) yield { productId, html: noteOf(productId, seriesOfPart.get(productId)!) };
    },
  };
  return { equipment, partNumbers, supersessions, notes };
}
