/**
 * The operators' sign-in: email, password and, for an account with a second factor, the code of
 * the authenticator app. Shown in place of any page until the operator is signed in.
 * @module
 */
import { useId } from 'react';
import { useAdminForm } from '../../hooks/admin/useAdminForm.ts';
import { FormMessage } from '../components/FormMessage.tsx';

/** The page. */
export function SignInPage() {
  const form = useAdminForm({ kind: 'signIn' });
  const id = useId();
  return (
    <main className="admin-center" id="admin-main">
      <form
        className="admin-card admin-form"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(event) => { event.preventDefault(); form.submit(); }}
      >
        <h1 id={`${id}-title`}>Sign in to the back office</h1>
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} type="email" autoComplete="username" required value={form.fields.email ?? ''} onChange={(e) => form.set('email', e.target.value)} />
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" required value={form.fields.password ?? ''} onChange={(e) => form.set('password', e.target.value)} />
        <label htmlFor={`${id}-code`}>Authenticator code <span className="admin-hint">(only if you set up a second factor)</span></label>
        <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={form.fields.code ?? ''} onChange={(e) => form.set('code', e.target.value)} />
        <FormMessage error={form.error} />
        <button type="submit" className="admin-button" disabled={!form.canSubmit}>{form.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </main>
  );
}
