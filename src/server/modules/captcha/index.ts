/**
 * The captcha module's face: the verifier the sign-up and password-reset routes ask, and the
 * development captcha's own routes (registered by the accounts plugin beside those forms).
 * @module
 */
export { devCaptchaRoutes } from './routes.ts';
export { captchaFromEnv, DevCaptcha, type CaptchaVerifier } from './verifier.ts';
