/**
 * What a sign-in or recovery form shows, from a snapshot of its machine: a pure function, tested
 * without React; `useSignIn` returns it with the form's events.
 * @module
 */
import type { SnapshotFrom } from 'xstate';
import { SIGN_IN_FIELDS, SIGN_IN_TEXT, type SignInErrors, type SignInFieldSpec, type SignInFlow, type SignInValues } from '../domain/sign-in.ts';
import type { signInMachine } from './sign-in.machine.ts';

/** What the form shows. */
export interface SignInView {
  flow: SignInFlow;
  /** 'editing' (the form), 'submitting', 'done' (the success text), 'failed' (sign-out or link failed), 'linkBroken'. */
  status: 'editing' | 'submitting' | 'done' | 'failed' | 'linkBroken';
  title: string;
  intro: string;
  fields: readonly SignInFieldSpec[];
  values: SignInValues;
  errors: SignInErrors;
  formError: string | null;
  /** Failed submits so far: the view focuses the first problem when it grows. */
  failures: number;
  submitLabel: string;
  busyText: string;
  /** The success text, once done. */
  successText: string | null;
  /** Register could not sign in by itself (the email already had an account): show the sign-in link. */
  signedIn: boolean;
  /** The machine takes a submit now (not while one is under way, nor once done). */
  canSubmit: boolean;
}

const STATUSES = ['submitting', 'done', 'failed', 'linkBroken'] as const;

/**
 * The view of a snapshot.
 * @example connectSignIn(actor.getSnapshot()).canSubmit; // false while submitting
 */
export function connectSignIn(snapshot: SnapshotFrom<typeof signInMachine>): SignInView {
  const c = snapshot.context;
  const status = STATUSES.find((name) => snapshot.matches(name)) ?? 'editing';
  return {
    flow: c.flow,
    status,
    title: SIGN_IN_TEXT.titles[c.flow],
    intro: SIGN_IN_TEXT.intro[c.flow],
    fields: SIGN_IN_FIELDS[c.flow],
    values: c.values,
    errors: c.errors,
    formError: c.formError,
    failures: c.failures,
    submitLabel: SIGN_IN_TEXT.submit[c.flow],
    busyText: SIGN_IN_TEXT.busy[c.flow],
    successText: status === 'done' ? SIGN_IN_TEXT.success[c.flow] : null,
    signedIn: c.output?.signedIn === true,
    canSubmit: snapshot.can({ type: 'form.submit' }),
  };
}
