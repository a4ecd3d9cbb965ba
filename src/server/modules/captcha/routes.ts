/**
 * The dev captcha's browser side: `/dev/captcha.js` defines `window.grecaptcha` with `ready(cb)`
 * and `execute(siteKey, { action })` (the two calls the storefront uses, same shapes as Google's),
 * and `POST /dev/captcha/token {action}` issues a signed token. Registered only while the dev
 * provider runs (no RECAPTCHA_SECRET).
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import { DevCaptcha, isValidAction } from './verifier.ts';

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

/** Plugin serving the dev captcha script and token endpoint. */
export const devCaptchaRoutes: FastifyPluginAsync<{ captcha: DevCaptcha }> = async (app, { captcha }) => {
  app.get('/dev/captcha.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DEV_CAPTCHA_SCRIPT),
  );
  app.post<{ Body: { action: string } }>(
    '/dev/captcha/token',
    {
      bodyLimit: 1024,
      schema: {
        hide: true,
        body: { type: 'object', additionalProperties: false, required: ['action'], properties: { action: { type: 'string', minLength: 1, maxLength: 100 } } },
      },
    },
    async (req, reply) => {
      if (!isValidAction(req.body.action)) return reply.code(400).send({ error: 'Invalid captcha action.' });
      return { token: captcha.issue(req.body.action) };
    },
  );
};
