/**
 * Reads of "parts that fit" over the asynchronous `Db`: the equipment models with
 * their numbers and fitment, the part-number cross-reference and supersessions (all loaded once
 * into memory at start-up by equipment/catalogue.ts), a model's diagrams (read per request), and
 * the signed-in customer's saved models (My equipment).
 * @module
 */
import type { Db } from '../../platform/db/database.ts';
import { timeAfterSaved } from '../../platform/db/ordered-time.ts';
import type { EquipmentType } from '../../../api/types.ts';
import { PartNumberColumns, type PartNumberRow } from './part-numbers.ts';

/** An equipment row with its brand. */
export interface EquipmentRow {
  id: number;
  handle: string;
  brand: string;
  series: string;
  model: string;
  type: EquipmentType;
  yearFrom: number;
  yearTo: number | null;
}

/** Everything the in-memory equipment catalogue is built from. */
export interface EquipmentData {
  equipment: EquipmentRow[];
  /** Model numbers, primary first per model. */
  numbers: { equipmentId: number; number: string; normalized: string }[];
  fitment: { equipmentId: number; productId: number; universal: boolean }[];
  /** The products' part numbers: columns as the repository reads them, or rows (tests, small catalogues). */
  partNumbers: PartNumberColumns | readonly PartNumberRow[];
  supersessions: { productId: number; replacedById: number }[];
}

/** Part numbers read at a time (each batch's rows are garbage once in the columns). */
const PART_NUMBER_BATCH = 20_000;

/** Reads every model, number, fitment, part number and supersession (a few MB at 5,000 models and 100,000 products). */
export async function loadEquipmentData(db: Db): Promise<EquipmentData> {
  const [equipment, numbers, fitment, supersessions] = await Promise.all([
    db.all<EquipmentRow>(
      `SELECT e.id AS id, e.handle AS handle, v.name AS brand, e.series AS series, e.model AS model, e.type AS type,
              e.year_from AS yearFrom, e.year_to AS yearTo
       FROM equipment e JOIN vendors v ON v.id = e.vendor_id ORDER BY e.id`,
    ),
    db.all<{ equipmentId: number; number: string; normalized: string }>(
      'SELECT equipment_id AS equipmentId, number, normalized FROM equipment_numbers ORDER BY equipment_id, position',
    ),
    db.all<{ equipmentId: number; productId: number; universal: number }>(
      'SELECT equipment_id AS equipmentId, product_id AS productId, universal FROM equipment_fitment ORDER BY equipment_id, product_id',
    ),
    db.all<{ productId: number; replacedById: number }>(
      'SELECT product_id AS productId, replaced_by_id AS replacedById FROM product_supersessions ORDER BY product_id',
    ),
  ]);
  return {
    equipment,
    numbers,
    fitment: fitment.map((f) => ({ equipmentId: f.equipmentId, productId: f.productId, universal: f.universal === 1 })),
    partNumbers: await readPartNumbers(db),
    supersessions,
  };
}

/** Every part number by product, then position, into columns, `batch` rows at a time (keyset on the primary key). */
export async function readPartNumbers(db: Db, batch: number = PART_NUMBER_BATCH): Promise<PartNumberColumns> {
  const columns = new PartNumberColumns();
  let afterProduct = -1;
  let afterPosition = -1;
  for (;;) {
    const rows = await db.all<PartNumberRow & { position: number }>(
      `SELECT product_id AS productId, position, number, normalized, kind FROM product_part_numbers
       WHERE (product_id, position) > (?, ?) ORDER BY product_id, position LIMIT ?`,
      [afterProduct, afterPosition, batch],
    );
    for (const row of rows) columns.add(row);
    if (rows.length < batch) return columns;
    const last = rows[rows.length - 1]!;
    afterProduct = last.productId;
    afterPosition = last.position;
  }
}

/** A diagram row with its callouts, as drawn and as answered. */
export interface DiagramRow {
  id: number;
  equipmentId: number;
  position: number;
  title: string;
  width: number;
  height: number;
  callouts: { number: number; productId: number; quantity: number; x: number; y: number; partX: number; partY: number; shape: string }[];
}

type CalloutJoin = Omit<DiagramRow, 'callouts'> & DiagramRow['callouts'][number];

