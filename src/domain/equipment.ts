/**
 * Parts that fit: the shopper's equipment (pumps, filters, heaters ... on the pad),
 * whether a product fits it, the part numbers a product is known by (OEM, aftermarket, the numbers
 * it supersedes) and the shopper's 'My equipment' list.
 *
 * Pure: the server answers which products fit which model; these rules read its answers (a
 * product's `Fitments`, its `PartNumbers`) and keep the shopper's list. Part and model numbers are
 * compared by the search's own key ({@link normalizePhrase}: case, spaces, hyphens and dots do not
 * matter), so `SP-2607 x10` is `SP2607X10`.
 * @module
 */
import { partReplacedText } from './replaced-part.ts';
import type { Diagram } from './diagram.ts';
import type { ProductCardData } from './entities.ts';
import { normalizePhrase } from './search.ts';

/** The kinds of equipment a pool pad holds (wire values), in the order the browse page lists them. */
export const EQUIPMENT_TYPES = ['pump', 'filter', 'heater', 'heat-pump', 'salt-system', 'cleaner', 'automation', 'light', 'valve', 'skimmer'] as const;

/** One kind of equipment. */
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

/** The label of each kind (singular), as a model page names it. */
export const EQUIPMENT_TYPE_LABELS: Record<EquipmentType, string> = {
  pump: 'Pump',
  filter: 'Filter',
  heater: 'Heater',
  'heat-pump': 'Heat pump',
  'salt-system': 'Salt system',
  cleaner: 'Cleaner',
  automation: 'Automation',
  light: 'Light',
  valve: 'Valve',
  skimmer: 'Skimmer',
};

/** A model as the shopper's list keeps it and as sentences name it. */
export interface EquipmentRef {
  /** URL handle of the model page, e.g. 'hayward-super-pump-sp2607x10'. */
  handle: string;
  /** The maker, one of the store's vendors, e.g. 'Hayward'. */
  brand: string;
  /** The model's name, e.g. 'Super Pump 1 HP'. */
  model: string;
}

/** One equipment model as lists show it (GET /api/equipment). */
export interface EquipmentSummary extends EquipmentRef {
  id: number;
  /** The family, e.g. 'Super Pump'. */
  series: string;
  /** `${brand} ${model}`: what a list or a notice shows. */
  title: string;
  type: EquipmentType;
  /** Primary model number as printed, e.g. 'SP2607X10'. */
  modelNumber: string;
  /** Other model numbers of the same unit, e.g. ['SP2607X10AZ']. */
  aliases: string[];
  /** First year made. */
  yearFrom: number;
  /** Last year made; null while still made. */
  yearTo: number | null;
  /** Picture of the unit ('/media/equipment/{id}.svg'). */
  imageUrl: string;
  /** Distinct products that fit (diagram parts and universal parts). */
  partCount: number;
}

/** A product in a model's parts list. */
export interface EquipmentPart {
  /** The usual card (price, stock and inventory level for the add button). */
  product: ProductCardData;
  /** The part number to show: its first OEM number, else its SKU. */
  partNumber: string | null;
  /** Most units per unit of equipment over the callouts naming it (1 for universal parts). */
  quantity: number;
  /** Where it appears on the diagrams; [] for universal parts. */
  callouts: { diagramId: number; number: number }[];
  /** Fits through its series (gaskets, o-rings ...), not through a callout. */
  universal: boolean;
}

/** A model with its diagrams and parts (GET /api/equipment/handle/{handle}). */
export interface Equipment extends EquipmentSummary {
  /** 1 to 3 drawings, in order. */
  diagrams: Diagram[];
  /** Diagram parts by (diagram order, callout number), then universal parts by title. */
  parts: EquipmentPart[];
}

/** A model a product fits (product detail `Fitments`). */
export interface Fitment extends EquipmentRef {
  id: number;
  modelNumber: string;
  type: EquipmentType;
  /** `${brand} ${model}`. */
  title: string;
}

