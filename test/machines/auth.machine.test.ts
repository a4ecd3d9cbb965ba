import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type AuthInput } from '../../src/machines/auth.machine.ts';
import type { AuthEmitted } from '../../src/machines/auth.machine.ts';
import type { Customer, User } from '../../src/domain/entities.ts';

const user: User = { id: 7, firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };
const customer: Customer = { id: 3, MailingAddresses: [] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(fakes: { fetchUser?: () => Promise<User | Record<string, never> | null>; fetchCustomer?: () => Promise<Customer | null> }, input: AuthInput = {}) {
  const machine = authMachine.provide({
    actors: {
      fetchUser: fromPromise(fakes.fetchUser ?? (async () => null)),
      fetchCustomer: fromPromise(fakes.fetchCustomer ?? (async () => ({}) as Customer)),
    },
  });
  const emitted: AuthEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ user: 'done', customer: 'done' }));

describe('login state', () => {
  test('is not fetched and not logged in while the user call is in flight', () => {
    const pending = deferred<User | null>();
    const { actor } = start({ fetchUser: () => pending.promise });
    expect(actor.getSnapshot().context).toMatchObject({ fetched: false, loggedIn: false, signedIn: false });
    expect(actor.getSnapshot().matches({ user: 'loading' })).toBe(true);
  });

  test('logged in is true when the user call returns a user', async () => {
    const { actor } = start({ fetchUser: async () => user });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: true, signedIn: true, user });
  });

  test.each([
    ['null', null],
    ['an empty object', {}],
  ] as const)('the fetched flag becomes true and logged in stays false when the user call returns %s', async (_label, answer) => {
    const { actor } = start({ fetchUser: async () => answer });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: false, user: null });
  });

  test('the fetched flag becomes true when the user call fails, with a danger notification of the exception message', async () => {
    const { actor, emitted } = start({
      fetchUser: async () => {
        throw new Error('Network down');
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: false });
    expect(emitted).toEqual([{ type: 'notify', tone: 'danger', message: 'Network down' }]);
  });

  test('signed in is also detected by a non-empty customer object', async () => {
    const { actor } = start({ fetchUser: async () => null, fetchCustomer: async () => customer });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ loggedIn: false, signedIn: true, customer });
  });

  test('an empty customer object does not sign in', async () => {
    const { actor } = start({ fetchUser: async () => null, fetchCustomer: async () => ({}) as Customer });
    await settled(actor);
    expect(actor.getSnapshot().context.signedIn).toBe(false);
  });

  test('a customer fetch failure is logged only: no notification, the login state is unaffected', async () => {
    const failure = new Error('customer down');
    const { actor, emitted } = start({
      fetchUser: async () => user,
      fetchCustomer: async () => {
        throw failure;
      },
    });
    await settled(actor);
    expect(emitted).toEqual([{ type: 'log', source: 'fetchCustomer', message: 'customer down', error: failure }]);
    expect(actor.getSnapshot().context).toMatchObject({ loggedIn: true, signedIn: true, customer: null });
  });

  test('either call may answer first: the customer answering before the user still signs in', async () => {
    const userCall = deferred<User | null>();
    const { actor } = start({ fetchUser: () => userCall.promise, fetchCustomer: async () => customer });
    await waitFor(actor, (s) => s.matches({ customer: 'done' }));
    expect(actor.getSnapshot().context).toMatchObject({ fetched: false, signedIn: true });
    userCall.resolve(null);
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: false, signedIn: true });
  });
});

describe('initial data (server rendering)', () => {
  test('a user in the input starts fetched and logged in without calling', () => {
    let calls = 0;
    const { actor } = start(
      {
        fetchUser: async () => {
          calls += 1;
          return null;
        },
        fetchCustomer: async () => {
          calls += 1;
          return null;
        },
      },
      { user, customer },
    );
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: true, signedIn: true });
    expect(actor.getSnapshot().matches({ user: 'done', customer: 'done' })).toBe(true);
    expect(calls).toBe(0);
  });

  test('a null user in the input starts fetched and signed out', () => {
    const { actor } = start({}, { user: null, customer: {} as Customer });
    expect(actor.getSnapshot().context).toMatchObject({ fetched: true, loggedIn: false, signedIn: false });
  });
});

describe('events', () => {
  test('auth.refresh calls both again', async () => {
    let answer: User | null = null;
    const { actor } = start({ fetchUser: async () => answer });
    await settled(actor);
    expect(actor.getSnapshot().context.loggedIn).toBe(false);
    answer = user;
    actor.send({ type: 'auth.refresh' });
    expect(actor.getSnapshot().matches({ user: 'loading', customer: 'loading' })).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().context.loggedIn).toBe(true);
  });

  test('auth.signedOut forgets the visitor, and a call still in flight cannot sign them back in', async () => {
    const userCall = deferred<User | null>();
    const { actor } = start({ fetchUser: () => userCall.promise, fetchCustomer: async () => customer });
    actor.send({ type: 'auth.signedOut' });
    userCall.resolve(user);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ user: null, customer: {}, fetched: true, loggedIn: false, signedIn: false });
  });
});

describe('default actors', () => {
  test('reject with a message naming the actor to provide', async () => {
    const actor = createActor(authMachine, { input: {} });
    const notes: string[] = [];
    actor.on('notify', (e) => notes.push(e.message));
    actor.start();
    await waitFor(actor, (s) => s.matches({ user: 'done' }));
    expect(notes).toEqual(["Provide the 'fetchUser' actor"]);
  });
});
