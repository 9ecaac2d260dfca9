import { z } from 'zod';
import { channelCodeSchema, ticketSummarySchema } from '../conversations/conversations.js';
import { defineEndpoint } from '../endpoint.js';

/** Sapa's limit on a skip note. */
export const SKIP_NOTE_MAX = 500;

export const playSkipBodySchema = z.object({
  note: z.string().trim().min(1, 'play.noteRequired').max(SKIP_NOTE_MAX, 'play.noteMax'),
});

/** 000 §3 Play mode: isActivePlayMode, activePlayModeViewId, activePlayModeMediaPlatform, currentTicketRoom, nextTicketId. */
export const playStateSchema = z.object({
  active: z.boolean(),
  viewId: z.string().uuid().nullable(),
  viewName: z.string().nullable(),
  channel: channelCodeSchema.nullable(),
  current: ticketSummarySchema.nullable(),
  next: ticketSummarySchema.nullable(),
  startedAt: z.number().nullable(),
  /** Why nothing is handed out now: the agent is offline, or has as many open chats as their maximum. */
  waiting: z.enum(['offline', 'atCapacity']).nullable(),
});
export type PlayState = z.infer<typeof playStateSchema>;

/** Auto Assign / play mode (000 §2, §4 play mode; §7 GET /ticket/playlist, POST csplatform/customerService). */
export const playEndpoints = {
  /** The playlist: current and next ticket; hands out a ticket when the session has none (000 §7 GET /ticket/playlist). */
  playlist: defineEndpoint({ method: 'GET', path: '/api/play', response: playStateSchema }),
  /** Activate: a view when the view feature is allowed, or a channel (000 §4). */
  start: defineEndpoint({
    method: 'POST',
    path: '/api/play/start',
    body: z
      .object({ viewId: z.string().uuid().optional(), channel: channelCodeSchema.optional() })
      .superRefine((b, ctx) => {
        if (!b.viewId === !b.channel)
          ctx.addIssue({ code: 'custom', path: ['viewId'], message: 'play.viewOrChannel' });
      }),
    response: playStateSchema,
  }),
  /** Next: the current ticket stays with the agent, the next one is handed out (isNext). */
  next: defineEndpoint({
    method: 'POST',
    path: '/api/play/next',
    body: z.object({}).optional(),
    response: playStateSchema,
  }),
  /** Skip with a note (skipReason): the current ticket goes back to the queue and is not handed to this agent again this session. */
  skip: defineEndpoint({
    method: 'POST',
    path: '/api/play/skip',
    body: playSkipBodySchema,
    response: playStateSchema,
  }),
  /** Deactivate: clears the view or channel, the current and the next ticket. */
  stop: defineEndpoint({
    method: 'POST',
    path: '/api/play/stop',
    body: z.object({}).optional(),
    response: playStateSchema,
  }),
} as const;