/** How a product is known by a number: its maker's, an equivalent's, or an older number it replaces. */
export type PartNumberKind = 'oem' | 'aftermarket' | 'supersedes';

/** One number a product is known by (product detail `PartNumbers`). */
export interface PartNumber {
  /** As printed: 'SPX2607C', 'APCO-2218'. */
  number: string;
  kind: PartNumberKind;
}

/** The fields a product detail gains on a server with fitment. */
export interface ProductFitmentFields {
  /** Sorted by brand, model; [] when it fits nothing specific. */
  Fitments: Fitment[];
  /** OEM first, then aftermarket, then supersedes. */
  PartNumbers: PartNumber[];
  /** The replacement's card when this product was replaced. */
  SupersededBy: ProductCardData | null;
  /** The replacement's part number (its first OEM number) when this product was replaced. */
  SupersededByNumber?: string | null;
}

/** Which part number a search matched (search answer `matchedPartNumber`). */
export interface MatchedPartNumber {
  /** The number as printed (not as typed). */
  number: string;
  /** 'supersedes' when the query was an old number. */
  kind: PartNumberKind;
  /** The product holding the number: the answer's first product. */
  productId: number;
}

/**
 * A search for a part number that was superseded (search answer `pageInfo.replacedBy`): the old
 * number as printed and the part that replaced it, for 'Part X was replaced by Y' above the results.
 */
export interface ReplacedPartNote {
  /** The old number, as printed. */
  number: string;
  /** The replacement's part number (its first OEM number, else its product code). */
  replacementNumber: string;
  /** The replacement. */
  productId: number;
  handle: string;
  title: string;
}

/** The label of each kind, as the product page's 'Part numbers' section shows it. */
export const PART_NUMBER_KIND_LABELS: Record<PartNumberKind, string> = {
  oem: 'OEM',
  aftermarket: 'Aftermarket',
  supersedes: 'Replaces',
};

/** The storefront's words for fitment. */
export const FITMENT_TEXT = {
  fits: (model: string): string => `Fits your ${model}`,
  doesNotFit: (model: string): string => `Does not fit your ${model}`,
  replacedBy: (title: string): string => `This part has been replaced by ${title}`,
  /** The notice of a superseded part number, above search results and on the old part's page. */
  partReplaced: partReplacedText,
  fitsTheseModels: 'Fits these models',
  partNumbers: 'Part numbers',
  fitsMyEquipment: 'Fits my equipment',
  myEquipment: 'My equipment',
  enterModel: 'Enter your equipment model',
} as const;

/** The words a model is named by in a sentence: brand and model, e.g. 'Hayward Super Pump SP2607X10'. */
export function equipmentLabel(ref: Pick<EquipmentRef, 'brand' | 'model'>): string {
  const brand = ref.brand.trim();
  const model = ref.model.trim();
  // a model name that already starts with its brand is not repeated ('Hayward Hayward ...')
  return brand === '' || normalizePhrase(model).startsWith(normalizePhrase(brand)) ? model : `${brand} ${model}`;
}

/**
 * Whether a product fits a model: the model is among the product's fitments (compared by handle,
 * the model's identity in URLs and in the shopper's list).
 *
 * @example productFits([{ handle: 'sp2607x10', brand: 'Hayward', model: 'Super Pump' }], 'sp2607x10'); // true
 */
export function productFits(fitments: readonly Pick<EquipmentRef, 'handle'>[], handle: string): boolean {
  return fitments.some((f) => f.handle === handle);
}

/** One line of the product page about a saved model: the text and whether it fits. */
export interface FitVerdict {
  handle: string;
  fits: boolean;
  /** 'Fits your {model}' or 'Does not fit your {model}'. */
  text: string;
}

/**
 * For each model of the shopper's list, whether the product fits it and what the page says:
 * the models it fits first (in list order), then those it does not. Nothing for a product that
 * fits no model in particular.
 *
 * @example
 * fitVerdicts(product.Fitments, myEquipment)[0]?.text; // 'Fits your Hayward Super Pump SP2607X10'
 */
