/**
 * The bridge from machines to the page: every machine emits `{ type: 'notify', tone, message }`
 * (and alerts, navigations, logs, analytics); {@link useMachineNotices} carries them out through
 * the provider's toast store and environment.
 * @module
 */
import { useLayoutEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSkimmer } from './context.ts';
import type { SkimmerEnvironment } from './environment.ts';
import { isNotifyEvent, type ToastStore } from './toast-store.ts';

/**
 * Carries out one emitted event: 'notify' becomes a toast (with its detail line), 'alert' the
 * environment's alert, 'navigate' a navigation (`url`, with `replace`), 'navigate.back' one page
 * back, 'log' the environment's log, 'analytics' an analytics event (`name`, `payload`).
 * @example tellMachineEffect({ type: 'notify', tone: 'error', message: 'down' }, toasts, environment);
 */
export function tellMachineEffect(event: unknown, toasts: ToastStore, environment: SkimmerEnvironment): void {
  if (isNotifyEvent(event)) return void toasts.push({ tone: event.tone, message: event.message, detail: event.detail });
  const e = event as { type?: string; message?: unknown; url?: unknown; replace?: unknown; source?: unknown; error?: unknown; name?: unknown; payload?: unknown };
  if (e.type === 'alert' && typeof e.message === 'string') environment.alert(e.message);
  else if (e.type === 'navigate.back') environment.back();
  else if (e.type === 'navigate' && typeof e.url === 'string') {
    if (e.replace === true) environment.navigate(e.url, { replace: true });
    else environment.navigate(e.url);
  } else if (e.type === 'log') environment.log(String(e.source ?? 'machine'), String(e.message ?? ''), e.error);
  else if (e.type === 'analytics' && typeof e.name === 'string') environment.analytics.track(e.name, { ...(e.payload as object) });
}

/** The events a machine emits for the page (src/machines/account.helpers.ts and the cart's shapes). */
const MACHINE_EFFECTS = ['notify', 'alert', 'navigate', 'navigate.back', 'log', 'analytics'] as const;

/**
 * Carries out what `actorRef` emits until the returned function is called: for an actor a hook
 * starts itself in an effect, which must be heard from its start (a choice sent to it before the
 * render that passes it to {@link useMachineNotices} would navigate nowhere).
 * @example const stop = tellMachineEffects(actor, toasts, environment); actor.start();
 */
export function tellMachineEffects(actorRef: Pick<AnyActorRef, 'on'>, toasts: ToastStore, environment: SkimmerEnvironment): () => void {
  const handle = (event: unknown) => tellMachineEffect(event, toasts, environment);
  const subscriptions = MACHINE_EFFECTS.map((type) => actorRef.on(type, handle));
  return () => subscriptions.forEach((s) => s.unsubscribe());
}

/**
 * Carries out what an actor emits, for as long as the component is mounted: 'notify' becomes a
 * toast (with its detail line), 'alert' the environment's alert, 'navigate' a navigation (`url`, with
 * `replace`), 'navigate.back' one page back, 'log' the environment's log, 'analytics' an analytics event
 * (`name`, `payload`). Every machine hook calls it, so the machines' messages show without the
 * view wiring them.
 *
 * @example
 * const actor = useActorRef(myMachine.provide({ actors }));
 * useMachineNotices(actor); // its { type: 'notify', tone, message } events become toasts
 */
export function useMachineNotices(actorRef: Pick<AnyActorRef, 'on'> | null | undefined): void {
  const { toasts, environment } = useSkimmer();
  // a layout effect runs before useActorRef's start (a passive effect), so what a machine emits
  // on entering its first state (the wallet's redirect) is heard too
  useLayoutEffect(() => {
    if (!actorRef) return;
    return tellMachineEffects(actorRef, toasts, environment);
  }, [actorRef, toasts, environment]);
}
