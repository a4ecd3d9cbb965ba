/**
 * The toast area (shows the local time and hides automatically; the store's timer
 * hides them, see `createToastStore`).
 * @module
 */
import { useToasts } from '../../hooks/useToasts.ts';

/**
 * Renders the toasts in a polite live region; errors are announced assertively.
 * @example <Toasts />
 */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' || toast.tone === 'danger' ? 'alert' : 'status'}>
          <div className="toast-head">
            <time dateTime={new Date(toast.time).toISOString()}>{toast.timeText}</time>
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>×</button>
          </div>
          <p className="toast-message">{toast.message}</p>
          {toast.detail && <p className="toast-detail">{toast.detail}</p>}
        </div>
      ))}
    </div>
  );
}
