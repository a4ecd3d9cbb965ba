import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  isMinusButtonDisabled,
  isPlusButtonDisabled,
  QUANTITY_DEBOUNCE_MS,
  quantityInputMachine,
  type QuantityInputInput,
} from '../../src/machines/quantity-input.machine.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const line: QuantityInputInput = { quantity: 2, availableQuantity: 5, availableForSale: true };

/** Starts the input; records the quantities it applies, by event and by the provided action. */
function start(input: QuantityInputInput = line) {
  const applied: number[] = [];
  const called: number[] = [];
  const machine = quantityInputMachine.provide({ actions: { applyQuantity: (_, params) => called.push(params.quantity) } });
  const actor = createActor(machine, { input });
  actor.on('quantity.apply', (event) => applied.push(event.quantity));
  actor.start();
  return { actor, applied, called };
}

describe('typing', () => {
  test('the debounce is 800 ms', () => {
    expect(QUANTITY_DEBOUNCE_MS).toBe(800);
  });

  test.each([
    ['4', '4'],
    ['1a2', '12'],
    ['-3', '3'],
    ['1.5', '15'],
    [' 7 ', '7'],
    ['abc', ''],
  ])('strips non-digits as typed (%s shows %s)', (value, text) => {
    const { actor } = start();
    actor.send({ type: 'quantity.changed', value });
    expect(actor.getSnapshot().context.text).toBe(text);
  });

  test('applies a valid value after an 800 ms pause, not before', async () => {
    const { actor, applied, called } = start();
    actor.send({ type: 'quantity.changed', value: '4' });
    await vi.advanceTimersByTimeAsync(799);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(applied).toEqual([4]);
    expect(called).toEqual([4]);
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 4, text: '4', error: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  test('each keystroke restarts the pause; only the last value is applied', async () => {
    const { actor, applied } = start();
    actor.send({ type: 'quantity.changed', value: '3' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'quantity.changed', value: '4' });
    await vi.advanceTimersByTimeAsync(500);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(applied).toEqual([4]);
  });

  test.each([
    ['', line, 'Invalid quantity'],
    ['0', line, 'Quantity must be greater than 0'],
    ['6', line, "Can't add more than 5"],
    ['1', { ...line, availableForSale: false }, 'Item is not available for sale'],
  ])("refuses '%s' with the spec's message and applies nothing", async (value, input, error) => {
    const { actor, applied } = start(input);
    actor.send({ type: 'quantity.changed', value });
    await vi.advanceTimersByTimeAsync(800);
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ error, quantity: 2, text: value });
  });

  test('the error clears as soon as the shopper types again', async () => {
    const { actor } = start();
    actor.send({ type: 'quantity.changed', value: '0' });
    await vi.advanceTimersByTimeAsync(800);
    actor.send({ type: 'quantity.changed', value: '3' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('unlimited stock never reads "Can\'t add more than"', async () => {
    const { actor, applied } = start({ ...line, availableQuantity: Number.POSITIVE_INFINITY });
    actor.send({ type: 'quantity.changed', value: '999' });
    await vi.advanceTimersByTimeAsync(800);
    expect(applied).toEqual([999]);
  });

  test('a value equal to the line quantity is not applied again, and its text is tidied', async () => {
    const { actor, applied } = start();
    actor.send({ type: 'quantity.changed', value: '02' });
    await vi.advanceTimersByTimeAsync(800);
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().context.text).toBe('2');
  });

  test('applies a value only when it is valid (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 20 }), fc.boolean(), async (value, stock, forSale) => {
        const { actor, applied } = start({ quantity: 1, availableQuantity: stock, availableForSale: forSale });
        actor.send({ type: 'quantity.changed', value });
        await vi.advanceTimersByTimeAsync(800);
        const n = Number(value.replace(/\D/g, ''));
        const valid = /\d/.test(value) && n > 0 && n <= stock && forSale && n !== 1;
        expect(applied).toEqual(valid ? [n] : []);
        actor.stop();
      }),
      { numRuns: 100 },
    );
  });
});

describe('plus and minus', () => {
  test('plus applies one more at once, minus one less', () => {
    const { actor, applied } = start();
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'quantity.increment' });
    actor.send({ type: 'quantity.decrement' });
    expect(applied).toEqual([3, 4, 3]);
    expect(actor.getSnapshot().context.text).toBe('3');
  });

  test('plus cancels a pending typed value', async () => {
    const { actor, applied } = start();
    actor.send({ type: 'quantity.changed', value: '5' });
    actor.send({ type: 'quantity.increment' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied).toEqual([3]);
  });

  test.each([
    ['no stock remains', { quantity: 5, availableQuantity: 5, availableForSale: true }, true],
    ['the cart is updating', { ...line, updating: true }, true],
    ['stock remains', line, false],
    ['stock is unlimited', { quantity: 5, availableQuantity: Number.POSITIVE_INFINITY, availableForSale: true }, false],
  ])('plus is disabled when %s: %s', (_name, input, disabled) => {
    const { actor, applied } = start(input);
    expect(isPlusButtonDisabled(actor.getSnapshot())).toBe(disabled);
    expect(actor.getSnapshot().can({ type: 'quantity.increment' })).toBe(!disabled);
    actor.send({ type: 'quantity.increment' });
    expect(applied).toHaveLength(disabled ? 0 : 1);
  });

  test.each([
    ['the quantity would drop to 0', { ...line, quantity: 1 }, true],
    ['the cart is updating', { ...line, updating: true }, true],
    ['the quantity is 2', line, false],
  ])('minus is disabled when %s: %s', (_name, input, disabled) => {
    const { actor, applied } = start(input);
    expect(isMinusButtonDisabled(actor.getSnapshot())).toBe(disabled);
    expect(actor.getSnapshot().can({ type: 'quantity.decrement' })).toBe(!disabled);
    actor.send({ type: 'quantity.decrement' });
    expect(applied).toHaveLength(disabled ? 0 : 1);
  });

  test('the quantity stays within 1..availableQuantity whatever the clicks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.boolean(), { maxLength: 30 }), (stock, clicks) => {
        const { actor } = start({ quantity: 1, availableQuantity: stock, availableForSale: true });
        for (const plus of clicks) actor.send({ type: plus ? 'quantity.increment' : 'quantity.decrement' });
        const { quantity } = actor.getSnapshot().context;
        expect(quantity).toBeGreaterThanOrEqual(1);
        expect(quantity).toBeLessThanOrEqual(stock);
        actor.stop();
      }),
    );
  });
});

describe('line changes from the cart', () => {
  test('a new line quantity resets the text when the shopper is not typing', () => {
    const { actor } = start();
    actor.send({ type: 'line.changed', quantity: 7, availableQuantity: 9 });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 7, text: '7', availableQuantity: 9 });
  });

  test('keeps what the shopper is typing', () => {
    const { actor } = start();
    actor.send({ type: 'quantity.changed', value: '4' });
    actor.send({ type: 'line.changed', quantity: 3 });
    expect(actor.getSnapshot().context.text).toBe('4');
  });

  test('the cartUpdating flag disables and then re-enables plus', () => {
    const { actor } = start();
    actor.send({ type: 'line.changed', updating: true });
    expect(isPlusButtonDisabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'line.changed', updating: false });
    expect(isPlusButtonDisabled(actor.getSnapshot())).toBe(false);
  });
});
