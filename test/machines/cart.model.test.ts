/**
 * Model-based test of the cart machine: fast-check drives it with random sequences of add, set
 * quantity and delete, sent without waiting (so they queue behind the request in flight), against
 * a fake server with stock rules. After every step the cart must equal the domain reducer's model
 * at the number of requests that have landed, and once idle every request must have reached the
 * server exactly once, in order.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import type { CheckoutResponse, SetLineItemQuantityRequest } from '../../src/api/types.ts';
import { cartReducer, checkoutLines, toCartLine } from '../../src/domain/cart.ts';
import type { CartLine, Checkout, CheckoutLineItem } from '../../src/domain/entities.ts';
import { cartMachine } from '../../src/machines/cart.machine.ts';

/** The fake catalogue: stock per inventory level. Level 9 does not exist. */
const LEVELS = new Map<number, { availableQuantity: number; bypassNegativeQuantity: boolean; price: number }>([
  [1, { availableQuantity: 3, bypassNegativeQuantity: false, price: 12.5 }],
  [2, { availableQuantity: 5, bypassNegativeQuantity: false, price: 40 }],
  [3, { availableQuantity: 0, bypassNegativeQuantity: true, price: 7.25 }],
  [4, { availableQuantity: 0, bypassNegativeQuantity: false, price: 99 }],
]);
const LEVEL_IDS = [1, 2, 3, 4, 9];
const GHOST_LINE = 999;

/** Whether the stock of a level allows holding `quantity` units. */
function allows(levelId: number, quantity: number): boolean {
  const level = LEVELS.get(levelId);
  return level !== undefined && (level.bypassNegativeQuantity || quantity <= level.availableQuantity);
}

/** The line item the server makes for a level. */
function itemFor(id: number, levelId: number, quantity: number): CheckoutLineItem {
  const level = LEVELS.get(levelId);
  if (level === undefined) throw new Error(`no level ${levelId}`);
  return {
    id, inventoryLevelId: levelId, title: `Part ${levelId}`, imageUrl: null, currentQuantity: quantity, totalUnitPrice: level.price,
    availableForSale: true, availableQuantity: level.availableQuantity, sku: `P-${levelId}`, productHandle: `part-${levelId}`,
    bypassNegativeQuantity: level.bypassNegativeQuantity,
  };
}

const refuse = (message: string) => new ApiError(message, { kind: 'server', status: 200, serverMessage: message });
/** Answers on a later macrotask, so requests really are in flight while others arrive. */
const later = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** An in-memory checkout with ids and stock rules. `calls` records every request received. */
class FakeServer {
  items: CheckoutLineItem[] = [];
  nextId = 1;
  calls: string[] = [];

  checkout(): Checkout {
    const cents = this.items.reduce((sum, i) => sum + Math.round(i.totalUnitPrice * 100) * i.currentQuantity, 0);
    return {
      webUrl: 'https://checkout.example/checkouts/model', LineItems: this.items.map((i) => ({ ...i })), subtotalPrice: cents / 100,
      totalPrice: cents / 100, currencyCode: 'USD', CheckoutShippingLine: null, DiscountCodes: [],
    };
  }

  async add({ inventoryLevelId, quantity }: SetLineItemQuantityRequest): Promise<CheckoutResponse> {
    this.calls.push(`add ${inventoryLevelId} ${quantity}`);
    await later();
    const existing = this.items.find((i) => i.inventoryLevelId === inventoryLevelId);
    const total = (existing?.currentQuantity ?? 0) + quantity;
    if (!LEVELS.has(inventoryLevelId)) throw refuse('Unknown inventory level');
    if (!allows(inventoryLevelId, total)) throw refuse('Not enough stock');
    if (existing) existing.currentQuantity = total;
    else this.items.push(itemFor(this.nextId++, inventoryLevelId, quantity));
    return { checkout: this.checkout() };
  }

  async set({ inventoryLevelId, quantity }: SetLineItemQuantityRequest): Promise<CheckoutResponse> {
    this.calls.push(`set ${inventoryLevelId} ${quantity}`);
    await later();
    const existing = this.items.find((i) => i.inventoryLevelId === inventoryLevelId);
    if (!existing) throw refuse('Line not found');
    if (!allows(inventoryLevelId, quantity)) throw refuse('Not enough stock');
    existing.currentQuantity = quantity;
    return { checkout: this.checkout() };
  }

  async delete({ lineItemId }: { lineItemId: number }): Promise<CheckoutResponse> {
    this.calls.push(`delete ${lineItemId}`);
    await later();
    if (!this.items.some((i) => i.id === lineItemId)) throw refuse('Line not found');
    this.items = this.items.filter((i) => i.id !== lineItemId);
    return { checkout: this.checkout() };
  }
}

/**
 * The model: the cart after each queued request (states[0] is the start), built with the domain
 * reducer and the same stock rules; the calls the server must receive, in order; the ids it will
 * give new lines.
 */
interface Model {
  states: (readonly CartLine[])[];
  calls: string[];
  nextId: number;
}

interface Real {
  actor: Actor<typeof cartMachine>;
  server: FakeServer;
}

const current = (model: Model): readonly CartLine[] => model.states[model.states.length - 1] ?? [];

/** The cart must equal the model at the number of requests that have landed. */
function checkStep(model: Model, { actor }: Real): void {
  const { context } = actor.getSnapshot();
  const landed = model.states.length - 1 - context.queue.length;
  expect(landed).toBeGreaterThanOrEqual(0);
  expect(context.lines).toEqual(model.states[landed]);
  expect(context.updating).toBe(context.queue.length > 0);
}

