/**
 * The shipping fields in the catalogue files: each variant's ship profile (class,
 * packed weight and size, freight class, hazard group, handling days, taxable) and each product's
 * notices (Proposition 65, hazardous-material handling, not returnable once opened).
 *
 * Skimmer's JSON Lines carry them as they are stored (`shipping` on a variant, `notices` on a
 * product); Shopify's CSV as metafield columns of Skimmer's namespace, the profile on each variant
 * row (`Ship Class (variant.metafields.skimmer.ship_class)` ...), taxable in Shopify's own
 * `Variant Taxable`, and the notices as JSON on the product's first row
 * (`Notices (product.metafields.skimmer.notices)`). A file without them leaves what the store
 * holds; a bad value rejects its row with the reason.
 * @module
 */
import {
  checkProductNotices,
  FREIGHT_CLASSES,
  HAZARD_GROUPS,
  MAX_HANDLING_DAYS,
  MAX_UNIT_WEIGHT_LB,
  SHIP_CLASSES,
  type HazardGroup,
  type ProductNotice,
  type ShipClass,
} from '../../../domain/shipping/index.ts';
import type { CsvRow } from '../../platform/csv/reader.ts';
import { DEFAULT_SHIPPING, type ItemShipping } from './schemas.ts';

/** The heaviest unit any ship class takes, in pounds (freight's pallet). */
export const MAX_SHIPPING_WEIGHT_LB = Math.max(...Object.values(MAX_UNIT_WEIGHT_LB));

/** The longest packed side a file may give, in inches. @default 1000 */
export const MAX_SIDE_IN = 1000;

/** The fields of a ship profile. */
export const SHIPPING_FIELDS = ['shipClass', 'weightLb', 'lengthIn', 'widthIn', 'heightIn', 'freightClass', 'hazardGroup', 'handlingDays', 'taxable'] as const satisfies readonly (keyof ItemShipping)[];

const positive = (v: unknown, max: number): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= max;

/**
 * What is wrong with the ship profile fields a file gives, in plain words, or null. Each field is
 * checked alone (a weight left out is the product's); the packed size is all three sides or none.
 * @example
 * shippingProblem({ shipClass: 'boat' }); // "Ship class 'boat' is not one of parcel, oversize, freight, hazmat-ground"
 */
export function shippingProblem(s: Partial<ItemShipping>): string | null {
  if (s.shipClass !== undefined && !SHIP_CLASSES.includes(s.shipClass)) return `Ship class '${String(s.shipClass)}' is not one of ${SHIP_CLASSES.join(', ')}`;
  if (s.weightLb !== undefined && s.weightLb !== null && !positive(s.weightLb, MAX_SHIPPING_WEIGHT_LB)) {
    return `Ship weight '${String(s.weightLb)}' is not a number of pounds above 0 and at most ${MAX_SHIPPING_WEIGHT_LB.toLocaleString('en-US')}`;
  }
  for (const [key, name] of [['lengthIn', 'length'], ['widthIn', 'width'], ['heightIn', 'height']] as const) {
    const v = s[key];
    if (v !== undefined && v !== null && !positive(v, MAX_SIDE_IN)) return `Ship ${name} '${String(v)}' is not a number of inches above 0 and at most ${MAX_SIDE_IN}`;
  }
  const sides = [s.lengthIn, s.widthIn, s.heightIn].filter((v) => v !== undefined);
  if (sides.length > 0 && sides.some((v) => v === null) && sides.some((v) => v !== null)) return 'The packed size needs all three sides (length, width and height), or none';
  if (s.freightClass !== undefined && s.freightClass !== null && !FREIGHT_CLASSES.includes(s.freightClass)) return `Freight class '${String(s.freightClass)}' is not an NMFC class (${FREIGHT_CLASSES.join(', ')})`;
  if (s.hazardGroup !== undefined && s.hazardGroup !== null && !HAZARD_GROUPS.includes(s.hazardGroup)) return `Hazard group '${String(s.hazardGroup)}' is not one of ${HAZARD_GROUPS.join(', ')}`;
  if (s.handlingDays !== undefined && (!Number.isInteger(s.handlingDays) || s.handlingDays < 0 || s.handlingDays > MAX_HANDLING_DAYS)) {
    return `Handling days '${String(s.handlingDays)}' is not a whole number from 0 to ${MAX_HANDLING_DAYS}`;
  }
  if (s.taxable !== undefined && typeof s.taxable !== 'boolean') return 'Taxable must be true or false';
  return null;
}

