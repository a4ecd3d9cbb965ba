import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SIGN_IN_TEXT, returnPathFrom, safeReturnPath, serverMessageField, signInFlow, validateSignIn, withReturnPath } from '../../src/domain/sign-in.ts';

describe('sign-in flows', () => {
  test.each([
    ['/login', '', 'login'],
    ['/login.asp', '', 'login'],
    ['/register', '', 'register'],
    ['/logout', '', 'logout'],
    ['/change-password', '', 'change-password'],
    ['/reset-password', '', 'reset-request'],
    ['/reset-password', '?token=abc', 'reset-password'],
    ['/recover-account', '', 'recover-account'],
    ['/start-verification', '', 'start-verification'],
    ['/verify-account', '?token=abc', 'verify-account'],
    ['/wallet', '', null],
  ])('%s%s is the %s flow', (path, search, flow) => {
    expect(signInFlow(path, search)).toBe(flow);
  });

  test.each([
    ['/wallet', '/wallet'],
    ['/searchresults.asp?q=pump', '/searchresults.asp?q=pump'],
    ['//evil.example/x', null],
    ['https://evil.example', null],
    ['/\\evil.example', null],
    ['/logout', null],
    ['/login.asp?returnTo=/x', null],
    ['', null],
  ])('the return path %j is %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test('a return path never leaves the site, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const path = safeReturnPath(text);
        if (path === null) return;
        const url = new URL(path, 'https://shop.example');
        expect(url.origin).toBe('https://shop.example');
      }),
    );
  });

  test('returnTo survives the trip through the login URL', () => {
    const url = withReturnPath('/login.asp', '/collections/pumps?page=2');
    expect(returnPathFrom(url.slice(url.indexOf('?')))).toBe('/collections/pumps?page=2');
    expect(returnPathFrom('')).toBe('/myaccount.asp');
  });

  test('new passwords follow the length rule and must match', () => {
    expect(validateSignIn('reset-password', { newPassword: 'x'.repeat(11), confirmPassword: 'x'.repeat(11) })).toEqual({ newPassword: SIGN_IN_TEXT.passwordTooShort });
    expect(validateSignIn('reset-password', { newPassword: 'x'.repeat(12), confirmPassword: 'y'.repeat(12) })).toEqual({ confirmPassword: SIGN_IN_TEXT.passwordMismatch });
    expect(validateSignIn('reset-password', { newPassword: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) })).toEqual({ newPassword: SIGN_IN_TEXT.passwordTooLong });
    expect(validateSignIn('reset-password', { newPassword: 'x'.repeat(12), confirmPassword: 'x'.repeat(12) })).toEqual({});
  });

  test('a failed sign-in is about the whole form; a wrong current password about its field', () => {
    expect(serverMessageField('login', 'Invalid email or password.')).toBeNull();
    expect(serverMessageField('change-password', 'Current password is incorrect.')).toBe('currentPassword');
    expect(serverMessageField('register', 'Password must be at least 12 characters.')).toBe('password');
    expect(serverMessageField('reset-request', 'Please enter a valid email address.')).toBe('email');
  });
});
