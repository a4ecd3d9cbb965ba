import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Product } from '../../src/domain/entities.ts';
import { PRODUCT_PAGE_TEXT } from '../../src/domain/product-page.ts';
import { connectProductPage } from '../../src/machines/product-page.connect.ts';
import { productPageMachine, type ProductPageInput } from '../../src/machines/product-page.machine.ts';
import { makeProduct, makeVariant } from '../domain/catalogue.helpers.ts';

const start = (input: ProductPageInput) =>
  createActor(productPageMachine.provide({ actors: { fetchProduct: fromPromise(() => new Promise<{ product?: Product | null }>(() => undefined)) } }), { input }).start();
const product = makeProduct({ Variants: [makeVariant({ id: 101, price: 25, availableQuantity: 10 })] });

describe('connectProductPage', () => {
  test("while the product is fetched the page is loading and says 'Fetching product...'", () => {
    expect(connectProductPage(start({ handle: 'pool-pump' }).getSnapshot(), 'Skimmer')).toMatchObject({ status: 'loading', statusText: PRODUCT_PAGE_TEXT.loading, product: null, title: '', priceText: '' });
  });

  test('a loaded product with one variant shows its title, price, availability and an enabled add button', () => {
    const view = connectProductPage(start({ handle: 'pool-pump', product }).getSnapshot(), 'Skimmer');
    expect(view).toMatchObject({ status: 'loaded', statusText: null, title: 'Pool Pump - Skimmer', price: 25, priceText: '$25.00', availableQuantity: 10, orderMode: false });
    expect(view.variant?.id).toBe(101);
    expect(view.addButton.disabled).toBe(false);
  });

  test('a product the store does not have is not found', () => {
    expect(connectProductPage(start({ handle: 'gone', product: null }).getSnapshot(), 'Skimmer').status).toBe('notFound');
  });

  test('each option carries the value chosen for it', () => {
    const withOption = makeProduct({ Options: [{ id: 1, name: 'Size', values: ['1 HP', '2 HP'] }], Variants: [makeVariant({ id: 101 }, { Size: '1 HP' }), makeVariant({ id: 102 }, { Size: '2 HP' })] });
    const actor = start({ handle: 'pool-pump', product: withOption });
    expect(connectProductPage(actor.getSnapshot(), 'Skimmer').options[0]?.chosen).toBeUndefined();
    actor.send({ type: 'option.select', name: 'Size', value: '2 HP' });
    const view = connectProductPage(actor.getSnapshot(), 'Skimmer');
    expect(view.options[0]?.chosen).toBe('2 HP');
    expect(view.variant?.id).toBe(102);
  });
});