/** A notice in one key order (kind, then the chemicals), so a file written from it is always the same text. */
function orderedNotice(n: ProductNotice): ProductNotice {
  return n.kind === 'prop65' ? { kind: 'prop65', cancer: [...n.cancer], reproductiveHarm: [...n.reproductiveHarm] } : { kind: n.kind };
}

/** Notices as stored, in one key order. */
export const orderedNotices = (notices: readonly ProductNotice[]): ProductNotice[] => notices.map(orderedNotice);

/**
 * A file's notices, checked as the operators' editor checks them (domain checkProductNotices:
 * each kind once, a Proposition 65 warning naming a chemical) and tidied.
 */
export function readNotices(value: unknown): { ok: true; value: ProductNotice[] } | { ok: false; reason: string } {
  if (!Array.isArray(value)) return { ok: false, reason: 'Notices must be a list' };
  const kinds = new Set(['prop65', 'hazmat-handling', 'not-returnable-once-opened']);
  const list: ProductNotice[] = [];
  for (const [i, n] of value.entries()) {
    const at = `Notice ${i + 1}`;
    if (typeof n !== 'object' || n === null || Array.isArray(n)) return { ok: false, reason: `${at} is not an object` };
    const o = n as Record<string, unknown>;
    if (typeof o.kind !== 'string' || !kinds.has(o.kind)) return { ok: false, reason: `${at} has kind '${String(o.kind)}', not one of ${[...kinds].join(', ')}` };
    const allowed = o.kind === 'prop65' ? ['kind', 'cancer', 'reproductiveHarm'] : ['kind'];
    const extra = Object.keys(o).find((k) => !allowed.includes(k));
    if (extra !== undefined) return { ok: false, reason: `${at} has a field '${extra}' a ${o.kind} notice does not have` };
    if (o.kind !== 'prop65') {
      list.push({ kind: o.kind as 'hazmat-handling' | 'not-returnable-once-opened' });
      continue;
    }
    const names = (key: string): string[] | null => (Array.isArray(o[key]) && (o[key] as unknown[]).every((c) => typeof c === 'string') ? (o[key] as string[]) : null);
    const cancer = names('cancer');
    const reproductiveHarm = names('reproductiveHarm');
    if (cancer === null || reproductiveHarm === null) return { ok: false, reason: `${at} (prop65) needs 'cancer' and 'reproductiveHarm' as lists of chemical names` };
    list.push({ kind: 'prop65', cancer, reproductiveHarm });
  }
  const checked = checkProductNotices(list);
  return checked.ok ? { ok: true, value: orderedNotices(checked.value) } : { ok: false, reason: checked.message };
}

/** Shopify's columns of the ship profile fields, one a field (`Variant Taxable` is Shopify's own). */
export const SHOPIFY_SHIPPING_COLUMNS = {
  shipClass: 'Ship Class (variant.metafields.skimmer.ship_class)',
  weightLb: 'Ship Weight Lb (variant.metafields.skimmer.ship_weight_lb)',
  lengthIn: 'Ship Length In (variant.metafields.skimmer.ship_length_in)',
  widthIn: 'Ship Width In (variant.metafields.skimmer.ship_width_in)',
  heightIn: 'Ship Height In (variant.metafields.skimmer.ship_height_in)',
  freightClass: 'Freight Class (variant.metafields.skimmer.freight_class)',
  hazardGroup: 'Hazard Group (variant.metafields.skimmer.hazard_group)',
  handlingDays: 'Handling Days (variant.metafields.skimmer.handling_days)',
  taxable: 'Variant Taxable',
} as const satisfies Record<(typeof SHIPPING_FIELDS)[number], string>;

/** Shopify's column of a product's notices (JSON, on its first row). */
export const SHOPIFY_NOTICES_COLUMN = 'Notices (product.metafields.skimmer.notices)';

