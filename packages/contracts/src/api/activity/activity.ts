import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** 000 §7 POST /logs: where an event comes from and how it ended. */
export const CLIENT_LOG_SOURCES = ['BROWSER', 'APP'] as const;
export const CLIENT_LOG_RESULTS = ['success', 'error'] as const;
/** The most characters one event's JSON may hold. */
export const CLIENT_LOG_EVENT_MAX = 8000;

/** The page name the user-consent record is kept under (`user_consents.page_name`). */
export const CONSENT_PAGE_NAME = 'user-consent';

/** User consent (000 §4 Session and consent) and the page-visit tracker (000 §7 POST tracker/page-visitation). */
export const activityEndpoints = {
  consent: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/consent',
    body: z.object({ agreed: z.boolean() }),
    response: z.object({ agreed: z.boolean(), consentAt: z.number() }),
  }),
  pageVisit: defineEndpoint({
    method: 'POST',
    path: '/api/tracker/page-visitation',
    body: z.object({
      pageName: z.string().min(1).max(200),
      additionalData: z
        .object({
          data_1: z.string().max(500).optional(),
          data_2: z.string().max(500).optional(),
          data_3: z.string().max(500).optional(),
          data_4: z.string().max(500).optional(),
          data_5: z.string().max(500).optional(),
        })
        .strict()
        .default({}),
    }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /**
   * 000 §7 POST /logs: a client event (type; event as JSON with version and a source of BROWSER or APP; result
   * success or error). 000 §6: kept only for the partner's fixed list of client ids; others get 403.
   */
  clientLog: defineEndpoint({
    method: 'POST',
    path: '/api/logs',
    body: z.object({
      type: z.string().trim().min(1, 'validation.fieldRequired').max(50, 'validation.invalid'),
      event: z
        .object({ version: z.string().max(20), source: z.enum(CLIENT_LOG_SOURCES) })
        .catchall(z.unknown())
        .refine((e) => JSON.stringify(e).length <= CLIENT_LOG_EVENT_MAX, 'validation.invalid'),
      result: z.enum(CLIENT_LOG_RESULTS),
    }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 000 §7 GET /logs/byclient: the caller's business's client events, newest first, keyset-paged. */
  clientLogs: defineEndpoint({
    method: 'GET',
    path: '/api/logs/byclient',
    query: z.object({
      cursor: z.string().max(300).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.string().uuid(),
          at: z.number(),
          userId: z.string().uuid(),
          type: z.string(),
          event: z.record(z.string(), z.unknown()),
          result: z.enum(CLIENT_LOG_RESULTS),
        }),
      ),
      nextCursor: z.string().nullable(),
    }),
  }),
} as const;
