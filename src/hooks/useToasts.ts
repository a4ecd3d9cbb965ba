/**
 * The toast area's hook: {@link useToasts} reads the provider's toast list (with each toast's local
 * time) and dismisses. What machines emit reaches the list through `useMachineNotices`.
 * @module
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useSkimmer } from './context.ts';
import type { Toast, ToastTone } from './toast-store.ts';

export { useMachineNotices } from './useMachineNotices.ts';

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
