import {
  type Action,
  type AssignmentSource,
  type CsPosition,
  can,
  canSeeTicket,
  csCapabilitiesOf,
  type Permission,
  type RealtimeEvent,
} from '@sapa/contracts';
import type { AuthContext } from '../auth/route-access.js';

/**
 * Who may receive a real-time event, stamped on it by its publisher (ARCHITECTURE hot path, step 3), so
 * the hub decides from the event and the socket's claims alone: no call into module code, no per-process
 * memory of tickets. The business is the event's `clientId`.
 */
export interface RealtimeAudience {
  /** The permission a reader needs (the inbox's READ unless said otherwise). */
  permission?: { subject: Permission; action: Action };
  /**
   * `ticket`: readers who may see the ticket (000 §6 CS positions: its assignee and how it was assigned);
   * `readers`: everyone with the permission; `user`: only `userId`; `revoked`: only `userId`, and not when
   * they see every ticket (a ticket taken away from a CS agent).
   */
  visibility: 'ticket' | 'readers' | 'user' | 'revoked';
  ticketId?: string;
  assigneeId?: string | null;
  assignedVia?: AssignmentSource | null;
  groupId?: string | null;
  /** The ticket's assignment is not known: only those who see every ticket (and the author). */
  seesAllOnly?: boolean;
  /** The author of the message: sees the ticks of their own reply whoever has the ticket now. */
  authorId?: string | null;
  userId?: string;
  /** CS positions whose business hides phone numbers from them (000 §5 bit 128): they get `masked`. */
  maskPhoneFor?: readonly CsPosition[];
}

/** An event on the bus with its audience and, when some readers must not see phone numbers, their copy. */
export type AudiencedEvent = RealtimeEvent & { audience?: RealtimeAudience; masked?: RealtimeEvent };

const INBOX_READ = { subject: 'CUSTOMER_SERVICE_INBOX', action: 'READ' } as const;

/**
 * The audience of an event published without one, read from the event's own fields: a ticket's assignment,
 * a user it names; anything else goes to the inbox's readers (a "refetch your lists" nudge).
 */
export function defaultAudienceOf(event: RealtimeEvent): RealtimeAudience {
  switch (event.type) {
    case 'message.created':
    case 'ticket.updated':
      return {
        visibility: 'ticket',
        ticketId: event.ticket.id,
        assigneeId: event.ticket.assigneeId,
        assignedVia: event.ticket.assignedVia,
        groupId: event.ticket.groupId,
      };
    case 'message.updated':
      // Published without its ticket's assignment: those who see every ticket, and the message's author.
      return {
        visibility: 'ticket',
        ticketId: event.ticketId,
        authorId: event.message.senderUserId,
        seesAllOnly: true,
      };
    case 'ticket.revoked':
      return { visibility: 'revoked', ticketId: event.ticketId, userId: event.userId };
    default: {
      const e = event as { userId?: unknown; ticketId?: unknown };
      if (typeof e.userId === 'string') return { visibility: 'user', userId: e.userId };
      // A ticket event whose assignment is unknown: only those who see every ticket.
      if (typeof e.ticketId === 'string')
        return { visibility: 'ticket', ticketId: e.ticketId, seesAllOnly: true };
      return { visibility: 'readers' };
    }
  }
}

/** Whether a socket with these claims gets an event with this audience (the event's business is checked by the hub). */
export function mayReceive(
  auth: Pick<AuthContext, 'subject' | 'userId' | 'csPosition'>,
  audience: RealtimeAudience,
): boolean {
  const permission = audience.permission ?? INBOX_READ;
  if (!can(auth.subject, permission.subject, permission.action)) return false;
  switch (audience.visibility) {
    case 'readers':
      return true;
    case 'user':
      return audience.userId === auth.userId;
    case 'revoked':
      return audience.userId === auth.userId && csCapabilitiesOf(auth.csPosition).sees !== 'all';
    case 'ticket': {
      if (csCapabilitiesOf(auth.csPosition).sees === 'all') return true;
      if (audience.authorId && audience.authorId === auth.userId) return true;
      if (audience.seesAllOnly) return false;
      return canSeeTicket(auth, {
        assigneeId: audience.assigneeId ?? null,
        assignedVia: audience.assignedVia ?? null,
      });
    }
  }
}

/** Whether this socket gets the copy with phone numbers masked. */
export function getsMasked(auth: Pick<AuthContext, 'csPosition'>, audience: RealtimeAudience): boolean {
  return auth.csPosition !== null && (audience.maskPhoneFor?.includes(auth.csPosition) ?? false);
}
