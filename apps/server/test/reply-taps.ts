import { and, eq } from 'drizzle-orm';
import { messages } from '../src/modules/conversations/index.js';
import { type TestServer, waitFor } from './harness.js';

/** The customer's answer a tap on a reply button left in the ticket (text = the option's title), once stored. */
export function tappedAnswer(server: TestServer, clientId: string, ticketId: string, title: string) {
  return waitFor(async () => {
    const [m] = await server.deps.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.ticketId, ticketId),
          eq(messages.direction, 'in'),
          eq(messages.text, title),
        ),
      );
    return m ?? false;
  }, 20_000);
}
