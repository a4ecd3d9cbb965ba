/**
 * The rules of the signed-in customer's account data: addresses (checked with the domain's rules:
 * required fields, a known country and a state of it when it has states, the postal-code format,
 * the mobile-phone check; at most 50; the first is the default), the wallet (gift cards are not
 * deleted; a card leaves its payment provider before the wallet), the recovery email (it differs
 * from the sign-in email; setting it resets its verification) and the newsletter's confirmation.
 * Each function acts on one customer's own rows only: another customer's object answers 404.
 * `routes.ts` parses the requests, calls these and shapes the answers.
 * @module
 */
import { isEmailFormat } from '../../../domain/account.ts';
import { isValidMobilePhone, isValidPostalCode, type AddressUpdatePayload } from '../../../domain/address.ts';
import type { MailingAddress } from '../../../domain/entities.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { greeting } from '../mail/outbox.ts';
import { PaymentUnavailableError } from '../payments/provider.ts';
import type { WalletService } from '../payments/wallet.ts';
import { confirmRecoveryEmail, recoveryEmailOf, setRecoveryEmail } from './customers.repository.ts';
import { confirmSubscription } from './newsletter.repository.ts';
import {
  clearDefaultAddress,
  countAddresses,
  countryExists,
  countryHasStates,
  deleteAddress,
  deletePaymentMethod,
  findAddress,
  insertAddress,
  listAddresses,
  listPaymentMethods,
  listTransactions,
  nextDetachTry,
  paymentMethodKind,
  setBillingAddress,
  stateExists,
  toMailingAddress,
  updateAddress,
  type AddressRow,
  type AddressValues,
  type ServedTransaction,
} from './repository.ts';
import { addCardToken, consumeToken, emailLink, INVALID_LINK_MESSAGE, issueToken, normalEmail, NOT_FOUND_MESSAGE, SIGN_IN_REQUIRED, type AccountServices } from './services.ts';
import type { PaymentMethod } from '../../../domain/entities.ts';

/** The answer to an address whose required field is missing. */
export const ADDRESS_FIELD_REQUIRED = (label: string) => `${label} is required.`;
/** The answer to a bad postal code. */
export const INVALID_POSTAL_CODE = 'Please enter a valid postal code.';
/** The answer to a bad phone number. */
export const INVALID_PHONE = 'Please enter a valid mobile phone number.';
/** The answer to an unknown country. */
export const UNKNOWN_COUNTRY = 'Please choose a country.';
/** The answer to a missing or unknown state. */
export const UNKNOWN_STATE = 'Please choose a state.';
/** The answer to deleting a gift card. */
export const GIFT_CARD_NOT_DELETABLE = 'Gift cards cannot be deleted.';
/** The answer to deleting a card while its payment provider cannot be reached (503). */
export const CARD_NOT_DELETED = 'We could not reach our payment provider, so the card was not deleted. Please try again.';
/** The answer to an unknown billing address. */
export const UNKNOWN_BILLING_ADDRESS = 'Please choose one of your saved addresses.';
/** The answer to a recovery email equal to the sign-in email. */
export const RECOVERY_SAME_AS_LOGIN = 'The recovery email must differ from your sign-in email.';
/** The answer to verifying with no recovery email set. */
export const NO_RECOVERY_EMAIL = 'There is no recovery email to verify.';
/** The newsletter's message for a bad email, which the storefront also shows on its own. */
export const NEWSLETTER_INVALID = 'Invalid subscription request.';
/** The answer to a malformed email. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
/** The answer to an address with a control character in a field. */
export const ADDRESS_CONTROL_CHARACTERS = 'Address fields cannot contain control characters.';
/** Most addresses one account holds. @default 50 */
export const MAX_ADDRESSES = 50;
/** The answer to one address more than {@link MAX_ADDRESSES}. */
export const TOO_MANY_ADDRESSES = 'An account can hold at most 50 addresses.';

