import type { Message, TicketSummary } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyTicket,
  flattenMessages,
  flattenTickets,
  type MessagePages,
  mergeMessage,
  type TicketFilters,
  type TicketPages,
  tabOf,
  upsertMessage,
} from './cache';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function ticket(n: number, patch: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: uuid(n),
    displayId: `T-${n}`,
    channel: 'WAP',
    channelAccountId: uuid(99),
    contact: { id: uuid(100 + n), name: `C${n}`, handle: '628' },
    status: 'unassigned',
    assigneeId: null,
    assigneeName: null,
    groupId: null,
    assignedVia: null,
    priority: 3,
    tags: [],
    remarks: null,
    resolveNote: null,
    categoryId: null,
    categoryName: null,
    lastMessage: { preview: 'hi', at: n * 1000, direction: 'in', status: 'received' },
    unreadCount: 1,
    responded: false,
    lastCustomerMessageAt: null,
    expiresAt: null,
    createdAt: n,
    updatedAt: n,
    ...patch,
  };
}

function message(n: number, patch: Partial<Message> = {}): Message {
  return {
    id: uuid(n),
    ticketId: uuid(1),
    direction: 'out',
    visibility: 'public',
    type: 'text',
    text: `m${n}`,
    media: null,
    payload: null,
    status: 'sent',
    error: null,
    senderUserId: null,
    senderName: null,
    replyToId: null,
    createdAt: n * 1000,
    ...patch,
  };
}

const pages = <T>(...lists: T[][]) => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

const latest: TicketFilters = { tab: 'unassigned', sort: 'latest' };

describe('inbox ticket list cache', () => {
  it('puts a new matching ticket at the top of "latest"', () => {
    const data = pages([ticket(2), ticket(1)]) as TicketPages;
    const next = applyTicket(data, ticket(3), latest);
    expect(flattenTickets(next ?? undefined, 'latest').map((t) => t.displayId)).toEqual([
      'T-3',
      'T-2',
      'T-1',
    ]);
  });

  it('moves an updated ticket by its last message time', () => {
    const data = pages([ticket(3), ticket(2)], [ticket(1)]) as TicketPages;
    const updated = ticket(1, {
      lastMessage: { preview: 'new', at: 10_000, direction: 'in', status: 'received' },
    });
    const next = applyTicket(data, updated, latest);
    expect(flattenTickets(next ?? undefined, 'latest').map((t) => t.displayId)).toEqual([
      'T-1',
      'T-3',
      'T-2',
    ]);
  });

  it('removes a ticket that left the tab (assigned, resolved)', () => {
    const data = pages([ticket(2), ticket(1)]) as TicketPages;
    const assigned = ticket(2, { status: 'assigned', assigneeId: uuid(50) });
    expect(flattenTickets(applyTicket(data, assigned, latest) ?? undefined, 'latest')).toHaveLength(1);
    expect(tabOf(ticket(1, { status: 'resolved' }))).toBeNull();
    expect(tabOf(ticket(1, { status: 'expired', assigneeId: uuid(5) }))).toBe('assigned');
  });

  it('asks for a refetch when a text search cannot be evaluated', () => {
    const data = pages([ticket(2)]) as TicketPages;
    expect(applyTicket(data, ticket(3), { ...latest, search: 'budi' })).toBeNull();
  });

  it('keeps a group filter: another group leaves, no group asks the server (it may be the default)', () => {
    const data = pages([ticket(2, { groupId: uuid(70) })]) as TicketPages;
    const inGroup = { ...latest, groupId: uuid(70) };
    expect(
      flattenTickets(applyTicket(data, ticket(3, { groupId: uuid(70) }), inGroup) ?? undefined, 'latest'),
    ).toHaveLength(2);
    expect(
      flattenTickets(applyTicket(data, ticket(2, { groupId: uuid(71) }), inGroup) ?? undefined, 'latest'),
    ).toHaveLength(0);
    expect(applyTicket(data, ticket(3), inGroup)).toBeNull();
  });

  it('does not add to "oldest" before the last page is loaded', () => {
    const data = pages([ticket(1)], [ticket(2)]) as TicketPages;
    data.pages[1] = { items: [ticket(2)], nextCursor: 'more' };
    expect(applyTicket(data, ticket(3), { ...latest, sort: 'oldest' })).toBe(data);
  });
});

describe('inbox message cache', () => {
  it('keeps messages oldest first across pages and without duplicates', () => {
    const data = pages([message(3), message(4)], [message(1), message(2)]) as MessagePages;
    const next = upsertMessage(upsertMessage(data, message(5)), message(5));
    expect(flattenMessages(next).map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('never takes a delivery status back', () => {
    expect(
      mergeMessage(
        message(1, { senderName: 'Agen Satu' }),
        message(1, { status: 'delivered', senderName: null }),
      ).senderName,
    ).toBe('Agen Satu');
    expect(mergeMessage(message(1, { status: 'read' }), message(1, { status: 'delivered' })).status).toBe(
      'read',
    );
    expect(mergeMessage(message(1, { status: 'sent' }), message(1, { status: 'read' })).status).toBe('read');
    expect(mergeMessage(message(1, { status: 'failed' }), message(1, { status: 'pending' })).status).toBe(
      'pending',
    );
  });
});
