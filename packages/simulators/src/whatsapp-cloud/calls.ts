import type { FastifyInstance } from 'fastify';
import { isObj, type NumberState } from './context.js';
import { checkVersion, type GraphAuth } from './graph-auth.js';
import { invalidParam } from './graph-errors.js';
import type { SimulatedCall } from './types.js';
import { metadata, type WebhookSender } from './webhook-sender.js';
import { toWaId, unixSeconds } from './wire.js';

/**
 * Meta's side of the WhatsApp Business Calling API (channel-protocols §1h): a customer's call reaches the business
 * as a signed `calls` webhook (`connect` with the caller's SDP offer); the business answers with the call actions
 * `pre_accept` / `accept` (its SDP answer), `reject` or `terminate` on `POST /{phone-number-id}/calls`; either side
 * hanging up sends a `terminate` webhook. Only SDP is relayed: media flows between the two browsers.
 */
const ACTIONS = ['pre_accept', 'accept', 'reject', 'terminate'] as const;
let callCounter = 0;
const newCallId = () => `wacid.SIM${Date.now().toString(36)}${++callCounter}`;

export function createCalls(deps: { numbers: Map<string, NumberState>; webhooks: WebhookSender }) {
  const calls = new Map<string, SimulatedCall>();
  const listeners = new Set<(call: SimulatedCall) => void>();
  const changed = (call: SimulatedCall) => {
    for (const l of listeners) l(call);
  };

  function send(num: NumberState, recipient: string, value: Record<string, unknown>) {
    deps.webhooks.enqueue(num, recipient, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: num.wabaId,
          changes: [
            { field: 'calls', value: { messaging_product: 'whatsapp', metadata: metadata(num), ...value } },
          ],
        },
      ],
    });
  }

  function terminateWebhook(num: NumberState, call: SimulatedCall) {
    const now = Date.now();
    const started = call.startedAt;
    send(num, call.from, {
      calls: [
        {
          id: call.id,
          from: call.from,
          to: toWaId(num.displayPhoneNumber),
          event: 'terminate',
          direction: 'USER_INITIATED',
          timestamp: unixSeconds(now),
          status: started ? 'COMPLETED' : 'FAILED',
          ...(started
            ? {
                start_time: unixSeconds(started),
                end_time: unixSeconds(now),
                duration: Math.round((now - started) / 1000),
              }
            : {}),
        },
      ],
    });
  }

  return {
    /** The customer calls the business number with an SDP offer (the customer page's microphone). */
    customerCalls(args: { phoneNumberId: string; from: string; name: string; sdp: string }): {
      callId: string;
    } {
      const num = deps.numbers.get(args.phoneNumberId);
      if (!num)
        throw Object.assign(new Error(`unknown phone number id ${args.phoneNumberId}`), { statusCode: 400 });
      const from = toWaId(args.from);
      const call: SimulatedCall = {
        id: newCallId(),
        phoneNumberId: num.phoneNumberId,
        from,
        state: 'ringing',
        offer: args.sdp,
        answer: null,
        actions: [],
        startedAt: null,
      };
      calls.set(call.id, call);
      send(num, from, {
        contacts: [{ profile: { name: args.name }, wa_id: from }],
        calls: [
          {
            id: call.id,
            from,
            to: toWaId(num.displayPhoneNumber),
            event: 'connect',
            timestamp: unixSeconds(),
            direction: 'USER_INITIATED',
            session: { sdp_type: 'offer', sdp: args.sdp },
          },
        ],
      });
      changed(call);
      return { callId: call.id };
    },
    /** The customer hangs up (before or after the business answered). */
    customerHangsUp(callId: string): boolean {
      const call = calls.get(callId);
      const num = call && deps.numbers.get(call.phoneNumberId);
      if (!call || !num || call.state === 'ended' || call.state === 'rejected') return false;
      call.state = 'ended';
      terminateWebhook(num, call);
      changed(call);
      return true;
    },
    call: (callId: string) => calls.get(callId),
    onChange(listener: (call: SimulatedCall) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** `POST /{phone-number-id}/calls`: a business call action. */
    handleAction(num: NumberState, body: unknown) {
      if (!isObj(body) || body.messaging_product !== 'whatsapp')
        throw invalidParam('(#100) The parameter messaging_product is required.');
      const action = ACTIONS.find((a) => a === body.action);
      if (!action)
        throw invalidParam(
          '(#100) Param action must be one of {connect, pre_accept, accept, reject, terminate}',
        );
      const call = typeof body.call_id === 'string' ? calls.get(body.call_id) : undefined;
      if (!call || call.phoneNumberId !== num.phoneNumberId) throw invalidParam('(#100) Invalid call_id');
      if (action === 'pre_accept' || action === 'accept') {
        const session = isObj(body.session) ? body.session : null;
        if (
          session?.sdp_type !== 'answer' ||
          typeof session.sdp !== 'string' ||
          !session.sdp.startsWith('v=0')
        )
          throw invalidParam('(#100) Param session must be an SDP answer');
        if (call.state !== 'ringing' && call.state !== 'pre_accepted')
          throw invalidParam(`(#100) The call is ${call.state}`);
        call.answer = session.sdp;
        call.state = action === 'accept' ? 'accepted' : 'pre_accepted';
        if (action === 'accept') call.startedAt = Date.now();
      } else if (action === 'reject') {
        if (call.state !== 'ringing' && call.state !== 'pre_accepted')
          throw invalidParam(`(#100) The call is ${call.state}`);
        call.state = 'rejected';
      } else {
        if (call.state === 'ended' || call.state === 'rejected')
          throw invalidParam(`(#100) The call is ${call.state}`);
        call.state = 'ended';
        terminateWebhook(num, call);
      }
      call.actions.push(action);
      changed(call);
      return { messaging_product: 'whatsapp', success: true };
    },
  };
}
export type Calls = ReturnType<typeof createCalls>;

export function registerCallRoutes(app: FastifyInstance, deps: { auth: GraphAuth; calls: Calls }) {
  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/calls',
    async (req) => {
      checkVersion(req.params.version);
      const num = deps.auth.authNumber(req, req.params.phoneNumberId, 'post');
      return deps.calls.handleAction(num, req.body);
    },
  );
}
