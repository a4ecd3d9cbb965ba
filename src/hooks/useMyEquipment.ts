/**
 * My equipment over `myEquipmentMachine`: the models a shopper saved, in the account when signed in
 * (the provider's client), in the environment's storage otherwise, merged into the account at
 * sign-in. Every `useMyEquipment` over one storage shows the same list: a change made through one
 * is passed to the others.
 * @module
 */
import { useEffect, useRef } from 'react';
import { useMachineView } from './useMachineView.ts';
import { MY_EQUIPMENT_STORAGE_KEY, parseMyEquipment, sameEquipmentList, type EquipmentRef } from '../domain/equipment.ts';
import { connectMyEquipment, type MyEquipmentView } from '../machines/my-equipment.connect.ts';
import { useSkimmer } from './context.ts';
import { myEquipmentRead } from './query/equipment-reads.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { listenToList, myEquipmentValues, providedMyEquipmentMachine, tellList, toRef } from './actors/my-equipment.ts';

/** What {@link useMyEquipment} returns. */
export interface MyEquipmentApi extends MyEquipmentView {
  /** Saves a model (first in the list). */
  save(item: EquipmentRef): void;
  remove(handle: string): void;
  /** Whether a model is saved. */
  has(handle: string): boolean;
}

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
  const { view, actor } = useMachineView(providedMyEquipmentMachine, connectMyEquipment, { input: { stored: [], signedIn: auth.signedIn }, values: [myEquipmentValues, deps] });

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
  useEffect(
    () =>
      listenToList(storage, self.current, (list) => {
        last.current = list;
        actor.send({ type: 'list.synced', list });
      }),
    [actor, storage],
  );
  useEffect(() => {
    const list = view.list.map(toRef);
    if (sameEquipmentList(list, last.current)) return;
    last.current = list;
    tellList(storage, list, self.current);
    if (view.storedIn === 'account') deps.current.queryClient.setQueryData(myEquipmentRead(deps.current.client).key, list);
  }, [view.list, view.storedIn, storage, deps]);

  return {
    ...view,
    save: (item) => actor.send({ type: 'equipment.save', item: toRef(item) }),
    remove: (handle) => actor.send({ type: 'equipment.remove', handle }),
    has: (handle) => view.handles.includes(handle),
  };
}
