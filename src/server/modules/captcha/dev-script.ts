/**
 * The dev captcha's browser side, served at `/dev/captcha.js` (routes.ts): it defines
 * `window.grecaptcha` with `ready(cb)` and `execute(siteKey, { action })`, the two calls the
 * storefront uses, same shapes as Google's; `execute` asks `POST /dev/captcha/token` for a token.
 * @module
 */

/** The script served at /dev/captcha.js. */
export const DEV_CAPTCHA_SCRIPT = `(function () {
  'use strict';
  var base = (document.currentScript && document.currentScript.src) ? new URL(document.currentScript.src).origin : '';
  function execute(siteKey, options) {
    var action = (options && options.action) || 'submit';
    return fetch(base + '/dev/captcha/token', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ action: String(action) })
    }).then(function (res) {
      if (!res.ok) throw new Error('captcha token request failed');
      return res.json();
    }).then(function (body) { return body.token; });
  }
  window.grecaptcha = {
    ready: function (cb) { Promise.resolve().then(cb); },
    execute: execute
  };
})();
`;
