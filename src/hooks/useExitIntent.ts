/**
 * The exit-intent popup over `exitIntentMachine`: the hook wires the window's pointer-leave, scroll
 * and Escape events through the environment, feeds the login state and the layout, and stores the
 * 'shown' flag the machine emits.
 * @module
 */
import { useEffect } from 'react';
import { EXIT_INTENT, EXIT_POPUP_TEXT } from '../domain/exit-intent.ts';
import { connectExitIntent } from '../machines/exit-intent.connect.ts';
import { exitIntentMachine } from '../machines/exit-intent.machine.ts';
import { useSkimmer } from './context.ts';
import { useAuth } from './useAuth.ts';
import { useMachineView } from './useMachineView.ts';
import { useMobileLayout } from './useMobileLayout.ts';
import { listenForExit } from './actors/exit-intent.ts';

/** The popup's fixed texts, re-exported from the domain for existing importers. */
export { EXIT_POPUP_TEXT };

/** What {@link useExitIntent} returns. */
export interface ExitIntentApi {
  /** Whether the popup is showing. */
  open: boolean;
  /** The popup's close button. */
  close(): void;
  /** 'FIRST ORDER SPECIAL'. */
  title: string;
  /** 'Note: One Redemption Per Account/IP Address Only'. */
  note: string;
  /** Background image, discount message and code, from the theme configuration. */
  bgImageUrl: string;
  discountMessage: string;
  discountCode: string;
}

/**
 * The exit-intent popup. Mount it once (in the app shell). Listeners are attached through the
 * environment while the popup can still show, and removed once it has shown or was shown before.
 * The login state counts as unknown until the user call answers (`signedIn` of `useAuth` then).
 * @example
 * const popup = useExitIntent();
 * return popup.open ? <Modal title={popup.title} onClose={popup.close}>{popup.discountCode}</Modal> : null;
 */
export function useExitIntent(): ExitIntentApi {
  const { environment, themeConfig } = useSkimmer();
  const { fetched, signedIn } = useAuth();
  const loggedIn = fetched ? signedIn : null;
  const mobile = useMobileLayout();
  const input = { loggedIn, mobile, storedFlag: environment.storage.get(EXIT_INTENT.storageKey) };
  const { view, actor } = useMachineView(exitIntentMachine, connectExitIntent, { input });
  useEffect(() => {
    const sub = actor.on('storage.set', ({ key, value }) => environment.storage.set(key, value));
    return () => sub.unsubscribe();
  }, [actor, environment]);
  useEffect(() => actor.send({ type: 'login.changed', loggedIn }), [actor, loggedIn]);
  useEffect(() => actor.send({ type: 'layout', mobile }), [actor, mobile]);
  useEffect(() => (view.done ? undefined : listenForExit(environment, actor)), [actor, environment, view.done]);
  const popup = themeConfig.exitIntentPopUp;
  return {
    open: view.open,
    close: () => actor.send({ type: 'popup.close' }),
    title: EXIT_POPUP_TEXT.title,
    note: EXIT_POPUP_TEXT.note,
    bgImageUrl: popup.bgImageUrl,
    discountMessage: popup.discountMessage,
    discountCode: popup.discountCode,
  };
}
