import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CALL_ROOM_STATUSES, CALL_SESSION_STATUSES } from './call-states.js';

/** 000 §3 Call session as the agent's browser sees it (WhatsApp calls: the room is the customer's chat). */
export const callSessionSchema = z.object({
  id: z.string().uuid(),
  roomId: z.string().uuid(),
  /** The chat (ticket) the call belongs to; null for a phone call (linked to the contact of its number). */
  ticketId: z.string().uuid().nullable(),
  /** Meta's call id (wacid…). */
  remoteId: z.string(),
  callerId: z.string(),
  customerName: z.string(),
  customerPhoneNumber: z.string(),
  /** WAC: WhatsApp call; PHN: phone call over SIP. */
  roomType: z.enum(['WAC', 'PHN']),
  direction: z.enum(['inbound', 'outbound']),
  status: z.enum(CALL_SESSION_STATUSES),
  csId: z.string().uuid().nullable(),
  /** The caller's SDP offer, while the call rings (the answering browser needs it). */
  sdp: z.string().nullable(),
  createdAt: z.number(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  duration: z.number().nullable(),
});
export type CallSession = z.infer<typeof callSessionSchema>;

export const callRoomSchema = z.object({
  roomId: z.string().uuid(),
  ticketId: z.string().uuid().nullable(),
  status: z.enum(CALL_ROOM_STATUSES),
  csId: z.string().uuid().nullable(),
});
export type CallRoom = z.infer<typeof callRoomSchema>;

/** An SDP body: the browser's answer (000 §7 accept: an answer with type and sdp). */
export const sdpAnswerSchema = z.object({
  type: z.literal('answer', { message: 'calls.sdpRequired' }),
  sdp: z
    .string({ message: 'calls.sdpRequired' })
    .min(1, 'calls.sdpRequired')
    .max(20_000, 'calls.sdpRequired'),
});

export const callSessionIdParams = z.object({ id: z.string().uuid() });

/** WhatsApp calls (000 §7 call service: pre-accept, accept, reject, meta/terminate, meta/hold). */
export const callEndpoints = {
  /** Sessions ringing for the caller (available CS agents), and the caller's own active call. */
  ringing: defineEndpoint({
    method: 'GET',
    path: '/api/calls/ringing',
    response: z.object({ ringing: z.array(callSessionSchema), active: callSessionSchema.nullable() }),
  }),
  /** Answer: Sapa sends Meta pre_accept then accept with the browser's SDP answer; exactly one agent wins. */
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/calls/sessions/:id/answer',
    body: z.object({ answer: sdpAnswerSchema }),
    response: callSessionSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/calls/sessions/:id/reject',
    body: z.object({}).optional(),
    response: callSessionSchema,
  }),
  terminate: defineEndpoint({
    method: 'POST',
    path: '/api/calls/sessions/:id/terminate',
    body: z.object({}).optional(),
    response: callSessionSchema,
  }),
  hold: defineEndpoint({
    method: 'POST',
    path: '/api/calls/sessions/:id/hold',
    body: z.object({ hold: z.boolean() }),
    response: callSessionSchema,
  }),
} as const;

/** Real-time: a call rings, changes or ends (000 §4 call events new-call, answer, reject, terminate). */
export const callSessionEventSchema = z.object({
  type: z.literal('call.session'),
  clientId: z.string().uuid(),
  event: z.enum(['new-call', 'answer', 'reject', 'terminate', 'hold']),
  session: callSessionSchema,
});
export type CallSessionEvent = z.infer<typeof callSessionEventSchema>;

/** The call WebSocket (000 §7 Real-time: one socket for calls, authorised with the access token in the query). */
export const CALL_SOCKET_PATH = '/ws/call';

/** What the browser sends on the call socket: `{ event: 'connect' }` asks for the calls ringing and its own call. */
export const callSocketRequestSchema = z.object({ event: z.string() });

/** The answer to `connect`: what rings for this agent and the agent's active call (as GET /api/calls/ringing). */
export const callSocketConnectSchema = z.object({
  type: z.literal('call.connect'),
  event: z.literal('connect'),
  ringing: z.array(callSessionSchema),
  active: callSessionSchema.nullable(),
});

/** A refused frame (000 §4 "An invalid event type is rejected"): the message key says why; the socket stays open. */
export const callSocketErrorSchema = z.object({
  type: z.literal('call.error'),
  event: z.string().nullable(),
  message: z.string(),
});

/** Everything the call socket sends: call session events, the `connect` answer, refusals. */
export const callSocketFrameSchema = z.discriminatedUnion('type', [
  callSessionEventSchema,
  callSocketConnectSchema,
  callSocketErrorSchema,
]);
export type CallSocketFrame = z.infer<typeof callSocketFrameSchema>;
