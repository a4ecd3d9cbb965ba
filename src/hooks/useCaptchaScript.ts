/**
 * Loads the captcha script on the pages whose calls need a token (the recovery email), so the
 * environment's `captcha.getToken` finds `grecaptcha`. The reference server's development
 * captcha (`/dev/captcha.js`, mounted while no RECAPTCHA_SECRET is set) is tried first; when it
 * is not there (a production store), Google's reCAPTCHA v3 script with the store's site key.
 * @module
 */
import { useEffect } from 'react';
import { useStoreConfig } from './context.ts';

/** The development captcha script of the reference server. */
export const DEV_CAPTCHA_SCRIPT_URL = '/dev/captcha.js';

/** Google's reCAPTCHA v3 script for a site key. */
export function recaptchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

/** Adds a script and resolves once it ran (or failed to load). */
export type ScriptLoader = (url: string) => Promise<void>;

let loading: Promise<void> | null = null;

function domLoader(url: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      resolve();
    };
    document.head.appendChild(script);
  });
}

/**
 * The captcha script's load under way on this page, or null: the environment's `getToken` waits
 * for it rather than failing while it loads (a shopper who submits the footer's form as soon as the
 * footer has hydrated, before the script has come).
 */
export function captchaScriptLoading(): Promise<void> | null {
  return loading;
}

const hasCaptcha = () => typeof (globalThis as { grecaptcha?: { execute?: unknown } }).grecaptcha?.execute === 'function';

/**
 * Makes sure a captcha script is on the page (once per page, whatever the number of callers).
 *
 * @param load how to add a script @default a `<script>` in the document head
 * @example useCaptchaScript();
 */
export function useCaptchaScript(load: ScriptLoader = domLoader): void {
  const { recaptchaSiteKey } = useStoreConfig();
  useEffect(() => {
    if (typeof document === 'undefined' || hasCaptcha() || loading) return;
    loading = (async () => {
      await load(DEV_CAPTCHA_SCRIPT_URL);
      if (!hasCaptcha() && recaptchaSiteKey) await load(recaptchaScriptUrl(recaptchaSiteKey));
    })().finally(() => {
      if (!hasCaptcha()) loading = null;
    });
  }, [load, recaptchaSiteKey]);
}
