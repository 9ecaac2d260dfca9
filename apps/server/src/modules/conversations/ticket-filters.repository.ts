import type { BulkFilter } from '@sapa/contracts';
import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { contacts } from '../contacts/contacts.schema.js';
import { tickets } from './conversations.schema.js';
import { inGroupWhere } from './visibility.js';

/**
 * The inbox list's filter as conditions over `tickets` joined with `contacts` (the list and bulk actions'
 * "select all matching" use the same one).
 */
export function ticketFilterConditions(clientId: string, q: BulkFilter): SQL[] {
  const where: SQL[] = [eq(tickets.clientId, clientId), eq(tickets.status, q.tab)];
  if (q.channel) where.push(eq(tickets.channel, q.channel));
  if (q.priority) where.push(eq(tickets.priority, q.priority));
  if (q.tag) where.push(sql`${tickets.tags} @> array[${q.tag}]::text[]`);
  if (q.responded) where.push(eq(tickets.responded, q.responded === 'true'));
  if (q.groupId) where.push(inGroupWhere(clientId, q.groupId));
  if (q.search) {
    const term = q.search.trim();
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conditions: SQL[] = [ilike(contacts.name, like), ilike(contacts.phone, like)];
    const number = /^T-?0*(\d{1,15})$/i.exec(term);
    if (number) conditions.push(eq(tickets.displayNumber, Number(number[1])));
    where.push(or(...conditions)!);
  }
  return where;
}
