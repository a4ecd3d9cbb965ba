/**
 * The sign-in and account-recovery flows (/login, /login.asp, /register, /logout,
 * /change-password, /reset-password, /recover-account, /start-verification, /verify-account): which
 * flow a path is, each flow's fields, the checks made before any call, where a server message
 * belongs, the texts, and the safe return path after sign-in.
 *
 * The spec names the routes only; the fields, checks and wording here are ours and mirror the
 * reference server's rules (passwords of 12 to 256 characters, one email check shared with the
 * newsletter), so a shopper sees the problem next to the field before any call is made.
 * @module
 */
import { isEmailFormat } from './account.ts';

/** A sign-in or recovery flow. */
export type SignInFlow =
  | 'login'
  | 'register'
  | 'logout'
  | 'change-password'
  | 'reset-request'
  | 'reset-password'
  | 'recover-account'
  | 'start-verification'
  | 'verify-account';

/** A field of the sign-in forms. */
export type SignInField = 'email' | 'password' | 'firstName' | 'lastName' | 'confirmPassword' | 'currentPassword' | 'newPassword';

/** The values of a sign-in form, as typed. */
export type SignInValues = Partial<Record<SignInField, string>>;

/** A field as a form shows it. */
export interface SignInFieldSpec {
  name: SignInField;
  label: string;
  /** The input type. */
  type: 'email' | 'password' | 'text';
  /** The browser's autofill hint. */
  autoComplete: string;
}

/** Fewest characters of a password (the server's rule). @default 12 */
export const PASSWORD_MIN = 12;
/** Most characters of a password (the server's rule). @default 256 */
export const PASSWORD_MAX = 256;

/** The texts of the flows: titles, buttons, checks and outcomes. */
export const SIGN_IN_TEXT = {
  titles: {
    login: 'Sign in',
    register: 'Create an account',
    logout: 'Sign out',
    'change-password': 'Change password',
    'reset-request': 'Reset your password',
    'reset-password': 'Choose a new password',
    'recover-account': 'Recover your account',
    'start-verification': 'Verify your email',
    'verify-account': 'Verify your email',
  } satisfies Record<SignInFlow, string>,
  submit: {
    login: 'Sign in',
    register: 'Create account',
    logout: 'Sign out',
    'change-password': 'Change password',
    'reset-request': 'Email me a reset link',
    'reset-password': 'Set new password',
    'recover-account': 'Email my recovery address',
    'start-verification': 'Send verification email',
    'verify-account': 'Verify',
  } satisfies Record<SignInFlow, string>,
  busy: {
    login: 'Signing in...',
    register: 'Creating your account...',
    logout: 'Signing out...',
    'change-password': 'Changing password...',
    'reset-request': 'Sending...',
    'reset-password': 'Saving...',
    'recover-account': 'Sending...',
    'start-verification': 'Sending...',
    'verify-account': 'Verifying your email...',
  } satisfies Record<SignInFlow, string>,
  intro: {
    login: 'Sign in to manage your addresses, wallet and orders.',
    register: 'Create an account to save addresses and payment methods and follow your orders.',
    logout: '',
    'change-password': 'Enter your current password, then the new one twice. Your other devices will be signed out.',
    'reset-request': 'Enter the email address you sign in with. We will email you a link to choose a new password.',
    'reset-password': 'Choose a new password for your account.',
    'recover-account': 'Forgot which email you sign in with? Enter your verified recovery email and we will send it your sign-in address and a reset link.',
    'start-verification': 'We will email a verification link to the address you sign in with.',
    'verify-account': '',
  } satisfies Record<SignInFlow, string>,
  success: {
    login: 'You are signed in.',
    register: 'Thanks! Check your email: we have sent you a link to verify your address. If you already had an account, the email says so.',
    logout: 'You have been signed out.',
    'change-password': 'Your password has been changed.',
    'reset-request': 'If an account uses this email address, we have sent it a link to reset the password. The link is valid for one hour.',
    'reset-password': 'Your password has been reset. You can now sign in with it.',
    'recover-account': 'If this is the verified recovery email of an account, we have sent it the sign-in address and a link to reset the password.',
    'start-verification': 'We have emailed you a verification link. It is valid for 24 hours.',
    'verify-account': 'Your email address is verified. Thank you!',
  } satisfies Record<SignInFlow, string>,
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordMismatch: 'The passwords do not match.',
  currentPasswordRequired: 'Please enter your current password.',
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  missingToken: 'This link is incomplete or has expired. Please ask for a new one.',
  passwordHint: `At least ${PASSWORD_MIN} characters.`,
  forgotPassword: 'Forgot your password?',
  forgotEmail: 'Forgot which email you use?',
  noAccount: 'New here? Create an account',
  haveAccount: 'Already have an account? Sign in',
  signInLink: 'Sign in',
  requestNewLink: 'Ask for a new link',
  continueShopping: 'Continue shopping',
  backToAccount: 'Back to my account',
} as const;

