/**
 * One sign-in or recovery flow over `signInMachine`, bound to the account client, the shared
 * login state and the shared cart: a sign-in refreshes the login state (and waits until it says
 * signed in, so the next page does not bounce back to the login page) and reloads the cart (the
 * visitor's cart merges into the account's); a sign-out forgets the visitor and reloads the cart.
 * @module
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { AccountClient } from '../api/account-client.ts';
import { SIGN_IN_FIELDS, SIGN_IN_TEXT, flowRunsOnOpen, type SignInErrors, type SignInField, type SignInFieldSpec, type SignInFlow, type SignInValues } from '../domain/sign-in.ts';
import { signInMachine, type SignInOutput } from '../machines/sign-in.machine.ts';
import { useEnvironment } from './context.ts';
import { useSharedActors, type SharedActors } from './SharedActorsProvider.tsx';
import { useAccountClient } from './useAccountClient.ts';
import { useLatest } from './useLatest.ts';
import { actorValues } from './actor-values.ts';

/** How long a sign-in waits for the login state to follow, in ms. @default 10000 */
export const SIGN_IN_SETTLE_MS = 10_000;

/** Where the page goes after a sign-in: a path, or 'back' (one page back in the history). */
export type SignInReturn = string | 'back';

/** Options of {@link useSignIn}. */
export interface SignInOptions {
  /** The emailed link's token (reset password, verify account). @default '' */
  token?: string;
  /** Where to go once signed in (login, and register when it could sign in). @default '/myaccount.asp' */
  returnTo?: SignInReturn;
}

/** What {@link useSignIn} returns. */
export interface SignInApi {
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
  canSubmit: boolean;
  change(field: SignInField, value: string): void;
  submit(): void;
}

async function settleSignedIn(actors: SharedActors): Promise<void> {
  actors.cart.send({ type: 'cart.reload' });
  actors.auth.send({ type: 'auth.refresh' });
  await waitFor(actors.auth, (s) => s.matches({ user: 'done' }) && s.context.loggedIn, { timeout: SIGN_IN_SETTLE_MS });
}

const running = new Map<string, Promise<SignInOutput>>();

/**
 * The flows that run on opening (sign-out, the emailed verification link) must call once, even
 * when React mounts the page twice (StrictMode, a quick remount): a second start while the first
 * call is in flight shares it instead of spending the one-time link again. Such a call is not
 * cancelled with the first mount, for the same reason.
 */
function onceAtATime(key: string, run: () => Promise<SignInOutput>): Promise<SignInOutput> {
  const current = running.get(key);
  if (current) return current;
  const call = run().finally(() => running.delete(key));
  running.set(key, call);
  return call;
}

/** Runs a flow's call; what the page shows next is the machine's business. */
export async function runSignInFlow(
  flow: SignInFlow,
  body: Record<string, string>,
  account: AccountClient,
  actors: SharedActors,
  signal: AbortSignal,
): Promise<SignInOutput> {
  const call = { signal };
  const s = (key: string) => body[key] ?? '';
  switch (flow) {
    case 'login':
      await account.login({ email: s('email'), password: s('password') }, call);
      await settleSignedIn(actors);
      return { signedIn: true };
    case 'register': {
      await account.register({ email: s('email'), password: s('password'), firstName: s('firstName'), lastName: s('lastName') }, call);
      // Register never signs in and never says whether the address was new; a sign-in with the
      // same password right away works only for a new account, so the shopper lands signed in.
      try {
        await account.login({ email: s('email'), password: s('password') }, call);
      } catch {
        return { signedIn: false };
      }
      await settleSignedIn(actors);
      return { signedIn: true };
    }
    case 'logout':
      await account.logout(call);
      actors.auth.send({ type: 'auth.signedOut' });
      actors.cart.send({ type: 'cart.reload' });
      return {};
    case 'change-password':
      await account.changePassword({ currentPassword: s('currentPassword'), newPassword: s('newPassword') }, call);
      return {};
    case 'reset-request':
      await account.requestPasswordReset({ email: s('email') }, call);
      return {};
    case 'reset-password':
      await account.resetPassword({ token: s('token'), password: s('password') }, call);
      return {};
    case 'recover-account':
      await account.recoverAccount({ email: s('email') }, call);
      return {};
    case 'start-verification':
      await account.startVerification(call);
      return {};
    case 'verify-account':
      await account.finishVerification({ token: s('token') }, call);
      return {};
  }
}

const signInValues = actorValues<{ account: AccountClient; actors: SharedActors }>('useSignIn');
/** The machine with its call, over the latest clients and shared actors of the hook that runs it. */
const providedSignInMachine = signInMachine.provide({
  actors: {
    submitFlow: fromPromise(({ system, input, signal }) => {
      const { account, actors } = signInValues.of(system);
      return flowRunsOnOpen(input.flow)
        ? onceAtATime(`${input.flow}:${input.body.token ?? ''}`, () => runSignInFlow(input.flow, input.body, account, actors, new AbortController().signal))
        : runSignInFlow(input.flow, input.body, account, actors, signal);
    }),
  },
});

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
  const actor = signInValues.bind(useActorRef(providedSignInMachine, { input: { flow, token: options.token ?? '' } }), deps);

  useEffect(() => {
    const sub = actor.on('signIn.succeeded', ({ output }) => {
      if (output.signedIn !== true) return;
      const { environment: env, returnTo } = deps.current;
      if (returnTo === 'back') env.back();
      else env.navigate(returnTo, { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, deps]);

  const snapshot = useSelector(actor, (s) => s);
  const c = snapshot.context;
  const status = (['submitting', 'done', 'failed', 'linkBroken'] as const).find((name) => snapshot.matches(name)) ?? 'editing';
  return {
    flow,
    status,
    title: SIGN_IN_TEXT.titles[flow],
    intro: SIGN_IN_TEXT.intro[flow],
    fields: SIGN_IN_FIELDS[flow],
    values: c.values,
    errors: c.errors,
    formError: c.formError,
    failures: c.failures,
    submitLabel: SIGN_IN_TEXT.submit[flow],
    busyText: SIGN_IN_TEXT.busy[flow],
    successText: status === 'done' ? SIGN_IN_TEXT.success[flow] : null,
    signedIn: c.output?.signedIn === true,
    canSubmit: snapshot.can({ type: 'form.submit' }),
    change: (field, value) => actor.send({ type: 'field.changed', field, value }),
    submit: () => actor.send({ type: 'form.submit' }),
  };
}
