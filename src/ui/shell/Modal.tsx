/**
 * The modal dialog (Close and Confirm; it stacks at z-index 10000).
 * @module
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CHROME_TEXT } from '../../domain/chrome.ts';
import { MODAL_Z_INDEX } from '../../domain/shell.ts';

/** Props of {@link Modal}. */
export interface ModalProps {
  open: boolean;
  title: string;
  /** Called by Close, Escape and a click on the backdrop. */
  onClose(): void;
  /** When given, a Confirm button is shown and calls it. */
  onConfirm?: () => void;
  /** Disables Confirm (e.g. while the hook is busy). @default false */
  confirmDisabled?: boolean;
  /** The Confirm button's label, where the action has its own name. @default 'Confirm' */
  confirmLabel?: string;
  children?: ReactNode;
  /** Extra class on the dialog box. */
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focus management for a dialog: moves focus inside on open, keeps Tab and Shift+Tab inside,
 * closes on Escape and gives focus back to the element that had it before. Shared by the modal
 * and the exit-intent popup.
 */
export function useDialogFocus(open: boolean, ref: { current: HTMLElement | null }, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const box = ref.current;
    const before = document.activeElement as HTMLElement | null;
    const first = box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !box) return;
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, ref]);
}

/**
 * A modal dialog with a focus trap, Escape to close and the focus returned on close.
 *
 * @example
 * <Modal open={open} title="Remove item?" onClose={hide} onConfirm={remove}>This removes the line.</Modal>
 */
export function Modal({ open, title, onClose, onConfirm, confirmDisabled = false, confirmLabel = CHROME_TEXT.confirm, children, className }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(open, ref, onClose);
  if (!open) return null;
  return (
    <div className="modal-backdrop" style={{ zIndex: MODAL_Z_INDEX }} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="modal-title">{title}</h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>{CHROME_TEXT.close}</button>
          {onConfirm && (
            <button type="button" className="button" onClick={onConfirm} disabled={confirmDisabled}>{confirmLabel}</button>
          )}
        </div>
      </div>
    </div>
  );
}