const F = {
  email: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  password: { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  newAccountPassword: { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  firstName: { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  lastName: { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  confirmPassword: { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
  currentPassword: { name: 'currentPassword', label: 'Current Password', type: 'password', autoComplete: 'current-password' },
  newPassword: { name: 'newPassword', label: 'New Password', type: 'password', autoComplete: 'new-password' },
  recoveryEmail: { name: 'email', label: 'Recovery Email', type: 'email', autoComplete: 'email' },
} as const satisfies Record<string, SignInFieldSpec>;

/** The fields of each flow, in order. */
export const SIGN_IN_FIELDS: Record<SignInFlow, readonly SignInFieldSpec[]> = {
  login: [F.email, F.password],
  register: [F.firstName, F.lastName, F.email, F.newAccountPassword, F.confirmPassword],
  logout: [],
  'change-password': [F.currentPassword, F.newPassword, F.confirmPassword],
  'reset-request': [F.email],
  'reset-password': [F.newPassword, F.confirmPassword],
  'recover-account': [F.recoveryEmail],
  'start-verification': [],
  'verify-account': [],
};

/**
 * The flow of a path, with the emailed link's token for the pages that take one: /reset-password
 * is the request form without a token and the new-password form with one. Unknown paths give null.
 *
 * @example
 * signInFlow('/login.asp', '');               // 'login'
 * signInFlow('/reset-password', '?token=ab'); // 'reset-password'
 * signInFlow('/reset-password', '');          // 'reset-request'
 */
export function signInFlow(pathname: string, search: string): SignInFlow | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  switch (path) {
    case '/login':
    case '/login.asp':
      return 'login';
    case '/register':
      return 'register';
    case '/logout':
      return 'logout';
    case '/change-password':
      return 'change-password';
    case '/reset-password':
      return linkToken(search) ? 'reset-password' : 'reset-request';
    case '/recover-account':
      return 'recover-account';
    case '/start-verification':
      return 'start-verification';
    case '/verify-account':
      return 'verify-account';
    default:
      return null;
  }
}

/** Whether a flow needs a signed-in visitor (the others work signed out). */
export function flowNeedsSignIn(flow: SignInFlow): boolean {
  return flow === 'change-password' || flow === 'start-verification';
}

/** Whether a flow acts on an emailed link's token. */
export function flowNeedsToken(flow: SignInFlow): boolean {
  return flow === 'reset-password' || flow === 'verify-account';
}

/** Whether a flow runs by itself when the page opens (sign out, and the emailed verification link). */
export function flowRunsOnOpen(flow: SignInFlow): boolean {
  return flow === 'logout' || flow === 'verify-account';
}

/**
 * The `token` query parameter of an emailed link, trimmed; '' when absent.
 * @example linkToken('?token=abc'); // 'abc'
 */
export function linkToken(search: string): string {
  return (new URLSearchParams(search).get('token') ?? '').trim();
}

// the return-path rules live in their own small module: the header's account menu needs them on
// every page, and importing this whole module there put it in every page's first load
export { RETURN_PARAM, returnPathFrom, safeReturnPath, withReturnPath } from './return-path.ts';

/** Problems of a form, by field; empty when the form can be sent. */
export type SignInErrors = Partial<Record<SignInField, string>>;

function passwordProblem(value: string): string | null {
  const length = [...value.normalize('NFC')].length;
  if (length === 0) return SIGN_IN_TEXT.passwordRequired;
  if (length < PASSWORD_MIN) return SIGN_IN_TEXT.passwordTooShort;
  if (length > PASSWORD_MAX) return SIGN_IN_TEXT.passwordTooLong;
  return null;
}

/**
 * The checks made before any call. Sign-in only asks for an email and a password (its length is
 * the server's business: an old account may predate a rule); new passwords follow the length
 * rule and must be typed twice alike; names may not be blank.
 *
 * @example
 * validateSignIn('login', { email: 'ann', password: '' });
 * // { email: 'Please enter a valid email address.', password: 'Please enter your password.' }
 */
export function validateSignIn(flow: SignInFlow, values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const v = (field: SignInField) => values[field] ?? '';
  const email = () => {
    if (!isEmailFormat(v('email'))) errors.email = SIGN_IN_TEXT.emailInvalid;
  };
  const newPassword = (field: 'password' | 'newPassword') => {
    const problem = passwordProblem(v(field));
    if (problem) errors[field] = problem;
    if (v('confirmPassword') !== v(field)) errors.confirmPassword = SIGN_IN_TEXT.passwordMismatch;
  };
  switch (flow) {
    case 'login':
      email();
      if (v('password') === '') errors.password = SIGN_IN_TEXT.passwordRequired;
      break;
    case 'register':
      if (v('firstName').trim() === '') errors.firstName = SIGN_IN_TEXT.firstNameRequired;
      if (v('lastName').trim() === '') errors.lastName = SIGN_IN_TEXT.lastNameRequired;
      email();
      newPassword('password');
      break;
    case 'change-password':
      if (v('currentPassword') === '') errors.currentPassword = SIGN_IN_TEXT.currentPasswordRequired;
      newPassword('newPassword');
      break;
    case 'reset-password':
      newPassword('newPassword');
      break;
    case 'reset-request':
    case 'recover-account':
      email();
      break;
    default:
      break;
  }
  return errors;
}

/** Whether a set of problems is empty. */
export function hasSignInErrors(errors: SignInErrors): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

/**
 * The field a server message is about, so it shows next to that field; null for a message about
 * the whole form (a failed sign-in says nothing about which of the two was wrong, on purpose).
 *
 * @example
 * serverMessageField('change-password', 'Current password is incorrect.'); // 'currentPassword'
 * serverMessageField('login', 'Invalid email or password.');               // null
 */
export function serverMessageField(flow: SignInFlow, message: string): SignInField | null {
  const fields = SIGN_IN_FIELDS[flow].map((f) => f.name);
  const has = (field: SignInField) => fields.includes(field);
  if (/current password/i.test(message) && has('currentPassword')) return 'currentPassword';
  if (/^password must/i.test(message)) {
    if (has('newPassword')) return 'newPassword';
    if (flow === 'register') return 'password';
  }
  if (/^please enter a valid email/i.test(message) && has('email')) return 'email';
  if (/first name/i.test(message) && has('firstName')) return 'firstName';
  if (/last name/i.test(message) && has('lastName')) return 'lastName';
  return null;
}

/**
 * The JSON body of a flow's call, from the typed values (emails and names trimmed; passwords as
 * typed, since a space may be part of one).
 *
 * @example
 * signInRequest('login', { email: ' ann@example.com ', password: 'pw' }, '');
 * // { email: 'ann@example.com', password: 'pw' }
 */
export function signInRequest(flow: SignInFlow, values: SignInValues, token: string): Record<string, string> {
  const v = (field: SignInField) => values[field] ?? '';
  switch (flow) {
    case 'login':
      return { email: v('email').trim(), password: v('password') };
    case 'register':
      return { email: v('email').trim(), password: v('password'), firstName: v('firstName').trim(), lastName: v('lastName').trim() };
    case 'change-password':
      return { currentPassword: v('currentPassword'), newPassword: v('newPassword') };
    case 'reset-request':
    case 'recover-account':
      return { email: v('email').trim() };
    case 'reset-password':
      return { token, password: v('newPassword') };
    case 'verify-account':
      return { token };
    default:
      return {};
  }
}
