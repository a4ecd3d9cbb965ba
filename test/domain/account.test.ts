import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { Customer, MailingAddress, User } from '../../src/domain/entities.ts';
import {
  ACCOUNT_LABELS,
  LOGIN_PATH,
  MESSAGES,
  PAYMENT_POPUP,
  accountGate,
  addPaymentMethodTarget,
  addressCardTitle,
  addressDeleteOutcome,
  addressUpdateOutcome,
  canDeletePaymentMethod,
  canSaveCardAddress,
  canSaveRecoveryEmail,
  cardAddressUpdate,
  cardExpiry,
  checkNewsletterEmail,
  failureMessage,
  isCustomerPresent,
  isEmailFormat,
  isSignedIn,
  isUserLoggedIn,
  newsletterErrorText,
  paymentPopupFeatures,
  recoveryEmailState,
  recoveryEmailStatusText,
  recoveryEmailSubmitLabel,
  transactionBadge,
  transactionGateway,
} from '../../src/domain/account.ts';
import { customerArb, mailingAddressArb, paymentMethodArb, transactionArb, userArb } from '../../src/domain/testing/address.ts';

const user: User = { firstName: 'Ann', lastName: 'Lee', recoveryEmail: null, recoveryEmailVerified: false };

describe('messages', () => {
  test('are the spec strings of accounts, wallet, newsletter and recovery email', () => {
    expect(MESSAGES).toMatchObject({
      addressNotUpdated: 'Address not updated',
      addressRemoveFailed: 'Failed to remove address.',
      addressUpdated: 'Address updated successfully',
      paymentMethodDeleted: 'Payment method deleted successfully',
      recoveryEmailUpdated: 'Recovery email updated successfully',
      verificationSent: 'Verification link has been sent to your recovery email.',
      recoveryEmailVerified: 'Recovery email verified',
      recoveryEmailNotVerified: 'Your recovery email is not verified',
      noTransactions: 'No transactions for this account.',
      noPaymentMethods: 'No payment methods for this account',
      noAddresses: 'Account has no addresses.',
      confirmDeletePaymentMethod: 'Are you sure you want to delete this payment method?',
      missingPaymentMethodTarget: 'Cannot add payment method. Missing target URL',
      checkingLogin: 'Checking login status...',
      newsletterInvalid: 'Invalid subscription request.',
      newsletterSubmitting: 'Submitting request...',
      newsletterSuccess: 'Please check your email to confirm.',
      newsletterFailed: 'Failed.',
      captchaNotLoaded: 'reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.',
    });
    expect(MESSAGES.verificationInstructions.length).toBeGreaterThan(0);
  });

  test('labels are the spec strings', () => {
    expect(ACCOUNT_LABELS).toMatchObject({
      defaultAddress: 'Default Address',
      mailingAddress: 'Mailing Address',
      paymentMethodsTab: 'Payment methods',
      transactionHistoryTab: 'Transaction History',
      recoveryEmailHeading: 'Recovery email',
      recoveryEmailField: 'Recovery Email',
      newsletterHeadline: 'Subscribe to our newsletter',
      newsletterText: 'Get the latest updates on new products and upcoming sales.',
      newsletterPlaceholder: 'Email address',
      signIn: 'Sign in',
      register: 'Register',
      manageAccount: 'Manage Account',
      signOut: 'Sign Out',
    });
  });
});

describe('signed-in detection', () => {
  test.each([
    [user, true],
    [null, false],
    [undefined, false],
    [{}, false],
  ])('logged in when the user call returns a user: %j -> %s', (u, loggedIn) => {
    expect(isUserLoggedIn(u as User | null)).toBe(loggedIn);
  });

  test.each<[Customer | null, boolean]>([
    [{ id: 1, MailingAddresses: [] }, true],
    [{}, false],
    [null, false],
  ])('a non-empty customer object means signed in: %j -> %s', (customer, present) => {
    expect(isCustomerPresent(customer)).toBe(present);
    expect(isSignedIn({ user: null, customer })).toBe(present);
  });

  test('either the user or the customer is enough', () => {
    expect(isSignedIn({ user, customer: {} })).toBe(true);
    expect(isSignedIn({})).toBe(false);
  });

  test('agrees with the customer arbitrary: signed in exactly when the customer has an id', () => {
    fc.assert(
      fc.property(customerArb, fc.option(userArb, { nil: null }), (customer, u) => {
        expect(isCustomerPresent(customer)).toBe('id' in customer);
        expect(isSignedIn({ user: u, customer })).toBe(u !== null || 'id' in customer);
      }),
    );
  });
});

describe('account page access', () => {
  test.each([
    [false, false, 'loading'],
    [false, true, 'loading'],
    [true, false, 'redirect'],
    [true, true, 'ready'],
  ] as const)('user loaded=%s, logged in=%s -> %s', (userLoaded, loggedIn, gate) => {
    expect(accountGate({ userLoaded, loggedIn })).toBe(gate);
  });

  test('redirects to /login.asp', () => {
    expect(LOGIN_PATH).toBe('/login.asp');
  });
});

