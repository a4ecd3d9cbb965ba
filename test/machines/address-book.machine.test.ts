import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addressBookMachine, type AddressBookEmitted, type AddressBookInput } from '../../src/machines/address-book.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { Country, Customer, MailingAddress, State } from '../../src/domain/entities.ts';
import type { AddressUpdateRequest } from '../../src/domain/address.ts';

const address = (id: number, isDefault = false): MailingAddress => ({
  id,
  firstName: 'Ann',
  lastName: 'Lee',
  company: null,
  address1: `${id} Main St`,
  address2: null,
  city: 'Seattle',
  zip: '98101',
  phone: '+12065550100',
  isDefault,
  State: { stateCode: 'WA', title: 'Washington' },
  Country: { countryCode: 'US', title: 'United States' },
});
const customer: Customer = { id: 5, MailingAddresses: [address(1, true), address(2)] };
const countries: Country[] = [
  { countryCode: 'US', title: 'United States' },
  { countryCode: 'CA', title: 'Canada' },
];

interface Fakes {
  update?: (req: AddressUpdateRequest) => Promise<{ mailingAddress?: MailingAddress | null; error?: unknown } | null>;
  remove?: (input: { customerId: number; id: number }) => Promise<{ success?: boolean; error?: unknown } | null>;
  countries?: () => Promise<Country[]>;
  states?: (input: { countryCode: string; page: 0 }) => Promise<State[]>;
}

function start(fakes: Fakes = {}, input: AddressBookInput = { customer }) {
  const calls: Array<[string, unknown]> = [];
  const machine = addressBookMachine.provide({
    actors: {
      updateMailingAddress: fromPromise(async ({ input: i }) => {
        calls.push(['updateMailingAddress', i]);
        return (fakes.update ?? (async (req) => ({ mailingAddress: { ...address(req.id), city: req.body.city ?? null, isDefault: req.body.makeDefault } })))(i);
      }),
      deleteMailingAddress: fromPromise(async ({ input: i }) => {
        calls.push(['deleteMailingAddress', i]);
        return (fakes.remove ?? (async () => ({ success: true })))(i);
      }),
      fetchCountries: fromPromise(async () => {
        calls.push(['fetchCountries', null]);
        return (fakes.countries ?? (async () => countries))();
      }),
      fetchStates: fromPromise(async ({ input: i }) => {
        calls.push(['fetchStates', i]);
        return (fakes.states ?? (async ({ countryCode }) => (countryCode === 'US' ? [{ stateCode: 'WA', title: 'Washington' }] : [{ stateCode: 'BC', title: 'British Columbia' }])))(i);
      }),
    },
  });
  const emitted: AddressBookEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const quiet = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ update: 'idle', removal: 'idle', countries: 'loaded', states: 'idle' }));

describe('list', () => {
  test('lists the customer addresses', async () => {
    const { actor } = start();
    await quiet(actor);
    expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.emptyText).toBeNull();
  });

  test.each([
    ['a customer without addresses', { id: 5, MailingAddresses: [] } as Customer],
    ['a signed-out customer', {} as Customer],
  ])("%s shows 'Account has no addresses.'", (_label, c) => {
    const { actor } = start({}, { customer: c });
    expect(actor.getSnapshot().context.emptyText).toBe('Account has no addresses.');
  });

  test('follows the customer when it changes', () => {
    const { actor } = start({}, { customer: null });
    actor.send({ type: 'customer.changed', customer });
    expect(actor.getSnapshot().context).toMatchObject({ customerId: 5, emptyText: null });
  });
});

