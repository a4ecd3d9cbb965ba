/**
 * The account pages' machines (orders, an order, the wallet, the recovery email) gate on the login
 * state: each takes the user as input and follows its changes. This adapter is that gate's one
 * home: it gives the machine the shared login state as input, sends `login.changed` only on a
 * real change (a new customer object alone would reload the lists), carries out what the machine
 * emits (the redirect to the login page, its notices) and returns the connected view.
 * @module
 */
import { useEffect, useRef } from 'react';
import type { AnyActorRef, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { User } from '../domain/entities.ts';
import { useAuth } from './useAuth.ts';
import { useMachineNotices } from './useToasts.ts';
import { useMachineView, type MachineView, type MachineViewOptions } from './useMachineView.ts';

/** The login state a gated machine takes as input and as its `login.changed` event. */
export interface LoginInput {
  fetched: boolean;
  user: User | null;
}

/**
 * Runs a gated machine with the shared login state (see the module comment).
 * @example
 * const { view, actor } = useSignedInMachineView(providedOrdersMachine, connectOrders, { input: { returnPath }, values: [ordersValues, api] });
 */
export function useSignedInMachineView<M extends AnyStateMachine, T, V = never>(
  machine: M,
  connect: (snapshot: SnapshotFrom<M>) => T,
  options: Omit<MachineViewOptions<M, V>, 'input'> & { input?: Omit<InputFrom<M>, keyof LoginInput> },
): MachineView<M, T> {
  const auth = useAuth();
  const result = useMachineView(machine, connect, { ...options, input: { ...options.input, fetched: auth.fetched, user: auth.user } as InputFrom<M> });
  const { actor } = result;
  useMachineNotices(actor);
  const login = useRef<LoginInput>({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    (actor as AnyActorRef).send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);
  return result;
}
