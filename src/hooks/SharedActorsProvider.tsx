/**
 * The app-wide actors: one login state and one cart for the whole page, because the header, the
 * product card, the cart overlay and the cart page all read and change the same ones. Created once
 * here (inside `SkimmerProvider`) with their actors bound to the provider's client; the hooks
 * (`useAuth`, `useCart`) read them from context.
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine, type AuthInput } from '../machines/auth.machine.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { useSkimmer } from './context.ts';

/** Data a server render already has, so the shared actors start settled (DESIGN rule 11). */
export interface InitialData {
  /** The user (null: signed out) and customer ({}: signed out); a field left out is fetched. */
  auth?: AuthInput;
}

/** The shared actors. */
export interface SharedActors {
  auth: ActorRefFrom<typeof authMachine>;
}

const SharedActorsContext = createContext<SharedActors | null>(null);

/** Creates the shared actors once; mounted by `SkimmerProvider`. */
export function SharedActorsProvider({ initialData, children }: { initialData?: InitialData; children?: ReactNode }) {
  const { client } = useSkimmer();
  const api = useLatest(client);
  const auth = useActorRef(
    authMachine.provide({
      actors: {
        fetchUser: fromPromise(async ({ signal }) => (await api.current.user({ signal })).user ?? null),
        fetchCustomer: fromPromise(async ({ signal }) => (await api.current.customer({ signal })).customer),
      },
    }),
    { input: initialData?.auth ?? {} },
  );
  useMachineNotices(auth);
  return <SharedActorsContext.Provider value={{ auth }}>{children}</SharedActorsContext.Provider>;
}

/** The shared actors; throws outside `SkimmerProvider`. */
export function useSharedActors(): SharedActors {
  const value = useContext(SharedActorsContext);
  if (!value) throw new Error('Skimmer hooks must be used inside <SkimmerProvider>.');
  return value;
}