/** The address fields a create or update may carry: the storefront's update payload (domain). */
export type AddressInput = Partial<AddressUpdatePayload>;

const REQUIRED: [keyof AddressValues, string][] = [
  ['firstName', 'First Name'], ['lastName', 'Last Name'], ['address1', 'Address Line 1'], ['zip', 'Postal Code'], ['phone', 'Phone Number'],
];

const iso = (s: Pick<AccountServices, 'now'>): string => new Date(s.now()).toISOString();

function clean(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/\p{Cc}/u.test(v)) throw new HttpError(400, ADDRESS_CONTROL_CHARACTERS);
  return v === '' ? undefined : v;
}

/**
 * The stored values after applying `input` over `base` (non-empty fields replace, spec 5), with
 * every rule checked. Throws a 400 with the first problem.
 */
async function mergeAddress(s: AccountServices, base: AddressValues | null, input: AddressInput): Promise<AddressValues> {
  const pick = (k: keyof AddressInput & keyof AddressValues) => clean(input[k] as string | undefined) ?? (base ? (base[k] ?? undefined) : undefined) ?? undefined;
  const countryInput = clean(input.countryCode)?.toUpperCase();
  const countryCode = countryInput ?? base?.countryCode;
  const stateInput = clean(input.stateCode);
  // a new country drops the old state unless the input names one
  const stateCode = stateInput ?? (countryInput !== undefined && countryInput !== base?.countryCode ? undefined : (base?.stateCode ?? undefined));
  const values: AddressValues = {
    firstName: pick('firstName') ?? '',
    lastName: pick('lastName') ?? '',
    company: pick('company') ?? null,
    address1: pick('address1') ?? '',
    address2: pick('address2') ?? null,
    city: pick('city') ?? null,
    zip: pick('zip') ?? '',
    phone: pick('phone') ?? '',
    countryCode: countryCode ?? '',
    stateCode: stateCode ?? null,
  };
  if (values.countryCode === '' || !await countryExists(s.db, values.countryCode)) {
    throw new HttpError(400, UNKNOWN_COUNTRY);
  }
  const hasStates = await countryHasStates(s.db, values.countryCode);
  if (values.stateCode !== null ? !await stateExists(s.db, values.countryCode, values.stateCode) : hasStates) {
    throw new HttpError(400, UNKNOWN_STATE);
  }
  for (const [key, label] of REQUIRED) if (values[key] === '') throw new HttpError(400, ADDRESS_FIELD_REQUIRED(label));
  if (!isValidPostalCode(values.zip, values.countryCode)) throw new HttpError(400, INVALID_POSTAL_CODE);
  if (!isValidMobilePhone(values.phone, values.countryCode)) throw new HttpError(400, INVALID_PHONE);
  return values;
}

function valuesOf(r: AddressRow): AddressValues {
  return {
    firstName: r.first_name, lastName: r.last_name, company: r.company, address1: r.address1, address2: r.address2,
    city: r.city, zip: r.zip, phone: r.phone, countryCode: r.country_code ?? '', stateCode: r.state_code,
  };
}

// ------------------------------------------------------------ addresses

/** The customer's addresses. */
export async function addressesOf(s: AccountServices, customerId: number): Promise<MailingAddress[]> {
  return await listAddresses(s.db, customerId);
}

/** Adds an address (the first one, or one with `makeDefault`, becomes the default); answers it. */
export async function addAddress(s: AccountServices, customerId: number, input: AddressInput): Promise<MailingAddress | null> {
  const v = await mergeAddress(s, null, input);
  const newId = await s.db.transaction(async (tx) => {
    const count = await countAddresses(tx, customerId);
    if (count >= MAX_ADDRESSES) throw new HttpError(400, TOO_MANY_ADDRESSES);
    const makeDefault = count === 0 || input.makeDefault === true;
    if (makeDefault) await clearDefaultAddress(tx, customerId);
    return await insertAddress(tx, customerId, v, makeDefault, iso(s));
  });
  const row = newId === undefined ? undefined : await findAddress(s.db, customerId, newId);
  return row ? toMailingAddress(row) : null;
}