/** Picks a line of the model's cart (or a line id no cart has). */
function pick(model: Model, index: number, ghost: boolean): CartLine | undefined {
  const lines = current(model);
  return ghost || lines.length === 0 ? undefined : lines[index % lines.length];
}

class AddCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly levelId: number, readonly quantity: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.actor.send({ type: 'cart.add', inventoryLevelId: this.levelId, quantity: this.quantity });
    if (this.quantity > 0) {
      const lines = current(model);
      const existing = lines.find((l) => l.inventoryLevelId === this.levelId);
      model.calls.push(`add ${this.levelId} ${this.quantity}`);
      const ok = LEVELS.has(this.levelId) && allows(this.levelId, (existing?.quantity ?? 0) + this.quantity);
      const id = existing?.lineItemId ?? model.nextId;
      if (ok && existing === undefined) model.nextId += 1;
      model.states.push(ok ? cartReducer(lines, { type: 'add', line: toCartLine(itemFor(id, this.levelId, this.quantity)) }) : lines);
    }
    checkStep(model, real);
  }
  toString = () => `add(${this.levelId}, ${this.quantity})`;
}

class SetQuantityCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly quantity: number, readonly byLevel: boolean, readonly ghost: boolean) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const line = pick(model, this.index, this.ghost);
    const target = this.byLevel ? { inventoryLevelId: line?.inventoryLevelId ?? 9 } : { lineItemId: line?.lineItemId ?? GHOST_LINE };
    real.actor.send({ type: 'cart.setQuantity', ...target, quantity: this.quantity });
    if (this.quantity > 0) {
      const lines = current(model);
      if (line) model.calls.push(`set ${line.inventoryLevelId} ${this.quantity}`);
      const ok = line !== undefined && allows(line.inventoryLevelId, this.quantity);
      model.states.push(ok ? cartReducer(lines, { type: 'set-quantity', lineItemId: line.lineItemId, quantity: this.quantity }) : lines);
    }
    checkStep(model, real);
  }
  toString = () => `setQuantity(#${this.index}, ${this.quantity}, ${this.byLevel ? 'by level' : 'by line'}${this.ghost ? ', ghost' : ''})`;
}

class DeleteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly ghost: boolean) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const line = pick(model, this.index, this.ghost);
    real.actor.send({ type: 'cart.delete', lineItemId: line?.lineItemId ?? GHOST_LINE });
    if (line) model.calls.push(`delete ${line.lineItemId}`);
    model.states.push(line ? cartReducer(current(model), { type: 'delete', lineItemId: line.lineItemId }) : current(model));
    checkStep(model, real);
  }
  toString = () => `delete(#${this.index}${this.ghost ? ', ghost' : ''})`;
}

/** Lets time pass: requests in flight may land. */
class TickCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await later();
    checkStep(model, real);
  }
  toString = () => 'tick';
}

const commandsArb = fc.commands(
  [
    fc.tuple(fc.constantFrom(...LEVEL_IDS), fc.integer({ min: -1, max: 4 })).map(([level, quantity]) => new AddCommand(level, quantity)),
    fc
      .tuple(fc.nat(7), fc.integer({ min: -1, max: 6 }), fc.boolean(), fc.boolean())
      .map(([index, quantity, byLevel, ghost]) => new SetQuantityCommand(index, quantity, byLevel, ghost)),
    fc.tuple(fc.nat(7), fc.boolean()).map(([index, ghost]) => new DeleteCommand(index, ghost)),
    fc.constant(new TickCommand()),
  ],
  { maxCommands: 25 },
);

/** Runs one sequence, then checks the idle cart against the model and the server. */
async function runModel(commands: Iterable<fc.AsyncCommand<Model, Real>>): Promise<void> {
  const server = new FakeServer();
  const actor = createActor(
    cartMachine.provide({
      actors: {
        addLineItem: fromPromise(({ input }) => server.add(input)),
        setLineItemQuantity: fromPromise(({ input }) => server.set(input)),
        deleteLineItem: fromPromise(({ input }) => server.delete(input)),
      },
    }),
    { input: { checkout: server.checkout() } },
  ).start();
  const model: Model = { states: [[]], calls: [], nextId: 1 };
  try {
    await fc.asyncModelRun(() => ({ model, real: { actor, server } }), commands);
    await waitFor(actor, (s) => s.context.queue.length === 0, { timeout: 2000 });
    expect(actor.getSnapshot().context.lines).toEqual(current(model));
    expect(actor.getSnapshot().context.lines).toEqual(checkoutLines(server.checkout()));
    expect(server.calls).toEqual(model.calls);
  } finally {
    actor.stop();
  }
}

describe('cart machine against a fake server (model-based)', () => {
  test('the cart always equals the reducer model and no request is lost or reordered', async () => {
    await fc.assert(fc.asyncProperty(commandsArb, runModel), { numRuns: 60 });
  });

  describe('pinned sequences', () => {
    test('a delete queued behind the add that creates its line removes that line', async () => {
      await runModel([new AddCommand(1, 2), new DeleteCommand(0, false), new TickCommand()]);
    });

    test('a set quantity over stock queued behind an add is refused and leaves the added line', async () => {
      await runModel([new AddCommand(2, 1), new SetQuantityCommand(0, 6, true, false), new AddCommand(2, 4)]);
    });
  });
});
