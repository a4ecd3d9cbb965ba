/**
 * The page of an operator's one-time set-password link (/admin/set-password?token=…): a new
 * password twice, then a link to sign in.
 * @module
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_PASSWORD_MIN } from '../../domain/admin-orders.ts';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from '../components/FormMessage.tsx';

/** The page. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const form = useAdminForm({ kind: 'setPassword', fields: { token: params.get('token') ?? '' } });
  const id = useId();
  return (
    <main className="admin-center" id="admin-main">
      <form className="admin-card admin-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => { event.preventDefault(); form.submit(); }}>
        <h1 id={`${id}-title`}>Set your password</h1>
        {form.done ? (
          <>
            <FormMessage error={null} success="Your password is set." />
            <a className="admin-button" href="/admin">Sign in</a>
          </>
        ) : (
          <>
            <p>Choose the password you will sign in to the back office with: at least {ADMIN_PASSWORD_MIN} characters.</p>
            <label htmlFor={`${id}-password`}>New password</label>
            <input id={`${id}-password`} type="password" autoComplete="new-password" required minLength={ADMIN_PASSWORD_MIN} value={form.fields.password ?? ''} onChange={(e) => form.set('password', e.target.value)} />
            <label htmlFor={`${id}-confirm`}>New password again</label>
            <input id={`${id}-confirm`} type="password" autoComplete="new-password" required value={form.fields.confirm ?? ''} onChange={(e) => form.set('confirm', e.target.value)} />
            <FormMessage error={form.error} />
            <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Saving…' : 'Set password'}</button>
          </>
        )}
      </form>
    </main>
  );
}
