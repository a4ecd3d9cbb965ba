/**
 * Login state: whether the user call has answered
 * (the fetched flag), whether it returned a user (logged in), and the customer
 * object that also signals a sign-in.
 *
 * Both calls start at once; either may answer first. Server rendering passes
 * the user and customer in the input and the machine starts settled.
 * @module
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Customer, User } from '../domain/entities.ts';
import { failureMessage, isCustomerPresent, isSignedIn, isUserLoggedIn } from '../domain/session.ts';
import { logged, missingActor, notify } from './account.helpers.ts';
import type { AuthContext, AuthInput, AuthEvent, AuthEmitted } from './auth.types.ts';

export type { AuthContext, AuthInput, AuthEvent, AuthEmitted } from './auth.types.ts';

const derive = (user: User | null, customer: Customer | null): Pick<AuthContext, 'loggedIn' | 'signedIn'> => ({
  loggedIn: isUserLoggedIn(user),
  signedIn: isSignedIn({ user, customer }),
});

/**
 * The login-state machine. Actors to provide: `fetchUser` (resolves the user
 * or null; GET api/user) and `fetchCustomer` (resolves the customer, {} when
 * signed out; GET /api/customer).
 *
 * @example
 * const actor = createActor(authMachine.provide({ actors: {
 *   fetchUser: fromPromise(async () => (await client.user()).user ?? null),
 *   fetchCustomer: fromPromise(async () => (await client.customer()).customer),
 * } }), { input: {} }).start();
 * actor.on('notify', ({ message }) => toast.danger(message));
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    fetchUser: fromPromise<User | Record<string, never> | null>(async () => {
      throw missingActor('fetchUser');
    }),
    fetchCustomer: fromPromise<Customer | null>(async () => {
      throw missingActor('fetchCustomer');
    }),
  },
}).createMachine({
  id: 'auth',
  type: 'parallel',
  context: ({ input }) => {
    const user = isUserLoggedIn(input.user) ? input.user : null;
    const customer = input.customer ?? null;
    return { user, customer, fetched: input.user !== undefined, ...derive(user, customer) };
  },
  states: {
    user: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: ({ context }) => context.fetched, target: 'done' }, { target: 'loading' }],
        },
        loading: {
          invoke: {
            src: 'fetchUser',
            onDone: {
              target: 'done',
              actions: assign(({ context, event }) => {
                const user = isUserLoggedIn(event.output) ? event.output : null;
                return { user, fetched: true, ...derive(user, context.customer) };
              }),
            },
            onError: {
              target: 'done',
              actions: [
                assign(({ context }) => ({ user: null, fetched: true, ...derive(null, context.customer) })),
                emit(({ event }) => notify('danger', failureMessage(event.error))),
              ],
            },
          },
        },
        done: {},
      },
      on: {
        'auth.refresh': '.loading',
      },
    },
    customer: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: ({ context }) => context.customer !== null, target: 'done' }, { target: 'loading' }],
        },
        loading: {
          invoke: {
            src: 'fetchCustomer',
            onDone: {
              target: 'done',
              actions: assign(({ context, event }) => {
                const customer = isCustomerPresent(event.output) ? event.output : ({} as Customer);
                return { customer, ...derive(context.user, customer) };
              }),
            },
            onError: {
              target: 'done',
              actions: emit(({ event }) => logged('fetchCustomer', event.error)),
            },
          },
        },
        done: {},
      },
      on: {
        'auth.refresh': '.loading',
      },
    },
  },
  on: {
    'auth.signedOut': {
      // Settles both regions so a call still in flight cannot sign the visitor back in.
      target: ['.user.done', '.customer.done'],
      actions: assign({ user: null, customer: {} as Customer, fetched: true, loggedIn: false, signedIn: false }),
    },
  },
});
