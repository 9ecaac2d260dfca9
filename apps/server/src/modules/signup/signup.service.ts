import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  freeTrialEnd,
  offeredPackages,
  SIGN_UP_CODES_PER_PHONE_PER_HOUR,
  SIGN_UP_OTP_LENGTH,
  SIGN_UP_OTP_MAX_ATTEMPTS,
  SIGN_UP_OTP_RESEND_SECONDS,
  SIGN_UP_OTP_TTL_SECONDS,
  SIGN_UP_TTL_SECONDS,
  SIGN_UPS_PER_IP_PER_HOUR,
  type SignUpState,
  type signUpAccountBody,
  type signupEndpoints,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import type { MetaAppConfig } from '../../platform/config.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, tooManyRequests } from '../../platform/http/errors.js';
import { connectOnboardedNumber, exchangeEmbeddedSignup, whatsappNumberTaken } from '../channels/index.js';
import { emailHasAccount, hashPassword, openSession } from '../identity/index.js';
import { createBusiness } from '../onboarding/index.js';
import { claimShopifyInstall, openShopifyInstall } from '../shopify/index.js';
import * as repo from './signup.repository.js';
import { mayDo, nextPathAfter, type SignUpAction, stepOf } from './signup-steps.js';

/** Sends a one-time code by WhatsApp from the platform's own number (app.ts hands in notifications' sender). */
export type SendSignUpCode = (message: {
  channel: 'whatsapp';
  recipient: string;
  subject: string;
  body: string;
  code: string;
}) => Promise<void>;

type Body<K extends keyof typeof signupEndpoints> = z.output<
  NonNullable<(typeof signupEndpoints)[K]['body']>
>;

const HOUR_MS = 3600_000;
const codeHash = (codeId: string, code: string) => sha256(`${codeId}:${code}`);
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Starts a sign-up (account step): limits, email not yet used, the password kept as its hash, the code sent. */
export async function startSignUp(
  deps: ServerDeps,
  sendCode: SendSignUpCode,
  body: z.output<typeof signUpAccountBody>,
  address: string,
): Promise<SignUpState> {
  const addressHash = sha256(`sign-up:${address}`);
  const recent = await repo.countSignUpsFrom(deps.db, addressHash, new Date(Date.now() - HOUR_MS));
  if (recent >= SIGN_UPS_PER_IP_PER_HOUR) throw tooManyRequests('signUp.tooManySignUps', 3600);
  await refuseUsedEmail(deps, body.email);
  const shopify = body.shopifyInstall ? await shopifyInstallOf(deps, body.shopifyInstall) : null;
  await refuseTooManyCodes(deps, body.phone);
  const token = randomToken();
  const row = {
    id: uuidv7(),
    tokenHash: sha256(token),
    phone: body.phone,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    referralCode: body.referralCode || null,
    addressHash,
    shopify,
    expiresAt: new Date(Date.now() + SIGN_UP_TTL_SECONDS * 1000),
  };
  await repo.insertSignUp(deps.db, row);
  await sendNewCode(deps, sendCode, row);
  return readSignUp(deps, token);
}

/** Sign-up via Shopify: the install must still be open (unclaimed, not expired, its shop not taken). */
async function shopifyInstallOf(deps: ServerDeps, installToken: string) {
  const install = await openShopifyInstall(deps, installToken);
  return { installId: install.id, shopDomain: install.shopDomain, shopName: install.shopName };
}

async function refuseUsedEmail(deps: ServerDeps, email: string) {
  if (await emailHasAccount(deps.db, email))
    throw conflict('signUp.emailUsed', { email: 'signUp.emailUsed' });
}

/** The resend countdown and the hourly cap, per phone number across every sign-up. */
async function refuseTooManyCodes(deps: ServerDeps, phone: string) {
  const recent = await repo.codesToPhone(deps.db, phone, new Date(Date.now() - HOUR_MS));
  const last = recent[0];
  if (last) {
    const waited = (Date.now() - last.createdAt.getTime()) / 1000;
    if (waited < SIGN_UP_OTP_RESEND_SECONDS)
      throw tooManyRequests('signUp.tooManyCodes', SIGN_UP_OTP_RESEND_SECONDS - waited);
  }
  if (recent.length >= SIGN_UP_CODES_PER_PHONE_PER_HOUR) {
    const oldest = recent[recent.length - 1]!;
    throw tooManyRequests('signUp.tooManyCodes', (oldest.createdAt.getTime() + HOUR_MS - Date.now()) / 1000);
  }
}