/** Updates one of the customer's addresses (non-empty fields replace); 404 when it is not theirs. Answers it. */
export async function changeAddress(s: AccountServices, customerId: number, addressId: number, input: AddressInput): Promise<MailingAddress | null> {
  const existing = await findAddress(s.db, customerId, addressId);
  if (!existing) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const v = await mergeAddress(s, valuesOf(existing), input);
  await s.db.transaction(async (tx) => {
    if (input.makeDefault === true) await clearDefaultAddress(tx, customerId);
    if (!await updateAddress(tx, customerId, existing.id, v, input.makeDefault === true)) throw new HttpError(404, NOT_FOUND_MESSAGE);
  });
  const row = await findAddress(s.db, customerId, existing.id);
  return row ? toMailingAddress(row) : null;
}

/** Deletes one of the customer's addresses (the default passes to the oldest remaining); 404 when it is not theirs. */
export async function removeAddress(s: AccountServices, customerId: number, addressId: number): Promise<void> {
  await s.db.transaction(async (tx) => {
    if (!await deleteAddress(tx, customerId, addressId)) throw new HttpError(404, NOT_FOUND_MESSAGE);
  });
}

// ------------------------------------------------------------ wallet

/** The customer's saved payment methods. */
export function walletOf(s: AccountServices, customerId: number): Promise<PaymentMethod[]> {
  return listPaymentMethods(s.db, customerId);
}

/** The link of the hosted add-card page for a customer (`linkBase` + a signed, expiring token). */
export function addCardLink(s: AccountServices, customerId: number): string {
  return `${s.linkBase}/wallet/add-card?token=${encodeURIComponent(addCardToken(s, customerId))}`;
}

/**
 * Deletes a saved card: 404 when it is not the customer's, 400 for a gift card. The card leaves
 * its provider first (Stripe: detached from the shopper's Customer, never to be charged again),
 * then the wallet. Answers 'unavailable' (nothing deleted) when the provider cannot be reached.
 */
export async function removeCard(
  s: AccountServices,
  wallet: Pick<WalletService, 'removeCard'> | undefined,
  customerId: number,
  paymentMethodId: number,
): Promise<'deleted' | 'unavailable'> {
  const method = await paymentMethodKind(s.db, customerId, paymentMethodId);
  if (!method) throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (method.isGiftCard) throw new HttpError(400, GIFT_CARD_NOT_DELETABLE);
  if (wallet && (method.provider === 'test' || method.provider === 'stripe')) {
    try {
      const attempt = await nextDetachTry(s.db, customerId, paymentMethodId);
      await wallet.removeCard({ provider: method.provider, token: method.token, methodRef: paymentMethodId, attempt });
    } catch (err) {
      if (!(err instanceof PaymentUnavailableError)) throw err;
      return 'unavailable';
    }
  }
  await s.db.transaction(async (tx) => {
    await deletePaymentMethod(tx, customerId, paymentMethodId);
  });
  return 'deleted';
}

