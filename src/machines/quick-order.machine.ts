/**
 * The quick-order pad: a technician pastes lines of part numbers and quantities, each line is
 * looked up and resolved to a product and inventory level, the lines that did not resolve are
 * fixed in place, and every resolved line goes into the cart in one step.
 *
 * The parsing and resolution rules are the domain's (`skimmer/domain` quick-order rules); the
 * machine keeps the rows and sequences the two side effects, which the caller supplies:
 * - `lookUpParts` (input {@link LookUpPartsInput}): the products a part-number search finds for
 *   each part number (`useQuickOrder` searches `GET /api/products/filter?q=` and reads the
 *   products it found by handle, for their SKUs and levels);
 * - `addLines` (input {@link AddLinesInput}): adds the rows' levels to the cart, one outcome per row
 *   (`useQuickOrder` goes through the shared cart machine, so the header's cart follows).
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { addAllNotice, parseQuickOrder, parseQuickOrderLine, partKey, resolvePart, type ParsedQuickOrderLine, type PartResolution } from '../domain/quick-order.ts';
import type {
  AddLinesInput,
  AddLinesOutput,
  LookUpPartsInput,
  LookUpPartsOutput,
  QuickOrderContext,
  QuickOrderEmitted,
  QuickOrderEvent,
  QuickOrderInput,
  QuickOrderRow,
  QuickOrderRowStatus,
} from './quick-order.types.ts';

export type * from './quick-order.types.ts';

/** Message of a row whose lookup failed (the network, not the part number). */
export const QUICK_ORDER_LOOKUP_FAILED = "Couldn't look this part up. Check it again.";

/** A row for a line of text, read with the domain's rule. */
function rowOf(id: number, text: string): QuickOrderRow {
  return rowFor(id, text, parseQuickOrderLine(text));
}

function rowFor(id: number, text: string, parsed: ParsedQuickOrderLine): QuickOrderRow {
  return { id, text: text.trim(), parsed, status: parsed.ok ? 'pending' : 'invalid', resolution: null, error: parsed.ok ? null : parsed.error };
}

const STATUS_OF: Record<PartResolution['status'], QuickOrderRowStatus> = {
  resolved: 'resolved',
  unavailable: 'unavailable',
  ambiguous: 'ambiguous',
  'not-found': 'not-found',
};

/** The rows a lookup round searches: pending rows, one search per part-number key. */
function lookupKeys(rows: readonly QuickOrderRow[]): string[] {
  const keys = new Map<string, string>();
  for (const row of rows) {
    if (row.status !== 'pending' || !row.parsed.ok) continue;
    const key = partKey(row.parsed.partNumber);
    // the first row's spelling is searched
    if (!keys.has(key)) keys.set(key, row.parsed.partNumber);
  }
  return [...keys.values()];
}

function replaceRow(rows: readonly QuickOrderRow[], id: number, make: (row: QuickOrderRow) => QuickOrderRow): QuickOrderRow[] {
  return rows.map((row) => (row.id === id ? make(row) : row));
}

/**
 * The quick-order pad's machine.
 *
 * Choices: a paste appends rows (the box empties, so a second paste adds to the first); rows are
 * looked up as soon as they are read, several rows with one part number share one search, and a
 * row fixed during a lookup waits for the next round (an answer for its old text is not applied).
 * A row being fixed is `edited` until it is checked. Add-all takes the resolved rows only; while
 * it runs the rows are locked; a row the cart refused stays resolved with the cart's message.
 *
 * @example
 * const pad = createActor(quickOrderMachine.provide({ actors: {
 *   lookUpParts: fromPromise(async ({ input }) => Promise.all(input.partNumbers.map(findProducts))),
 *   addLines: fromPromise(async ({ input }) => addEach(input.lines)),
 * } })).start();
 * pad.send({ type: 'pad.changed', text: 'SP1600Z2 2\nR0358800, 1' });
 * pad.send({ type: 'pad.read' });
 */
