/**
 * The exit-intent popup ('FIRST ORDER SPECIAL', background image, discount
 * message and code from theme configuration, the redemption note, Escape closes), over
 * `useExitIntent`, which decides when it opens.
 * @module
 */
import { useId, useRef } from 'react';
import { CHROME_TEXT } from '../../domain/chrome.ts';
import { MODAL_Z_INDEX } from '../../domain/shell.ts';
import { useExitIntent } from '../../hooks/useExitIntent.ts';
import { useDialogFocus } from './Modal.tsx';

/**
 * A modal dialog with a focus trap; Escape, the Close button and a click on the backdrop close it.
 * @example <ExitIntentPopup />
 */
export function ExitIntentPopup() {
  const popup = useExitIntent();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(popup.open, ref, popup.close);
  if (!popup.open) return null;
  return (
    <div className="modal-backdrop" style={{ zIndex: MODAL_Z_INDEX }} onMouseDown={(e) => e.target === e.currentTarget && popup.close()}>
      <div
        ref={ref}
        className="exit-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ backgroundImage: popup.bgImageUrl ? `url("${popup.bgImageUrl}")` : undefined }}
      >
        <button type="button" className="exit-popup-close" aria-label={CHROME_TEXT.close} onClick={popup.close}>×</button>
        <div className="exit-popup-body">
          <h2 id={titleId} className="exit-popup-title">{popup.title}</h2>
          <p className="exit-popup-message">{popup.discountMessage}</p>
          <p className="exit-popup-code"><strong>{popup.discountCode}</strong></p>
          <p className="exit-popup-note">{popup.note}</p>
        </div>
      </div>
    </div>
  );
}
