import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { connectQuantityInput } from '../../src/machines/quantity-input.connect.ts';
import { quantityInputMachine, type QuantityInputInput } from '../../src/machines/quantity-input.machine.ts';

const start = (input: QuantityInputInput) => createActor(quantityInputMachine, { input }).start();

describe('connectQuantityInput', () => {
  test('shows the line quantity with both buttons enabled inside the stock', () => {
    expect(connectQuantityInput(start({ quantity: 2, availableQuantity: 5, availableForSale: true }).getSnapshot())).toEqual({ text: '2', error: null, plusDisabled: false, minusDisabled: false });
  });

  test('plus is disabled at the stock and minus at one', () => {
    expect(connectQuantityInput(start({ quantity: 5, availableQuantity: 5, availableForSale: true }).getSnapshot()).plusDisabled).toBe(true);
    expect(connectQuantityInput(start({ quantity: 1, availableQuantity: 5, availableForSale: true }).getSnapshot()).minusDisabled).toBe(true);
  });

  test('both buttons are disabled while the cart is updating', () => {
    expect(connectQuantityInput(start({ quantity: 2, availableQuantity: 5, availableForSale: true, updating: true }).getSnapshot())).toMatchObject({ plusDisabled: true, minusDisabled: true });
  });

  test('the flags agree with the machine selectors for every quantity and stock', () => {
    for (let quantity = 1; quantity <= 6; quantity++)
      for (const availableQuantity of [0, 1, 3, 6]) {
        const view = connectQuantityInput(start({ quantity, availableQuantity, availableForSale: availableQuantity > 0 }).getSnapshot());
        const actor = start({ quantity, availableQuantity, availableForSale: availableQuantity > 0 });
        actor.send({ type: 'quantity.increment' });
        expect(view.plusDisabled).toBe(actor.getSnapshot().context.text === String(quantity));
      }
  });
});
