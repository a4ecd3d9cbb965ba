/**
 * Account rules: sign-in detection, access to
 * account pages, address cards, wallet, transactions, newsletter and recovery
 * email, and every user-facing message of those areas.
 *
 * The address form's validation lives in `address.ts` so the phone and postcode
 * libraries load only with the form.
 *
 * @module
 */
import type { MailingAddress, PaymentMethod, User } from './entities.ts';
import { CAPTCHA_NOT_LOADED, errorText, MENU_LABELS, PAYMENT_POPUP, type Outcome } from './session.ts';

// what every page needs of the visitor's session lives in session.ts (in the first load of every
// page); the account pages' own rules stay here
export {
  accountGate, CAPTCHA_NOT_LOADED, failureMessage, isCustomerPresent, isSignedIn, isUserLoggedIn, LOGIN_PATH, MENU_LABELS, PAYMENT_POPUP,
  serverFailureMessage, serverMessageOf,
} from './session.ts';
export type { AccountGate, Outcome } from './session.ts';

/** What the account, address, wallet, newsletter and recovery-email calls say, word for word. */
export const MESSAGES = {
  addressNotUpdated: 'Address not updated',
  addressRemoveFailed: 'Failed to remove address.',
  addressUpdated: 'Address updated successfully',
  paymentMethodDeleted: 'Payment method deleted successfully',
  recoveryEmailUpdated: 'Recovery email updated successfully',
  verificationSent: 'Verification link has been sent to your recovery email.',
  /**
   * The longer instruction shown after the verification link is sent. The spec
   * mentions it without its wording; this is ours.
   */
  verificationInstructions: 'Please check your recovery email inbox and follow the link to verify it. The link may take a few minutes to arrive; check your spam folder if you do not see it.',
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
  captchaNotLoaded: CAPTCHA_NOT_LOADED,
} as const;

/** Fixed labels of the account pages and the newsletter block. */
export const ACCOUNT_LABELS = {
  defaultAddress: 'Default Address',
  mailingAddress: 'Mailing Address',
  paymentMethodsTab: 'Payment methods',
  transactionHistoryTab: 'Transaction History',
  recoveryEmailHeading: 'Recovery email',
  recoveryEmailField: 'Recovery Email',
  recoveryEmailAdd: 'Add',
  recoveryEmailUpdate: 'Update',
  verifyNow: 'Verify now',
  newsletterHeadline: 'Subscribe to our newsletter',
  newsletterText: 'Get the latest updates on new products and upcoming sales.',
  newsletterPlaceholder: 'Email address',
  ...MENU_LABELS,
} as const;

/**
 * Title of an address card: 'Default Address' for the default one, else 'Mailing Address'.
 *
 * @example
 * addressCardTitle({ isDefault: true }); // 'Default Address'
 */
export function addressCardTitle(address: Pick<MailingAddress, 'isDefault'>): string {
  return address.isDefault ? ACCOUNT_LABELS.defaultAddress : ACCOUNT_LABELS.mailingAddress;
}

/**
 * Outcome of PUT /api/mailingAddresses/{id}: the server's error message when it
 * sent one, else the returned address, else 'Address not updated'.
 *
 * @example
 * addressUpdateOutcome({ error: 'Zip required' }); // { ok: false, message: 'Zip required' }
 * addressUpdateOutcome({});                        // { ok: false, message: 'Address not updated' }
 */
export function addressUpdateOutcome(response: { error?: unknown; mailingAddress?: MailingAddress | null } | null | undefined): Outcome<MailingAddress> {
  const error = errorText(response?.error);
  if (error) return { ok: false, message: error };
  if (response?.mailingAddress) return { ok: true, value: response.mailingAddress };
  return { ok: false, message: MESSAGES.addressNotUpdated };
}

