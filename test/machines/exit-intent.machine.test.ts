import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { exitIntentMachine } from '../../src/machines/exit-intent.machine.ts';
import type { ExitIntentEmitted, ExitIntentInput } from '../../src/machines/exit-intent.machine.ts';

function start(input: ExitIntentInput = { loggedIn: false, storedFlag: null }) {
  const actor = createActor(exitIntentMachine, { input });
  const stored: ExitIntentEmitted[] = [];
  actor.on('storage.set', (e) => stored.push(e));
  actor.start();
  return { actor, stored };
}

/** A page 5000 px tall in an 800 px viewport: 5% depth is 210 px of scroll. */
const page = { pageHeight: 5000, viewportHeight: 800 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('exit-intent popup', () => {
  test('opens 250 ms after the pointer leaves near the top, not before', async () => {
    const { actor } = start();
    actor.send({ type: 'pointer.leave', clientY: 10 });
    expect(actor.getSnapshot().value).toBe('pending');
    await vi.advanceTimersByTimeAsync(249);
    expect(actor.getSnapshot().value).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('open');
  });

  test('stores the shown flag under exitIntentPopUpShown when it opens', async () => {
    const { actor, stored } = start();
    actor.send({ type: 'pointer.leave', clientY: 0 });
    expect(stored).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(stored).toEqual([{ type: 'storage.set', key: 'exitIntentPopUpShown', value: 'true' }]);
    expect(actor.getSnapshot().context.alreadyShown).toBe(true);
  });

  test.each([11, 300, Number.NaN])('the pointer leaving at clientY %d does not trigger', (clientY) => {
    const { actor } = start();
    actor.send({ type: 'pointer.leave', clientY });
    expect(actor.getSnapshot().value).toBe('watching');
  });

  test.each([
    ['signed-in visitor', { loggedIn: true, storedFlag: null }],
    ['login state still unknown', { loggedIn: null, storedFlag: null }],
  ])('is never shown to a %s', async (_who, input) => {
    const { actor, stored } = start(input);
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(stored).toEqual([]);
  });

  test.each(['true', '1'])('a stored flag %j means it already showed: it never opens', async (flag) => {
    const { actor } = start({ loggedIn: false, storedFlag: flag });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
  });

  test('shows once the login state becomes signed out', async () => {
    const { actor } = start({ loggedIn: null });
    actor.send({ type: 'login.changed', loggedIn: false });
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(250);
    expect(actor.getSnapshot().value).toBe('open');
  });

  test('signing in during the 250 ms wait cancels the opening', async () => {
    const { actor, stored } = start();
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'login.changed', loggedIn: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(stored).toEqual([]);
  });

  test.each([
    ['Escape', { type: 'key.escape' } as const],
    ['the close button', { type: 'popup.close' } as const],
  ])('%s closes it', async (_how, event) => {
    const { actor } = start();
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(250);
    actor.send(event);
    expect(actor.getSnapshot().value).toBe('done');
  });

  test('never reopens after closing', async () => {
    const { actor, stored } = start();
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(250);
    actor.send({ type: 'key.escape' });
    actor.send({ type: 'pointer.leave', clientY: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('done');
    expect(stored).toHaveLength(1);
  });

  describe('mobile', () => {
    test('scrolling up by more than 10 px after passing 5% of the page opens it after 250 ms', async () => {
      const { actor } = start({ loggedIn: false, mobile: true });
      actor.send({ type: 'scroll', scrollY: 400, ...page });
      actor.send({ type: 'scroll', scrollY: 389, ...page });
      expect(actor.getSnapshot().value).toBe('pending');
      await vi.advanceTimersByTimeAsync(250);
      expect(actor.getSnapshot().value).toBe('open');
    });

    test('a scroll up of exactly 10 px does not trigger', () => {
      const { actor } = start({ loggedIn: false, mobile: true });
      actor.send({ type: 'scroll', scrollY: 400, ...page });
      actor.send({ type: 'scroll', scrollY: 390, ...page });
      expect(actor.getSnapshot().value).toBe('watching');
    });

    test('a slow scroll up in small steps counts as one run', () => {
      const { actor } = start({ loggedIn: false, mobile: true });
      for (const y of [400, 396, 392, 388]) actor.send({ type: 'scroll', scrollY: y, ...page });
      expect(actor.getSnapshot().value).toBe('pending');
    });

    test('scrolling up before 5% of the page depth does not trigger', () => {
      const { actor } = start({ loggedIn: false, mobile: true });
      actor.send({ type: 'scroll', scrollY: 200, ...page });
      actor.send({ type: 'scroll', scrollY: 100, ...page });
      expect(actor.getSnapshot().value).toBe('watching');
    });

    test('the pointer trigger does not apply in the mobile layout, nor the scroll trigger on desktop', () => {
      const mobile = start({ loggedIn: false, mobile: true });
      mobile.actor.send({ type: 'pointer.leave', clientY: 0 });
      expect(mobile.actor.getSnapshot().value).toBe('watching');
      const desktop = start({ loggedIn: false, mobile: false });
      desktop.actor.send({ type: 'scroll', scrollY: 400, ...page });
      desktop.actor.send({ type: 'scroll', scrollY: 100, ...page });
      expect(desktop.actor.getSnapshot().value).toBe('watching');
    });

    test('a layout change switches the trigger', () => {
      const { actor } = start({ loggedIn: false, mobile: false });
      actor.send({ type: 'layout', mobile: true });
      actor.send({ type: 'scroll', scrollY: 400, ...page });
      actor.send({ type: 'scroll', scrollY: 300, ...page });
      expect(actor.getSnapshot().value).toBe('pending');
    });
  });

  test('whatever the events, it opens at most once and stores the flag at most once (property)', async () => {
    const eventArb = fc.oneof(
      fc.record({ type: fc.constant('pointer.leave' as const), clientY: fc.integer({ min: -5, max: 50 }) }),
      fc.record({ type: fc.constant('scroll' as const), scrollY: fc.integer({ min: 0, max: 4200 }), pageHeight: fc.constant(5000), viewportHeight: fc.constant(800) }),
      fc.record({ type: fc.constant('layout' as const), mobile: fc.boolean() }),
      fc.record({ type: fc.constant('login.changed' as const), loggedIn: fc.constantFrom(true, false, null) }),
      fc.constant({ type: 'key.escape' as const }),
      fc.constant({ type: 'popup.close' as const }),
      fc.constant({ type: 'wait' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(eventArb, { maxLength: 30 }), async (mobile, events) => {
        const { actor, stored } = start({ loggedIn: false, mobile });
        let opened = 0;
        let previous: unknown = actor.getSnapshot().value;
        actor.subscribe((s) => {
          if (s.value === 'open' && previous !== 'open') opened += 1;
          previous = s.value;
        });
        let signedIn = false;
        for (const e of events) {
          if (e.type === 'wait') await vi.advanceTimersByTimeAsync(300);
          else actor.send(e);
          if (e.type === 'login.changed') signedIn = e.loggedIn === true;
          if (signedIn) expect(actor.getSnapshot().value).not.toBe('pending');
        }
        await vi.advanceTimersByTimeAsync(300);
        expect(stored.length).toBeLessThanOrEqual(1);
        expect(opened).toBeLessThanOrEqual(1);
        actor.stop();
      }),
      { numRuns: 80 },
    );
  });

  describe('counter examples', () => {
    test('a login change while the popup is open neither closes nor reopens it', async () => {
      const { actor, stored } = start({ loggedIn: false, mobile: true });
      actor.send({ type: 'scroll', scrollY: 210, ...page });
      actor.send({ type: 'scroll', scrollY: 0, ...page });
      await vi.advanceTimersByTimeAsync(300);
      actor.send({ type: 'login.changed', loggedIn: true });
      expect(actor.getSnapshot().value).toBe('open');
      expect(stored).toHaveLength(1);
    });
  });
});
