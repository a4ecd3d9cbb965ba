/**
 * The sign-in gate of the account pages, once for all of them (the order list, an order, the
 * wallet, the recovery email): a parent actor that waits for the user call, sends a signed-out
 * visitor to /login.asp (replacing the history entry, with the page to come back to), and runs
 * the page's machine only for a signed-in user, giving it that user as input. The page machines
 * know nothing of signing in.
 *
 * - A new login state restarts the page only when the signed-in user is another one (signed in,
 *   signed out, another id); the same user's refreshed object keeps the page as it is.
 * - Every event the page emits (its notices, its navigations) is emitted again by the gate, so a
 *   hook listens to one actor; every other event sent to the gate goes to the page.
 * @module
 */
import { assign, emit, sendTo, setup, stopChild, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import type { User } from '../domain/entities.ts';
import { accountGate, isUserLoggedIn } from '../domain/session.ts';
import { loginRedirect } from './account.helpers.ts';
import type { LoginState, SignedInGateContext, SignedInGateEvent, SignedInGateInput } from './signed-in-gate.types.ts';

export type { LoginState, SignedInGateContext, SignedInGateEvent, SignedInGateInput, SignedInGateView } from './signed-in-gate.types.ts';

const signedInUser = (user: User | null | undefined): User | null => (isUserLoggedIn(user) ? user : null);

/** The domain's rule of a page that needs a signed-in user: loading, redirect or ready. */
const gateOf = (login: LoginState) => accountGate({ userLoaded: login.fetched, loggedIn: login.user !== null });

/**
 * Whether a login state keeps the page: answered before and now, and the same user (both signed
 * out, or both signed in with the same id).
 * @example
 * keepsPage({ fetched: true, user: ann }, { fetched: true, user: { ...ann, recoveryEmail: 'a@b.co' } }); // true
 */
export function keepsPage(before: LoginState, after: LoginState): boolean {
  if (!before.fetched || !after.fetched) return false;
  const a = signedInUser(before.user);
  const b = signedInUser(after.user);
  return a === null || b === null ? a === b : a.id === b.id;
}

/**
 * Relays what a page emits through the gate. Called as the page is spawned, before anything
 * starts it (a page started with the gate starts before the gate's first actions run), so the
 * page is heard from its first state on.
 */
function relayed(page: AnyActorRef, gate: AnyActorRef): AnyActorRef {
  page.on('*', (emitted: { type: string }) => gate.send({ type: 'page.emitted', emitted }));
  return page;
}

/**
 * The gate around a page machine. Keep one per page machine (build it at module level), since
 * each call builds a machine.
 * @example
 * const ordersPage = signedInGate(providedOrdersMachine);
 * const gate = createActor(ordersPage, { input: { fetched: true, user, page: { orders } } }).start();
 */
export function signedInGate<M extends AnyStateMachine>(page: M) {
  const onLogin = [
    { guard: 'keepsPage' as const, actions: 'login' as const },
    { target: '#signedInGate.checking' as const, reenter: true, actions: 'login' as const },
  ];
  return setup({
    types: {
      context: {} as SignedInGateContext,
      events: {} as SignedInGateEvent,
      input: {} as SignedInGateInput,
      emitted: {} as { type: string },
    },
    actors: { page },
    guards: {
      keepsPage: ({ context, event }) => keepsPage(context, event as LoginState),
    },
    actions: {
      login: assign(({ event }) => {
        const e = event as LoginState;
        return { fetched: e.fetched, user: signedInUser(e.user) };
      }),
      relay: emit(({ event }) => (event as { emitted: { type: string } }).emitted),
    },
  }).createMachine({
    id: 'signedInGate',
    context: ({ input }) => ({
      fetched: input.fetched === true,
      user: signedInUser(input.user),
      returnPath: input.returnPath ?? null,
      page: input.page ?? {},
      pageRef: null,
    }),
    initial: 'checking',
    on: { 'login.changed': onLogin, 'page.emitted': { actions: 'relay' } },
    states: {
      checking: {
        always: [
          { guard: ({ context }) => gateOf(context) === 'redirect', target: 'redirect' },
          { guard: ({ context }) => gateOf(context) === 'ready', target: 'ready' },
        ],
      },
      redirect: { entry: emit(({ context }) => loginRedirect(context.returnPath)) },
      ready: {
        entry: assign({ pageRef: ({ context, spawn, self }) => relayed(spawn('page', { id: 'page', input: { ...context.page, user: context.user } as InputFrom<M> }), self) }),
        exit: [stopChild(({ context }) => context.pageRef ?? ''), assign({ pageRef: null })],
        on: {
          'login.changed': onLogin,
          'page.emitted': { actions: 'relay' },
          '*': { actions: sendTo(({ context }) => context.pageRef as AnyActorRef, ({ event }) => event) },
        },
      },
    },
  });
}