/**
 * Outcome of DELETE /api/customer/{customerId}/mailingAddresses/{id}: success
 * when the server says so and sends no error; otherwise its error, else
 * 'Failed to remove address.'.
 *
 * @example
 * addressDeleteOutcome({ success: true }); // { ok: true, value: true }
 */
export function addressDeleteOutcome(response: { error?: unknown; success?: boolean } | null | undefined): Outcome<true> {
  const error = errorText(response?.error);
  if (error) return { ok: false, message: error };
  return response?.success === true ? { ok: true, value: true } : { ok: false, message: MESSAGES.addressRemoveFailed };
}

/** Color of a transaction status badge. */
export type BadgeVariant = 'warning' | 'success' | 'danger' | 'dark';

/**
 * Badge color of a transaction status: PENDING warning, SUCCESS success,
 * FAILURE danger, anything else dark. Statuses are compared trimmed and
 * case-insensitively ('success' is still a success).
 *
 * @example
 * transactionBadge('FAILURE'); // 'danger'
 * transactionBadge('REFUNDED'); // 'dark'
 */
export function transactionBadge(status: string | null | undefined): BadgeVariant {
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PENDING':
      return 'warning';
    case 'SUCCESS':
      return 'success';
    case 'FAILURE':
      return 'danger';
    default:
      return 'dark';
  }
}

/**
 * The gateway column: 'N/A' when empty (null, '' or only whitespace).
 *
 * @example
 * transactionGateway(''); // 'N/A'
 */
export function transactionGateway(gateway: string | null | undefined): string {
  return gateway != null && gateway.trim() !== '' ? gateway : 'N/A';
}

/**
 * Whether a wallet entry can be deleted: gift cards cannot.
 *
 * @example
 * canDeletePaymentMethod({ isGiftCard: true }); // false
 */
export function canDeletePaymentMethod(method: Pick<PaymentMethod, 'isGiftCard'>): boolean {
  return method.isGiftCard !== true;
}

/**
 * Whether Save Changes of the card-address modal is enabled: only once one of
 * the account's saved addresses is chosen.
 *
 * @example
 * canSaveCardAddress(null); // false
 * canSaveCardAddress(12);   // true
 */
export function canSaveCardAddress(selectedAddressId: number | null | undefined): boolean {
  return typeof selectedAddressId === 'number' && Number.isFinite(selectedAddressId);
}

/**
 * The body of PUT /api/user/{id}/paymentMethods/{paymentMethodId}: the chosen
 * address, plus the gift-card flag for gift cards.
 */
export function cardAddressUpdate(method: Pick<PaymentMethod, 'isGiftCard'>, mailingAddressId: number): { mailingAddressId: number; isGiftCard?: true } {
  return method.isGiftCard ? { mailingAddressId, isGiftCard: true } : { mailingAddressId };
}

/** The `_links` of the payment-methods answer. */
export interface PaymentMethodLinks {
  addPaymentMethod?: { href?: string | null } | null;
}

/**
 * The URL the add-payment-method popup opens, or the spec's message when the
 * server sent none. Only http(s) and root-relative links are accepted: the
 * popup must not run a javascript: URL.
 *
 * @example
 * addPaymentMethodTarget({ addPaymentMethod: { href: 'https://pay.example/add' } }); // { ok: true, value: 'https://pay.example/add' }
 * addPaymentMethodTarget(undefined); // { ok: false, message: 'Cannot add payment method. Missing target URL' }
 */
