import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Country, Customer, MailingAddress, State } from '../../src/domain/entities.ts';
import { connectAddressBook } from '../../src/machines/address-book.connect.ts';
import { addressBookMachine } from '../../src/machines/address-book.machine.ts';

const address = (id: number, isDefault = false): MailingAddress => ({
  id, firstName: 'Ann', lastName: 'Lee', company: null, address1: `${id} Main St`, address2: null, city: 'Seattle', zip: '98101', phone: '+12065550100', isDefault,
  State: { stateCode: 'WA', title: 'Washington' }, Country: { countryCode: 'US', title: 'United States' },
});
const start = (customer: Customer) =>
  createActor(
    addressBookMachine.provide({
      actors: {
        fetchCountries: fromPromise(() => new Promise<Country[]>(() => undefined)),
        fetchStates: fromPromise(() => new Promise<State[]>(() => undefined)),
      },
    }),
    { input: { customer } },
  ).start();

describe('connectAddressBook', () => {
  test("cards are titled 'Default Address' or 'Mailing Address' and the modal is closed", () => {
    const view = connectAddressBook(start({ id: 5, MailingAddresses: [address(1, true), address(2)] }).getSnapshot());
    expect(view.addresses.map((a) => a.title)).toEqual(['Default Address', 'Mailing Address']);
    expect(view).toMatchObject({ modalOpen: false, form: null, fieldMarks: null, formComplete: false, updating: false, emptyText: null });
  });

  test("an account without addresses reads 'Account has no addresses.'", () => {
    expect(connectAddressBook(start({ id: 5, MailingAddresses: [] }).getSnapshot()).emptyText).toBe('Account has no addresses.');
  });

  test('Edit opens the modal with the address in a complete form and its marks', () => {
    const actor = start({ id: 5, MailingAddresses: [address(1, true)] });
    actor.send({ type: 'address.edit', id: 1 });
    const view = connectAddressBook(actor.getSnapshot());
    expect(view).toMatchObject({ modalOpen: true, stateFieldShown: true, formComplete: true });
    expect(view.form?.city).toBe('Seattle');
    expect(view.fieldMarks).not.toBeNull();
  });
});
