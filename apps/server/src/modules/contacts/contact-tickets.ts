import type { ChannelCode, TicketStatus } from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';

/** A ticket of a contact as the contact's pages list it. */
export interface ContactTicket {
  id: string;
  displayId: string;
  status: TicketStatus;
  channel: ChannelCode;
  lastMessageAt: Date;
}

/**
 * What contacts needs of a contact's tickets, handed in by the composition root (app.ts) from conversations,
 * so that contacts never imports conversations (conversations imports contacts: a ticket names its contact).
 */
export interface ContactTickets {
  /** The contact's tickets, latest activity first, after a (time, id) keyset position. */
  list(
    db: DbOrTx,
    clientId: string,
    contactId: string,
    before: { at: Date; id: string } | null,
    limit: number,
  ): Promise<ContactTicket[]>;
  /** Whether any ticket names the contact. */
  exists(db: DbOrTx, clientId: string, contactId: string): Promise<boolean>;
  /** The contact's name or number changed: the ticket lists that show them are told. */
  contactChanged(deps: ServerDeps, clientId: string, contactId: string): Promise<void>;
}
