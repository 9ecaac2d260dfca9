import { z } from 'zod';
import { phoneSchema } from '../../phone.js';
import {
  BUSINESS_FIELD_MAX,
  BUSINESS_FIELDS,
  BUSINESS_MODES,
  BUSINESS_TYPES,
} from '../automation/automation.js';
import { defineEndpoint } from '../endpoint.js';
import { emailSchema, newPasswordSchema, tokenPairSchema } from '../identity/identity.js';
import { shopifyInstallToken } from '../shopify/shopify.js';
import { SELF_SERVE_PACKAGES } from '../subscriptions/subscription-rules.js';

/**
 * Self-service sign-up (001 §2 sign-up stepper: account, OTP, store, WABA, subscription, success; 001 §5
 * Accounts and Channels; 000 §2 /register, /sign-up/*). The progress is kept on the server against a sign-up
 * token (the browser keeps only the token), so every step survives a reload.
 */

export const SIGN_UP_STEPS = ['otp', 'store', 'waba', 'subscription', 'success'] as const;
export type SignUpStep = (typeof SIGN_UP_STEPS)[number];

/** 001 §9: OTP 5 digits (the product's WhatsApp codes), resend countdown in seconds; the rest are Sapa's. */
export const SIGN_UP_OTP_LENGTH = 5;
export const SIGN_UP_OTP_TTL_SECONDS = 300;
export const SIGN_UP_OTP_RESEND_SECONDS = 60;
/** Wrong codes accepted per code before a new one must be requested. */
export const SIGN_UP_OTP_MAX_ATTEMPTS = 5;
/** Codes sent to one phone number per hour (whatever the sign-up). */
export const SIGN_UP_CODES_PER_PHONE_PER_HOUR = 5;
/** Sign-ups started from one IP address per hour. */
export const SIGN_UPS_PER_IP_PER_HOUR = 10;
/** A sign-up not completed within a day starts over. */
export const SIGN_UP_TTL_SECONDS = 24 * 3600;
/** What the subscription step starts: the 30-day free trial, or a paid plan bought on the plan page. */
export const SIGN_UP_PLAN_CHOICES = ['FREE_TRIAL', 'PAID'] as const;

const signUpToken = z.string().min(16).max(200);

export const signUpAccountBody = z
  .object({
    phone: phoneSchema('account'),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().max(200),
    /** 001 §2: a referral code is optional. */
    referralCode: z
      .string()
      .trim()
      .max(50, 'validation.max50')
      .regex(/^[A-Za-z0-9_-]*$/, 'signUp.referralFormat')
      .optional(),
    /** Sign-up via Shopify: the install Shopify granted (its store is connected when the sign-up completes). */
    shopifyInstall: shopifyInstallToken.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'password.mismatch',
    path: ['confirmPassword'],
  });

export const signUpStoreBody = z.object({
  token: signUpToken,
  name: z
    .string({ error: 'signUp.storeNameRequired' })
    .trim()
    .min(1, 'signUp.storeNameRequired')
    .max(100, 'validation.max150'),
  address: z
    .string({ error: 'signUp.addressRequired' })
    .trim()
    .min(1, 'signUp.addressRequired')
    .max(300, 'validation.max300'),
  businessFields: z
    .array(z.enum(BUSINESS_FIELDS, { error: 'validation.invalid' }), {
      error: 'signUp.businessFieldRequired',
    })
    .min(1, 'signUp.businessFieldRequired')
    .max(BUSINESS_FIELD_MAX, 'signUp.tooManyBusinessFields')
    .refine((f) => new Set(f).size === f.length, 'validation.invalid'),
  businessType: z.enum(BUSINESS_TYPES, { error: 'signUp.businessTypeRequired' }),
  mode: z.enum(BUSINESS_MODES, { error: 'signUp.modeRequired' }),
});

export const signUpStateSchema = z.object({
  token: z.string(),
  step: z.enum(SIGN_UP_STEPS),
  phone: z.string(),
  email: z.string(),
  /** Epoch ms: when the current code expires and when another may be sent (the resend countdown). */
  otp: z.object({ expiresAt: z.number(), resendAt: z.number() }).nullable(),
  store: signUpStoreBody.omit({ token: true }).nullable(),
  waba: z.object({ displayPhoneNumber: z.string(), name: z.string() }).nullable(),
  /** The partner requires a WhatsApp Business account at sign-up (000 §4 flag); when not, the step can be skipped. */
  wabaRequired: z.boolean(),
  /** Sign-up via Shopify: the shop whose install the sign-up claims when it completes. */
  shopify: z.object({ shopDomain: z.string(), shopName: z.string() }).nullable(),
  expiresAt: z.number(),
});
export type SignUpState = z.infer<typeof signUpStateSchema>;

const tokenBody = z.object({ token: signUpToken });