describe('address cards', () => {
  test('are titled Default Address or Mailing Address', () => {
    expect(addressCardTitle({ isDefault: true })).toBe('Default Address');
    expect(addressCardTitle({ isDefault: false })).toBe('Mailing Address');
  });

  const saved = { id: 3 } as MailingAddress;

  test.each([
    [{ error: 'Zip required' }, { ok: false, message: 'Zip required' }],
    [{ error: 'Zip required', mailingAddress: saved }, { ok: false, message: 'Zip required' }],
    [{ mailingAddress: saved }, { ok: true, value: saved }],
    [{}, { ok: false, message: 'Address not updated' }],
    [{ error: '' }, { ok: false, message: 'Address not updated' }],
    [null, { ok: false, message: 'Address not updated' }],
  ])('update outcome of %j: the server message, or Address not updated', (response, outcome) => {
    expect(addressUpdateOutcome(response)).toEqual(outcome);
  });

  test.each([
    [{ success: true }, { ok: true, value: true }],
    [{ success: true, error: 'Not yours' }, { ok: false, message: 'Not yours' }],
    [{ success: false }, { ok: false, message: 'Failed to remove address.' }],
    [{ error: { message: 'Gone' } }, { ok: false, message: 'Gone' }],
    [undefined, { ok: false, message: 'Failed to remove address.' }],
  ])('delete outcome of %j: the server error, or Failed to remove address.', (response, outcome) => {
    expect(addressDeleteOutcome(response)).toEqual(outcome);
  });

  test.each([
    [new Error('Card expired'), 'Card expired'],
    ['Server says no', 'Server says no'],
    [{ message: 'Plain object' }, 'Plain object'],
    [undefined, 'Something went wrong. Please try again.'],
    [new Error(''), 'Something went wrong. Please try again.'],
  ])('a failed call shows the server text or the exception message: %s', (error, message) => {
    expect(failureMessage(error)).toBe(message);
  });
});

describe('transactions', () => {
  test.each([
    ['PENDING', 'warning'],
    ['SUCCESS', 'success'],
    ['FAILURE', 'danger'],
    ['success', 'success'],
    [' PENDING ', 'warning'],
    ['REFUNDED', 'dark'],
    ['', 'dark'],
    [null, 'dark'],
  ])('status %j shows a %s badge', (status, badge) => {
    expect(transactionBadge(status)).toBe(badge);
  });

  test.each([
    ['stripe', 'stripe'],
    ['', 'N/A'],
    ['  ', 'N/A'],
    [null, 'N/A'],
  ])('gateway %j shows %j', (gateway, shown) => {
    expect(transactionGateway(gateway)).toBe(shown);
  });

  test('every transaction gets a known badge and a non-empty gateway', () => {
    fc.assert(
      fc.property(transactionArb, (t) => {
        expect(['warning', 'success', 'danger', 'dark']).toContain(transactionBadge(t.status));
        expect(transactionGateway(t.gateway).trim()).not.toBe('');
      }),
    );
  });
});

describe('wallet', () => {
  test('gift cards cannot be deleted, other methods can', () => {
    expect(canDeletePaymentMethod({ isGiftCard: true })).toBe(false);
    expect(canDeletePaymentMethod({ isGiftCard: false })).toBe(true);
    fc.assert(
      fc.property(paymentMethodArb, (m) => {
        expect(canDeletePaymentMethod(m)).toBe(!m.isGiftCard);
      }),
    );
  });

  test.each([
    [null, false],
    [undefined, false],
    [12, true],
  ])('save is disabled until an address is chosen: %s -> %s', (id, enabled) => {
    expect(canSaveCardAddress(id)).toBe(enabled);
  });

  test('the card-address update sends the gift-card flag only for gift cards', () => {
    expect(cardAddressUpdate({ isGiftCard: false }, 4)).toEqual({ mailingAddressId: 4 });
    expect(cardAddressUpdate({ isGiftCard: true }, 4)).toEqual({ mailingAddressId: 4, isGiftCard: true });
  });

  test.each([
    [{ addPaymentMethod: { href: 'https://pay.test/add?u=1' } }, { ok: true, value: 'https://pay.test/add?u=1' }],
    [{ addPaymentMethod: { href: '/wallet/add' } }, { ok: true, value: '/wallet/add' }],
    [{ addPaymentMethod: { href: '' } }, { ok: false, message: 'Cannot add payment method. Missing target URL' }],
    [{ addPaymentMethod: { href: 'javascript:alert(1)' } }, { ok: false, message: 'Cannot add payment method. Missing target URL' }],
    [{ addPaymentMethod: { href: '//evil.test' } }, { ok: false, message: 'Cannot add payment method. Missing target URL' }],
    [{}, { ok: false, message: 'Cannot add payment method. Missing target URL' }],
    [null, { ok: false, message: 'Cannot add payment method. Missing target URL' }],
  ])('the add-payment-method link %j', (links, outcome) => {
    expect(addPaymentMethodTarget(links)).toEqual(outcome);
  });

  test('opens a 600x400 popup polled every 400 ms', () => {
    expect(PAYMENT_POPUP).toEqual({ width: 600, height: 400, pollMs: 400 });
    expect(paymentPopupFeatures()).toBe('popup=yes,width=600,height=400');
  });

  test('shows the expiry as MM/YYYY', () => {
    expect(cardExpiry(4, 2027)).toBe('04/2027');
    expect(cardExpiry(12, 31)).toBe('12/2031');
  });
});

