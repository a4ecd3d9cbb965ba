/**
 * The recovery email page (/recovery-email), over
 * `useRecoveryEmail`: breadcrumb My account > Recovery email; 'Loading' until the user call
 * answers; a signed-out visitor sees 'Redirect to login' while the hook sends them to /login.asp
 * (to come back here after signing in);
 * then the heading Recovery email and a form with one required email field labelled Recovery
 * Email, a Back button (one page back) and Update (an address exists) or Add. Under it:
 * 'Recovery email verified', or 'Your recovery email is not verified' with Verify now; a
 * success shows under the form, a failure under the field (linked to it), both also as toasts.
 *
 * Saving and verifying need a captcha token, so the page loads the captcha script.
 * @module
 */
import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import { ACCOUNT_LABELS, MESSAGES } from '../../../domain/account.ts';
import { ACCOUNT_PATH } from '../../../domain/chrome.ts';
import { useCaptchaScript } from '../../../hooks/useCaptchaScript.ts';
import { useRecoveryEmail } from '../../../hooks/useRecoveryEmail.ts';
import { AccountHead } from './account-head.tsx';
import { Spinner } from '../../../ui/shell/Spinner.tsx';
import '../../../ui/account/account.css';

const PATH = '/recovery-email';

/** The page's own texts (the spec gives 'Loading' and 'Redirect to login' as states only). */
const TEXT = { loading: 'Loading', redirect: 'Redirect to login', back: 'Back', saving: 'Saving...', verifying: 'Sending...', intro: 'A second email address we can use to help you back into your account if you lose access to the one you sign in with.' } as const;

function RecoveryEmail() {
  const { pathname, search } = useLocation();
  const page = useRecoveryEmail({ returnPath: pathname + search });
  const id = useId();
  useCaptchaScript();
  if (page.status === 'loading') return <Spinner label={TEXT.loading} />;
  if (page.status === 'redirect') return <p role="status">{TEXT.redirect}</p>;
  const verified = page.statusText === MESSAGES.recoveryEmailVerified;
  // a failure (saving or verifying the address) shows under the field it concerns, which keeps
  // what was typed; a success shows as the notice under the form
  const failure = page.notice && page.notice.tone !== 'success' ? page.notice : null;
  const success = failure ? null : page.notice;
  return (
    <div className="ac-card-form">
      <p className="ac-lead">{TEXT.intro}</p>
      <form
        className="ac-form"
        aria-busy={page.busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          page.submit();
        }}
      >
        <div className="ac-field">
          <label htmlFor={id}>{page.fieldLabel}</label>
          <input
            id={id}
            name="recoveryEmail"
            type="email"
            autoComplete="email"
            required
            value={page.value}
            onChange={(e) => page.change(e.target.value)}
            readOnly={page.busy}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-error` : undefined}
          />
          {failure && (
            <p id={`${id}-error`} className="ac-field-msg" role="alert">
              {failure.message}
              {failure.detail && <> {failure.detail}</>}
            </p>
          )}
        </div>
        <div className="ac-form-actions">
          <button type="button" className="button button-secondary" onClick={page.back}>
            {TEXT.back}
          </button>
          <button type="submit" className="button" disabled={page.busy}>
            {page.status === 'saving' ? TEXT.saving : page.submitLabel}
          </button>
        </div>
      </form>
      {page.statusText && (
        <div className="ac-status">
          <span className={`ac-badge ac-badge--${verified ? 'success' : 'warning'}`}>{page.statusText}</span>
          {(page.canVerify || page.status === 'verifying') && (
            <button type="button" className="button button-secondary" onClick={page.verify} disabled={page.status === 'verifying'}>
              {page.status === 'verifying' ? TEXT.verifying : ACCOUNT_LABELS.verifyNow}
            </button>
          )}
        </div>
      )}
      <div aria-live="polite">
        {success && (
          <div className="ac-notice ac-notice--success" style={{ marginTop: 16 }}>
            <div>
              <p>{success.message}</p>
              {success.detail && <p>{success.detail}</p>}
            </div>
            <button type="button" className="ac-link" onClick={page.dismissNotice}>
              Dismiss
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The recovery email route.
 * @example <Route path="/recovery-email" element={<RecoveryEmailPage />} />
 */
export default function RecoveryEmailPage() {
  return (
    <div className="container ac-page">
      <AccountHead title={ACCOUNT_LABELS.recoveryEmailHeading} canonicalPath={PATH} crumbs={[{ title: 'My account', url: ACCOUNT_PATH }, { title: 'Recovery email' }]} />
      <RecoveryEmail />
    </div>
  );
}