async function sendNewCode(
  deps: ServerDeps,
  sendCode: SendSignUpCode,
  signUp: { id: string; phone: string },
) {
  const id = uuidv7();
  const code = String(randomInt(0, 10 ** SIGN_UP_OTP_LENGTH)).padStart(SIGN_UP_OTP_LENGTH, '0');
  await repo.insertCode(deps.db, {
    id,
    signUpId: signUp.id,
    phone: signUp.phone,
    codeHash: codeHash(id, code),
    expiresAt: new Date(Date.now() + SIGN_UP_OTP_TTL_SECONDS * 1000),
  });
  const brand = deps.partner.brandName;
  await sendCode({
    channel: 'whatsapp',
    recipient: signUp.phone,
    subject: `${brand} sign-up code`,
    body: `${code} is your ${brand} sign-up code. It expires in ${SIGN_UP_OTP_TTL_SECONDS / 60} minutes. / ${code} adalah kode pendaftaran ${brand} Anda.`,
    code,
  });
}

/** The open sign-up a token names; an unknown or expired one is "session expired". */
async function loadSignUp(deps: ServerDeps, token: string): Promise<repo.SignUpRow> {
  const row = await repo.findSignUpByTokenHash(deps.db, sha256(token));
  if (!row || (!row.completedAt && row.expiresAt.getTime() <= Date.now()))
    throw new AppError(410, 'signUp.sessionExpired');
  return row;
}

const wabaRequired = (deps: ServerDeps) => deps.partner.featureFlags.wabaRequired;

/** A skip counts only while the partner does not require the WhatsApp Business account (000 §4 flag). */
const progressOf = (deps: ServerDeps, row: repo.SignUpRow) => ({
  phoneVerified: row.phoneVerifiedAt !== null,
  storeSaved: row.store !== null,
  wabaConnected: row.waba !== null,
  wabaSkipped: row.wabaSkippedAt !== null && !wabaRequired(deps),
  completed: row.completedAt !== null,
});

async function loadFor(deps: ServerDeps, token: string, action: SignUpAction) {
  const row = await loadSignUp(deps, token);
  if (!mayDo(progressOf(deps, row), action)) throw conflict('signUp.stepNotReady');
  return row;
}

async function stateOf(deps: ServerDeps, token: string, row: repo.SignUpRow): Promise<SignUpState> {
  const code = row.phoneVerifiedAt ? undefined : await repo.latestCodeOf(deps.db, row.id);
  return {
    token,
    step: stepOf(progressOf(deps, row)),
    phone: row.phone,
    email: row.email,
    otp: code
      ? {
          expiresAt: code.expiresAt.getTime(),
          resendAt: code.createdAt.getTime() + SIGN_UP_OTP_RESEND_SECONDS * 1000,
        }
      : null,
    store: row.store,
    waba: row.waba ? { displayPhoneNumber: row.waba.displayPhoneNumber, name: row.waba.verifiedName } : null,
    wabaRequired: wabaRequired(deps),
    shopify: row.shopify ? { shopDomain: row.shopify.shopDomain, shopName: row.shopify.shopName } : null,
    expiresAt: row.expiresAt.getTime(),
  };
}

export async function readSignUp(deps: ServerDeps, token: string): Promise<SignUpState> {
  return stateOf(deps, token, await loadSignUp(deps, token));
}

export async function resendCode(deps: ServerDeps, sendCode: SendSignUpCode, token: string) {
  const row = await loadFor(deps, token, 'sendCode');
  await refuseTooManyCodes(deps, row.phone);
  await sendNewCode(deps, sendCode, row);
  return stateOf(deps, token, row);
}

export async function verifyCode(deps: ServerDeps, body: Body<'verifyCode'>) {
  const row = await loadFor(deps, body.token, 'verifyCode');
  const code = await repo.latestCodeOf(deps.db, row.id);
  if (!code) throw conflict('signUp.stepNotReady');
  if (code.attempts >= SIGN_UP_OTP_MAX_ATTEMPTS) throw tooManyRequests('signUp.tooManyAttempts', 60);
  if (code.expiresAt.getTime() <= Date.now())
    throw badRequest('signUp.otpExpired', { otp: 'signUp.otpExpired' });
  if (!sameHash(codeHash(code.id, body.otp), code.codeHash)) {
    await repo.countWrongCode(deps.db, code.id);
    throw badRequest('signUp.otpIncorrect', { otp: 'signUp.otpIncorrect' });
  }
  return stateOf(deps, body.token, await repo.updateSignUp(deps.db, row.id, { phoneVerifiedAt: new Date() }));
}

export async function saveStore(deps: ServerDeps, body: Body<'saveStore'>) {
  const { token, ...store } = body;
  const row = await loadFor(deps, token, 'saveStore');
  return stateOf(deps, token, await repo.updateSignUp(deps.db, row.id, { store }));
}

