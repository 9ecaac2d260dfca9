import {
  type ChannelCode,
  type ChatHistoryFilterInput,
  TICKET_KEYWORD_MIN,
  TICKET_LIST_DEFAULT_STATUS,
  type TicketListFilterInput,
  type TicketListStatus,
} from '@sapa/contracts';

/** A day in the business time zone, `YYYY-MM-DD` (what the date pickers hold and the API reads). */
export type Day = string;
export type DayRange = [Day | null, Day | null];
type Priority = 1 | 2 | 3;

/**
 * The search forms of Daftar Chat and of the chat history (000 §2; §3 Chat-list filter keys), as the pages
 * hold them. Lists are "any of"; an empty list or text does not restrict.
 */
export interface TicketListFilters {
  customerInfo: string;
  /** The chat history's email filter. */
  email: string;
  tags: string[];
  created: DayRange;
  closed: DayRange;
  remarks: string;
  mediaPlatform: ChannelCode[];
  csId: string[];
  closedBy: string[];
  /** `customer` and/or user ids. */
  createdBy: string[];
  csGroup: string[];
  status: TicketListStatus[];
  priority: Priority[];
  /** The field-input search: one ticket field and the text its value contains. */
  fieldId: string | null;
  fieldValue: string;
  keyword: string;
}

const STATUSES: readonly TicketListStatus[] = ['unassigned', 'assigned', 'resolved', 'expired'];
const LIST_KEYS = ['tags', 'mediaPlatform', 'csId', 'closedBy', 'createdBy', 'csGroup'] as const;
const TEXT_KEYS = ['customerInfo', 'email', 'remarks', 'keyword'] as const;

/** 000 §3 Chat-list filter defaults: created today to today, closed empty, status closed (resolved). */
export function defaultFilters(today: Day): TicketListFilters {
  return {
    customerInfo: '',
    email: '',
    tags: [],
    created: [today, today],
    closed: [null, null],
    remarks: '',
    mediaPlatform: [],
    csId: [],
    closedBy: [],
    createdBy: [],
    csGroup: [],
    status: [...TICKET_LIST_DEFAULT_STATUS],
    priority: [],
    fieldId: null,
    fieldValue: '',
    keyword: '',
  };
}

