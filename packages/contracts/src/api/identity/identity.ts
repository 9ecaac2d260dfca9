import { z } from 'zod';
import { MFA_CODE_LENGTH, PASSWORD_MIN_LENGTH, RESET_OTP_LENGTH } from '../../constants.js';
import { phoneSchema } from '../../phone.js';
import { defineEndpoint } from '../endpoint.js';

/** Spec roles (000 §6) and CS positions (000 §6 CS roles in the inbox). */
export const roleSchema = z.enum(['OWN', 'ADC', 'USC', 'SAD']);
export const csPositionSchema = z.enum(['SPV1', 'SPV2', 'CS1', 'CS2']);
export type CsPosition = z.infer<typeof csPositionSchema>;

/** 001 §5 Login: email required and well-formed. Messages are keys of MESSAGES. */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.email')
  .email('validation.email');

/** 001 §5 Accounts: min 8, letters and digits, special characters allowed. */
export const newPasswordSchema = z
  .string({ error: 'password.required' })
  .min(1, 'password.required')
  .min(PASSWORD_MIN_LENGTH, 'password.min8')
  .max(200, 'password.format')
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), 'password.format');

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Epoch milliseconds. */
  accessExpiresAt: z.number(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const clientChoiceSchema = z.object({
  clientId: z.string().uuid(),
  name: z.string(),
  role: roleSchema,
});

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'password.required' }).min(1, 'password.required').max(200),
  clientId: z.string().uuid().optional(),
});

export const loginResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), tokens: tokenPairSchema }),
  /** 2FA is on: the sign-in continues with a 6-digit code. */
  z.object({ status: z.literal('mfa_required'), mfaToken: z.string() }),
  /** The user belongs to several businesses and must pick one (001 §2 multi-client account selection). */
  z.object({ status: z.literal('select_client'), clients: z.array(clientChoiceSchema) }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const mfaCodeSchema = z
  .string({ error: 'validation.otp6' })
  .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), 'validation.otp6');
export const resetOtpSchema = z
  .string({ error: 'reset.otpRequired' })
  .min(1, 'reset.otpRequired')
  .regex(new RegExp(`^\\d{${RESET_OTP_LENGTH}}$`), 'validation.otp5');

export const identityEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: loginBody,
    response: loginResponse,
  }),
  loginMfa: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login/mfa',
    body: z.object({ mfaToken: z.string().min(1), code: mfaCodeSchema }),
    response: tokenPairSchema,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    body: z.object({ refreshToken: z.string().min(1) }),
    response: tokenPairSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password/forgot',
    body: z.discriminatedUnion('channel', [
      z.object({ channel: z.literal('email'), email: emailSchema }),
      z.object({
        channel: z.literal('phone'),
        /** Stored form (628…): the product's phone rule for a user's own number. */
        phone: phoneSchema('account'),
      }),
    ]),
    response: z.object({ resetId: z.string().uuid(), expiresAt: z.number(), resendAfterSeconds: z.number() }),
  }),
  verifyResetOtp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password/verify',
    body: z.object({ resetId: z.string().uuid(), otp: resetOtpSchema }),
    response: z.object({ resetToken: z.string() }),
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password/reset',
    body: z
      .object({ resetToken: z.string().min(1), newPassword: newPasswordSchema, confirmPassword: z.string() })
      .refine((b) => b.newPassword === b.confirmPassword, {
        message: 'password.mismatch',
        path: ['confirmPassword'],
      }),
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
