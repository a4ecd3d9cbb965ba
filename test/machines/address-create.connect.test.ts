import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { State } from '../../src/domain/entities.ts';
import { connectNewAddress } from '../../src/machines/address-create.connect.ts';
import { addressCreateMachine } from '../../src/machines/address-create.machine.ts';

const start = () => createActor(addressCreateMachine.provide({ actors: { fetchStates: fromPromise(async (): Promise<State[]> => [{ stateCode: 'WA', title: 'Washington' }]) } })).start();

describe('connectNewAddress', () => {
  test('closed until opened (nothing to submit); an open form shows no State field before a country', () => {
    const actor = start();
    expect(connectNewAddress(actor.getSnapshot())).toMatchObject({ modalOpen: false, saving: false, error: null, canSubmit: false });
    actor.send({ type: 'modal.open' });
    expect(connectNewAddress(actor.getSnapshot())).toMatchObject({ modalOpen: true, stateFieldShown: false, canSubmit: true });
  });

  test('a chosen country shows the State field', () => {
    const actor = start();
    actor.send({ type: 'modal.open' });
    actor.send({ type: 'country.changed', countryCode: 'US' });
    const view = connectNewAddress(actor.getSnapshot());
    expect(view.stateFieldShown).toBe(true);
    expect(view.form.countryCode).toBe('US');
  });
});
