import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Customer, User } from '../../src/domain/entities.ts';
import { connectAuth } from '../../src/machines/auth.connect.ts';
import { authMachine, type AuthInput } from '../../src/machines/auth.machine.ts';

const user: User = { id: 7, firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const start = (input: AuthInput) =>
  createActor(
    authMachine.provide({
      actors: {
        fetchUser: fromPromise(() => new Promise<User | Record<string, never> | null>(() => undefined)),
        fetchCustomer: fromPromise(() => new Promise<Customer | null>(() => undefined)),
      },
    }),
    { input },
  ).start();

describe('connectAuth', () => {
  test('while the user call is in flight the gate is loading', () => {
    expect(connectAuth(start({}).getSnapshot())).toMatchObject({ fetched: false, loggedIn: false, signedIn: false, user: null, gate: 'loading' });
  });

  test('a given user is logged in and signed in, and the gate is ready', () => {
    expect(connectAuth(start({ user, customer: { id: 3, MailingAddresses: [] } }).getSnapshot())).toMatchObject({ fetched: true, loggedIn: true, signedIn: true, user, gate: 'ready' });
  });

  test('no user is the redirect to the login page', () => {
    expect(connectAuth(start({ user: null, customer: {} as Customer }).getSnapshot())).toMatchObject({ fetched: true, loggedIn: false, signedIn: false, gate: 'redirect' });
  });
});
