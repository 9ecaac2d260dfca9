/**
 * The call rules of spec 000 §4–§5 and §9 (answering, outbound calls, call permission requests, timings) and the
 * call messages of 000 §8, as pure functions. The strings in quotes in 000 §8 are the English texts verbatim.
 */
import type { AgentRole } from '../teams/teams.js';
import type { CallSessionStatus } from './call-states.js';

/** 000 §5: each agent may hold only 1 active call at a time. */
export const MAX_ACTIVE_CALLS_PER_AGENT = 1;
/** 000 §9: ICE gathering time-outs. */
export const ICE_GATHERING_TIMEOUT_INBOUND_MS = 3_000;
export const ICE_GATHERING_TIMEOUT_OUTBOUND_MS = 5_000;
/** 000 §9: audio play retry. */
export const AUDIO_PLAY_RETRY_MS = 1_000;

/** 000 §8 call messages. Keys are the message keys; the codes in comments are the spec's error codes. */
export const CALL_MESSAGES = {
  // MIC_DENIED / MIC_NOT_GRANTED: persistent messages.
  'calls.micDenied': {
    en: 'Microphone access is blocked. Allow the microphone in the browser settings to take calls.',
    id: 'Akses mikrofon diblokir. Izinkan mikrofon di pengaturan browser untuk menerima panggilan.',
  },
  'calls.micNotGranted': {
    en: 'Microphone permission has not been granted. Allow the microphone to take calls.',
    id: 'Izin mikrofon belum diberikan. Izinkan mikrofon untuk menerima panggilan.',
  },
  // CALL_LIMITATION_ERROR
  'calls.limitation': {
    en: 'Only one active call is allowed at a time.',
    id: 'Hanya satu panggilan aktif yang diizinkan dalam satu waktu.',
  },
  // SESSION_NOT_RINGING
  'calls.sessionNotRinging': { en: 'Session is not ringing', id: 'Sesi tidak sedang berdering' },
  // ROLE_NOT_ALLOWED
  'calls.roleNotAllowed': {
    en: 'Your role cannot answer calls.',
    id: 'Peran Anda tidak dapat menjawab panggilan.',
  },
  'calls.answerFailed': { en: 'error answering call', id: 'gagal menjawab panggilan' },
  'calls.disconnectFailed': { en: 'Error terminate the call', id: 'Gagal mengakhiri panggilan' },
  'calls.holdFailed': { en: 'Failed to hold the call', id: 'Gagal menahan panggilan' },
  'calls.roomTokenFailed': { en: 'Failed to obtain room token', id: 'Gagal mendapatkan token ruang' },
  'calls.joinRoomFailed': { en: 'Failed to join room', id: 'Gagal bergabung ke ruang' },
  'calls.leaveRoomStatusFailed': {
    en: 'Failed to update leave room status',
    id: 'Gagal memperbarui status keluar ruang',
  },
  'calls.acceptFailed': { en: 'Failed to accept call', id: 'Gagal menerima panggilan' },
  'calls.terminateFailed': { en: 'Error terminating call', id: 'Gagal mengakhiri panggilan' },
  'calls.holdStateChangeFailed': { en: 'Hold state change failed', id: 'Gagal mengubah status tahan' },
  'calls.initiateFailed': { en: 'Failed to initiate call', id: 'Gagal memulai panggilan' },
  'calls.sendAnswerFailed': { en: 'Failed to send answer', id: 'Gagal mengirim jawaban' },
  'calls.webrtcFailed': { en: 'WebRTC connection failed', id: 'Koneksi WebRTC gagal' },
  'calls.enableAudio': { en: 'Enable Call Audio', id: 'Aktifkan Audio Panggilan' },
  'calls.pbxFailed': {
    en: 'Call PBX connection failed',
    id: 'Koneksi PBX panggilan gagal',
  },
  'calls.invalidNumber': { en: 'Invalid number', id: 'Nomor tidak valid' },
  // Sapa: the rules of 000 §4–§5 that the spec states without a message.
  'calls.outboundExists': {
    en: 'A call to this number is already in progress.',
    id: 'Panggilan ke nomor ini sedang berlangsung.',
  },
  'calls.transferNotSupported': {
    en: 'Transfer is not supported for outbound calls.',
    id: 'Transfer tidak didukung untuk panggilan keluar.',
  },
  'calls.permissionRequestLimit': {
    en: 'A call permission request can be sent 1 time in 24 hours and 2 times in 7 days.',
    id: 'Permintaan izin panggilan dapat dikirim 1 kali dalam 24 jam dan 2 kali dalam 7 hari.',
  },
  // Meta error 138006: no call permission from the customer.
  'calls.noPermission': {
    en: 'The customer has not allowed calls from this business. Send a call permission request first.',
    id: 'Pelanggan belum mengizinkan panggilan dari bisnis ini. Kirim permintaan izin panggilan terlebih dahulu.',
  },
  'calls.notAnswered': { en: 'The call is not in progress.', id: 'Panggilan tidak sedang berlangsung.' },
  'calls.providerFailed': {
    en: 'WhatsApp did not accept the call action. Please try again.',
    id: 'WhatsApp tidak menerima tindakan panggilan. Silakan coba lagi.',
  },
  'calls.invalidEvent': {
    en: 'This call event does not exist.',
    id: 'Peristiwa panggilan ini tidak dikenal.',
  },
  'calls.eventNotAccepted': {
    en: 'This call event is sent by the server, not by the browser.',
    id: 'Peristiwa panggilan ini dikirim oleh server, bukan oleh browser.',
  },
  'calls.sdpRequired': {
    en: 'The call answer (SDP) is required.',
    id: 'Jawaban panggilan (SDP) wajib diisi.',
  },
} as const;
export type CallMessageKey = keyof typeof CALL_MESSAGES;