/** The Skimmer metafield keys the shipping columns use (not kept as attributes). */
export const SHIPPING_METAFIELD_KEYS: ReadonlySet<string> = new Set(['ship_class', 'ship_weight_lb', 'ship_length_in', 'ship_width_in', 'ship_height_in', 'freight_class', 'hazard_group', 'handling_days', 'notices']);

const numberText = (v: number | null): string => (v === null ? '' : String(v));

/** A variant's ship profile as Shopify cells. */
export function shopifyShippingCells(s: ItemShipping): Record<string, string> {
  const c = SHOPIFY_SHIPPING_COLUMNS;
  return {
    [c.shipClass]: s.shipClass,
    [c.weightLb]: numberText(s.weightLb),
    [c.lengthIn]: numberText(s.lengthIn),
    [c.widthIn]: numberText(s.widthIn),
    [c.heightIn]: numberText(s.heightIn),
    [c.freightClass]: numberText(s.freightClass),
    [c.hazardGroup]: s.hazardGroup ?? '',
    [c.handlingDays]: String(s.handlingDays),
    [c.taxable]: s.taxable ? 'TRUE' : 'FALSE',
  };
}

/** A product's notices as Shopify's cell (empty for none). */
export const shopifyNoticesCell = (notices: readonly ProductNotice[]): string => (notices.length === 0 ? '' : JSON.stringify(orderedNotices(notices)));

/** A refused cell: its column, its text and why. */
export interface CellProblem {
  column: string;
  value: string;
  reason: string;
}

/**
 * The ship profile fields a Shopify variant row gives: a field whose column the file has (an
 * empty cell is the field's default: no weight, no size, parcel, 0 days, taxable), none when it
 * has none of the columns.
 */
export function readShopifyShipping(row: CsvRow): { ok: true; value: Partial<ItemShipping> } | { ok: false; problem: CellProblem } {
  const out: Partial<ItemShipping> = {};
  const c = SHOPIFY_SHIPPING_COLUMNS;
  const bad = (column: string, reason: string) => ({ ok: false as const, problem: { column, value: row.get(column), reason } });
  const num = (key: 'weightLb' | 'lengthIn' | 'widthIn' | 'heightIn' | 'freightClass', label: string): CellProblem | null => {
    if (!row.has(c[key])) return null;
    const text = row.get(c[key]).trim();
    if (text === '') {
      out[key] = null;
      return null;
    }
    if (!/^\d{1,7}(\.\d{1,4})?$/.test(text)) return { column: c[key], value: text, reason: `${label} '${text}' is not a number` };
    out[key] = Number(text);
    return null;
  };
  if (row.has(c.shipClass)) out.shipClass = (row.get(c.shipClass).trim().toLowerCase() || DEFAULT_SHIPPING.shipClass) as ShipClass;
  for (const [key, label] of [['weightLb', 'Ship weight'], ['lengthIn', 'Ship length'], ['widthIn', 'Ship width'], ['heightIn', 'Ship height'], ['freightClass', 'Freight class']] as const) {
    const problem = num(key, label);
    if (problem) return { ok: false, problem };
  }
  if (row.has(c.hazardGroup)) out.hazardGroup = (row.get(c.hazardGroup).trim().toLowerCase() || null) as HazardGroup | null;
  if (row.has(c.handlingDays)) {
    const text = row.get(c.handlingDays).trim();
    if (text !== '' && !/^\d{1,3}$/.test(text)) return bad(c.handlingDays, `Handling days '${text}' is not a whole number`);
    out.handlingDays = text === '' ? DEFAULT_SHIPPING.handlingDays : Number(text);
  }
  if (row.has(c.taxable)) {
    const text = row.get(c.taxable).trim().toLowerCase();
    if (!['', 'true', 'false', 'yes', 'no', '1', '0'].includes(text)) return bad(c.taxable, `Variant Taxable '${row.get(c.taxable).trim()}' is not TRUE or FALSE`);
    out.taxable = text === '' ? DEFAULT_SHIPPING.taxable : ['true', 'yes', '1'].includes(text);
  }
  const problem = shippingProblem(out);
  if (problem) {
    const field = SHIPPING_FIELDS.find((f) => shippingProblem({ [f]: out[f] } as Partial<ItemShipping>) !== null) ?? 'lengthIn';
    return bad(c[field], problem);
  }
  return { ok: true, value: out };
}