const DIAGRAM_SELECT = `SELECT d.id AS id, d.equipment_id AS equipmentId, d.position AS position, d.title AS title, d.width AS width, d.height AS height,
  c.number AS number, c.product_id AS productId, c.quantity AS quantity, c.x AS x, c.y AS y, c.part_x AS partX, c.part_y AS partY, c.shape AS shape
  FROM diagrams d JOIN diagram_callouts c ON c.diagram_id = d.id`;

function groupDiagrams(rows: readonly CalloutJoin[]): DiagramRow[] {
  const out: DiagramRow[] = [];
  for (const r of rows) {
    let d = out[out.length - 1];
    if (d === undefined || d.id !== r.id) {
      d = { id: r.id, equipmentId: r.equipmentId, position: r.position, title: r.title, width: r.width, height: r.height, callouts: [] };
      out.push(d);
    }
    d.callouts.push({ number: r.number, productId: r.productId, quantity: r.quantity, x: r.x, y: r.y, partX: r.partX, partY: r.partY, shape: r.shape });
  }
  return out;
}

/** The diagrams of a model, in order, each with its callouts by number. */
export async function diagramsOf(db: Db, equipmentId: number): Promise<DiagramRow[]> {
  return groupDiagrams(await db.all<CalloutJoin>(`${DIAGRAM_SELECT} WHERE d.equipment_id = ? ORDER BY d.position, c.number`, [equipmentId]));
}

/** One diagram with its callouts (the media route draws it), or undefined. */
export async function diagramById(db: Db, id: number): Promise<DiagramRow | undefined> {
  return groupDiagrams(await db.all<CalloutJoin>(`${DIAGRAM_SELECT} WHERE d.id = ? ORDER BY c.number`, [id]))[0];
}

/** The picture facts of a model (the media route draws it), or undefined. */
export async function equipmentPicture(db: Db, id: number): Promise<{ type: EquipmentType; imageHue: number } | undefined> {
  return db.get<{ type: EquipmentType; imageHue: number }>('SELECT type, image_hue AS imageHue FROM equipment WHERE id = ?', [id]);
}

/** The ids of a customer's saved models, most recently saved first. */
export async function savedEquipmentIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db.all<{ equipmentId: number }>(
    'SELECT equipment_id AS equipmentId FROM customer_equipment WHERE customer_id = ? ORDER BY saved_at DESC, equipment_id DESC',
    [customerId],
  );
  return rows.map((r) => r.equipmentId);
}

/** At most this many saved models per customer. */
export const MAX_SAVED_EQUIPMENT = 50;

/**
 * Saves models to a customer's list (already saved ones get the new time, so the given ones
 * become the most recent; the first given is the most recent of all). Answers false, writing
 * nothing, when the list would exceed {@link MAX_SAVED_EQUIPMENT}.
 */
export async function saveEquipment(db: Db, customerId: number, equipmentIds: readonly number[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.all<{ equipmentId: number; savedAt: string }>(
      `SELECT equipment_id AS equipmentId, saved_at AS savedAt FROM customer_equipment WHERE customer_id = ?${tx.dialect.forUpdate}`, [customerId],
    );
    const existing = new Set(rows.map((r) => r.equipmentId));
    const unique = [...new Set(equipmentIds)];
    const added = unique.filter((id) => !existing.has(id)).length;
    if (existing.size + added > MAX_SAVED_EQUIPMENT) return false;
    // the first given is the newest: later ones are a millisecond older each, and the oldest of
    // them still newer than every model saved before
    const newest = timeAfterSaved(now.getTime(), rows.map((r) => r.savedAt), unique.length);
    for (const [i, id] of unique.entries()) {
      const at = new Date(newest - i).toISOString();
      await tx.run(
        'INSERT INTO customer_equipment (customer_id, equipment_id, saved_at) VALUES (?, ?, ?) ON CONFLICT (customer_id, equipment_id) DO UPDATE SET saved_at = excluded.saved_at',
        [customerId, id, at],
      );
    }
    return true;
  });
}

/** Removes one model from a customer's list (nothing when it is not there). */
export async function forgetEquipment(db: Db, customerId: number, equipmentId: number): Promise<void> {
  await db.run('DELETE FROM customer_equipment WHERE customer_id = ? AND equipment_id = ?', [customerId, equipmentId]);
}

/** Empties a customer's list. */
export async function forgetAllEquipment(db: Db, customerId: number): Promise<void> {
  await db.run('DELETE FROM customer_equipment WHERE customer_id = ?', [customerId]);
}
