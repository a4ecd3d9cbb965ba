/**
 * Types of the My equipment machine (`my-equipment.machine.ts`) and of its connect function.
 * @module
 */
import type { EquipmentRef } from '../domain/equipment.ts';

/** Context of the My equipment machine. */
export interface MyEquipmentContext {
  /** The shopper is signed in (the list is the account's). */
  signedIn: boolean;
  /** The saved models, most recent first (the account's when signed in, the browser's otherwise). */
  list: EquipmentRef[];
  /** The list kept in browser storage (what a signed-out shopper saved). */
  stored: EquipmentRef[];
  /** The list before an account call, restored when the call fails. */
  before: EquipmentRef[] | null;
  /** The account call under way: the handles to save or the handle to remove. */
  pending: { save: string[] } | { remove: string } | null;
  /** The last failure's message, null when none. */
  error: string | null;
}

/** Input of the My equipment machine. */
export interface MyEquipmentInput {
  /** The list in browser storage when the machine starts. */
  stored: EquipmentRef[];
  /** The shopper is signed in. @default false */
  signedIn?: boolean;
}

/**
 * Events of the My equipment machine:
 * - `equipment.save`: save a model (first in the list);
 * - `equipment.remove`: remove a saved model;
 * - `auth.changed`: signed in (the browser's list is merged into the account's) or out;
 * - `storage.changed`: the browser's list changed elsewhere (another tab);
 * - `list.synced`: another view of the same list changed it (the hook keeps them in step).
 */
export type MyEquipmentEvent =
  | { type: 'equipment.save'; item: EquipmentRef }
  | { type: 'equipment.remove'; handle: string }
  | { type: 'auth.changed'; signedIn: boolean }
  | { type: 'storage.changed'; list: EquipmentRef[] }
  | { type: 'list.synced'; list: EquipmentRef[] };

/** Input of the `saveMine` actor: handles to add to the account's list. */
export interface SaveMineInput {
  handles: string[];
}

/** Input of the `removeMine` actor. */
export interface RemoveMineInput {
  handle: string;
}

/** What every account actor answers: the account's whole list. */
export type AccountListOutput = EquipmentRef[];