export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    input: {} as QuickOrderInput | undefined,
    emitted: {} as QuickOrderEmitted,
  },
  actors: {
    lookUpParts: fromPromise<LookUpPartsOutput, LookUpPartsInput>(async () => {
      throw new Error("Provide the 'lookUpParts' actor");
    }),
    addLines: fromPromise<AddLinesOutput, AddLinesInput>(async () => {
      throw new Error("Provide the 'addLines' actor");
    }),
  },
  guards: {
    hasPending: ({ context }) => context.rows.some((r) => r.status === 'pending'),
    hasResolved: ({ context }) => context.rows.some((r) => r.status === 'resolved'),
    canRead: ({ context }) => context.text.trim() !== '',
  },
  actions: {
    readPad: assign(({ context }) => {
      const { lines, texts, truncated } = parseQuickOrder(context.text);
      return {
        rows: [...context.rows, ...lines.map((parsed, i) => rowFor(context.nextId + i, texts[i] ?? '', parsed))],
        nextId: context.nextId + texts.length,
        text: '',
        truncated,
        notice: null,
      };
    }),
    applyLookups: assign({
      rows: ({ context }, { partNumbers, output }: { partNumbers: string[]; output: LookUpPartsOutput }) => {
        const found = new Map(partNumbers.map((p, i) => [partKey(p), output[i]]));
        return context.rows.map((row): QuickOrderRow => {
          if (row.status !== 'pending' || !row.parsed.ok) return row;
          const products = found.get(partKey(row.parsed.partNumber));
          // searched for another text than the row holds now: the next round looks it up
          if (products === undefined) return row;
          if (products instanceof Error) return { ...row, status: 'failed', resolution: null, error: QUICK_ORDER_LOOKUP_FAILED };
          const resolution = resolvePart(row.parsed, products);
          return { ...row, status: STATUS_OF[resolution.status], resolution, error: resolution.status === 'resolved' ? null : resolution.error };
        });
      },
    }),
    failLookups: assign({
      rows: ({ context }, partNumbers: string[]) => {
        const keys = new Set(partNumbers.map(partKey));
        return context.rows.map((row): QuickOrderRow =>
          row.status === 'pending' && row.parsed.ok && keys.has(partKey(row.parsed.partNumber)) ? { ...row, status: 'failed', error: QUICK_ORDER_LOOKUP_FAILED } : row,
        );
      },
    }),
    applyAdds: assign(({ context }, output: AddLinesOutput) => {
      const outcome = new Map(output.map((o) => [o.rowId, o]));
      let added = 0;
      let failed = 0;
      const rows = context.rows.map((row): QuickOrderRow => {
        const o = outcome.get(row.id);
        if (!o) return row;
        if (o.success) {
          added++;
          return { ...row, status: 'added', error: null };
        }
        failed++;
        return { ...row, error: o.error };
      });
      return { rows, notice: addAllNotice({ added, failed }) };
    }),
  },
}).createMachine({
  id: 'quickOrder',
  context: ({ input }) => ({ text: input?.text ?? '', rows: [], nextId: 1, truncated: false, notice: null, lookingFor: [] }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      on: {
        'pad.changed': { actions: assign({ text: ({ event }) => event.text }) },
        'pad.read': { guard: 'canRead', actions: 'readPad' },
        'row.changed': {
          actions: assign({
            rows: ({ context, event }) =>
              replaceRow(context.rows, event.id, (row) => (row.status === 'added' ? row : { ...row, text: event.text, status: 'edited' as QuickOrderRowStatus })),
          }),
        },
        'row.check': {
          actions: assign({
            rows: ({ context, event }) => replaceRow(context.rows, event.id, (row) => (row.status === 'added' ? row : rowOf(row.id, row.text))),
          }),
        },
        'row.use': {
          actions: assign({
            rows: ({ context, event }) =>
              replaceRow(context.rows, event.id, (row) =>
                row.status === 'added' ? row : rowOf(row.id, `${event.partNumber}, ${row.parsed.ok ? row.parsed.quantity : 1}`),
              ),
          }),
        },
        'row.remove': { actions: assign({ rows: ({ context, event }) => context.rows.filter((r) => r.id !== event.id) }) },
        'rows.clear': { actions: assign({ rows: [], notice: null, truncated: false }) },
      },
      states: {
        ready: {
          always: { guard: 'hasPending', target: 'looking' },
          on: { 'rows.addAll': { guard: 'hasResolved', target: '#quickOrder.adding' } },
        },
        looking: {
          entry: assign({ lookingFor: ({ context }) => lookupKeys(context.rows) }),
          invoke: {
            src: 'lookUpParts',
            input: ({ context }) => ({ partNumbers: context.lookingFor }),
            onDone: {
              target: 'ready',
              actions: { type: 'applyLookups', params: ({ context, event }) => ({ partNumbers: context.lookingFor, output: event.output }) },
            },
            onError: { target: 'ready', actions: { type: 'failLookups', params: ({ context }) => context.lookingFor } },
          },
        },
      },
    },
    adding: {
      invoke: {
        src: 'addLines',
        input: ({ context }) => ({
          lines: context.rows.flatMap((row) =>
            row.status === 'resolved' && row.resolution?.status === 'resolved'
              ? [{ rowId: row.id, inventoryLevelId: row.resolution.part.inventoryLevelId, quantity: row.resolution.part.quantity }]
              : [],
          ),
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'applyAdds', params: ({ event }) => event.output },
            emit(({ event }) => ({
              type: 'quickOrder.added' as const,
              added: event.output.filter((o) => o.success).length,
              failed: event.output.filter((o) => !o.success).length,
            })),
          ],
        },
        // the actor answers per row; a rejection means nothing was added
        onError: { target: 'editing', actions: assign({ notice: ({ context }) => addAllNotice({ added: 0, failed: context.rows.filter((r) => r.status === 'resolved').length }) }) },
      },
    },
  },
});
