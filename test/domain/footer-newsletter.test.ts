/**
 * The no-JavaScript newsletter answer's address rules (domain/footer.ts): where the server sends
 * the shopper back, and what the page reads from that address.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { newsletterAnswerUrl, newsletterNoticeOf, newsletterReturnPath, NEWSLETTER_NOTICES } from '../../src/domain/footer.ts';

describe('newsletter answer address', () => {
  test.each([
    ['/brands?newsletter=subscribed', 'subscribed'],
    ['/?a=1&newsletter=limited#newsletter', 'limited'],
    ['/brands?newsletter=hello', null],
    ['/brands?newsletter=', null],
    ['/brands', null],
  ])('the page %j carries the outcome %j', (page, notice) => {
    expect(newsletterNoticeOf(page)).toBe(notice);
  });

  test.each([
    ['/collections/pumps?page=2&newsletter=invalid', '/collections/pumps?page=2'],
    ['/?newsletter=subscribed', '/'],
    ['/help.asp#newsletter', '/help.asp'],
  ])('the form returns to %j as %j', (page, returnPath) => {
    expect(newsletterReturnPath(page)).toBe(returnPath);
  });

  test('the answer always stays on this site, and always carries the outcome it was given', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...NEWSLETTER_NOTICES), (returnTo, notice) => {
        const url = newsletterAnswerUrl(returnTo, notice);
        expect(url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')).toBe(true);
        expect(new URL(url, 'http://shop.test').origin).toBe('http://shop.test');
        expect(newsletterNoticeOf(url)).toBe(notice);
      }),
    );
  });

  test('answering twice gives the same address as answering once (the old outcome is replaced)', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.constantFrom(...NEWSLETTER_NOTICES), fc.constantFrom(...NEWSLETTER_NOTICES), (path, first, second) => {
        const once = newsletterAnswerUrl(path, second);
        const twice = newsletterAnswerUrl(newsletterAnswerUrl(path, first), second);
        expect(twice).toBe(once);
      }),
    );
  });
});
