/**
 * My equipment over `myEquipmentMachine`: the models a shopper saved, in the account when signed in
 * (the provider's client), in the environment's storage otherwise, merged into the account at
 * sign-in. Every `useMyEquipment` over one storage shows the same list: a change made through one
 * is passed to the others.
 * @module
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import { MY_EQUIPMENT_STORAGE_KEY, parseMyEquipment, sameEquipmentList, serializeMyEquipment, type EquipmentRef } from '../domain/equipment.ts';
import { connectMyEquipment, type MyEquipmentView } from '../machines/my-equipment.connect.ts';
import { myEquipmentMachine } from '../machines/my-equipment.machine.ts';
import type { StorageLike } from './environment.ts';
import { useSkimmer } from './context.ts';
import { fetchRead, type ReadCache } from './query/index.ts';
import { myEquipmentRead } from './query/equipment-reads.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { actorValues } from './actor-values.ts';

/** What {@link useMyEquipment} returns. */
export interface MyEquipmentApi extends MyEquipmentView {
  /** Saves a model (first in the list). */
  save(item: EquipmentRef): void;
  remove(handle: string): void;
  /** Whether a model is saved. */
  has(handle: string): boolean;
}

type Listener = (list: EquipmentRef[], from: object) => void;
const listeners = new WeakMap<StorageLike, Set<Listener>>();

function listenersOf(storage: StorageLike): Set<Listener> {
  let set = listeners.get(storage);
  if (!set) listeners.set(storage, (set = new Set()));
  return set;
}

const toRef = (m: EquipmentRef): EquipmentRef => ({ handle: m.handle, brand: m.brand, model: m.model });

const myEquipmentValues = actorValues<{ client: ApiClient; queryClient: ReadCache; storage: StorageLike }>('useMyEquipment');
/** The machine with its calls and the stored copy, over the latest values of the hook that runs it. */
const providedMyEquipmentMachine = myEquipmentMachine.provide({
  actors: {
    loadMine: fromPromise(async ({ system }) => {
      const { client, queryClient } = myEquipmentValues.of(system);
      return (await fetchRead(queryClient, myEquipmentRead(client))).map(toRef);
    }),
    saveMine: fromPromise<EquipmentRef[], { handles: string[] }>(async ({ system, input }) => (await myEquipmentValues.of(system).client.saveMyEquipment(input.handles)).equipment.map(toRef)),
    removeMine: fromPromise<EquipmentRef[], { handle: string }>(async ({ system, input }) => (await myEquipmentValues.of(system).client.removeMyEquipment(input.handle)).equipment.map(toRef)),
  },
  actions: { writeStored: ({ system }, params: { list: EquipmentRef[] }) => myEquipmentValues.of(system).storage.set(MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment(params.list)) },
});

/**
 * The shopper's saved models. Mount it under `SkimmerProvider`.
 * @example
 * const mine = useMyEquipment();
 * <button onClick={() => mine.save(equipment)}>Save to My equipment</button>
 * <Link to={`/searchresults.asp?fits=${mine.handles.join(',')}`}>Fits my equipment</Link>
 */
export function useMyEquipment(): MyEquipmentApi {
  const { client, environment, queryClient } = useSkimmer();
  const { storage } = environment;
  const auth = useAuth();
  const deps = useLatest({ client, queryClient, storage });
  // the server has no browser storage: the first render (server and hydration alike) starts
  // empty, and the stored list is read once mounted, so the page hydrates without a mismatch
  const actor = myEquipmentValues.bind(useActorRef(providedMyEquipmentMachine, { input: { stored: [], signedIn: auth.signedIn } }), deps);
  const view = useSelector(actor, connectMyEquipment, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  useEffect(() => {
    actor.send({ type: 'storage.changed', list: parseMyEquipment(storage.get(MY_EQUIPMENT_STORAGE_KEY)) });
  }, [actor, storage]);

  // sign-in and sign-out (the merge runs in the machine)
  useEffect(() => {
    if (auth.fetched) actor.send({ type: 'auth.changed', signedIn: auth.signedIn });
  }, [actor, auth.fetched, auth.signedIn]);

  // keep every view of the list in step: pass our changes on, take the others'
  const self = useRef({});
  const last = useRef<EquipmentRef[]>(view.list.map(toRef));
  useEffect(() => {
    const set = listenersOf(storage);
    const listener: Listener = (list, from) => {
      if (from === self.current) return;
      last.current = list;
      actor.send({ type: 'list.synced', list });
    };
    set.add(listener);
    return () => void set.delete(listener);
  }, [actor, storage]);
  useEffect(() => {
    const list = view.list.map(toRef);
    if (sameEquipmentList(list, last.current)) return;
    last.current = list;
    for (const listener of [...listenersOf(storage)]) listener(list, self.current);
    if (view.storedIn === 'account') deps.current.queryClient.setQueryData(myEquipmentRead(deps.current.client).key, list);
  }, [view.list, view.storedIn, storage, deps]);

  return {
    ...view,
    save: (item) => actor.send({ type: 'equipment.save', item: toRef(item) }),
    remove: (handle) => actor.send({ type: 'equipment.remove', handle }),
    has: (handle) => view.handles.includes(handle),
  };
}