describe('newsletter', () => {
  test.each([
    ['ann@example.com', true],
    [' ann@example.com ', true],
    ['pool+spa@mail.example.org', true],
    ['', false],
    ['   ', false],
    ['ann', false],
    ['ann@example', false],
    ['ann@@example.com', false],
    ['ann @example.com', false],
    ['@example.com', false],
    ['ann@.com', false],
    ['ann@example.com.', false],
  ])('checks the email format of %j: %s', (email, ok) => {
    expect(isEmailFormat(email)).toBe(ok);
  });

  test('an invalid email gives Invalid subscription request. and no value to send', () => {
    expect(checkNewsletterEmail('nope')).toEqual({ ok: false, message: 'Invalid subscription request.' });
    expect(checkNewsletterEmail(null)).toEqual({ ok: false, message: 'Invalid subscription request.' });
    expect(checkNewsletterEmail(' ann@example.com ')).toEqual({ ok: true, value: 'ann@example.com' });
  });

  test('accepts every generated address and rejects it without its @', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const simple = !/["\s]/.test(email);
        fc.pre(simple);
        expect(isEmailFormat(email)).toBe(true);
        expect(isEmailFormat(email.replace('@', ''))).toBe(false);
      }),
    );
  });

  test.each([
    ['Already subscribed', 'Error: Already subscribed'],
    [new Error('Network down'), 'Error: Network down'],
    [undefined, 'Error: Failed.'],
    ['', 'Error: Failed.'],
  ])('a failed subscription reads %j as %j', (error, text) => {
    expect(newsletterErrorText(error)).toBe(text);
  });
});

describe('recovery email', () => {
  test.each([
    [{ recoveryEmail: null, recoveryEmailVerified: false }, 'not-set'],
    [{ recoveryEmail: '', recoveryEmailVerified: true }, 'not-set'],
    [{ recoveryEmail: 'a@b.co', recoveryEmailVerified: false }, 'unverified'],
    [{ recoveryEmail: 'a@b.co', recoveryEmailVerified: true }, 'verified'],
    [null, 'not-set'],
  ])('state of %j is %s', (u, state) => {
    expect(recoveryEmailState(u)).toBe(state);
  });

  test.each([
    ['not-set', 'Add', null],
    ['unverified', 'Update', 'Your recovery email is not verified'],
    ['verified', 'Update', 'Recovery email verified'],
  ] as const)('%s: the button reads %s and the status %j', (state, label, status) => {
    expect(recoveryEmailSubmitLabel(state)).toBe(label);
    expect(recoveryEmailStatusText(state)).toBe(status);
  });

  test('saving an empty value does nothing', () => {
    expect(canSaveRecoveryEmail('')).toBe(false);
    expect(canSaveRecoveryEmail('  ')).toBe(false);
    expect(canSaveRecoveryEmail(null)).toBe(false);
    expect(canSaveRecoveryEmail('a@b.co')).toBe(true);
  });

  test('is verified only with an address and the verified flag', () => {
    fc.assert(
      fc.property(userArb, (u) => {
        const state = recoveryEmailState(u);
        const hasEmail = (u.recoveryEmail ?? '').trim() !== '';
        expect(state === 'not-set').toBe(!hasEmail);
        expect(state === 'verified').toBe(hasEmail && u.recoveryEmailVerified);
      }),
    );
  });
});

describe('account arbitraries', () => {
  test('customers have at most one default address and unique ids', () => {
    fc.assert(
      fc.property(customerArb, (customer) => {
        if (!('id' in customer)) return;
        expect(customer.MailingAddresses.filter((a) => a.isDefault).length).toBeLessThanOrEqual(1);
        expect(new Set(customer.MailingAddresses.map((a) => a.id)).size).toBe(customer.MailingAddresses.length);
      }),
    );
  });

  test('address cards always get one of the two titles', () => {
    fc.assert(
      fc.property(mailingAddressArb, (address) => {
        expect(addressCardTitle(address)).toBe(address.isDefault ? 'Default Address' : 'Mailing Address');
      }),
    );
  });
});
