/**
 * The recovery email machine with its calls (the captcha token, saving, verifying), over the
 * latest client, environment and read cache of the `useRecoveryEmail` that runs it. A save or a
 * verification changes the user, so it invalidates the user's reads.
 * @module
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { recoveryEmailMachine } from '../../machines/recovery-email.machine.ts';
import type { SkimmerEnvironment } from '../environment.ts';
import { actorValues } from '../actor-values.ts';
import type { ReadCache } from '../query/index.ts';
import { ACCOUNT_KEYS } from '../query/account-reads.ts';
import { invalidateReads } from '../query/watch.ts';

/** The values of each `useRecoveryEmail`'s actor tree. */
export const recoveryEmailValues = actorValues<{ client: ApiClient; environment: SkimmerEnvironment; queryClient: ReadCache }>('useRecoveryEmail');

/** The machine with its calls, over the latest values of the hook that runs it. */
export const providedRecoveryEmailMachine = recoveryEmailMachine.provide({
  actors: {
    getCaptchaToken: fromPromise(({ system, input: { action } }) => recoveryEmailValues.of(system).environment.captcha.getToken(action)),
    setRecoveryEmail: fromPromise(({ system, input, signal }) => {
      const { client, queryClient } = recoveryEmailValues.of(system);
      return client.setRecoveryEmail(input, { signal }).finally(() => invalidateReads(queryClient, ACCOUNT_KEYS.user));
    }),
    verifyRecoveryEmail: fromPromise(({ system, input: { token }, signal }) => {
      const { client, queryClient } = recoveryEmailValues.of(system);
      return client.verifyRecoveryEmail(token, { signal }).finally(() => invalidateReads(queryClient, ACCOUNT_KEYS.user));
    }),
  },
});
