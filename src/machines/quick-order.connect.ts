/**
 * What the quick-order pad shows, from a snapshot of its machine: a pure function, tested without
 * React; `useQuickOrder` returns it with the actions.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { formatPrice, fromCents } from '../domain/money.ts';
import { QUICK_ORDER_TEXT, quickOrderTotalCents, type PartCandidate, type ResolvedPart } from '../domain/quick-order.ts';
import type { quickOrderMachine } from './quick-order.machine.ts';
import type { QuickOrderRowStatus } from './quick-order.types.ts';

/** The word each row status shows under. */
export const QUICK_ORDER_STATUS_LABELS: Record<QuickOrderRowStatus, string> = {
  invalid: 'Check the line',
  edited: 'Edited',
  pending: 'Looking up…',
  resolved: 'Ready',
  'not-found': 'Not found',
  ambiguous: 'Several matches',
  unavailable: 'Unavailable',
  failed: 'Lookup failed',
  added: 'Added',
};

/** One row as the pad shows it. */
export interface QuickOrderRowView {
  id: number;
  /** The row's text (the value of its input). */
  text: string;
  status: QuickOrderRowStatus;
  statusLabel: string;
  /** The product found, once the row was looked up and a product has its part number. */
  product: { title: string; handle: string; variantTitle: string | null; matchedPartNumber: string } | null;
  quantity: number | null;
  /** '$19.99' a unit, null without a product. */
  unitPrice: string | null;
  /** Quantity x unit price, null without a product. */
  lineTotal: string | null;
  /** 'In stock', '5 in stock' or 'Out of stock', null without a product. */
  stock: string | null;
  /** What to fix, null when nothing. */
  error: string | null;
  /** Products to use instead (not found or several matches), those with a part number only. */
  suggestions: (PartCandidate & { partNumber: string })[];
  /** The row's text can be changed and checked (not added, not while adding). */
  editable: boolean;
  /** The row needs the technician: it cannot be added as it is. */
  needsFix: boolean;
}

/** What the pad shows. */
export interface QuickOrderView {
  /** The paste box's text. */
  text: string;
  rows: QuickOrderRowView[];
  /** The Read lines button is enabled: there is text to read and no add is running. */
  canRead: boolean;
  /** The Add all button is enabled: at least one row is ready and nothing is being looked up or added. */
  canAddAll: boolean;
  looking: boolean;
  adding: boolean;
  /** Rows ready to add, rows to fix, rows added. */
  counts: { ready: number; toFix: number; added: number };
  /** Total of the rows ready to add, '$0.00' when none. */
  readyTotal: string;
  /** The outcome of the last add-all, null before one. */
  notice: string | null;
  /** Set when the last paste had more lines than the pad reads. */
  truncatedNote: string | null;
}

function stockText(part: Pick<ResolvedPart, 'availableQuantity'>, forSale: boolean): string {
  if (!forSale || part.availableQuantity <= 0) return 'Out of stock';
  return Number.isFinite(part.availableQuantity) ? `${part.availableQuantity} in stock` : 'In stock';
}

/**
 * Maps a snapshot of `quickOrderMachine` to what the pad shows.
 *
 * @example
 * const view = connectQuickOrder(actor.getSnapshot());
 * view.rows.filter((r) => r.needsFix).map((r) => r.error);
 */
export function connectQuickOrder(snapshot: SnapshotFrom<typeof quickOrderMachine>): QuickOrderView {
  const { context } = snapshot;
  const adding = snapshot.matches('adding');
  const looking = snapshot.matches({ editing: 'looking' });
  const ready: ResolvedPart[] = [];
  const rows = context.rows.map((row): QuickOrderRowView => {
    const r = row.resolution;
    const part = r && (r.status === 'resolved' || r.status === 'unavailable') ? r.part : null;
    if (row.status === 'resolved' && r?.status === 'resolved') ready.push(r.part);
    const suggestions = r && (r.status === 'not-found' || r.status === 'ambiguous')
      ? r.candidates.filter((c): c is PartCandidate & { partNumber: string } => c.partNumber !== null)
      : [];
    return {
      id: row.id,
      text: row.text,
      status: row.status,
      statusLabel: QUICK_ORDER_STATUS_LABELS[row.status],
      product: part && { title: part.title, handle: part.handle, variantTitle: part.variantTitle, matchedPartNumber: part.matchedPartNumber },
      quantity: row.parsed.ok ? row.parsed.quantity : null,
      unitPrice: part && formatPrice(fromCents(part.unitPriceCents)),
      lineTotal: part && formatPrice(fromCents(part.lineTotalCents)),
      stock: part && stockText(part, r?.status === 'resolved' || part.inventoryLevelId !== null),
      error: row.error,
      suggestions,
      editable: !adding && row.status !== 'added',
      needsFix: row.status !== 'resolved' && row.status !== 'added' && row.status !== 'pending',
    };
  });
  return {
    text: context.text,
    rows,
    canRead: !adding && context.text.trim() !== '',
    canAddAll: snapshot.can({ type: 'rows.addAll' }),
    looking,
    adding,
    counts: {
      ready: ready.length,
      toFix: rows.filter((r) => r.needsFix).length,
      added: rows.filter((r) => r.status === 'added').length,
    },
    readyTotal: formatPrice(fromCents(quickOrderTotalCents(ready))),
    notice: context.notice,
    truncatedNote: context.truncated ? QUICK_ORDER_TEXT.tooManyLines : null,
  };
}
