/**
 * The recovery email page over `recoveryEmailMachine`, behind the account pages' login gate: not
 * set, set but unverified, or verified, with saving and verifying (a second request is ignored
 * while one is in flight). Captcha tokens come from the environment.
 * @module
 */
import { connectRecoveryEmail, type RecoveryEmailView } from '../machines/recovery-email.connect.ts';
import { useSkimmer } from './context.ts';
import { useLatest } from './useLatest.ts';
import { useSignedInMachineView } from './useSignedInMachineView.ts';
import { providedRecoveryEmailMachine, recoveryEmailValues } from './actors/recovery-email.ts';

export type { RecoveryEmailStatus } from '../machines/recovery-email.connect.ts';

/** What {@link useRecoveryEmail} returns: the page's view and its events. */
export interface RecoveryEmailApi extends RecoveryEmailView {
  change(value: string): void;
  submit(): void;
  verify(): void;
  /** The Back button: one page back. */
  back(): void;
  dismissNotice(): void;
}

/**
 * The recovery email page. The redirect (to /login.asp, with `options.returnPath` as the page to
 * come back to) and Back go through the environment (`navigate`, `back`).
 * @example
 * const page = useRecoveryEmail();
 * if (page.status === 'loading') return <p>Loading</p>;
 * <button disabled={!page.canSubmit} onClick={page.submit}>{page.submitLabel}</button>
 */
export function useRecoveryEmail(options: { returnPath?: string | null } = {}): RecoveryEmailApi {
  const { client, environment, queryClient } = useSkimmer();
  const values = useLatest({ client, environment, queryClient });
  const input = { returnPath: options.returnPath ?? null };
  const { view, actor } = useSignedInMachineView(providedRecoveryEmailMachine, connectRecoveryEmail, { input, values: [recoveryEmailValues, values] });
  return {
    ...view,
    change: (value) => actor.send({ type: 'email.changed', value }),
    submit: () => actor.send({ type: 'email.submit' }),
    verify: () => actor.send({ type: 'email.verify' }),
    back: () => actor.send({ type: 'form.back' }),
    dismissNotice: () => actor.send({ type: 'notice.dismiss' }),
  };
}