/** The chat history starts unfiltered: every resolved chat, newest first. */
export function emptyFilters(): TicketListFilters {
  return { ...defaultFilters(''), created: [null, null], status: [] };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function rangeOf(value: string | null, fallback: DayRange): DayRange {
  if (value === null) return fallback;
  if (value === '') return [null, null];
  const [from = '', to = ''] = value.split('~');
  const start = DAY.test(from) ? from : null;
  const end = DAY.test(to) ? to : start;
  if (!start || !end) return fallback;
  return start <= end ? [start, end] : [end, start];
}

function rangeParam(range: DayRange): string {
  return range[0] ? `${range[0]}~${range[1] ?? range[0]}` : '';
}

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The applied search lives in the URL (reload, back and a shared link show the same list). Only what
 * differs from `base` (the page's defaults) is written; an empty value that overrides a default (no created
 * range, any status) is written as an empty parameter.
 */
export function paramsFromFilters(filters: TicketListFilters, base: TicketListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  for (const key of LIST_KEYS) for (const value of filters[key]) params.append(key, value);
  for (const key of ['created', 'closed'] as const) {
    const value = rangeParam(filters[key]);
    if (value !== rangeParam(base[key])) params.set(key, value);
  }
  if (!same(filters.status, base.status)) {
    if (filters.status.length === 0) params.set('status', '');
    for (const status of filters.status) params.append('status', status);
  }
  for (const priority of filters.priority) params.append('priority', String(priority));
  if (filters.fieldId) {
    params.set('fieldId', filters.fieldId);
    if (filters.fieldValue.trim()) params.set('fieldValue', filters.fieldValue.trim());
  }
  return params;
}

/** `status=` is "any status"; no parameter, or none readable, is the page's default. */
function statusesOf(values: readonly string[], fallback: TicketListStatus[]): TicketListStatus[] {
  if (values.length === 1 && values[0] === '') return [];
  const read = STATUSES.filter((s) => values.includes(s));
  return read.length > 0 ? read : fallback;
}

export function filtersFromParams(
  params: URLSearchParams,
  base: TicketListFilters,
  channels: readonly ChannelCode[],
): TicketListFilters {
  const text = (name: string) => (params.get(name) ?? '').slice(0, 100);
  const list = (name: string) => [...new Set(params.getAll(name).filter(Boolean))].slice(0, 20);
  const statuses = params.getAll('status');
  const fieldId = params.get('fieldId') || null;
  return {
    customerInfo: text('customerInfo'),
    email: text('email'),
    keyword: text('keyword'),
    remarks: text('remarks'),
    tags: list('tags'),
    mediaPlatform: channels.filter((code) => params.getAll('mediaPlatform').includes(code)),
    csId: list('csId'),
    closedBy: list('closedBy'),
    createdBy: list('createdBy'),
    csGroup: list('csGroup'),
    created: rangeOf(params.get('created'), base.created),
    closed: rangeOf(params.get('closed'), base.closed),
    status: statusesOf(statuses, base.status),
    priority: ([1, 2, 3] as const).filter((p) => params.getAll('priority').includes(String(p))),
    fieldId,
    fieldValue: fieldId ? text('fieldValue') : '',
  };
}

/** How many filters differ from the page's defaults (the badge on the collapsed form). */
export function changedFilterCount(filters: TicketListFilters, base: TicketListFilters): number {
  return new Set([...paramsFromFilters(filters, base).keys()].filter((key) => key !== 'fieldValue')).size;
}

/** A keyword the server can search (at least a trigram, 000 §2 "message keyword search"). */
export function keywordProblem(keyword: string): 'tooShort' | null {
  const text = keyword.trim();
  return text.length > 0 && text.length < TICKET_KEYWORD_MIN ? 'tooShort' : null;
}

const nonEmpty = <T>(values: readonly T[]) => (values.length > 0 ? [...values] : undefined);
const trimmed = (text: string) => text.trim() || undefined;

/** GET /api/ticket-list query of the applied filters. */
export function ticketListQueryOf(filters: TicketListFilters): TicketListFilterInput {
  const field = filters.fieldId && filters.fieldValue.trim();
  return {
    customerInfo: trimmed(filters.customerInfo),
    tags: nonEmpty(filters.tags),
    createdFrom: filters.created[0] ?? undefined,
    createdTo: filters.created[1] ?? filters.created[0] ?? undefined,
    closedFrom: filters.closed[0] ?? undefined,
    closedTo: filters.closed[1] ?? filters.closed[0] ?? undefined,
    remarksOrSubject: trimmed(filters.remarks),
    mediaPlatform: nonEmpty(filters.mediaPlatform),
    csId: nonEmpty(filters.csId),
    closedBy: nonEmpty(filters.closedBy),
    createdBy: nonEmpty(filters.createdBy),
    csGroup: nonEmpty(filters.csGroup),
    status: nonEmpty(filters.status),
    priority: nonEmpty(filters.priority.map(String)),
    fields: field ? [`${filters.fieldId}:${field}`] : undefined,
    keyword: keywordProblem(filters.keyword) ? undefined : trimmed(filters.keyword),
  };
}

/** GET /api/chat-history query of the applied filters (its date is the resolved day). */
export function chatHistoryQueryOf(filters: TicketListFilters): ChatHistoryFilterInput {
  return {
    contact: trimmed(filters.customerInfo),
    channel: nonEmpty(filters.mediaPlatform),
    dateFrom: filters.closed[0] ?? undefined,
    dateTo: filters.closed[1] ?? filters.closed[0] ?? undefined,
    csId: nonEmpty(filters.csId),
    closedBy: nonEmpty(filters.closedBy),
    remarks: trimmed(filters.remarks),
    tag: nonEmpty(filters.tags),
    email: trimmed(filters.email),
  };
}

/** Drops undefined members, so query keys and URLs stay stable. */
export function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Partial<T>;
}