describe('Edit modal', () => {
  test('opens on Edit with the address in the form and loads its country states (page 0)', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'address.edit', id: 2 });
    expect(actor.getSnapshot().matches({ modal: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.form).toMatchObject({ id: 2, address1: '2 Main St', countryCode: 'US', stateCode: 'WA' });
    await quiet(actor);
    expect(calls).toContainEqual(['fetchStates', { countryCode: 'US', page: 0 }]);
    expect(actor.getSnapshot().context.states).toEqual([{ stateCode: 'WA', title: 'Washington' }]);
  });

  test('closes on Close without a call', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.form).toBeNull();
    await quiet(actor);
    expect(calls.some(([name]) => name === 'updateMailingAddress')).toBe(false);
  });

  test('choosing another country clears the state and requests its states with page 0', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'address.edit', id: 2 });
    await quiet(actor);
    actor.send({ type: 'country.changed', countryCode: 'CA' });
    expect(actor.getSnapshot().context.form).toMatchObject({ countryCode: 'CA', stateCode: '' });
    await quiet(actor);
    expect(calls).toContainEqual(['fetchStates', { countryCode: 'CA', page: 0 }]);
    expect(actor.getSnapshot().context.states).toEqual([{ stateCode: 'BC', title: 'British Columbia' }]);
  });

  test('a quick second country choice wins: its states are the ones listed', async () => {
    const { actor } = start({
      states: ({ countryCode }) =>
        new Promise((resolve) => setTimeout(() => resolve([{ stateCode: `${countryCode}-1`, title: countryCode }]), countryCode === 'CA' ? 30 : 1)),
    });
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'country.changed', countryCode: 'CA' });
    actor.send({ type: 'country.changed', countryCode: 'MX' });
    await quiet(actor);
    await new Promise((r) => setTimeout(r, 40));
    expect(actor.getSnapshot().context.states).toEqual([{ stateCode: 'MX-1', title: 'MX' }]);
  });

  test('closes on Confirm and sends the domain update request (non-empty fields, country and state codes)', async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'field.changed', field: 'city', value: ' Tacoma ' });
    actor.send({ type: 'field.changed', field: 'company', value: '' });
    actor.send({ type: 'default.changed', makeDefault: true });
    actor.send({ type: 'modal.confirm' });
    expect(actor.getSnapshot().matches({ modal: 'closed', update: 'updating' })).toBe(true);
    await quiet(actor);
    const update = calls.find(([name]) => name === 'updateMailingAddress')?.[1] as AddressUpdateRequest;
    expect(update.id).toBe(2);
    expect(update.body).toMatchObject({ city: 'Tacoma', countryCode: 'US', stateCode: 'WA', makeDefault: true });
    expect(update.body).not.toHaveProperty('company');
    expect(actor.getSnapshot().context.addresses.map((a) => [a.id, a.city, a.isDefault])).toEqual([
      [1, 'Seattle', false],
      [2, 'Tacoma', true],
    ]);
    expect(emitted).toContainEqual({ type: 'notify', tone: 'success', message: 'Address updated successfully' });
  });

  test.each([
    ["the server message", async () => ({ error: 'Invalid postal code' }), 'Invalid postal code'],
    ["'Address not updated' when no address returns", async () => ({}), 'Address not updated'],
    ['the exception message', async () => Promise.reject(new Error('Network down')), 'Network down'],
  ])('a failed update shows %s in an alert and a danger notice', async (_label, update, message) => {
    const { actor, emitted } = start({ update });
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'modal.confirm' });
    await quiet(actor);
    expect(emitted.filter((e) => e.type !== 'log')).toEqual([
      { type: 'alert', message },
      { type: 'notify', tone: 'danger', message },
    ]);
    expect(actor.getSnapshot().context.alert).toBe(message);
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  test.each([
    ['a refusal', async () => ({ error: 'Invalid postal code' })],
    ['an exception', async () => Promise.reject(new Error('Network down'))],
  ])('after %s the modal opens again with what was typed, and its states load again', async (_label, update) => {
    const { actor, calls } = start({ update });
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'field.changed', field: 'city', value: 'Walla Walla' });
    actor.send({ type: 'field.changed', field: 'zip', value: '99362' });
    const typed = actor.getSnapshot().context.form;
    actor.send({ type: 'modal.confirm' });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    await quiet(actor);
    expect(actor.getSnapshot().matches({ modal: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual(typed);
    expect(actor.getSnapshot().context.states).toEqual([{ stateCode: 'WA', title: 'Washington' }]);
    expect(calls.filter(([name]) => name === 'fetchStates')).toHaveLength(2);
  });

  test('a successful update does not reopen the modal', async () => {
    const { actor } = start();
    actor.send({ type: 'address.edit', id: 2 });
    actor.send({ type: 'modal.confirm' });
    await quiet(actor);
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.submittedForm).toBeNull();
  });
});

