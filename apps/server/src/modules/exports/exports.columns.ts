import {
  CHANNELS,
  type ChannelCode,
  DEFAULT_TICKET_LIST_COLUMNS,
  type ExportRoomType,
  type Language,
  TICKET_LIST_COLUMN_KEYS,
  type TicketListColumnKey,
} from '@sapa/contracts';
import { displayIdOf } from '../conversations/index.js';
import type { Cell } from './table-writers.js';

/**
 * What a downloaded file holds (000 §3 ticket-list column keys; §2 chat history columns): column titles and
 * cell values in the requester's language. No database here.
 */

/** A chat as the export reads it (one row of the find lists, phone already masked when the viewer's is). */
export interface ExportTicket {
  id: string;
  displayNumber: number;
  groupName: string | null;
  createdAt: Date;
  contactName: string;
  contactHandle: string;
  contactEmail: string | null;
  assigneeName: string | null;
  resolvedAt: Date | null;
  resolvedByName: string | null;
  /** The note typed when the chat was resolved; written next to "closed by". */
  resolveNote: string | null;
  /** The customer's satisfaction rating (1–5) and comment (001 §3 survey rating), when answered. */
  rating: number | null;
  ratingComment: string | null;
  /** The survey's remarks (an agent's note) and the handling agent's CS tags (001 §3 survey rating). */
  surveyRemarks: string | null;
  surveyCsTags: string[];
  remarks: string | null;
  subject: string | null;
  channel: string;
  priority: number;
  tags: string[];
  /** Who opened the chat: null = the customer. */
  submitterName: string | null;
  status: string;
}

/** One message of a chat as the export writes it. */
export interface ExportMessage {
  createdAt: Date;
  direction: 'in' | 'out';
  visibility: 'public' | 'internal';
  type: string;
  text: string | null;
  mediaName: string | null;
  senderName: string | null;
}

type Labels = Record<Language, string>;

const COLUMN_TITLES: Record<TicketListColumnKey, Labels | Labels[]> = {
  id: { en: 'Ticket ID', id: 'ID Tiket' },
  groupId: { en: 'Group', id: 'Grup' },
  createdAt: { en: 'Created at', id: 'Dibuat pada' },
  // The customer is two columns: the name and the phone number or username.
  customer: [
    { en: 'Customer', id: 'Pelanggan' },
    { en: 'Phone / username', id: 'Nomor / nama pengguna' },
  ],
  assigneeId: { en: 'CS agent', id: 'Agen CS' },
  closedAt: { en: 'Closed at', id: 'Ditutup pada' },
  remarks: { en: 'Remarks', id: 'Catatan' },
  subject: { en: 'Subject', id: 'Subjek' },
  mediaPlatform: { en: 'Channel', id: 'Kanal' },
  // Who closed the chat and the note they typed then (issue 16 §5: the note was only in the change log), and the
  // customer's satisfaction rating of the closed chat.
  closedBy: [
    { en: 'Closed by', id: 'Ditutup oleh' },
    { en: 'Resolve note', id: 'Catatan penyelesaian' },
    { en: 'Rating', id: 'Penilaian' },
    { en: 'Rating comment', id: 'Komentar penilaian' },
    { en: 'Survey remarks', id: 'Catatan survei' },
    { en: 'CS tags', id: 'Tag CS' },
  ],
  priority: { en: 'Priority', id: 'Prioritas' },
  tags: { en: 'Tags', id: 'Tag' },
  submitterId: { en: 'Created by', id: 'Dibuat oleh' },
  status: { en: 'Status', id: 'Status' },
};

const MESSAGE_TITLES: Labels[] = [
  { en: 'Message time', id: 'Waktu pesan' },
  { en: 'Sender', id: 'Pengirim' },
  { en: 'Message type', id: 'Jenis pesan' },
  { en: 'Message', id: 'Pesan' },
  { en: 'Internal note', id: 'Catatan internal' },
];

/** 000 §3 priority High=1, Medium=2, Normal=3. */
const PRIORITY: Record<number, Labels> = {
  1: { en: 'High', id: 'Tinggi' },
  2: { en: 'Medium', id: 'Sedang' },
  3: { en: 'Normal', id: 'Normal' },
};
const STATUS: Record<string, Labels> = {
  unassigned: { en: 'Unassigned', id: 'Belum ditugaskan' },
  assigned: { en: 'Assigned', id: 'Ditugaskan' },
  resolved: { en: 'Resolved', id: 'Selesai' },
  expired: { en: 'Expired', id: 'Kedaluwarsa' },
};
const CUSTOMER: Labels = { en: 'Customer', id: 'Pelanggan' };
const SYSTEM: Labels = { en: 'System', id: 'Sistem' };
const YES: Labels = { en: 'Yes', id: 'Ya' };

