import type { TicketAuditEntry, TicketTransfer } from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import { listTicketAudit, listTicketTransfers, namesInAudit } from './ticket-history.repository.js';

/** A ticket's transfers, oldest first (000 §7 GET transfers). */
export function ticketTransfersOf(db: DbOrTx, clientId: string, ticketId: string): Promise<TicketTransfer[]> {
  return listTicketTransfers(db, clientId, ticketId);
}

/** A ticket's audit entries with the names of the agents, groups and categories they name by id. */
export async function ticketAuditOf(
  db: DbOrTx,
  clientId: string,
  ticketId: string,
): Promise<{ items: TicketAuditEntry[]; names: Record<string, string> }> {
  const items = await listTicketAudit(db, clientId, ticketId);
  return { items, names: await namesInAudit(db, clientId, items) };
}