/** Sets a card's billing address to one of the customer's saved addresses: 404 for another's card, 400 for another's address. */
export async function setCardBillingAddress(s: AccountServices, customerId: number, paymentMethodId: number, mailingAddressId: number): Promise<void> {
  await s.db.transaction(async (tx) => {
    if (!await paymentMethodKind(tx, customerId, paymentMethodId)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    const a = await findAddress(tx, customerId, mailingAddressId);
    if (!a) throw new HttpError(400, UNKNOWN_BILLING_ADDRESS);
    await setBillingAddress(tx, customerId, paymentMethodId, a);
  });
}

/** The customer's transactions, newest first; `displayableId` filters on a part of the id. */
export async function transactionsOf(s: AccountServices, customerId: number, displayableId?: string): Promise<ServedTransaction[]> {
  return await listTransactions(s.db, customerId, displayableId);
}

// ------------------------------------------------------------ recovery email

/** The customer's recovery email, or null. */
export async function recoveryEmail(s: AccountServices, customerId: number): Promise<string | null> {
  return (await recoveryEmailOf(s.db, customerId))?.recovery_email ?? null;
}

/** A recovery email as typed, normalised; 400 when it is no email address. */
export function recoveryEmailInput(raw: string): string {
  const email = normalEmail(raw);
  if (!isEmailFormat(email)) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
  return email;
}

/**
 * Sets the customer's recovery email (normalised by {@link recoveryEmailInput}); it starts
 * unverified. 400 when it is the sign-in email; the same address again changes nothing.
 */
export async function changeRecoveryEmail(s: AccountServices, customerId: number, email: string): Promise<void> {
  await s.db.transaction(async (tx) => {
    const row = await recoveryEmailOf(tx, customerId);
    if (!row) throw new HttpError(401, SIGN_IN_REQUIRED);
    if (row.email === email) throw new HttpError(400, RECOVERY_SAME_AS_LOGIN);
    if (row.recovery_email === email) return;
    await setRecoveryEmail(tx, customerId, email, iso(s));
  });
}

/** What a recovery-email verification mail needs: 400 when the customer has no recovery email. */
export async function recoveryEmailToVerify(s: AccountServices, customerId: number): Promise<{ to: string; firstName: string | null; verified: boolean }> {
  const row = await recoveryEmailOf(s.db, customerId);
  if (!row?.recovery_email) throw new HttpError(400, NO_RECOVERY_EMAIL);
  return { to: row.recovery_email, firstName: row.first_name, verified: row.recovery_email_verified === 1 };
}

/** Stores the mail with a verification link to the recovery email (the caller flushes the outbox). */
export async function mailRecoveryVerification(s: AccountServices, customerId: number, target: { to: string; firstName: string | null; verified: boolean }): Promise<void> {
  const { to } = target;
  await s.db.transaction(async (tx) => {
    const link = emailLink({ ...s, db: tx }, '/verify-recovery-email', await issueToken({ ...s, db: tx }, 'recovery-email', { customerId, email: to }));
    await s.outbox.in(tx).enqueue('recovery-email', {
      to,
      subject: 'Verify your Skimmer recovery email',
      // the recovery address has not confirmed (this mail asks it to): no name its account holder typed
      text: `${greeting(target.firstName, target.verified)}\n\nThis address was set as the recovery email of a Skimmer account. Confirm it by following this link (valid for 24 hours):\n${link}\n\nIf this was not you, ignore this email.\n`,
    });
  });
}

/** Finishes a recovery-email verification with the emailed token: only the address the link was sent to. 400 for a bad link. */
export async function confirmRecoveryEmailLink(s: AccountServices, token: string): Promise<void> {
  const done = await s.db.transaction(async (tx) => {
    const target = await consumeToken({ ...s, db: tx }, 'recovery-email', token);
    if (!target || target.customerId === null) return false;
    // only the address the link was sent to: a changed recovery email needs a new link
    return await confirmRecoveryEmail(tx, target.customerId, target.email, iso(s));
  });
  if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
}

// ------------------------------------------------------------ newsletter

/** A newsletter address as typed, normalised; 400 {@link NEWSLETTER_INVALID} when it is no email address. */
export function newsletterEmailInput(raw: string): string {
  const email = normalEmail(raw);
  if (!isEmailFormat(email)) throw new HttpError(400, NEWSLETTER_INVALID);
  return email;
}

/** Confirms a subscription with the emailed token; 400 for a bad link. */
export async function confirmNewsletterLink(s: AccountServices, token: string): Promise<void> {
  const done = await s.db.transaction(async (tx) => {
    const target = await consumeToken({ ...s, db: tx }, 'newsletter', token);
    if (!target) return false;
    return await confirmSubscription(tx, target.email, iso(s));
  });
  if (!done) throw new HttpError(400, INVALID_LINK_MESSAGE);
}