/** 000 §2 chat history columns: name or contact, channel, CS agent, closed by, resolved time, remarks or subject, ticket ID, tag. */
export const CHAT_HISTORY_EXPORT_COLUMNS: readonly TicketListColumnKey[] = [
  'customer',
  'mediaPlatform',
  'assigneeId',
  'closedBy',
  'closedAt',
  'remarks',
  'id',
  'tags',
];

/**
 * The columns a request writes: the chosen ticket-list columns (by default the list's default visible ones,
 * 000 §3: all but subject, priority and submitterId) or chat history's.
 */
export function exportColumns(
  roomType: ExportRoomType,
  chosen: readonly TicketListColumnKey[] | null | undefined,
): TicketListColumnKey[] {
  if (roomType === 'chatHistory') return [...CHAT_HISTORY_EXPORT_COLUMNS];
  const wanted = new Set(chosen?.length ? chosen : DEFAULT_TICKET_LIST_COLUMNS);
  // In the spec's order, each once.
  return TICKET_LIST_COLUMN_KEYS.filter((key) => wanted.has(key));
}

export function headerOf(
  columns: readonly TicketListColumnKey[],
  withMessages: boolean,
  language: Language,
): string[] {
  const titles = columns.flatMap((key) => {
    const t = COLUMN_TITLES[key];
    return Array.isArray(t) ? t.map((l) => l[language]) : [t[language]];
  });
  return withMessages ? [...titles, ...MESSAGE_TITLES.map((l) => l[language])] : titles;
}

const channelName = (code: string) => CHANNELS[code as ChannelCode]?.name ?? code;

/** The cells of a chat, in the order of `headerOf`'s ticket columns. */
export function ticketCells(
  ticket: ExportTicket,
  columns: readonly TicketListColumnKey[],
  language: Language,
): Cell[] {
  const cells: Cell[] = [];
  for (const key of columns) {
    switch (key) {
      case 'id':
        cells.push(displayIdOf(ticket.displayNumber));
        break;
      case 'groupId':
        cells.push(ticket.groupName);
        break;
      case 'createdAt':
        cells.push(ticket.createdAt);
        break;
      case 'customer':
        cells.push(ticket.contactName, ticket.contactHandle);
        break;
      case 'assigneeId':
        cells.push(ticket.assigneeName);
        break;
      case 'closedAt':
        cells.push(ticket.resolvedAt);
        break;
      case 'remarks':
        cells.push(ticket.remarks);
        break;
      case 'subject':
        cells.push(ticket.subject);
        break;
      case 'mediaPlatform':
        cells.push(channelName(ticket.channel));
        break;
      case 'closedBy':
        cells.push(
          ticket.resolvedByName,
          ticket.resolveNote,
          ticket.rating,
          ticket.ratingComment,
          ticket.surveyRemarks,
          ticket.surveyCsTags.join(', '),
        );
        break;
      case 'priority':
        cells.push(PRIORITY[ticket.priority]?.[language] ?? String(ticket.priority));
        break;
      case 'tags':
        cells.push(ticket.tags.join(', '));
        break;
      case 'submitterId':
        cells.push(ticket.submitterName ?? CUSTOMER[language]);
        break;
      case 'status':
        cells.push(STATUS[ticket.status]?.[language] ?? ticket.status);
        break;
    }
  }
  return cells;
}

/** The message cells that follow a chat's cells: time, sender, type, text (or the file's name), internal. */
export function messageCells(message: ExportMessage, contactName: string, language: Language): Cell[] {
  const sender = message.direction === 'in' ? contactName : (message.senderName ?? SYSTEM[language]);
  const text = [message.text, message.mediaName].filter((part) => part).join('\n');
  return [
    message.createdAt,
    sender,
    message.type,
    text,
    message.visibility === 'internal' ? YES[language] : '',
  ];
}

/** The file's name: what, which range and the format, e.g. chat-messages_2026-11-01_2026-11-30.xlsx. */
export function exportFileName(
  type: 'chats' | 'messages',
  range: { from: string; to: string },
  format: string,
): string {
  return `${type === 'messages' ? 'chat-messages' : 'chat-data'}_${range.from}_${range.to}.${format}`;
}
