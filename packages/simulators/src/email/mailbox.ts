import type { ServerResponse } from 'node:http';
import type { WebmailMessage } from './types.js';

/** The simulator's messages and the webmail pages that follow them (server-sent events). */
export function createMailbox() {
  const messages: WebmailMessage[] = [];
  const pages = new Set<ServerResponse>();
  return {
    messages,
    add(message: WebmailMessage) {
      messages.push(message);
      const data = `data: ${JSON.stringify({ id: message.id })}\n\n`;
      for (const res of pages) res.write(data);
    },
    byId: (id: string) => messages.find((m) => m.id === id),
    /** The messages a person at `address` sees: sent by them, or to or Cc them. */
    of(address: string) {
      const a = address.toLowerCase();
      return messages.filter((m) => m.from === a || m.to.includes(a) || m.cc.includes(a));
    },
    follow(res: ServerResponse) {
      pages.add(res);
      return () => pages.delete(res);
    },
    endAll() {
      for (const res of pages) res.end();
      pages.clear();
    },
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;
