/**
 * My equipment: the models a shopper saves. Signed out, the list lives in browser
 * storage (written by the `writeStored` action the hook supplies over its injectable storage);
 * signed in, in the account (the `loadMine`, `saveMine` and `removeMine` actors). At sign-in the
 * browser's models are merged into the account's (the domain's `mergeEquipment` order while the
 * call runs, then the server's answer), and the browser's copy is cleared once the account has
 * them.
 * @module
 */
import { assign, setup, fromPromise } from 'xstate';
import { addEquipment, hasEquipment, mergeEquipment, removeEquipment, type EquipmentRef } from '../domain/equipment.ts';
import { missingActor } from './account.helpers.ts';
import type { AccountListOutput, MyEquipmentContext, MyEquipmentEvent, MyEquipmentInput, RemoveMineInput, SaveMineInput } from './my-equipment.types.ts';

export type { AccountListOutput, MyEquipmentContext, MyEquipmentEvent, MyEquipmentInput, RemoveMineInput, SaveMineInput } from './my-equipment.types.ts';

/** The message of a failed account call (the list goes back to what it was). */
export const MY_EQUIPMENT_FAILED = 'Your equipment could not be saved. Please try again.';

/** The message when the account's list could not be read. */
export const MY_EQUIPMENT_LOAD_FAILED = 'Your saved equipment could not be loaded.';

function message(error: unknown, fallback: string): string {
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof server === 'string' && server !== '' ? server : fallback;
}

/** The machine. */
export const myEquipmentMachine = setup({
  types: {
    context: {} as MyEquipmentContext,
    events: {} as MyEquipmentEvent,
    input: {} as MyEquipmentInput,
  },
  actors: {
    loadMine: fromPromise<AccountListOutput>(() => Promise.reject(missingActor('loadMine'))),
    saveMine: fromPromise<AccountListOutput, SaveMineInput>(() => Promise.reject(missingActor('saveMine'))),
    removeMine: fromPromise<AccountListOutput, RemoveMineInput>(() => Promise.reject(missingActor('removeMine'))),
  },
  actions: {
    /** Writes the browser's list; the hook supplies it over its storage (a no-op by default). */
    writeStored: (_, _params: { list: EquipmentRef[] }) => undefined,
  },
  guards: {
    signedIn: ({ event }) => event.type === 'auth.changed' && event.signedIn,
    signedOut: ({ event }) => event.type === 'auth.changed' && !event.signedIn,
    startsSignedIn: ({ context }) => context.signedIn,
    // the account's list (just loaded) lacks some of the browser's models
    browserHasOthers: ({ context, event }) =>
      'output' in event && Array.isArray(event.output) && context.stored.some((m) => !hasEquipment(event.output as EquipmentRef[], m.handle)),
  },
}).createMachine({
  id: 'myEquipment',
  context: ({ input }) => ({
    signedIn: input.signedIn ?? false,
    list: input.signedIn ? [] : input.stored,
    stored: input.stored,
    before: null,
    pending: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'startsSignedIn', target: 'signedIn' }, { target: 'signedOut' }] },
    signedOut: {
      on: {
        'equipment.save': {
          actions: [
            assign(({ context, event }) => {
              const list = addEquipment(context.list, event.item);
              return { list, stored: list, error: null };
            }),
            { type: 'writeStored', params: ({ context }) => ({ list: context.stored }) },
          ],
        },
        'equipment.remove': {
          actions: [
            assign(({ context, event }) => {
              const list = removeEquipment(context.list, event.handle);
              return { list, stored: list, error: null };
            }),
            { type: 'writeStored', params: ({ context }) => ({ list: context.stored }) },
          ],
        },
        'storage.changed': { actions: assign(({ event }) => ({ list: event.list, stored: event.list })) },
        'list.synced': { actions: assign(({ event }) => ({ list: event.list, stored: event.list })) },
        'auth.changed': { guard: 'signedIn', target: 'signedIn', actions: assign({ signedIn: true }) },
      },
    },
    signedIn: {
      initial: 'loading',
      on: {
        'auth.changed': {
          guard: 'signedOut',
          target: 'signedOut',
          // signed out, the shopper sees what the browser keeps (cleared after a merge)
          actions: assign(({ context }) => ({ signedIn: false, list: context.stored, before: null, pending: null, error: null })),
        },
        'storage.changed': { actions: assign({ stored: ({ event }) => event.list }) },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadMine',
            onDone: [
              { guard: 'browserHasOthers', target: 'merging', actions: assign({ list: ({ event }) => event.output, error: null }) },
              { target: 'idle', actions: assign({ list: ({ event }) => event.output, error: null }) },
            ],
            onError: { target: 'idle', actions: assign({ error: ({ event }) => message(event.error, MY_EQUIPMENT_LOAD_FAILED) }) },
          },
        },
        merging: {
          entry: assign(({ context }) => {
            const others = context.stored.filter((m) => !hasEquipment(context.list, m.handle));
            return { before: context.list, list: mergeEquipment(context.list, others), pending: { save: others.map((m) => m.handle) } };
          }),
          invoke: {
            src: 'saveMine',
            input: ({ context }) => ({ handles: context.pending && 'save' in context.pending ? context.pending.save : [] }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ list: event.output, stored: [], before: null, pending: null, error: null })),
                { type: 'writeStored', params: { list: [] } },
              ],
            },
            onError: {
              target: 'idle',
              // the browser keeps its models, so the next sign-in tries again
              actions: assign(({ context, event }) => ({ list: context.before ?? context.list, before: null, pending: null, error: message(event.error, MY_EQUIPMENT_FAILED) })),
            },
          },
        },
        idle: {
          on: {
            'list.synced': { actions: assign({ list: ({ event }) => event.list }) },
            'equipment.save': {
              target: 'saving',
              actions: assign(({ context, event }) => ({ before: context.list, list: addEquipment(context.list, event.item), pending: { save: [event.item.handle] }, error: null })),
            },
            'equipment.remove': {
              target: 'removing',
              actions: assign(({ context, event }) => ({ before: context.list, list: removeEquipment(context.list, event.handle), pending: { remove: event.handle }, error: null })),
            },
          },
        },
        saving: {
          invoke: {
            src: 'saveMine',
            input: ({ context }) => ({ handles: context.pending && 'save' in context.pending ? context.pending.save : [] }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ list: event.output, before: null, pending: null })) },
            onError: { target: 'idle', actions: assign(({ context, event }) => ({ list: context.before ?? context.list, before: null, pending: null, error: message(event.error, MY_EQUIPMENT_FAILED) })) },
          },
        },
        removing: {
          invoke: {
            src: 'removeMine',
            input: ({ context }) => ({ handle: context.pending && 'remove' in context.pending ? context.pending.remove : '' }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ list: event.output, before: null, pending: null })) },
            onError: { target: 'idle', actions: assign(({ context, event }) => ({ list: context.before ?? context.list, before: null, pending: null, error: message(event.error, MY_EQUIPMENT_FAILED) })) },
          },
        },
      },
    },
  },
});
