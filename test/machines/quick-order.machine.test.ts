import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, test } from 'vitest';
import { QUICK_ORDER_TEXT, partKey, type QuickOrderProduct } from '../../src/domain/quick-order.ts';
import { QUANTITY_ERRORS } from '../../src/domain/quantity.ts';
import { QUICK_ORDER_LOOKUP_FAILED, quickOrderMachine, type AddLinesInput, type AddLinesOutput } from '../../src/machines/quick-order.machine.ts';
import { connectQuickOrder } from '../../src/machines/quick-order.connect.ts';
import { makeLevel, makeProduct, makeVariant } from '../domain/catalogue.helpers.ts';

/** A catalogue of products with one variant each: part number -> product. */
function product(id: number, partNumber: string, price: number, stock = 10): QuickOrderProduct {
  return makeProduct({
    id,
    handle: `part-${id}`,
    title: `Part ${id}`,
    sku: partNumber,
    Variants: [makeVariant({ id: id * 10, sku: null, availableQuantity: stock, availableInventoryLevels: [makeLevel({ id: id * 100, variantId: id * 10, inventoryPrice: price })] })],
  });
}

const CATALOGUE = [
  product(1, 'SP1600Z2', 19.99),
  product(2, 'R0358800', 120),
  product(3, 'EC-40-AP', 5.5, 2),
  product(4, 'SPX-1600-S', 42),
];

/** A search as the server answers: products whose part number starts with the query's key. */
function search(partNumber: string): QuickOrderProduct[] {
  const key = partKey(partNumber);
  return CATALOGUE.filter((p) => partKey(p.sku ?? '').startsWith(key) || (key.length >= 3 && partKey(p.sku ?? '').includes(key.slice(0, 3))));
}

function start(options: { failLookup?: (p: string) => boolean; add?: (input: AddLinesInput) => AddLinesOutput } = {}) {
  const lookups: string[][] = [];
  const adds: AddLinesInput[] = [];
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        lookUpParts: fromPromise(async ({ input }) => {
          lookups.push(input.partNumbers);
          return input.partNumbers.map((p) => (options.failLookup?.(p) ? new Error('offline') : search(p)));
        }),
        addLines: fromPromise(async ({ input }) => {
          adds.push(input);
          return options.add ? options.add(input) : input.lines.map((l) => ({ rowId: l.rowId, success: true as const }));
        }),
      },
    }),
    { input: {} },
  ).start();
  const settled = () => waitFor(actor, (s) => s.matches({ editing: 'ready' }));
  return { actor, lookups, adds, settled, view: () => connectQuickOrder(actor.getSnapshot()) };
}

