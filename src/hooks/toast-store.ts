/**
 * The notification store behind the toast area: the machines emit
 * `{ type: 'notify', tone, message }`; the hooks forward each one here; `useToasts` reads the
 * list with `useSyncExternalStore`. A plain external store (TanStack Query's model) rather than
 * React state, so any hook can push without re-rendering the provider.
 * @module
 */

/** The tones a machine notice carries (the machine convention's list). */
export type ToastTone = 'success' | 'danger' | 'warning' | 'error' | 'info';

/** What a machine emits for the user to see. */
export interface NotifyEvent {
  type: 'notify';
  tone: ToastTone;
  message: string;
  /** A second, longer line (the recovery email's verification instructions). */
  detail?: string;
}

/** One toast in the list. */
export interface Toast {
  /** Increasing id, unique within a store. */
  id: number;
  tone: ToastTone;
  message: string;
  /** The second line, when the notice has one. */
  detail?: string;
  /** When it was raised, in ms since the epoch (the environment's clock). */
  time: number;
  /** The local time of day shown in the toast ('14:05'). */
  timeText: string;
}

/** Options of {@link createToastStore}. */
export interface ToastStoreOptions {
  /** The clock. @default Date.now */
  now?: () => number;
  /**
   * How long a toast stays before it hides itself, in ms; 0 keeps toasts until dismissed.
   * The spec says only that toasts hide automatically; 5 s is our choice (long enough to read
   * two lines, short enough not to cover the cart button for long).
   * @default 5000
   */
  durationMs?: number;
  /** Formats the local time of day. @default hours and minutes in the runtime's locale */
  formatTime?: (time: number) => string;
}

/** The store. */
export interface ToastStore {
  /** Adds a toast and schedules its auto-hide; returns its id. */
  push(notice: Pick<NotifyEvent, 'tone' | 'message' | 'detail'>): number;
  /** Removes one toast (its close button, or the auto-hide). */
  dismiss(id: number): void;
  /** Removes every toast and cancels the pending auto-hides. */
  clear(): void;
  /** The current list, oldest first; a new array after each change. */
  getSnapshot(): readonly Toast[];
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The default auto-hide delay of a toast, in ms. @default 5000 */
export const TOAST_DURATION_MS = 5000;

/**
 * Local time of day as a toast shows it: hours and minutes in the runtime's locale and zone.
 * @example
 * formatToastTime(Date.UTC(2025, 0, 1, 14, 5)); // '14:05' in a UTC, 24-hour locale
 */
export function formatToastTime(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

const EMPTY: readonly Toast[] = Object.freeze([]);

/**
 * Creates a toast store. The auto-hide timer is set when a toast is pushed (not at creation), so
 * a store built during server rendering starts nothing.
 *
 * @example
 * const toasts = createToastStore({ durationMs: 4000 });
 * toasts.push({ tone: 'success', message: 'Product added to cart' });
 */
export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const now = options.now ?? (() => Date.now());
  const durationMs = options.durationMs ?? TOAST_DURATION_MS;
  const formatTime = options.formatTime ?? formatToastTime;
  let toasts: readonly Toast[] = EMPTY;
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    changed();
  };

  return {
    push({ tone, message, detail }) {
      const id = nextId++;
      const time = now();
      const toast: Toast = detail === undefined ? { id, tone, message, time, timeText: formatTime(time) } : { id, tone, message, detail, time, timeText: formatTime(time) };
      toasts = [...toasts, toast];
      if (durationMs > 0) timers.set(id, setTimeout(() => dismiss(id), durationMs));
      changed();
      return id;
    },
    dismiss,
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      if (toasts.length === 0) return;
      toasts = EMPTY;
      changed();
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Whether an emitted event is a notice the toast area should show. */
export function isNotifyEvent(event: unknown): event is NotifyEvent {
  if (typeof event !== 'object' || event === null) return false;
  const e = event as Partial<NotifyEvent>;
  return e.type === 'notify' && typeof e.message === 'string' && typeof e.tone === 'string';
}
