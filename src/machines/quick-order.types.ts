/**
 * Types of the quick-order pad's machine (`quick-order.machine.ts`) and of its connect function.
 * @module
 */
import type { ParsedQuickOrderLine, PartResolution, QuickOrderProduct } from '../domain/quick-order.ts';

/**
 * Where a row of the pad is:
 * - `invalid`: the text does not read as a part number and a quantity (fix the text);
 * - `edited`: its text is being fixed; checking it reads and looks it up again;
 * - `pending`: read, waiting for its lookup;
 * - `resolved`: one product and level, ready to add;
 * - `not-found`, `ambiguous`, `unavailable`: looked up, cannot be added as written (fix it);
 * - `failed`: the lookup itself failed (network): checking it again retries;
 * - `added`: in the cart.
 */
export type QuickOrderRowStatus = 'invalid' | 'edited' | 'pending' | 'resolved' | 'not-found' | 'ambiguous' | 'unavailable' | 'failed' | 'added';

/** One row of the pad. */
export interface QuickOrderRow {
  /** Stable id of the row (events name rows by it). */
  id: number;
  /** The row's text as the technician wrote or fixed it. */
  text: string;
  parsed: ParsedQuickOrderLine;
  status: QuickOrderRowStatus;
  /** The lookup's outcome, once there is one. */
  resolution: PartResolution | null;
  /** What is wrong with the row (parse, lookup or add), null when nothing is. */
  error: string | null;
}

/** Context of the quick-order machine. */
export interface QuickOrderContext {
  /** What the paste box holds. */
  text: string;
  rows: QuickOrderRow[];
  nextId: number;
  /** The last paste had more lines than the pad reads. */
  truncated: boolean;
  /** The outcome of the last add-all, null before one. */
  notice: string | null;
  /** The part numbers of the lookup under way (one per key). */
  lookingFor: string[];
}

/**
 * Events of the quick-order machine:
 * - `pad.changed`: the paste box's text;
 * - `pad.read`: read the paste box into rows (appended) and look them up; the box empties;
 * - `row.changed`: a row's text is being fixed (no lookup yet);
 * - `row.check`: look the row up again with its current text (Enter, the Check button, a blur);
 * - `row.use`: replace a row's part number with a suggested one (keeps its quantity) and look it up;
 * - `row.remove`; `rows.clear`;
 * - `rows.addAll`: add every resolved row to the cart.
 */
export type QuickOrderEvent =
  | { type: 'pad.changed'; text: string }
  | { type: 'pad.read' }
  | { type: 'row.changed'; id: number; text: string }
  | { type: 'row.check'; id: number }
  | { type: 'row.use'; id: number; partNumber: string }
  | { type: 'row.remove'; id: number }
  | { type: 'rows.clear' }
  | { type: 'rows.addAll' };

/** Input of the quick-order machine. */
export interface QuickOrderInput {
  /** Text to start the paste box with. @default '' */
  text?: string;
}

/** Input of the `lookUpParts` actor: the part numbers to search, one lookup each. */
export interface LookUpPartsInput {
  partNumbers: string[];
}

/**
 * Output of the `lookUpParts` actor: for each part number, in order, the products a part-number
 * search found (with their variants and SKUs), or an Error when that lookup failed.
 */
export type LookUpPartsOutput = (QuickOrderProduct[] | Error)[];

/** Input of the `addLines` actor: the rows to add, each with its inventory level and quantity. */
export interface AddLinesInput {
  lines: { rowId: number; inventoryLevelId: number; quantity: number }[];
}

/** Output of the `addLines` actor: the outcome of each row's add. */
export type AddLinesOutput = ({ rowId: number; success: true } | { rowId: number; success: false; error: string })[];

/** What the machine emits after an add-all (the view may open the cart). */
export type QuickOrderEmitted = { type: 'quickOrder.added'; added: number; failed: number };
