/**
 * The account requests whose answer must not tell whether an address has an account
 * (registration, password reset, account recovery) store one outbox job and answer; what the
 * address gets is decided here, in the job, after the answer (email/outbox.ts: jobs). The request
 * then costs the same and writes the same one row for every address.
 *
 * What each job decides (choices; the spec is silent):
 * - registration: a new address gets its account (created here) and a welcome mail with its
 *   verification link; a taken address gets "you already have an account" instead. Neither
 *   greets by the name typed in the form: nobody has confirmed the address yet, and the name is
 *   the registrant's text, whoever that was.
 * - password reset: an address with an account gets a new link, and every link mailed before it
 *   stops working (in the same transaction); an unknown address gets no mail at all (a mail to
 *   somebody with no account here would be the store writing to strangers on anyone's request).
 * - account recovery: each account whose verified recovery email it is gets a new reset link
 *   (older ones end, as for a reset request); any other address gets nothing.
 * @module
 */
import type { ComposedMessage } from '../mail/outbox.ts';
import { greeting } from '../mail/outbox.ts';
import { customerByEmail, customersByRecoveryEmail, insertCustomer } from './customers.repository.ts';
import { emailLink, endResetLinks, issueToken, type AccountServices } from './services.ts';

/** The job kind of a registration. */
export const REGISTER_JOB = 'register';
/** The job kind of a password-reset request. */
export const RESET_JOB = 'reset-password-request';
/** The job kind of an account-recovery request. */
export const RECOVER_JOB = 'recover-account-request';

/** What a registration job carries until it is composed (the password already hashed). */
export interface RegisterJobInput {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

function isRegisterInput(input: unknown): input is RegisterJobInput {
  const r = input as Partial<RegisterJobInput> | null;
  return typeof r?.passwordHash === 'string' && typeof r.firstName === 'string' && typeof r.lastName === 'string';
}

/** A fresh reset link for an account: the ones mailed before it end in the same transaction. */
async function resetLink(s: AccountServices, customerId: number, email: string): Promise<string> {
  await endResetLinks(s, customerId);
  return emailLink(s, '/reset-password', await issueToken(s, 'reset-password', { customerId, email }));
}

/** Defines the three jobs on the services' outbox (once, when the account routes register). */
export function defineAccountMailJobs(s: AccountServices): void {
  const iso = () => new Date(s.now()).toISOString();

  s.outbox.defineJob(REGISTER_JOB, async (tx, { to, input }): Promise<ComposedMessage[]> => {
    if (!isRegisterInput(input)) return [];
    if (await customerByEmail(tx, to)) {
      return [{
        kind: 'account-exists',
        to,
        subject: 'You already have a Skimmer account',
        text: `${greeting(null, false)}\n\nSomeone (hopefully you) tried to create a Skimmer account with this email address, which already has one.\n\nSign in: ${s.publicUrl}/login\nForgot your password? ${s.publicUrl}/reset-password\n`,
      }];
    }
    const at = iso();
    const id = await insertCustomer(tx, { email: to, passwordHash: input.passwordHash, firstName: input.firstName, lastName: input.lastName, at });
    const link = emailLink(s, '/verify-account', await issueToken({ ...s, db: tx }, 'verify-account', { customerId: id ?? null, email: to }));
    return [{
      kind: 'verify-account',
      to,
      subject: 'Welcome to Skimmer: please verify your email',
      // unconfirmed address: the typed first name is not ours to put in front of its owner
      text: `${greeting(input.firstName, false)}\n\nYour Skimmer account is ready. Please verify your email address:\n${link}\n\nThe link is valid for 24 hours.\n`,
    }];
  });

  s.outbox.defineJob(RESET_JOB, async (tx, { to }): Promise<ComposedMessage[]> => {
    const row = await customerByEmail(tx, to);
    if (!row) return [];
    const link = await resetLink({ ...s, db: tx }, row.id, to);
    return [{
      kind: 'reset-password',
      to,
      subject: 'Reset your Skimmer password',
      text: `${greeting(row.first_name, row.email_verified === 1)}\n\nFollow this link to choose a new password:\n${link}\n\nThe link is valid for one hour and works once; it replaces any link sent before. If you did not ask for it, ignore this email.\n`,
    }];
  });

  s.outbox.defineJob(RECOVER_JOB, async (tx, { to }): Promise<ComposedMessage[]> => {
    const messages: ComposedMessage[] = [];
    for (const row of await customersByRecoveryEmail(tx, to)) {
      const link = await resetLink({ ...s, db: tx }, row.id, row.email);
      messages.push({
        kind: 'recover-account',
        to,
        subject: 'Recover your Skimmer account',
        // a verified recovery email: its owner confirmed it for this account
        text: `${greeting(row.first_name, true)}\n\nThis address is the recovery email of the Skimmer account that signs in as:\n${row.email}\n\nTo choose a new password, follow this link (valid for one hour):\n${link}\n`,
      });
    }
    return messages;
  });
}