export function fitVerdicts(fitments: readonly Pick<EquipmentRef, 'handle'>[], saved: readonly EquipmentRef[]): FitVerdict[] {
  // a product that fits no model in particular (chemicals, toys, universal fittings) is not a
  // part of anyone's equipment: 'Does not fit your pump' on a bucket of chlorine would mislead
  if (fitments.length === 0) return [];
  const verdicts = saved.map((s) => {
    const fits = productFits(fitments, s.handle);
    const label = equipmentLabel(s);
    return { handle: s.handle, fits, text: fits ? FITMENT_TEXT.fits(label) : FITMENT_TEXT.doesNotFit(label) };
  });
  return [...verdicts.filter((v) => v.fits), ...verdicts.filter((v) => !v.fits)];
}

/** The saved models a product fits, in list order. */
export function savedModelsFitting<T extends EquipmentRef>(fitments: readonly Pick<EquipmentRef, 'handle'>[], saved: readonly T[]): T[] {
  return saved.filter((s) => productFits(fitments, s.handle));
}

// ---------------------------------------------------------------- part and model numbers

/**
 * The key part and model numbers are compared by: the search's normalisation, so `spx-1600-s`,
 * `SPX 1600 S` and `SPX1600S` are one number.
 *
 * @example referenceKey('SP-2607 x10'); // 'sp2607x10'
 */
export function referenceKey(number: string): string {
  return normalizePhrase(number);
}

/** Shortest key worth a prefix match: the part-number search's own minimum. */
export const REFERENCE_MIN_PREFIX = 3;

/** How a typed number matched a known one. */
export type ReferenceMatchKind = 'exact' | 'prefix';

/** A known number a typed one matched. */
export interface ReferenceMatch<T> {
  item: T;
  /** The known number as written, e.g. 'SPX1600R'. */
  number: string;
  match: ReferenceMatchKind;
}

/**
 * The best match of a typed number among known ones: an exact key first, else the shortest known
 * number the typed key starts (at least {@link REFERENCE_MIN_PREFIX} characters), else null. Ties
 * keep the order given.
 *
 * @example matchReference('spx-1600', [{ number: 'SPX1600R', kind: 'oem' }], (p) => [p.number]);
 * // { item: { number: 'SPX1600R', kind: 'oem' }, number: 'SPX1600R', match: 'prefix' }
 */
export function matchReference<T>(typed: string, items: readonly T[], numbersOf: (item: T) => readonly string[]): ReferenceMatch<T> | null {
  const key = referenceKey(typed);
  if (key === '') return null;
  let prefix: ReferenceMatch<T> | null = null;
  let prefixLength = Infinity;
  for (const item of items) {
    for (const number of numbersOf(item)) {
      const known = referenceKey(number);
      if (known === key) return { item, number, match: 'exact' };
      if (key.length >= REFERENCE_MIN_PREFIX && known.startsWith(key) && known.length < prefixLength) {
        prefix = { item, number, match: 'prefix' };
        prefixLength = known.length;
      }
    }
  }
  return prefix;
}

/**
 * Models ranked for a typed text: an exact model number or alias first, then a model number the
 * text starts, then a model name (brand, series, model) containing every word; the others are
 * left out. Stable within a rank.
 *
 * @example rankEquipment('sp2607', models)[0]?.model; // 'Super Pump SP2607X10'
 */