describe('quick order pad', () => {
  test('a paste becomes rows that are looked up and resolved, one search per part number', async () => {
    const pad = start();
    pad.actor.send({ type: 'pad.changed', text: 'SP1600Z2 2\nR0358800, 1\n\nsp-1600-z2 1\nEC-40-AP 3' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    expect(pad.lookups).toEqual([['SP1600Z2', 'R0358800', 'EC-40-AP']]);
    const view = pad.view();
    expect(view.text).toBe('');
    expect(view.rows.map((r) => [r.text, r.status, r.lineTotal])).toEqual([
      ['SP1600Z2 2', 'resolved', '$39.98'],
      ['R0358800, 1', 'resolved', '$120.00'],
      ['sp-1600-z2 1', 'resolved', '$19.99'],
      ['EC-40-AP 3', 'unavailable', '$16.50'],
    ]);
    expect(view.rows[3]!.error).toBe(QUANTITY_ERRORS.tooMany(2));
    expect(view.counts).toEqual({ ready: 3, toFix: 1, added: 0 });
    expect(view.readyTotal).toBe('$179.97');
    expect(view.canAddAll).toBe(true);
  });

  test('a line that does not parse is not searched and says what to fix', async () => {
    const pad = start();
    pad.actor.send({ type: 'pad.changed', text: 'SP1600Z2, 0' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    expect(pad.lookups).toEqual([]);
    expect(pad.view().rows[0]).toMatchObject({ status: 'invalid', error: QUICK_ORDER_TEXT.badQuantity, needsFix: true });
    expect(pad.view().canAddAll).toBe(false);
  });

  test('a row that did not resolve is fixed in place and looked up again', async () => {
    const pad = start();
    pad.actor.send({ type: 'pad.changed', text: 'SP1600 1' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    const row = pad.view().rows[0]!;
    expect(row.status).toBe('not-found');
    expect(row.suggestions.map((s) => s.partNumber)).toEqual(['SP1600Z2']);
    pad.actor.send({ type: 'row.changed', id: row.id, text: 'SP1600Z2 4' });
    expect(pad.view().rows[0]!.status).toBe('edited');
    pad.actor.send({ type: 'row.check', id: row.id });
    await pad.settled();
    expect(pad.view().rows[0]).toMatchObject({ status: 'resolved', quantity: 4, lineTotal: '$79.96', error: null });
  });

  test('a suggestion replaces the part number and keeps the quantity', async () => {
    const pad = start();
    pad.actor.send({ type: 'pad.changed', text: 'SPX1600, 3' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    const row = pad.view().rows[0]!;
    pad.actor.send({ type: 'row.use', id: row.id, partNumber: 'SPX-1600-S' });
    await pad.settled();
    expect(pad.view().rows[0]).toMatchObject({ text: 'SPX-1600-S, 3', status: 'resolved', lineTotal: '$126.00' });
  });

  test('add all sends the resolved rows only and marks them added', async () => {
    const pad = start();
    const emitted: unknown[] = [];
    pad.actor.on('quickOrder.added', (e) => emitted.push(e));
    pad.actor.send({ type: 'pad.changed', text: 'SP1600Z2 2\nNOPE-123\nR0358800' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    pad.actor.send({ type: 'rows.addAll' });
    await waitFor(pad.actor, (s) => s.matches({ editing: 'ready' }) && s.context.notice !== null);
    expect(pad.adds).toEqual([{ lines: [{ rowId: 1, inventoryLevelId: 100, quantity: 2 }, { rowId: 3, inventoryLevelId: 200, quantity: 1 }] }]);
    expect(pad.view().rows.map((r) => r.status)).toEqual(['added', 'not-found', 'added']);
    expect(pad.view().notice).toBe('Added 2 lines to the cart.');
    expect(pad.view().canAddAll).toBe(false);
    expect(emitted).toEqual([{ type: 'quickOrder.added', added: 2, failed: 0 }]);
  });

  test("a row the cart refuses stays ready with the cart's message", async () => {
    const pad = start({ add: (input) => input.lines.map((l, i) => (i === 0 ? { rowId: l.rowId, success: false as const, error: "Can't add more than 1" } : { rowId: l.rowId, success: true as const })) });
    pad.actor.send({ type: 'pad.changed', text: 'SP1600Z2 2\nR0358800' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    pad.actor.send({ type: 'rows.addAll' });
    await waitFor(pad.actor, (s) => s.context.notice !== null);
    expect(pad.view().rows.map((r) => [r.status, r.error])).toEqual([['resolved', "Can't add more than 1"], ['added', null]]);
    expect(pad.view().notice).toBe('Added 1 line to the cart. 1 line could not be added.');
  });

  test('a failed lookup marks its rows and checking again retries', async () => {
    let offline = true;
    const pad = start({ failLookup: () => offline });
    pad.actor.send({ type: 'pad.changed', text: 'R0358800' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    expect(pad.view().rows[0]).toMatchObject({ status: 'failed', error: QUICK_ORDER_LOOKUP_FAILED });
    offline = false;
    pad.actor.send({ type: 'row.check', id: 1 });
    await pad.settled();
    expect(pad.view().rows[0]!.status).toBe('resolved');
  });

  test('a second paste appends, and removing or clearing rows works', async () => {
    const pad = start();
    pad.actor.send({ type: 'pad.changed', text: 'SP1600Z2' });
    pad.actor.send({ type: 'pad.read' });
    pad.actor.send({ type: 'pad.changed', text: 'R0358800' });
    pad.actor.send({ type: 'pad.read' });
    await pad.settled();
    expect(pad.view().rows.map((r) => [r.id, r.status])).toEqual([[1, 'resolved'], [2, 'resolved']]);
    pad.actor.send({ type: 'row.remove', id: 1 });
    expect(pad.view().rows.map((r) => r.id)).toEqual([2]);
    pad.actor.send({ type: 'rows.clear' });
    expect(pad.view().rows).toEqual([]);
  });

  test('an empty paste box cannot be read', () => {
    const pad = start();
    expect(pad.view().canRead).toBe(false);
    pad.actor.send({ type: 'pad.changed', text: '   ' });
    pad.actor.send({ type: 'pad.read' });
    expect(pad.view().rows).toEqual([]);
  });
});
