import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { captchaFromEnv, DevCaptcha, RECAPTCHA_VERIFY_URL, RecaptchaVerifier, CAPTCHA_TOKEN_TTL_MS } from '../../../../src/server/modules/captcha/verifier.ts';
import { accountApp, call } from '../accounts/account.helpers.ts';

describe('dev captcha', () => {
  test('a token it issued verifies once, with its action', async () => {
    const c = new DevCaptcha('k');
    const token = c.issue('newsletter');
    expect(await c.verify(token)).toEqual({ ok: true, action: 'newsletter' });
    expect((await c.verify(token)).ok).toBe(false);
  });

  test('a token expires after two minutes', async () => {
    let now = 1_000_000;
    const c = new DevCaptcha('k', () => now);
    const token = c.issue('a');
    now += CAPTCHA_TOKEN_TTL_MS;
    expect(await c.verify(token)).toMatchObject({ ok: false, reason: 'expired' });
  });

  test('a token of another key or with a wrong action fails', async () => {
    expect((await new DevCaptcha('other').verify(new DevCaptcha('k').issue('a'))).ok).toBe(false);
    const c = new DevCaptcha('k');
    expect(await c.verify(c.issue('a'), { expectedAction: 'b' })).toMatchObject({ ok: false, reason: 'wrong-action' });
  });

  test('any change to a token makes it fail', async () => {
    const c = new DevCaptcha('k');
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.constantFrom('A', 'B', '_', '-', '.'), async (pos, ch) => {
        const token = c.issue('a');
        const i = pos % token.length;
        const changed = token.slice(0, i) + ch + token.slice(i + 1);
        fc.pre(changed !== token);
        expect((await c.verify(changed)).ok).toBe(false);
      }),
    );
  });

  test('another spelling of the signature that decodes to the same bytes fails (counter example)', async () => {
    const c = new DevCaptcha('k');
    const token = c.issue('a');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.slice(-1));
    // the lowest bit of the last letter of a 43-letter digest is padding
    const changed = token.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(changed.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
    expect((await c.verify(changed)).ok).toBe(false);
  });

  test('arbitrary strings never verify and never throw', async () => {
    const c = new DevCaptcha('k');
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
      expect((await c.verify(s)).ok).toBe(false);
    }));
  });
});

describe('reCAPTCHA provider', () => {
  const answering = (answer: unknown, seen: URLSearchParams[] = []) => async (url: string, form: URLSearchParams) => {
    expect(url).toBe(RECAPTCHA_VERIFY_URL);
    seen.push(form);
    return answer;
  };

  test('posts secret, response and remote IP to Google', async () => {
    const seen: URLSearchParams[] = [];
    const v = new RecaptchaVerifier('s3cret', answering({ success: true, score: 0.9, action: 'newsletter' }, seen));
    expect(await v.verify('tok', { remoteIp: '203.0.113.9' })).toEqual({ ok: true, action: 'newsletter' });
    expect(Object.fromEntries(seen[0]!)).toEqual({ secret: 's3cret', response: 'tok', remoteip: '203.0.113.9' });
  });

  test.each([
    [{ success: false, 'error-codes': ['invalid-input-response'] }, false],
    [{ success: true, score: 0.2 }, false],
    [{ success: true, score: 0.5 }, true],
    [{ success: true }, true],
    [null, false],
    ['<html>', false],
  ])('judges the answer %j as ok=%s', async (answer, ok) => {
    expect((await new RecaptchaVerifier('s', answering(answer)).verify('tok')).ok).toBe(ok);
  });

  test('fails closed when Google cannot be reached', async () => {
    const v = new RecaptchaVerifier('s', async () => {
      throw new Error('ECONNRESET');
    });
    expect(await v.verify('tok')).toMatchObject({ ok: false });
  });

  test('is chosen when RECAPTCHA_SECRET is set', () => {
    expect(captchaFromEnv({ RECAPTCHA_SECRET: 'x' }).name).toBe('recaptcha');
    expect(captchaFromEnv({}).name).toBe('dev');
  });
});

describe('dev captcha routes', () => {
  test('serves a script offering grecaptcha.ready and grecaptcha.execute', async () => {
    const t = await accountApp();
    const res = await t.app.inject({ url: '/dev/captcha.js' });
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('window.grecaptcha');
    expect(res.body).toMatch(/ready:/);
    expect(res.body).toMatch(/execute:/);
    await t.app.close();
  });

  test('issues tokens the server accepts for the newsletter', async () => {
    const t = await accountApp();
    const { token } = (await call(t.app, 'POST', '/dev/captcha/token', { body: { action: 'newsletter' } })).json();
    const res = await call(t.app, 'POST', '/api/newsletterSubscriptions/subscribe?email=fan@example.com', { body: { token } });
    expect(res.json()).toEqual({ success: true });
    expect((await call(t.app, 'POST', '/dev/captcha/token', { body: { action: 'bad action!' } })).statusCode).toBe(400);
    await t.app.close();
  });

  test('is not mounted when reCAPTCHA runs', async () => {
    const t = await accountApp({ captcha: new RecaptchaVerifier('s', async () => ({ success: true })) });
    expect((await t.app.inject({ url: '/dev/captcha.js' })).statusCode).toBe(404);
    await t.app.close();
  });
});
