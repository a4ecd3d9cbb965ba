/**
 * The account pages' machines (the order list, an order, the wallet, the recovery email) run
 * behind the one sign-in gate (`machines/signed-in-gate.ts`), which gives each the signed-in user
 * as input. This adapter runs a page machine behind it: it gives the gate the shared login state,
 * sends `login.changed` only on a real change (a new customer object alone would reload the
 * lists), carries out what the gate and the page emit (the redirect to the login page, the
 * notices) and returns the page's connected view.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { connectSignedInGate, gatedPage } from '../machines/signed-in-gate.connect.ts';
import { signedInGate, type LoginState, type SignedInGateEvent, type SignedInGateView } from '../machines/signed-in-gate.ts';
import { sameView } from './same-view.ts';
import { useAuth } from './useAuth.ts';
import { useMachineNotices } from './useMachineNotices.ts';
import { useMachineView, type MachineViewOptions } from './useMachineView.ts';

/** The login state a gated page's gate takes (see `LoginState`). */
export type LoginInput = LoginState;

/** A gated page's connect function: the gate's view and the page's snapshot (none before the page runs). */
export type GatedConnect<M extends AnyStateMachine, T> = (gate: SignedInGateView, page: SnapshotFrom<M> | undefined) => T;

/** What {@link useSignedInMachineView} returns: the view, and where the page's events go. */
export interface SignedInMachineView<M extends AnyStateMachine, T> {
  view: T;
  actor: { send(event: EventFrom<M>): void };
}

/** One gate per page machine, built once (building a machine is not free). */
const gates = new WeakMap<AnyStateMachine, ReturnType<typeof signedInGate>>();
function gateOf(machine: AnyStateMachine): ReturnType<typeof signedInGate> {
  let gate = gates.get(machine);
  if (!gate) gates.set(machine, (gate = signedInGate(machine)));
  return gate;
}

/**
 * Runs a page machine behind the sign-in gate (see the module comment).
 * @example
 * const { view, actor } = useSignedInMachineView(providedOrdersMachine, connectOrders, { input: { returnPath }, values: [ordersValues, api] });
 */
export function useSignedInMachineView<M extends AnyStateMachine, T, V = never>(
  machine: M,
  connect: GatedConnect<M, T>,
  options: Omit<MachineViewOptions<M, V>, 'input'> & { input?: Omit<InputFrom<M>, 'user'> & { returnPath?: string | null } },
): SignedInMachineView<M, T> {
  const auth = useAuth();
  const { returnPath = null, ...page } = options.input ?? {};
  const { view: gate, actor } = useMachineView(gateOf(machine), connectSignedInGate, {
    input: { fetched: auth.fetched, user: auth.user, returnPath, page },
    ...(options.values ? { values: options.values } : {}),
  });
  useMachineNotices(actor);
  const pageRef = useSelector(actor, gatedPage) ?? undefined;
  const view = useSelector(pageRef, (snapshot) => connect(gate, snapshot as SnapshotFrom<M> | undefined), sameView);
  const login = useRef<LoginState>({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    actor.send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);
  // the gate hands every other event to the page while it runs
  const send = useMemo(() => ({ send: (event: EventFrom<M>) => actor.send(event as SignedInGateEvent) }), [actor]);
  return { view, actor: send };
}
