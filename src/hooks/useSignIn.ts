/**
 * One sign-in or recovery flow over `signInMachine`, bound to the account client, the shared
 * login state and the shared cart: a sign-in refreshes the login state (and waits until it says
 * signed in, so the next page does not bounce back to the login page) and reloads the cart (the
 * visitor's cart merges into the account's); a sign-out forgets the visitor and reloads the cart.
 * @module
 */
import { useEffect } from 'react';
import type { SignInField, SignInFlow } from '../domain/sign-in.ts';
import { connectSignIn, type SignInView } from '../machines/sign-in.connect.ts';
import { useEnvironment } from './context.ts';
import { useSharedActors } from './SharedActorsProvider.tsx';
import { providedSignInMachine, signInValues, type SignInReturn } from './actors/sign-in.ts';
import { useAccountClient } from './useAccountClient.ts';
import { useLatest } from './useLatest.ts';
import { useMachineView } from './useMachineView.ts';

export { runSignInFlow, SIGN_IN_SETTLE_MS, type SignInReturn } from './actors/sign-in.ts';

/** Options of {@link useSignIn}. */
export interface SignInOptions {
  /** The emailed link's token (reset password, verify account). @default '' */
  token?: string;
  /** Where to go once signed in (login, and register when it could sign in). @default '/myaccount.asp' */
  returnTo?: SignInReturn;
}

/** What {@link useSignIn} returns: the form's view and its events. */
export interface SignInApi extends SignInView {
  change(field: SignInField, value: string): void;
  submit(): void;
}

/**
 * A sign-in or recovery flow.
 *
 * @example
 * const form = useSignIn('login', { returnTo: '/wallet' });
 * <input value={form.values.email ?? ''} onChange={(e) => form.change('email', e.target.value)} />
 * {form.errors.email && <p>{form.errors.email}</p>}
 * <button disabled={!form.canSubmit} onClick={form.submit}>{form.submitLabel}</button>
 */
export function useSignIn(flow: SignInFlow, options: SignInOptions = {}): SignInApi {
  const account = useAccountClient();
  const actors = useSharedActors();
  const environment = useEnvironment();
  const deps = useLatest({ account, actors, environment, returnTo: options.returnTo ?? '/myaccount.asp' });
  const { view, actor } = useMachineView(providedSignInMachine, connectSignIn, { input: { flow, token: options.token ?? '' }, values: [signInValues, deps] });

  useEffect(() => {
    const sub = actor.on('signIn.succeeded', ({ output }) => {
      if (output.signedIn !== true) return;
      const { environment: env, returnTo } = deps.current;
      if (returnTo === 'back') env.back();
      else env.navigate(returnTo, { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, deps]);

  return {
    ...view,
    change: (field, value) => actor.send({ type: 'field.changed', field, value }),
    submit: () => actor.send({ type: 'form.submit' }),
  };
}
