import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MESSAGES } from '../../src/domain/account.ts';
import { connectNewsletter } from '../../src/machines/newsletter.connect.ts';
import { newsletterMachine } from '../../src/machines/newsletter.machine.ts';
import type { NewsletterInput, SubscribeInput, SubscribeOutput } from '../../src/machines/newsletter.types.ts';

const start = (input?: NewsletterInput) =>
  createActor(
    newsletterMachine.provide({
      actors: {
        getCaptchaToken: fromPromise(async (_: { input: { action: string } }): Promise<string> => 'tok'),
        subscribe: fromPromise((_: { input: SubscribeInput }) => new Promise<SubscribeOutput>(() => undefined)),
      },
    }),
    { input },
  ).start();

describe('connectNewsletter', () => {
  test('an idle form shows nothing and can be submitted', () => {
    expect(connectNewsletter(start().getSnapshot())).toEqual({ email: '', status: 'idle', message: null, tone: null, canSubmit: true });
  });

  test('a bad address is invalid with its message, no call', () => {
    const actor = start();
    actor.send({ type: 'email.changed', value: 'pat@' });
    actor.send({ type: 'newsletter.submit' });
    expect(connectNewsletter(actor.getSnapshot())).toMatchObject({ status: 'invalid', email: 'pat@' });
  });

  test('while submitting it says so and cannot be submitted again', async () => {
    const actor = start({ email: 'pat@pool.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('submitting'));
    expect(connectNewsletter(actor.getSnapshot())).toMatchObject({ status: 'submitting', canSubmit: false, message: MESSAGES.newsletterSubmitting });
  });

  test('a notice from the page shows in idle', () => {
    expect(connectNewsletter(start({ notice: { message: 'Please check your email to confirm.', tone: 'success' } }).getSnapshot())).toMatchObject({ status: 'idle', message: 'Please check your email to confirm.', tone: 'success' });
  });
});