/** 000 §8 error codes and their message keys. */
export const CALL_ERROR_CODES = {
  MIC_DENIED: 'calls.micDenied',
  MIC_NOT_GRANTED: 'calls.micNotGranted',
  CALL_LIMITATION_ERROR: 'calls.limitation',
  SESSION_NOT_RINGING: 'calls.sessionNotRinging',
  ROLE_NOT_ALLOWED: 'calls.roleNotAllowed',
} as const satisfies Record<string, CallMessageKey>;
export type CallErrorCode = keyof typeof CALL_ERROR_CODES;

/** 000 §6/§5: "Only roles that contain CS may answer inbound calls" (CS and CS-SPV). */
export function canAnswerByRole(role: AgentRole): boolean {
  return role.split('-').includes('CS');
}

/**
 * 000 §4 "Incoming call: answering fails if any outbound or active call exists, or if the role lacks CS" and §8
 * SESSION_NOT_RINGING when the call was taken by another agent or has ended. null: the agent may answer.
 */
export function answerRefusal(input: {
  role: AgentRole;
  sessionStatus: CallSessionStatus;
  agentActiveCalls: number;
  agentOutboundCalls: number;
}): CallErrorCode | null {
  if (!canAnswerByRole(input.role)) return 'ROLE_NOT_ALLOWED';
  if (input.agentActiveCalls + input.agentOutboundCalls >= MAX_ACTIVE_CALLS_PER_AGENT)
    return 'CALL_LIMITATION_ERROR';
  if (input.sessionStatus !== 'RIN') return 'SESSION_NOT_RINGING';
  return null;
}

/** 000 §4 "Outbound call: rejected if one already exists for that phone number." */
export function canStartOutboundCall(outboundPhones: readonly string[], phone: string): boolean {
  return !outboundPhones.includes(phone);
}

/** 000 §5 "The call phone number must be valid and numeric": digits only, 8–15 of them (E.164 without '+'). */
export function isValidCallNumber(phone: string): boolean {
  return /^[0-9]{8,15}$/.test(phone);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Meta's limit (send_call_permission_request: PT24H max 1) and 000 §5/§9 "2 times in 7 days". */
export const CALL_PERMISSION_REQUEST_LIMITS = [
  { windowMs: DAY_MS, max: 1 },
  { windowMs: 7 * DAY_MS, max: 2 },
] as const;

/** Whether another call permission request may be sent now, given when earlier ones were sent. */
export function canSendCallPermissionRequest(sentAt: readonly Date[], now: Date): boolean {
  return CALL_PERMISSION_REQUEST_LIMITS.every(
    ({ windowMs, max }) => sentAt.filter((t) => now.getTime() - t.getTime() < windowMs).length < max,
  );
}

/** 000 §4: call permission request states. */
export type CallPermissionState =
  | { state: 'none' }
  | { state: 'waiting' }
  | { state: 'allowed'; until: Date | null }
  | { state: 'rejected' }
  | { state: 'expired' };

/**
 * The customer's permission from the latest request and reply: no request → none; a request without a later reply
 * → waiting; accept → allowed until the expiration (null = permanently) or expired past it; reject → rejected.
 */
export function callPermissionStateOf(
  input: {
    requestedAt: Date | null;
    reply: { response: 'accept' | 'reject'; at: Date; expiresAt: Date | null } | null;
  },
  now: Date,
): CallPermissionState {
  const { requestedAt, reply } = input;
  if (reply && (!requestedAt || reply.at >= requestedAt)) {
    if (reply.response === 'reject') return { state: 'rejected' };
    if (reply.expiresAt && reply.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
    return { state: 'allowed', until: reply.expiresAt };
  }
  return requestedAt ? { state: 'waiting' } : { state: 'none' };
}
