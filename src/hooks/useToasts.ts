/**
 * The toast area's hook and the bridge from machines to it: every machine emits
 * `{ type: 'notify', tone, message }`; {@link useMachineNotices} forwards those to the provider's
 * toast store; {@link useToasts} reads the list (with each toast's local time) and dismisses.
 * @module
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSkimmer } from './SkimmerProvider.tsx';
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

/**
 * Forwards an actor's emitted 'notify' events to the toast store for as long as the component is
 * mounted. Every machine hook calls it, so a machine's messages show without the view wiring them.
 */
export function useMachineNotices(actorRef: Pick<AnyActorRef, 'on'> | null | undefined): void {
  const { toasts } = useSkimmer();
  useEffect(() => {
    if (!actorRef) return;
    const subscription = actorRef.on('notify', (event: unknown) => {
      if (isNotifyEvent(event)) toasts.push({ tone: event.tone, message: event.message });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, toasts]);
}
