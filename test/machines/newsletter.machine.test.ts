import { describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, waitFor } from 'xstate';
import { NEWSLETTER_CAPTCHA_ACTION, newsletterMachine } from '../../src/machines/newsletter.machine.ts';
import type { NewsletterEmitted, SubscribeInput, SubscribeOutput } from '../../src/machines/newsletter.machine.ts';

interface Fakes {
  token?: (action: string) => Promise<string>;
  subscribe?: (input: SubscribeInput) => Promise<SubscribeOutput>;
}

function start(fakes: Fakes = {}, input?: { email?: string; captchaAction?: string }) {
  const token = vi.fn(fakes.token ?? (async () => 'tok-1'));
  const subscribe = vi.fn(fakes.subscribe ?? (async () => ({ success: true })));
  const machine = newsletterMachine.provide({
    actors: {
      getCaptchaToken: fromPromise(async ({ input: i }: { input: { action: string } }) => token(i.action)),
      subscribe: fromPromise(async ({ input: i }: { input: SubscribeInput }) => subscribe(i)),
    },
  });
  const actor = createActor(machine, { input });
  const notices: NewsletterEmitted[] = [];
  actor.on('notify', (e) => notices.push(e));
  actor.start();
  return { actor, token, subscribe, notices };
}

describe('newsletter form', () => {
  test('starts idle with no message', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  test.each(['', '   ', 'ann', 'ann@example', 'ann example@x.com'])(
    'an empty or malformed email %j shows "Invalid subscription request." and makes no call',
    (email) => {
      const { actor, token, subscribe, notices } = start();
      actor.send({ type: 'email.changed', value: email });
      actor.send({ type: 'newsletter.submit' });
      expect(actor.getSnapshot().value).toBe('invalid');
      expect(actor.getSnapshot().context.message).toBe('Invalid subscription request.');
      expect(actor.getSnapshot().context.tone).toBe('danger');
      expect(notices).toEqual([{ type: 'notify', tone: 'danger', message: 'Invalid subscription request.' }]);
      expect(token).not.toHaveBeenCalled();
      expect(subscribe).not.toHaveBeenCalled();
    },
  );

  test('a valid email shows "Submitting request..." while the request is in flight', () => {
    const { actor } = start({ token: () => new Promise(() => {}) });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Submitting request...');
  });

  test('gets a captcha token with the newsletter action, then subscribes the trimmed email with it', async () => {
    const { actor, token, subscribe, notices } = start();
    actor.send({ type: 'email.changed', value: '  ann@example.com ' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(token).toHaveBeenCalledWith(NEWSLETTER_CAPTCHA_ACTION);
    expect(subscribe).toHaveBeenCalledWith({ email: 'ann@example.com', token: 'tok-1' });
    expect(actor.getSnapshot().context.message).toBe('Please check your email to confirm.');
    expect(actor.getSnapshot().context.tone).toBe('success');
    expect(notices).toEqual([{ type: 'notify', tone: 'success', message: 'Please check your email to confirm.' }]);
  });

  test('the captcha action can be configured through the input', async () => {
    const { actor, token } = start({}, { email: 'ann@example.com', captchaAction: 'footer_subscribe' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(token).toHaveBeenCalledWith('footer_subscribe');
  });

  test.each([
    ['a server error is shown as "Error: {message}"', Object.assign(new Error('Something went wrong. Please try again.'), { serverMessage: 'Already subscribed' }), 'Error: Already subscribed'],
    ['an exception is shown the same way', new Error('Failed to fetch'), 'Error: Failed to fetch'],
    ['an error without a message reads "Failed."', new Error(''), 'Error: Failed.'],
  ])('%s', async (_title, error, text) => {
    const { actor, notices } = start({ subscribe: async () => Promise.reject(error) });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe(text);
    expect(actor.getSnapshot().context.tone).toBe('danger');
    expect(notices).toEqual([{ type: 'notify', tone: 'danger', message: text }]);
  });

  test('an answer with success false reads "Error: Failed."', async () => {
    const { actor } = start({ subscribe: async () => ({ success: false }) });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe('Error: Failed.');
  });

  test('a captcha failure is shown the same way and makes no subscribe call', async () => {
    const { actor, subscribe } = start({
      token: async () => Promise.reject(new Error('reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.')),
    });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe('Error: reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.');
    expect(subscribe).not.toHaveBeenCalled();
  });

  test('the default actors reject with a message naming the actor to provide', async () => {
    const actor = createActor(newsletterMachine, { input: { email: 'ann@example.com' } }).start();
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe("Error: Provide the 'getCaptchaToken' actor");
  });

  test('a second submit while submitting is ignored', async () => {
    let resolve: (v: SubscribeOutput) => void = () => {};
    const { actor, subscribe } = start({ subscribe: () => new Promise((r) => (resolve = r)) });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches({ submitting: 'subscribing' }));
    actor.send({ type: 'newsletter.submit' });
    actor.send({ type: 'email.changed', value: 'bob@example.com' });
    expect(actor.getSnapshot().matches({ submitting: 'subscribing' })).toBe(true);
    resolve({ success: true });
    await waitFor(actor, (s) => s.matches('success'));
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ email: 'ann@example.com', token: 'tok-1' });
    expect(actor.getSnapshot().context.email).toBe('bob@example.com');
  });

  test('the submit button is disabled (cannot submit) only while submitting', async () => {
    let resolve: (v: SubscribeOutput) => void = () => {};
    const { actor } = start({ subscribe: () => new Promise((r) => (resolve = r)) });
    expect(actor.getSnapshot().can({ type: 'newsletter.submit' })).toBe(true);
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    expect(actor.getSnapshot().can({ type: 'newsletter.submit' })).toBe(false);
    await waitFor(actor, (s) => s.matches({ submitting: 'subscribing' }));
    resolve({ success: true });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().can({ type: 'newsletter.submit' })).toBe(true);
  });

  test.each(['invalid', 'success', 'error'] as const)('typing after the %s outcome clears the message and returns to idle', async (outcome) => {
    const { actor } = start({ subscribe: async () => ({ success: outcome === 'success' }) });
    actor.send({ type: 'email.changed', value: outcome === 'invalid' ? 'nope' : 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches(outcome));
    actor.send({ type: 'email.changed', value: 'x' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  test('Enter (newsletter.submit) can resubmit after an error', async () => {
    let calls = 0;
    const { actor } = start({ subscribe: async () => ({ success: ++calls > 1 }) });
    actor.send({ type: 'email.changed', value: 'ann@example.com' });
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toBe(2);
  });

  test('a call is made exactly when the email passes the format check (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.emailAddress(), fc.string()), async (email) => {
        const { actor, subscribe } = start();
        actor.send({ type: 'email.changed', value: email });
        actor.send({ type: 'newsletter.submit' });
        const done = await waitFor(actor, (s) => s.matches('success') || s.matches('invalid') || s.matches('error'));
        const called = subscribe.mock.calls.length === 1;
        expect(called).toBe(!done.matches('invalid'));
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