export function addPaymentMethodTarget(links: PaymentMethodLinks | null | undefined): Outcome<string> {
  const href = links?.addPaymentMethod?.href?.trim();
  if (href && (/^https?:\/\//i.test(href) || /^\/(?!\/)/.test(href))) return { ok: true, value: href };
  return { ok: false, message: MESSAGES.missingPaymentMethodTarget };
}

/**
 * The window features string of the add-payment-method popup.
 *
 * @param width popup width in px (default 600)
 * @param height popup height in px (default 400)
 * @example
 * paymentPopupFeatures(); // 'popup=yes,width=600,height=400'
 */
export function paymentPopupFeatures(width: number = PAYMENT_POPUP.width, height: number = PAYMENT_POPUP.height): string {
  return `popup=yes,width=${width},height=${height}`;
}

/**
 * Expiry of a card as MM/YYYY (a two-digit year is read as 20YY).
 *
 * @example
 * cardExpiry(4, 27); // '04/2027'
 */
export function cardExpiry(expMonth: number, expYear: number): string {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return `${String(expMonth).padStart(2, '0')}/${year}`;
}

/**
 * Email format check shared by the newsletter and the recovery email: one @,
 * no whitespace, a dot in the domain with something on each side. Deliberately
 * loose (the confirmation mail is the real check); it only stops typos like a
 * missing @ or domain.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Whether a text looks like an email address (trimmed first).
 *
 * @example
 * isEmailFormat('ann@example.com'); // true
 * isEmailFormat('ann@example');     // false
 */
export function isEmailFormat(email: string | null | undefined): boolean {
  const value = (email ?? '').trim();
  return value !== '' && value.length <= 254 && EMAIL_RE.test(value);
}

/**
 * The newsletter check before any call: the trimmed email when it is non-empty
 * and well formed, else 'Invalid subscription request.' (and no call is made).
 *
 * @example
 * checkNewsletterEmail(' ann@example.com '); // { ok: true, value: 'ann@example.com' }
 * checkNewsletterEmail('');                  // { ok: false, message: 'Invalid subscription request.' }
 */
export function checkNewsletterEmail(email: string | null | undefined): Outcome<string> {
  const value = (email ?? '').trim();
  return isEmailFormat(value) ? { ok: true, value } : { ok: false, message: MESSAGES.newsletterInvalid };
}

/**
 * The red text of a failed subscription: 'Error: {message}', with 'Failed.' as
 * the message when the server or the exception gives none ('Error: Failed.').
 *
 * @example
 * newsletterErrorText('Already subscribed'); // 'Error: Already subscribed'
 */
export function newsletterErrorText(error: unknown): string {
  return `Error: ${errorText(error) ?? MESSAGES.newsletterFailed}`;
}

/** Where the user's recovery email stands. */
export type RecoveryEmailState = 'not-set' | 'unverified' | 'verified';

/**
 * State of the recovery email: not set without a (non-blank) address,
 * verified when the user says so, else unverified. A verified flag without an
 * address means not set.
 *
 * @example
 * recoveryEmailState({ recoveryEmail: 'a@b.co', recoveryEmailVerified: false }); // 'unverified'
 */
export function recoveryEmailState(user: Pick<User, 'recoveryEmail' | 'recoveryEmailVerified'> | null | undefined): RecoveryEmailState {
  const email = user?.recoveryEmail?.trim();
  if (!email) return 'not-set';
  return user?.recoveryEmailVerified === true ? 'verified' : 'unverified';
}

/**
 * Label of the recovery email submit button: 'Update' once an address exists, else 'Add'.
 */
export function recoveryEmailSubmitLabel(state: RecoveryEmailState): string {
  return state === 'not-set' ? ACCOUNT_LABELS.recoveryEmailAdd : ACCOUNT_LABELS.recoveryEmailUpdate;
}

/**
 * Status line under the recovery email form: 'Recovery email verified',
 * 'Your recovery email is not verified' (shown with Verify now), or nothing.
 */
export function recoveryEmailStatusText(state: RecoveryEmailState): string | null {
  if (state === 'verified') return MESSAGES.recoveryEmailVerified;
  if (state === 'unverified') return MESSAGES.recoveryEmailNotVerified;
  return null;
}

/**
 * Whether saving the recovery email does anything: an empty (or blank) value
 * does nothing, as the spec says. Format is left to the email input.
 */
export function canSaveRecoveryEmail(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}
