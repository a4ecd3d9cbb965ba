/**
 * The exit-intent discount popup: shown only to signed-out visitors, once. A trigger (desktop: the pointer leaving
 * near the top; mobile: a scroll up of more than 10 px after 5% of the page) opens it 250 ms
 * later; opening stores the 'shown' flag under exitIntentPopUpShown; Escape or the close button
 * close it, and it never opens again.
 *
 * The machine reads no window and no storage: the hook forwards the window events, passes the
 * stored flag and the login state in the input (and 'login.changed' later), and writes the
 * emitted `storage.set`.
 * @module
 */
import { assign, emit, setup } from 'xstate';
import { EXIT_INTENT, isDesktopExitTrigger, isMobileExitTrigger, mayShowExitPopup, wasExitPopupShown } from '../domain/exit-intent.ts';
import { trackScrollRun } from '../domain/listing.ts';
import type { ExitIntentContext, ExitIntentEvent, ExitIntentInput, ExitIntentEmitted } from './exit-intent.types.ts';

export type { ExitIntentContext, ExitIntentEvent, ExitIntentInput, ExitIntentEmitted } from './exit-intent.types.ts';

/**
 * The exit-intent popup machine: `watching` (waiting for a trigger), `pending` (250 ms after a
 * trigger), `open`, and `done` (final: closed, or shown in an earlier visit).
 *
 * Choices: the desktop trigger counts only in the desktop layout and the scroll trigger only in
 * the mobile layout (the spec ties each to its layout); an unknown login state does not show it
 * (`mayShowExitPopup`); signing in during the 250 ms wait cancels the opening; the scroll trigger
 * measures the whole upward run, not one scroll event (`trackScrollRun`).
 *
 * @example
 * const actor = createActor(exitIntentMachine, { input: { loggedIn: false, storedFlag: storage.get('exitIntentPopUpShown') } });
 * actor.on('storage.set', (e) => storage.set(e.key, e.value));
 * actor.start();
 * document.addEventListener('mouseleave', (e) => actor.send({ type: 'pointer.leave', clientY: e.clientY }));
 */
export const exitIntentMachine = setup({
  types: {
    context: {} as ExitIntentContext,
    events: {} as ExitIntentEvent,
    input: {} as ExitIntentInput | undefined,
    emitted: {} as ExitIntentEmitted,
  },
  delays: {
    'exitIntent.delay': EXIT_INTENT.delayMs,
  },
  guards: {
    mayShow: ({ context }) => mayShowExitPopup({ loggedIn: context.loggedIn, alreadyShown: context.alreadyShown }),
    pointerTrigger: ({ context, event }) =>
      event.type === 'pointer.leave' && !context.mobile && isDesktopExitTrigger(event.clientY) && mayShowExitPopup(context),
    scrollTrigger: ({ context, event }) => {
      if (event.type !== 'scroll' || !context.mobile) return false;
      // The guard sees the run as it will be after this event (the assign runs after the guard).
      const run = trackScrollRun(context.scroll, event.scrollY);
      if (run === null) return false;
      const step = { previousScrollY: run.anchor, scrollY: run.last, pageHeight: event.pageHeight, viewportHeight: event.viewportHeight };
      return isMobileExitTrigger(step) && mayShowExitPopup(context);
    },
  },
  actions: {
    trackScroll: assign({
      scroll: ({ context, event }) => (event.type === 'scroll' ? trackScrollRun(context.scroll, event.scrollY) : context.scroll),
    }),
    setLayout: assign({ mobile: ({ context, event }) => (event.type === 'layout' ? event.mobile : context.mobile), scroll: null }),
    setLogin: assign({ loggedIn: ({ context, event }) => (event.type === 'login.changed' ? event.loggedIn : context.loggedIn) }),
  },
}).createMachine({
  id: 'exitIntent',
  context: ({ input }) => ({
    loggedIn: input?.loggedIn ?? null,
    alreadyShown: wasExitPopupShown(input?.storedFlag),
    mobile: input?.mobile ?? false,
    scroll: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: ({ context }) => context.alreadyShown, target: 'done' }, { target: 'watching' }],
    },
    watching: {
      on: {
        'pointer.leave': { guard: 'pointerTrigger', target: 'pending' },
        scroll: [{ guard: 'scrollTrigger', target: 'pending', actions: 'trackScroll' }, { actions: 'trackScroll' }],
        layout: { actions: 'setLayout' },
        'login.changed': { actions: 'setLogin' },
      },
    },
    pending: {
      after: { 'exitIntent.delay': 'open' },
      on: {
        'login.changed': [
          { guard: ({ event }) => event.loggedIn !== false, target: 'watching', actions: 'setLogin' },
          { actions: 'setLogin' },
        ],
        layout: { actions: 'setLayout' },
      },
    },
    open: {
      entry: [
        assign({ alreadyShown: true }),
        emit({ type: 'storage.set', key: EXIT_INTENT.storageKey, value: EXIT_INTENT.shownValue }),
      ],
      on: {
        'key.escape': 'done',
        'popup.close': 'done',
      },
    },
    done: { type: 'final' },
  },
});
