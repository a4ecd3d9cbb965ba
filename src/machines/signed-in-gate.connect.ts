/**
 * What the sign-in gate shows, from a snapshot of it: a pure function, tested without React.
 * A gated page's connect function takes this view and the page's snapshot (none before the page
 * runs).
 * @module
 */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../domain/account.ts';
import type { SignedInGateContext, SignedInGateView } from './signed-in-gate.types.ts';

/**
 * The gate's view of a snapshot.
 * @example connectSignedInGate(gate.getSnapshot()); // { gate: 'checking', checkingText: 'Checking login status...' }
 */
export function connectSignedInGate(snapshot: AnyMachineSnapshot): SignedInGateView {
  const gate = snapshot.matches('ready') ? 'ready' : snapshot.matches('redirect') ? 'redirect' : 'checking';
  return { gate, checkingText: gate === 'checking' ? MESSAGES.checkingLogin : null };
}

/** The page actor the gate runs, or null before it runs. */
export function gatedPage(snapshot: AnyMachineSnapshot): AnyActorRef | null {
  return (snapshot.context as SignedInGateContext).pageRef;
}
