/**
 * The sign-in machine with its call (`submitFlow`), over the account client and the shared actors
 * of the `useSignIn` that runs it: a sign-in refreshes the login state and reloads the cart.
 * @module
 */
import { fromPromise, waitFor } from 'xstate';
import type { AccountClient } from '../../api/account-client.ts';
import { flowRunsOnOpen, type SignInFlow } from '../../domain/sign-in.ts';
import { signInMachine, type SignInOutput } from '../../machines/sign-in.machine.ts';
import type { SkimmerEnvironment } from '../environment.ts';
import type { SharedActors } from '../SharedActorsProvider.tsx';
import { actorValues } from '../actor-values.ts';

/** How long a sign-in waits for the login state to follow, in ms. @default 10000 */
export const SIGN_IN_SETTLE_MS = 10_000;

/** Where the page goes after a sign-in: a path, or 'back' (one page back in the history). */
export type SignInReturn = string | 'back';

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

/** The values of each `useSignIn`'s actor tree. */
export const signInValues = actorValues<{ account: AccountClient; actors: SharedActors; environment: SkimmerEnvironment; returnTo: SignInReturn }>('useSignIn');
/** The machine with its call, over the latest clients and shared actors of the hook that runs it. */
export const providedSignInMachine = signInMachine.provide({
  actors: {
    submitFlow: fromPromise(({ system, input, signal }) => {
      const { account, actors } = signInValues.of(system);
      return flowRunsOnOpen(input.flow)
        ? onceAtATime(`${input.flow}:${input.body.token ?? ''}`, () => runSignInFlow(input.flow, input.body, account, actors, new AbortController().signal))
        : runSignInFlow(input.flow, input.body, account, actors, signal);
    }),
  },
});