function metaAppOf(deps: ServerDeps): MetaAppConfig {
  if (!deps.config.metaApp) throw new AppError(503, 'signUp.wabaUnavailable');
  return deps.config.metaApp;
}

/** The WABA step: Embedded Signup's code exchanged and the number registered (connected when the business opens). */
export async function connectWaba(deps: ServerDeps, body: Body<'connectWaba'>) {
  const row = await loadFor(deps, body.token, 'connectWaba');
  const meta = metaAppOf(deps);
  if (await whatsappNumberTaken(deps.db, body.phoneNumberId)) throw conflict('signUp.wabaConnectedElsewhere');
  const { accessToken, ...number } = await exchangeEmbeddedSignup(meta, body);
  const waba = { ...number, sealedAccessToken: deps.secrets.seal(accessToken) };
  return stateOf(deps, body.token, await repo.updateSignUp(deps.db, row.id, { waba, wabaSkippedAt: null }));
}

/**
 * Skips the WhatsApp step where the partner profile does not require a WhatsApp Business account (000 §4 "WABA
 * required" off): 409 `signUp.wabaRequired` where it does. The account can be connected later in settings.
 */
export async function skipWaba(deps: ServerDeps, token: string) {
  if (wabaRequired(deps)) throw conflict('signUp.wabaRequired');
  const row = await loadFor(deps, token, 'skipWaba');
  return stateOf(
    deps,
    token,
    await repo.updateSignUp(deps.db, row.id, { waba: null, wabaSkippedAt: new Date() }),
  );
}

/**
 * Subscription and success: opens the business with its owner (the free trial: 30 days, 001 §9; a paid plan:
 * a free account until it is bought on the plan page), connects its WhatsApp number and signs the owner in.
 */
export async function completeSignUp(deps: ServerDeps, body: Body<'complete'>) {
  const row = await loadFor(deps, body.token, 'complete');
  if (body.package && !offeredPackages(deps.partner.featureFlags).includes(body.package))
    throw conflict('subscription.packageNotOffered');
  const meta = row.waba ? metaAppOf(deps) : null;
  await refuseUsedEmail(deps, row.email);
  const claimed = await repo.claimCompletion(deps.db, row.id);
  if (!claimed?.store) throw conflict('signUp.stepNotReady');
  const { store, waba } = claimed;
  let opened: Awaited<ReturnType<typeof createBusiness>>;
  try {
    const trial = body.plan === 'FREE_TRIAL';
    opened = await createBusiness(deps.db, {
      name: store.name,
      address: store.address,
      businessFields: store.businessFields,
      businessType: store.businessType,
      sellerMode: store.mode,
      accountStatus: trial ? 'Free Trial' : 'Free',
      subscriptionPackage: null,
      subscriptionEndsAt: trial ? freeTrialEnd(new Date()) : null,
      members: [
        {
          email: row.email,
          name: row.email.split('@')[0] ?? row.email,
          phone: row.phone,
          role: 'OWN',
          passwordHash: row.passwordHash,
          newIdentityOnly: true,
        },
      ],
    });
  } catch (error) {
    await repo.releaseCompletion(deps.db, row.id);
    throw error;
  }
  const { clientId, userIds } = opened;
  await repo.updateSignUp(deps.db, row.id, { clientId });
  if (waba && meta) {
    const { sealedAccessToken, ...number } = waba;
    await connectOnboardedNumber(deps, clientId, meta, {
      ...number,
      accessToken: deps.secrets.open(sealedAccessToken),
    });
  }
  const ownerId = userIds[row.email]!;
  const notice = claimed.shopify ? await connectShopifyStore(deps, claimed.shopify, clientId, ownerId) : null;
  const tokens = await openSession(deps, ownerId, clientId);
  const shopifyConnected = claimed.shopify !== null && notice === null;
  return { tokens, next: nextPathAfter(body.plan, body.package, shopifyConnected), notice };
}

/**
 * Sign-up via Shopify: the new business claims the install (its store connected, once). The business stays
 * open whatever happens there; a failure is told to the owner as 000 §8 'shopify.signUpFailed' (contact support).
 */
async function connectShopifyStore(
  deps: ServerDeps,
  shopify: NonNullable<repo.SignUpRow['shopify']>,
  clientId: string,
  userId: string,
): Promise<'shopify.signUpFailed' | null> {
  try {
    await claimShopifyInstall(deps, { installId: shopify.installId, clientId, userId });
    return null;
  } catch (err) {
    deps.logger.warn({ err, shop: shopify.shopDomain }, 'sign-up via Shopify: store not connected');
    return 'shopify.signUpFailed';
  }
}
