/**
 * The my-equipment machine with its calls and its stored copy, over the latest client, read cache
 * and storage of the `useMyEquipment` that runs it. A save or a removal in the account writes the
 * server's answer into the cache under the list's key, so every reader of it re-renders with it.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment, type EquipmentRef } from '../../domain/equipment.ts';
import { myEquipmentMachine } from '../../machines/my-equipment.machine.ts';
import type { StorageLike } from '../environment.ts';
import { actorValues } from '../actor-values.ts';
import { fetchRead, type ReadCache } from '../query/index.ts';
import { myEquipmentRead } from '../query/equipment-reads.ts';

/** A saved model as the list keeps it (the answer's extra fields dropped). */
export const toRef = (m: EquipmentRef): EquipmentRef => ({ handle: m.handle, brand: m.brand, model: m.model });

/** The values of each `useMyEquipment`'s actor tree. */
export const myEquipmentValues = actorValues<{ client: ApiClient; queryClient: ReadCache; storage: StorageLike }>('useMyEquipment');

/** A write's answer, kept as the list's cached read. */
function written(values: { client: ApiClient; queryClient: ReadCache }, list: EquipmentRef[]): EquipmentRef[] {
  values.queryClient.setQueryData(myEquipmentRead(values.client).key, list);
  return list;
}

/** The machine with its calls and the stored copy, over the latest values of the hook that runs it. */
export const providedMyEquipmentMachine = myEquipmentMachine.provide({
  actors: {
    loadMine: fromPromise(async ({ system }) => {
      const { client, queryClient } = myEquipmentValues.of(system);
      return (await fetchRead(queryClient, myEquipmentRead(client))).map(toRef);
    }),
    saveMine: fromPromise<EquipmentRef[], { handles: string[] }>(async ({ system, input }) => {
      const values = myEquipmentValues.of(system);
      return written(values, (await values.client.saveMyEquipment(input.handles)).equipment.map(toRef));
    }),
    removeMine: fromPromise<EquipmentRef[], { handle: string }>(async ({ system, input }) => {
      const values = myEquipmentValues.of(system);
      return written(values, (await values.client.removeMyEquipment(input.handle)).equipment.map(toRef));
    }),
  },
  actions: { writeStored: ({ system }, params: { list: EquipmentRef[] }) => myEquipmentValues.of(system).storage.set(MY_EQUIPMENT_STORAGE_KEY, serializeMyEquipment(params.list)) },
});

type Listener = (list: EquipmentRef[], from: object) => void;
/** The hooks over each storage, so a change made through one is passed to the others. */
const listeners = new WeakMap<StorageLike, Set<Listener>>();

function listenersOf(storage: StorageLike): Set<Listener> {
  let set = listeners.get(storage);
  if (!set) listeners.set(storage, (set = new Set()));
  return set;
}

/**
 * Calls `onList` with every list another hook over `storage` tells; returns the unsubscribe.
 * @example useEffect(() => listenToList(storage, self, (list) => actor.send({ type: 'list.synced', list })), [storage]);
 */
export function listenToList(storage: StorageLike, self: object, onList: (list: EquipmentRef[]) => void): () => void {
  const set = listenersOf(storage);
  const listener: Listener = (list, from) => {
    if (from !== self) onList(list);
  };
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * Tells every other hook over `storage` the list `self` now shows.
 * @example tellList(storage, list, self);
 */
export function tellList(storage: StorageLike, list: EquipmentRef[], self: object): void {
  for (const listener of [...listenersOf(storage)]) listener(list, self);
}
