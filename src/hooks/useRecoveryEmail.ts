/**
 * The recovery email page (spec sections 2, 4, 5, 7 and 8) over `recoveryEmailMachine`: Loading
 * until the user call answers, the redirect to /login.asp when not signed in, then not set, set
 * but unverified, or verified, with saving and verifying (a second request is ignored while one
 * is in flight). Captcha tokens come from the environment, login state from the shared auth actor.
 * @module
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ACCOUNT_LABELS } from '../domain/account.ts';
import { recoveryEmailMachine, type RecoveryEmailContext } from '../machines/recovery-email.machine.ts';
import { useSkimmer, type SkimmerContextValue } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useLatest } from './useLatest.ts';
import { useMachineNotices } from './useToasts.ts';
import { actorValues } from './actor-values.ts';

/** The page's state name. */
export type RecoveryEmailStatus = 'loading' | 'redirect' | 'notSet' | 'unverified' | 'verified' | 'saving' | 'verifying';

/** What {@link useRecoveryEmail} returns. */
export interface RecoveryEmailApi {
  status: RecoveryEmailStatus;
  /** The Recovery Email field. */
  value: string;
  /** 'Recovery Email'. */
  fieldLabel: string;
  /** 'Update' when a recovery email exists, else 'Add'. */
  submitLabel: string;
  /** 'Recovery email verified', 'Your recovery email is not verified', or null. */
  statusText: string | null;
  /** The Verify now button shows (a recovery email exists and is unverified). */
  canVerify: boolean;
  /** Submit is possible now (a valid email, no request in flight). */
  canSubmit: boolean;
  /** A request is in flight. */
  busy: boolean;
  /** The last message (with the verification instructions as its detail). */
  notice: RecoveryEmailContext['notice'];
  change(value: string): void;
  submit(): void;
  verify(): void;
  /** The Back button: one page back. */
  back(): void;
  dismissNotice(): void;
}

const recoveryEmailValues = actorValues<Pick<SkimmerContextValue, 'client' | 'environment'>>('useRecoveryEmail');
/** The machine with its calls, over the latest values of the hook that runs it. */
const providedRecoveryEmailMachine = recoveryEmailMachine.provide({
  actors: {
    getCaptchaToken: fromPromise(({ system, input: { action } }) => recoveryEmailValues.of(system).environment.captcha.getToken(action)),
    setRecoveryEmail: fromPromise(({ system, input, signal }) => recoveryEmailValues.of(system).client.setRecoveryEmail(input, { signal })),
    verifyRecoveryEmail: fromPromise(({ system, input: { token }, signal }) => recoveryEmailValues.of(system).client.verifyRecoveryEmail(token, { signal })),
  },
});

/**
 * The recovery email page. The redirect (to /login.asp, with `options.returnPath` as the page to
 * come back to) and Back go through the environment (`navigate`, `back`).
 *
 * @example
 * const page = useRecoveryEmail();
 * if (page.status === 'loading') return <p>Loading</p>;
 * <button disabled={!page.canSubmit} onClick={page.submit}>{page.submitLabel}</button>
 */
export function useRecoveryEmail(options: { returnPath?: string | null } = {}): RecoveryEmailApi {
  const { client, environment } = useSkimmer();
  const auth = useAuth();
  const deps = useLatest({ client, environment });
  const actor = recoveryEmailValues.bind(useActorRef(providedRecoveryEmailMachine, { input: { fetched: auth.fetched, user: auth.user, returnPath: options.returnPath ?? null } }), deps);
  useMachineNotices(actor);

  const login = useRef({ fetched: auth.fetched, user: auth.user });
  useEffect(() => {
    if (login.current.fetched === auth.fetched && login.current.user === auth.user) return;
    login.current = { fetched: auth.fetched, user: auth.user };
    actor.send({ type: 'login.changed', fetched: auth.fetched, user: auth.user });
  }, [actor, auth.fetched, auth.user]);

  const s = useSelector(actor, (snapshot) => snapshot);
  const status = (['saving', 'verifying', 'notSet', 'unverified', 'verified'] as const).find((name) => s.matches({ ready: name })) ?? (s.matches('redirect') ? 'redirect' : 'loading');
  return {
    status,
    value: s.context.value,
    fieldLabel: ACCOUNT_LABELS.recoveryEmailField,
    submitLabel: s.context.submitLabel,
    statusText: s.context.statusText,
    canVerify: s.can({ type: 'email.verify' }),
    canSubmit: s.can({ type: 'email.submit' }),
    busy: status === 'saving' || status === 'verifying',
    notice: s.context.notice,
    change: (value) => actor.send({ type: 'email.changed', value }),
    submit: () => actor.send({ type: 'email.submit' }),
    verify: () => actor.send({ type: 'email.verify' }),
    back: () => actor.send({ type: 'form.back' }),
    dismissNotice: () => actor.send({ type: 'notice.dismiss' }),
  };
}
