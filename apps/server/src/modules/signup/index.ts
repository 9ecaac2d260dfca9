/**
 * The public entry of signup: a business signs up by itself (001 §2 stepper) — account, a code by WhatsApp,
 * store, its WhatsApp Business account by Embedded Signup, the free trial — and opens through onboarding.
 */
export { registerSignupRoutes } from './signup.routes.js';
export type { SendSignUpCode } from './signup.service.js';
