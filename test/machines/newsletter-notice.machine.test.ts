/**
 * The newsletter machine's starting notice: the outcome of the footer form posted without
 * JavaScript, brought back in the page's address, is shown until the shopper acts again.
 */
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { newsletterMachine, type SubscribeOutput } from '../../src/machines/newsletter.machine.ts';

function start(notice: { message: string; tone: 'success' | 'danger' } | null) {
  const machine = newsletterMachine.provide({
    actors: {
      getCaptchaToken: fromPromise(async () => 'tok'),
      subscribe: fromPromise(async (): Promise<SubscribeOutput> => ({ success: true })),
    },
  });
  return createActor(machine, { input: { notice } }).start();
}

describe('newsletter form started with a notice', () => {
  test('starts idle showing the notice, and still accepts a submit', () => {
    const actor = start({ message: 'Please check your email to confirm.', tone: 'success' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Please check your email to confirm.', tone: 'success' });
    expect(actor.getSnapshot().can({ type: 'newsletter.submit' })).toBe(true);
  });

  test('typing clears the notice like any outcome', () => {
    const actor = start({ message: 'Invalid subscription request.', tone: 'danger' });
    actor.send({ type: 'email.changed', value: 'a' });
    expect(actor.getSnapshot().context).toMatchObject({ message: null, tone: null });
  });

  test('without a notice it starts with no message', () => {
    expect(start(null).getSnapshot().context).toMatchObject({ message: null, tone: null });
  });
});
