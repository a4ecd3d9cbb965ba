/**
 * The form of a sign-in or recovery flow, from `useSignIn`: labelled fields with their problems
 * beside them (and announced), a message about the whole form above the button, the busy text
 * while the call runs, and the success text. After a failed submit the focus moves to the first
 * field with a problem (or to the form's message), so a keyboard or screen-reader user lands on
 * what to fix; what was typed stays.
 * @module
 */
import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useKeepTyped } from '../keep-typed.ts';
import { SIGN_IN_TEXT } from '../../domain/sign-in.ts';
import type { SignInApi } from '../../hooks/useSignIn.ts';
import type { SignInField } from '../../domain/sign-in.ts';
import './account.css';

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  form: SignInApi;
  /** Links under the form (forgot password, register ...). */
  links?: ReactNode;
  /** Shown instead of the form once it succeeded (next steps). */
  after?: ReactNode;
}

const noSubscription = (): (() => void) => () => {};

/**
 * A sign-in flow's form.
 * @example <SignInForm form={useSignIn('login')} links={<a href="/register">Create an account</a>} />
 */
export function SignInForm({ form, links, after }: SignInFormProps) {
  const base = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const failures = useRef(form.failures);
  // false in the server HTML and while hydrating: until React handles the submit, the button stays
  // disabled, so an early click cannot send the form natively (a GET putting the password in the URL)
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);

  useEffect(() => {
    if (form.failures === failures.current) return;
    failures.current = form.failures;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? messageRef.current)?.focus();
  }, [form.failures]);

  // What the shopper typed into the server-rendered fields before the page hydrated is in the
  // inputs but not in the form's state: each field hands it on as it is attached, so a quick
  // typist's submit does not answer "Please enter ..." over filled fields.
  const keep = useKeepTyped<SignInField>((name) => form.values[name] ?? '', (name, text) => form.change(name, text));

  useEffect(() => {
    if (form.status === 'done' || form.status === 'failed' || form.status === 'linkBroken') doneRef.current?.focus();
  }, [form.status]);

  if (form.status === 'done' || form.status === 'failed' || form.status === 'linkBroken') {
    const ok = form.status === 'done';
    return (
      <div className="ac-card-form">
        <div ref={doneRef} tabIndex={-1} role={ok ? 'status' : 'alert'} className={`ac-notice ac-notice--${ok ? 'success' : 'danger'}`}>
          <p>{ok ? form.successText : form.formError}</p>
        </div>
        {after}
      </div>
    );
  }

  const busy = form.status === 'submitting';
  return (
    <form
      ref={formRef}
      className="ac-card-form ac-form"
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      {form.intro && <p className="ac-lead">{form.intro}</p>}
      {form.fields.map((field) => {
        const id = `${base}-${field.name}`;
        const error = form.errors[field.name];
        const hint = field.autoComplete === 'new-password' && field.name !== 'confirmPassword' ? SIGN_IN_TEXT.passwordHint : null;
        const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
        return (
          <div key={field.name} className="ac-field">
            <label htmlFor={id}>{field.label}</label>
            {hint && (
              <p id={`${id}-hint`} className="ac-hint">
                {hint}
              </p>
            )}
            <input
              ref={keep(field.name)}
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              value={form.values[field.name] ?? ''}
              onChange={(e) => form.change(field.name, e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              readOnly={busy}
            />
            {error && (
              <p id={`${id}-error`} className="ac-field-msg">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {form.formError && (
        <div ref={messageRef} tabIndex={-1} role="alert" className="ac-notice ac-notice--danger">
          <p>{form.formError}</p>
        </div>
      )}
      <div className="ac-form-actions">
        <button type="submit" className="button" disabled={busy || !form.canSubmit || !scripted}>
          {busy ? form.busyText : form.submitLabel}
        </button>
      </div>
      {links && <div className="ac-links">{links}</div>}
    </form>
  );
}
