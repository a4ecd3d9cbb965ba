/**
 * The dev captcha's browser side: `/dev/captcha.js` defines `window.grecaptcha` with `ready(cb)`
 * and `execute(siteKey, { action })` (the two calls the storefront uses, same shapes as Google's),
 * and `POST /dev/captcha/token {action}` issues a signed token. Registered only while the dev
 * provider runs (no RECAPTCHA_SECRET). HTTP only: the token's rules are verifier.ts's.
 * @module
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DevCaptcha } from './verifier.ts';
import { DEV_CAPTCHA_SCRIPT } from './dev-script.ts';

// the script is dev-script.ts's (kept importable from here)
export { DEV_CAPTCHA_SCRIPT } from './dev-script.ts';

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
    async (req) => ({ token: captcha.tokenFor(req.body.action) }),
  );
};