export function rankEquipment<T extends Pick<EquipmentSummary, 'brand' | 'model' | 'series' | 'modelNumber' | 'aliases'>>(typed: string, models: readonly T[]): T[] {
  const key = referenceKey(typed);
  if (key === '') return [...models];
  const words = typed.split(/\s+/).map(normalizePhrase).filter((w) => w !== '');
  const ranked: { model: T; rank: number; index: number }[] = [];
  models.forEach((model, index) => {
    const keys = modelNumbersOf(model).map(referenceKey);
    const name = normalizePhrase(`${model.brand} ${model.series} ${model.model}`);
    const rank = keys.includes(key)
      ? 0
      : key.length >= REFERENCE_MIN_PREFIX && keys.some((k) => k.startsWith(key))
        ? 1
        : words.every((w) => name.includes(w))
          ? 2
          : -1;
    if (rank >= 0) ranked.push({ model, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.model);
}

/** Every model number of a model: its primary number, then its aliases. */
export function modelNumbersOf(model: Pick<EquipmentSummary, 'modelNumber' | 'aliases'>): string[] {
  return [model.modelNumber, ...model.aliases];
}

/** A product's numbers grouped for the 'Part numbers' section: the kinds in label order, each number once. */
export function groupPartNumbers(numbers: readonly PartNumber[]): { kind: PartNumberKind; label: string; numbers: string[] }[] {
  const kinds: PartNumberKind[] = ['oem', 'aftermarket', 'supersedes'];
  return kinds
    .map((kind) => {
      const seen = new Set<string>();
      const list: string[] = [];
      for (const n of numbers) {
        const key = referenceKey(n.number);
        if (n.kind !== kind || key === '' || seen.has(key)) continue;
        seen.add(key);
        list.push(n.number.trim());
      }
      return { kind, label: PART_NUMBER_KIND_LABELS[kind], numbers: list };
    })
    .filter((g) => g.numbers.length > 0);
}

// ---------------------------------------------------------------- My equipment

/** Most models 'My equipment' keeps: a pad, a second home, a few customers' pads. */
export const MY_EQUIPMENT_LIMIT = 20;

/**
 * Browser-storage key of a signed-out shopper's list (ours; the issue names no key).
 * @default 'myEquipment'
 */
export const MY_EQUIPMENT_STORAGE_KEY = 'myEquipment';

/** Whether a value is a model reference with a handle, a brand and a model (storage is untrusted). */
export function isEquipmentRef(value: unknown): value is EquipmentRef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.handle === 'string' && v.handle.trim() !== '' && typeof v.brand === 'string' && typeof v.model === 'string' && v.model.trim() !== '';
}

function clean(list: readonly EquipmentRef[]): EquipmentRef[] {
  const seen = new Set<string>();
  const out: EquipmentRef[] = [];
  for (const item of list) {
    if (!isEquipmentRef(item) || seen.has(item.handle)) continue;
    seen.add(item.handle);
    out.push({ handle: item.handle, brand: item.brand, model: item.model });
    if (out.length === MY_EQUIPMENT_LIMIT) break;
  }
  return out;
}

/**
 * The list after saving a model: the model first, an earlier copy removed, at most
 * {@link MY_EQUIPMENT_LIMIT}; junk entries are dropped.
 *
 * @example addEquipment([a, b], b); // [b, a]
 */
export function addEquipment(list: readonly EquipmentRef[], item: EquipmentRef): EquipmentRef[] {
  return isEquipmentRef(item) ? clean([item, ...list]) : clean(list);
}

/** The list without a model. */
export function removeEquipment(list: readonly EquipmentRef[], handle: string): EquipmentRef[] {
  return clean(list.filter((m) => m.handle !== handle));
}

/** Whether a model is in the list. */
export function hasEquipment(list: readonly Pick<EquipmentRef, 'handle'>[], handle: string): boolean {
  return list.some((m) => m.handle === handle);
}

/**
 * The account's list after signing in with models saved in the browser: the account's models
 * keep their order, the browser's others follow in theirs, each model once, capped at
 * {@link MY_EQUIPMENT_LIMIT} (the account's first: what was saved there was chosen earlier).
 *
 * @example mergeEquipment([a], [b, a]); // [a, b]
 */
export function mergeEquipment(account: readonly EquipmentRef[], browser: readonly EquipmentRef[]): EquipmentRef[] {
  return clean([...account, ...browser]);
}

/** Reads the stored list; anything unreadable is an empty list, junk entries are dropped. */
export function parseMyEquipment(raw: string | null): EquipmentRef[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? clean(value.filter(isEquipmentRef)) : [];
  } catch {
    return [];
  }
}

/** The stored form of the list. */
export function serializeMyEquipment(list: readonly EquipmentRef[]): string {
  return JSON.stringify(clean(list));
}

/** Two lists hold the same models in the same order. */
export function sameEquipmentList(a: readonly Pick<EquipmentRef, 'handle'>[], b: readonly Pick<EquipmentRef, 'handle'>[]): boolean {
  return a.length === b.length && a.every((m, i) => m.handle === b[i]?.handle);
}

/** The browse page's heading of a type, e.g. 'Heat pumps'. */
export function equipmentTypePlural(type: EquipmentType): string {
  const label = EQUIPMENT_TYPE_LABELS[type];
  return type === 'automation' ? label : `${label}s`;
}

/** Whether a value is a known equipment type (a URL parameter is untrusted). */
export function isEquipmentType(value: unknown): value is EquipmentType {
  return typeof value === 'string' && (EQUIPMENT_TYPES as readonly string[]).includes(value);
}

/** Years made as a range: '2012–2020' or '2012–present'. */
export function equipmentYears(model: Pick<EquipmentSummary, 'yearFrom' | 'yearTo'>): string {
  if (model.yearTo === model.yearFrom) return String(model.yearFrom);
  return `${model.yearFrom}–${model.yearTo ?? 'present'}`;
}

// ---------------------------------------------------------------- a model's parts list

/** One row of a model page's parts list for the drawing shown. */
export interface PartRow {
  part: EquipmentPart;
  /** The callout numbers naming the part on the drawing shown, ascending; [] when it is not on it. */
  numbers: number[];
}

/**
 * The parts list beside a drawing: the parts on it first, by their lowest callout number (the
 * keyboard's order), then the model's other parts (other drawings, universal parts) in the
 * server's order.
 *
 * @example partRows(equipment.parts, equipment.diagrams[0].id)[0].numbers; // [1]
 */
export function partRows(parts: readonly EquipmentPart[], diagramId: number): PartRow[] {
  const rows = parts.map((part, index) => ({
    part,
    index,
    numbers: part.callouts
      .filter((c) => c.diagramId === diagramId)
      .map((c) => c.number)
      .sort((a, b) => a - b),
  }));
  const on = rows.filter((r) => r.numbers.length > 0).sort((a, b) => (a.numbers[0] as number) - (b.numbers[0] as number) || a.index - b.index);
  const off = rows.filter((r) => r.numbers.length === 0);
  return [...on, ...off].map(({ part, numbers }) => ({ part, numbers }));
}

/** The stock words of a part's row: 'In stock' (no count kept or plenty), '3 in stock', or 'Out of stock'. */
export function partStockText(card: Pick<ProductCardData, 'availableForSale' | 'availableQuantity' | 'bypassNegativeQuantity'>): string {
  if (!card.availableForSale || (!card.bypassNegativeQuantity && card.availableQuantity <= 0)) return 'Out of stock';
  if (card.bypassNegativeQuantity || card.availableQuantity > 10) return 'In stock';
  return `${card.availableQuantity} in stock`;
}

// ---------------------------------------------------------------- links

/** Where the equipment pages live (ours; the issue names `/equipment` and `/equipment/{handle}`). */
export const EQUIPMENT_PATH = '/equipment';

/** A model page's path. @example equipmentLink('hayward sp'); // '/equipment/hayward%20sp' */
export function equipmentLink(handle: string): string {
  return `${EQUIPMENT_PATH}/${encodeURIComponent(handle)}`;
}

/** The browse page at a step: every type, a type's brands, or a type and brand's models. */
export function equipmentBrowseLink(step: { type?: EquipmentType; brand?: string } = {}): string {
  const params = new URLSearchParams();
  if (step.type) params.set('type', step.type);
  if (step.type && step.brand) params.set('brand', step.brand);
  const query = params.toString();
  return query === '' ? EQUIPMENT_PATH : `${EQUIPMENT_PATH}?${query}`;
}
