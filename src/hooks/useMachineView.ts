/**
 * The one adapter between a machine and its hook (Zag's shape): it creates the actor once, ties
 * the actor tree to the hook's latest values (the client, the caller's callbacks), and selects the
 * machine's connect result with structural equality, so a hook is its events and nothing else.
 * @module
 */
import type { RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { ActorValues } from './actor-values.ts';
import { sameView } from './same-view.ts';

/** Options of {@link useMachineView}. */
export interface MachineViewOptions<M extends AnyStateMachine, V> {
  /** The machine's input, read once when the actor is created. */
  input?: InputFrom<M>;
  /** The hook's values the machine's provided actors read (see `actorValues`), with the hook's `useLatest` ref of them. */
  values?: readonly [ActorValues<V>, RefObject<V>];
}

/** What {@link useMachineView} returns: the connected view and the actor to send events to. */
export interface MachineView<M extends AnyStateMachine, T> {
  view: T;
  actor: ActorRefFrom<M>;
}

/**
 * Runs `machine` for the life of the component and returns `connect(snapshot)`, re-rendering only
 * when the connected view changed structurally.
 * @example
 * const { view, actor } = useMachineView(diagramExplorerMachine, connectDiagramExplorer, { input: { diagrams } });
 */
export function useMachineView<M extends AnyStateMachine, T, V = never>(
  machine: M,
  connect: (snapshot: SnapshotFrom<M>) => T,
  options: MachineViewOptions<M, V> = {},
): MachineView<M, T> {
  const actor = useActorRef(machine, options.input === undefined ? undefined : ({ input: options.input } as never)) as ActorRefFrom<M>;
  // bound while rendering, before the actor starts (it starts when the component mounts)
  if (options.values) options.values[0].bind(actor, options.values[1]);
  const view = useSelector(actor, connect as (snapshot: unknown) => T, sameView);
  return { view, actor };
}
