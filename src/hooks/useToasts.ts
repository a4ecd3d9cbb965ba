/**
 * The toast area's hook and the bridge from machines to it: every machine emits
 * `{ type: 'notify', tone, message }`; {@link useMachineNotices} forwards those to the provider's
 * toast store; {@link useToasts} reads the list (with each toast's local time) and dismisses.
 * @module
 */
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSkimmer } from './context.ts';
import { isNotifyEvent, type Toast, type ToastTone } from './toast-store.ts';

/** What {@link useToasts} returns. */
export interface ToastsApi {
  /** The visible toasts, oldest first, each with `timeText` (local time) for the toast header. */
  toasts: readonly Toast[];
  /** Shows a toast from outside a machine (a view's own notice). */
  notify(tone: ToastTone, message: string): number;
  /** Hides one toast before its auto-hide. */
  dismiss(id: number): void;
  /** Hides all toasts. */
  clear(): void;
}

/**
 * The toast list of the provider. Toasts hide themselves after the provider's `toastDurationMs`.
 *
 * @example
 * const { toasts, dismiss } = useToasts();
 * return toasts.map((t) => <Toast key={t.id} tone={t.tone} time={t.timeText} onClose={() => dismiss(t.id)}>{t.message}</Toast>);
 */
export function useToasts(): ToastsApi {
  const { toasts: store } = useSkimmer();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const notify = useCallback((tone: ToastTone, message: string) => store.push({ tone, message }), [store]);
  return { toasts, notify, dismiss: store.dismiss, clear: store.clear };
}

/** The events a machine emits for the page (src/machines/account.helpers.ts and the cart's shapes). */
const MACHINE_EFFECTS = ['notify', 'alert', 'navigate', 'navigate.back', 'log', 'analytics'] as const;

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
    const handle = (event: unknown) => {
      if (isNotifyEvent(event)) return void toasts.push({ tone: event.tone, message: event.message, detail: event.detail });
      const e = event as { type?: string; message?: unknown; url?: unknown; replace?: unknown; source?: unknown; error?: unknown; name?: unknown; payload?: unknown };
      if (e.type === 'alert' && typeof e.message === 'string') environment.alert(e.message);
      else if (e.type === 'navigate.back') environment.back();
      else if (e.type === 'navigate' && typeof e.url === 'string') {
        if (e.replace === true) environment.navigate(e.url, { replace: true });
        else environment.navigate(e.url);
      }
      else if (e.type === 'log') environment.log(String(e.source ?? 'machine'), String(e.message ?? ''), e.error);
      else if (e.type === 'analytics' && typeof e.name === 'string') environment.analytics.track(e.name, { ...(e.payload as object) });
    };
    const subscriptions = MACHINE_EFFECTS.map((type) => actorRef.on(type, handle));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, toasts, environment]);
}
