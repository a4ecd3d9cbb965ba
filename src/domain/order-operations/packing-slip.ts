/**
 * What a packing slip shows: each line with its SKU, the units ordered, shipped and still to pack,
 * where it sits in the warehouse (the level's location and bin, when set), and the handling notes
 * of the lines (hazardous materials, freight, chemicals that cannot come back once opened), so
 * the person packing reads them beside the items.
 * @module
 */
import { HAZMAT_HANDLING_TEXT, NOT_RETURNABLE_TEXT } from '../shipping/notices.ts';
import type { ShipClass } from '../shipping/ship-class.ts';

/** The freight handling note. */
export const FREIGHT_PACKING_TEXT = 'Freight: ships by LTL on a pallet, curbside delivery; the carrier calls the buyer to book the delivery. Band and wrap the pallet, label two sides.';

/** A line as the slip reads it. */
export interface PackingLineInput {
  id: number;
  title: string;
  sku: string | null;
  variantTitle: string | null;
  ordered: number;
  fulfilled: number;
  location: string | null;
  bin: string | null;
  shipClass: ShipClass;
  notReturnableOnceOpened: boolean;
}

/** One row of the slip. */
export interface PackingRow {
  id: number;
  sku: string;
  title: string;
  ordered: number;
  shipped: number;
  toPack: number;
  /** 'Main warehouse · bin A-12', 'Bin A-12', the location alone, or '' when neither is set. */
  where: string;
  /** Short marks beside the row: 'HAZMAT', 'FREIGHT', 'NO RETURN ONCE OPENED'. */
  marks: string[];
}

/** The slip: rows in bin order (lines without a bin last), and the notes of its lines. */
export interface PackingSlip {
  rows: PackingRow[];
  notes: { text: string; titles: string[] }[];
  unitsToPack: number;
}

/**
 * The slip of an order's lines.
 * @example
 * packingSlip([{ id: 1, title: 'Cal-Hypo Shock', sku: 'CH-1', variantTitle: '25 lb', ordered: 2, fulfilled: 0, location: null, bin: 'C-3', shipClass: 'hazmat-ground', notReturnableOnceOpened: true }]).rows[0].marks;
 * // ['HAZMAT', 'NO RETURN ONCE OPENED']
 */
export function packingSlip(lines: readonly PackingLineInput[]): PackingSlip {
  const rows = lines.map((l): PackingRow => {
    const marks: string[] = [];
    if (l.shipClass === 'hazmat-ground') marks.push('HAZMAT');
    if (l.shipClass === 'freight') marks.push('FREIGHT');
    if (l.notReturnableOnceOpened) marks.push('NO RETURN ONCE OPENED');
    const bin = l.bin?.trim() ? `Bin ${l.bin.trim()}` : '';
    const location = l.location?.trim() ?? '';
    return {
      id: l.id,
      sku: l.sku ?? '',
      title: l.variantTitle && l.variantTitle !== 'Default Title' ? `${l.title} (${l.variantTitle})` : l.title,
      ordered: l.ordered,
      shipped: l.fulfilled,
      toPack: Math.max(0, l.ordered - l.fulfilled),
      where: [location, bin].filter((x) => x !== '').join(' · '),
      marks,
    };
  });
  const binOf = (id: number) => lines.find((l) => l.id === id)?.bin?.trim() || null;
  rows.sort((a, b) => {
    const x = binOf(a.id);
    const y = binOf(b.id);
    if (x === y) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    return x.localeCompare(y, 'en', { numeric: true });
  });
  const titles = (pred: (l: PackingLineInput) => boolean) => lines.filter(pred).map((l) => l.title);
  const notes = [
    { text: HAZMAT_HANDLING_TEXT, titles: titles((l) => l.shipClass === 'hazmat-ground') },
    { text: FREIGHT_PACKING_TEXT, titles: titles((l) => l.shipClass === 'freight') },
    { text: NOT_RETURNABLE_TEXT, titles: titles((l) => l.notReturnableOnceOpened) },
  ].filter((n) => n.titles.length > 0);
  return { rows, notes, unitsToPack: rows.reduce((n, r) => n + r.toPack, 0) };
}
