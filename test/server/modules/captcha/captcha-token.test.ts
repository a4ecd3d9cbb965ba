/** The dev captcha's token request rule (the route only replies with it). */
import { describe, expect, test } from 'vitest';
import { DevCaptcha, INVALID_CAPTCHA_ACTION } from '../../../../src/server/modules/captcha/verifier.ts';

describe('DevCaptcha.tokenFor', () => {
  test('issues a token for an action Google would accept', async () => {
    const c = new DevCaptcha('k');
    expect(await c.verify(c.tokenFor('newsletter'))).toEqual({ ok: true, action: 'newsletter' });
  });

  test.each(['bad action!', 'a.b', 'x'.repeat(101)])('answers 400 Invalid captcha action. for %j', (action) => {
    expect(() => new DevCaptcha('k').tokenFor(action)).toThrow(expect.objectContaining({ statusCode: 400, message: INVALID_CAPTCHA_ACTION }));
    expect(INVALID_CAPTCHA_ACTION).toBe('Invalid captcha action.');
  });
});
