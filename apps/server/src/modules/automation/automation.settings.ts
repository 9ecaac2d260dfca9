import type { AutoChatSettings, AutoChatState, BusinessProfile } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { creditBalanceOf } from '../billing/index.js';
import { businessStateOf, saveBusinessProfile } from '../tenancy/index.js';
import { anyChatbotOn, selectSettings, upsertSettings } from './automation.repository.js';

/** A new business's automatic chat: off, Monday–Friday 08:00–17:00 WIB, messages in Indonesian to edit. */
export const DEFAULT_AUTO_CHAT: AutoChatSettings = {
  enabled: false,
  days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    mode: day === 0 || day === 6 ? 'CLOSED' : 'HOURS',
    open: '08:00',
    close: '17:00',
    inHoursMessage: 'Halo! Terima kasih sudah menghubungi kami. Tim kami akan segera membalas.',
    outOfHoursMessage:
      'Halo! Saat ini kami sedang tutup. Pesan Anda akan kami balas saat jam operasional (08.00–17.00 WIB).',
  })),
  applyToAllDays: false,
  holidays: [],
  showOncePerDay: true,
  followUp: {
    enabled: false,
    message: 'Mohon ditunggu, tim kami akan segera membalas pesan Anda.',
    delayMinutes: 10,
  },
  autoClose: {
    enabled: false,
    message: 'Chat ini kami tutup karena tidak ada balasan. Silakan kirim pesan lagi kapan saja.',
    description: 'Ditutup otomatis',
    delayMinutes: 60,
  },
  survey: {
    enabled: false,
    template: 'Bagaimana pelayanan kami hari ini?',
    thanks: 'Terima kasih atas penilaian Anda!',
    style: 'list',
  },
};

export async function autoChatSettingsOf(db: DbOrTx, clientId: string): Promise<AutoChatSettings> {
  const stored = await selectSettings(db, clientId);
  if (!stored) return DEFAULT_AUTO_CHAT;
  // Settings saved before the survey had a style ask with the list.
  return { ...stored, survey: { ...stored.survey, style: stored.survey.style ?? 'list' } };
}

/** 001 §4 "Features turn off on free status or insufficient credits (auto close)". */
export async function autoCloseBlockOf(db: DbOrTx, clientId: string): Promise<'free' | 'credits' | null> {
  const state = await businessStateOf(db, clientId);
  if (!state || state.accountStatus === 'Free') return 'free';
  if (state.billingType === 'POST_PAID') return null;
  const { balance } = await creditBalanceOf(db, clientId);
  return balance > 0 ? null : 'credits';
}

export async function getAutoChat(deps: ServerDeps, auth: AuthContext): Promise<AutoChatState> {
  const [settings, block] = await Promise.all([
    autoChatSettingsOf(deps.db, auth.clientId),
    autoCloseBlockOf(deps.db, auth.clientId),
  ]);
  return { settings, autoCloseAvailable: block === null, autoCloseBlockedBy: block };
}

/** The day "apply to all days" copies: Monday, the first day of the week as the page shows it. */
const MODEL_DAY = 1;

/** Saves the automatic chat; "apply to all days" copies Monday's hours and messages to every day. */
export async function updateAutoChat(deps: ServerDeps, auth: AuthContext, input: AutoChatSettings) {
  const days = [...input.days].sort((a, b) => a.day - b.day);
  const model = input.applyToAllDays ? days.find((d) => d.day === MODEL_DAY) : undefined;
  const settings = { ...input, days: model ? days.map((d) => ({ ...model, day: d.day })) : days };
  // 001 §4: the automatic chat and an answering chatbot are mutually exclusive.
  if (settings.enabled && (await anyChatbotOn(deps.db, auth.clientId)))
    throw new AppError(409, 'chatbot.chatbotOn', { fields: { enabled: 'chatbot.chatbotOn' } });
  const before = await autoChatSettingsOf(deps.db, auth.clientId);
  await deps.db.transaction(async (tx) => {
    await upsertSettings(tx, auth.clientId, settings, auth.userId);
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'autoChat.updated',
      target: { type: 'autoChat' },
      before: { ...before },
      after: { ...settings },
    });
  });
  return getAutoChat(deps, auth);
}

export async function getProfile(deps: ServerDeps, auth: AuthContext): Promise<BusinessProfile> {
  const state = await businessStateOf(deps.db, auth.clientId);
  if (!state) throw notFound();
  return state.profile as BusinessProfile;
}

export async function updateProfile(deps: ServerDeps, auth: AuthContext, input: BusinessProfile) {
  const before = await getProfile(deps, auth);
  await deps.db.transaction(async (tx) => {
    await saveBusinessProfile(tx, auth.clientId, input);
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'businessProfile.updated',
      target: { type: 'businessProfile', label: input.name },
      before: { ...before },
      after: { ...input },
    });
  });
  return getProfile(deps, auth);
}
