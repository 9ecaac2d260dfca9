import type { FastifyInstance } from 'fastify';
import { serveEventStream } from '../event-stream.js';
import type { Calls } from './calls.js';
import { isObj } from './context.js';
import type { SimulatedCall } from './types.js';

/** What the customer page sees of its call: the state and, once the business accepted, its SDP answer. */
const callView = (call: SimulatedCall) => ({ id: call.id, state: call.state, answer: call.answer });

/**
 * The customer page's WhatsApp calls: `POST /customer/call` places a call with the page's SDP offer (the `calls`
 * webhook `connect`), `GET /customer/call/:id/events` streams its state and the business's SDP answer (from its
 * `accept` action), `POST /customer/call/:id/hangup` ends it (the `terminate` webhook).
 */
export function registerCustomerCallRoutes(app: FastifyInstance, calls: Calls) {
  app.post('/customer/call', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as Record<string, unknown>;
    const sdp = typeof b.sdp === 'string' ? b.sdp : '';
    if (typeof b.phoneNumberId !== 'string' || typeof b.waId !== 'string' || !/^\d{6,15}$/.test(b.waId))
      return reply
        .code(400)
        .send({ error: 'Choose a business number and enter your phone number (digits).' });
    if (!sdp.startsWith('v=0')) return reply.code(400).send({ error: 'The call needs an SDP offer.' });
    try {
      return calls.customerCalls({
        phoneNumberId: b.phoneNumberId,
        from: b.waId,
        name: typeof b.name === 'string' ? b.name : '',
        sdp,
      });
    } catch (err) {
      return reply.code(400).send({ error: (err as Error).message });
    }
  });
  app.post<{ Params: { id: string } }>('/customer/call/:id/hangup', async (req) => ({
    ended: calls.customerHangsUp(req.params.id),
  }));
  app.get<{ Params: { id: string } }>('/customer/call/:id/events', (req, reply) => {
    serveEventStream(req, reply, (res) => {
      const write = (call: SimulatedCall) => res.write(`data: ${JSON.stringify(callView(call))}\n\n`);
      const current = calls.call(req.params.id);
      if (current) write(current);
      return calls.onChange((call) => {
        if (call.id === req.params.id) write(call);
      });
    });
  });
}
