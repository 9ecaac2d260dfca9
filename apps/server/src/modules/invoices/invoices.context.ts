import type { ServerDeps } from '../../platform/deps.js';
import { dataDirStorage, type Storage } from '../../platform/storage/storage.js';
import type { PaymentsContext } from '../payments/index.js';

/** A message to Sapa's finance (a rejected usage summary), queued on the notification job. */
export type NotifyFinance = (message: { subject: string; body: string }) => Promise<void>;

/** What building bills and their documents needs (the jobs). */
export interface BillsContext {
  deps: ServerDeps;
  storage: Storage;
}

export function createBillsContext(deps: ServerDeps): BillsContext {
  return { deps, storage: dataDirStorage(deps.config, 'invoices') };
}

/** The invoices module's state in a process that serves requests. */
export interface InvoicesContext extends BillsContext {
  payments: PaymentsContext;
  notifyFinance: NotifyFinance;
  /** Wakes the bill lifecycle drain (a confirmed bill gets its final invoice without waiting for the poll). */
  wakeLifecycle: () => void;
}

export function createInvoicesContext(
  deps: ServerDeps,
  payments: PaymentsContext,
  hooks: { notifyFinance: NotifyFinance; wakeLifecycle: () => void },
): InvoicesContext {
  return { ...createBillsContext(deps), payments, ...hooks };
}