export const signupEndpoints = {
  /** Starts a sign-up: checks the account fields and sends the code by WhatsApp. */
  start: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/account',
    body: signUpAccountBody,
    response: signUpStateSchema,
  }),
  state: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/state',
    body: tokenBody,
    response: signUpStateSchema,
  }),
  resendCode: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/otp/resend',
    body: tokenBody,
    response: signUpStateSchema,
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/otp/verify',
    body: z.object({
      token: signUpToken,
      otp: z
        .string({ error: 'reset.otpRequired' })
        .min(1, 'reset.otpRequired')
        .regex(new RegExp(`^\\d{${SIGN_UP_OTP_LENGTH}}$`), 'validation.otp5'),
    }),
    response: signUpStateSchema,
  }),
  saveStore: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/store',
    body: signUpStoreBody,
    response: signUpStateSchema,
  }),
  /** How the browser opens Meta's Embedded Signup (null: not configured on this server). */
  wabaConfig: defineEndpoint({
    method: 'GET',
    path: '/api/sign-up/waba/config',
    response: z.object({
      embeddedSignup: z
        .object({ appId: z.string(), configId: z.string(), dialogUrl: z.string(), origin: z.string() })
        .nullable(),
    }),
  }),
  /** The code and the session info Embedded Signup posted back: the server exchanges and connects. */
  connectWaba: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/waba',
    body: z.object({
      token: signUpToken,
      code: z.string().min(1).max(1000),
      wabaId: z.string().regex(/^\d{1,30}$/, 'validation.invalid'),
      phoneNumberId: z.string().regex(/^\d{1,30}$/, 'validation.invalid'),
    }),
    response: signUpStateSchema,
  }),
  /** Skips the WhatsApp step (409 `signUp.wabaRequired` where the partner requires it). */
  skipWaba: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/waba/skip',
    body: tokenBody,
    response: signUpStateSchema,
  }),
  /** Opens the business (owner signed in) with the free trial, or free until a paid plan is bought. */
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up/complete',
    body: z.object({
      token: signUpToken,
      plan: z.enum(SIGN_UP_PLAN_CHOICES),
      /** The paid plan's package: the plan page opens its order at once (paid through the gateway). */
      package: z.enum(SELF_SERVE_PACKAGES, { error: 'subscription.choosePackage' }).optional(),
    }),
    response: z.object({
      tokens: tokenPairSchema,
      next: z.string(),
      /**
       * A message for the new owner about what did not finish: `shopify.signUpFailed` when the Shopify store could
       * not be connected (the business is open; support connects it).
       */
      notice: z.string().nullable(),
    }),
  }),
} as const;

export const SIGN_UP_MESSAGES = {
  'signUp.emailUsed': { en: 'Email is already registered', id: 'Email sudah terdaftar' },
  'signUp.sessionExpired': {
    en: 'Your sign-up session has expired. Please start again.',
    id: 'Sesi pendaftaran Anda telah berakhir. Silakan mulai lagi.',
  },
  'signUp.otpExpired': { en: 'The OTP code has expired', id: 'Kode OTP sudah kedaluwarsa' },
  'signUp.otpIncorrect': { en: 'The OTP code is incorrect', id: 'Kode OTP salah' },
  'signUp.tooManyAttempts': {
    en: 'Too many wrong codes. Please request a new code.',
    id: 'Terlalu banyak kode yang salah. Silakan minta kode baru.',
  },
  'signUp.tooManyCodes': {
    en: 'Too many requests. Please wait before asking for another code.',
    id: 'Terlalu banyak permintaan. Silakan tunggu sebelum meminta kode lagi.',
  },
  'signUp.tooManySignUps': {
    en: 'Too many sign-ups from your network. Please try again later.',
    id: 'Terlalu banyak pendaftaran dari jaringan Anda. Silakan coba lagi nanti.',
  },
  'signUp.stepNotReady': {
    en: 'Please finish the previous step first.',
    id: 'Silakan selesaikan langkah sebelumnya terlebih dahulu.',
  },
  'signUp.referralFormat': {
    en: 'Referral code may contain only letters, numbers, - and _',
    id: 'Kode referal hanya boleh berisi huruf, angka, - dan _',
  },
  'signUp.storeNameRequired': { en: 'Store name is required', id: 'Nama toko wajib diisi' },
  'signUp.addressRequired': { en: 'Address is required', id: 'Alamat wajib diisi' },
  'signUp.businessFieldRequired': {
    en: 'Choose at least one business field',
    id: 'Pilih minimal satu bidang usaha',
  },
  'signUp.tooManyBusinessFields': {
    en: 'Choose at most 3 business fields',
    id: 'Pilih maksimal 3 bidang usaha',
  },
  'signUp.businessTypeRequired': { en: 'Business type is required', id: 'Jenis usaha wajib diisi' },
  'signUp.modeRequired': { en: 'Choose restaurant or online shop', id: 'Pilih restoran atau toko online' },
  'signUp.wabaUnavailable': {
    en: 'WhatsApp Business connection is not set up on this server.',
    id: 'Koneksi WhatsApp Business belum diatur di server ini.',
  },
  'signUp.wabaFailed': {
    en: 'Failed to connect the WhatsApp Business account. Please try again.',
    id: 'Gagal menghubungkan akun WhatsApp Business. Silakan coba lagi.',
  },
  'signUp.wabaConnectedElsewhere': {
    en: 'This WhatsApp number is already connected to another account.',
    id: 'Nomor WhatsApp ini sudah terhubung ke akun lain.',
  },
  'signUp.wabaRequired': {
    en: 'Connect a WhatsApp Business account to continue.',
    id: 'Hubungkan akun WhatsApp Business untuk melanjutkan.',
  },
  'signUp.failed': {
    en: 'Sign-up failed. Please contact support.',
    id: 'Pendaftaran gagal. Silakan hubungi dukungan.',
  },
} as const satisfies Record<string, { en: string; id: string }>;