describe('delete', () => {
  test('removes the address after the server confirms', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'address.delete', id: 1 });
    expect(actor.getSnapshot().matches({ removal: 'deleting' })).toBe(true);
    await quiet(actor);
    expect(calls).toContainEqual(['deleteMailingAddress', { customerId: 5, id: 1 }]);
    expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([2]);
  });

  test("deleting the last address shows 'Account has no addresses.'", async () => {
    const { actor } = start({}, { customer: { id: 5, MailingAddresses: [address(1)] } });
    actor.send({ type: 'address.delete', id: 1 });
    await quiet(actor);
    expect(actor.getSnapshot().context.emptyText).toBe('Account has no addresses.');
  });

  test.each([
    ["the server error", async () => ({ success: false, error: 'Address in use' }), 'Address in use'],
    ["'Failed to remove address.' without one", async () => ({ success: false }), 'Failed to remove address.'],
    ['an error the client raised from the server answer', async () => Promise.reject(new ApiError('Address in use', { kind: 'server', serverMessage: 'Address in use' })), 'Address in use'],
    // issue 18, defect 7: a 4xx answer with { error } showed the generic toast instead
    [
      "the server's error of a refusal (4xx with { error })",
      async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 404, serverMessage: 'Mailing address not found.' })),
      'Mailing address not found.',
    ],
    [
      "'Failed to remove address.' for a refusal without an error",
      async () => Promise.reject(new ApiError('Something went wrong. Please try again.', { kind: 'http', status: 500, serverMessage: null })),
      'Failed to remove address.',
    ],
  ])('a refused delete shows %s in an alert and keeps the address', async (_label, remove, message) => {
    const { actor, emitted } = start({ remove });
    actor.send({ type: 'address.delete', id: 1 });
    await quiet(actor);
    expect(emitted.filter((e) => e.type !== 'log')).toEqual([{ type: 'alert', message }]);
    expect(actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([1, 2]);
  });

  test('an exception shows as a danger notice', async () => {
    const { actor, emitted } = start({ remove: async () => Promise.reject(new Error('Network down')) });
    actor.send({ type: 'address.delete', id: 1 });
    await quiet(actor);
    expect(emitted.filter((e) => e.type !== 'log')).toEqual([{ type: 'notify', tone: 'danger', message: 'Network down' }]);
  });

  test('acts only on the signed-in customer own addresses', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'address.delete', id: 99 })).toBe(false);
    const signedOut = start({}, { customer: {} as Customer }).actor;
    expect(signedOut.getSnapshot().can({ type: 'address.delete', id: 1 })).toBe(false);
  });
});

describe('an update without an id does nothing', () => {
  test('confirm with a form whose id is missing closes without a call', async () => {
    const { actor, calls } = start({}, { customer: { id: 5, MailingAddresses: [{ ...address(1), id: 0 }] } });
    actor.send({ type: 'address.edit', id: 0 });
    actor.send({ type: 'modal.confirm' });
    await quiet(actor);
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    expect(calls.some(([name]) => name === 'updateMailingAddress')).toBe(false);
  });
});

describe('countries and states', () => {
  test('countries load once at start', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ countries: 'loading' })).toBe(true);
    await quiet(actor);
    expect(actor.getSnapshot().context.countries).toEqual(countries);
  });

  test('countries given in the input are not fetched', () => {
    const { actor, calls } = start({}, { customer, countries });
    expect(actor.getSnapshot().matches({ countries: 'loaded' })).toBe(true);
    expect(calls).toEqual([]);
  });

  test.each([
    ['countries', { countries: async () => Promise.reject(new Error('down')) }, 'fetchCountries'],
    ['states', { states: async () => Promise.reject(new Error('down')) }, 'fetchStates'],
  ] as const)('a %s fetch failure is logged only and the list stays empty', async (_label, fakes, source) => {
    const { actor, emitted } = start(fakes);
    actor.send({ type: 'address.edit', id: 1 });
    await quiet(actor);
    expect(emitted.filter((e) => e.type !== 'log')).toEqual([]);
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'log', source, message: 'down' }));
    expect(actor.getSnapshot().context[source === 'fetchCountries' ? 'countries' : 'states']).toEqual([]);
  });
});
