import { useState } from 'react';
import { TransactionDrawer, TransactionList } from './TransactionsPage';

/** 001 §2 Contacts: the contact's transaction history, every status, newest first; a row opens its detail. */
export function ContactTransactions({ contactId }: { contactId: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <TransactionList filters={{ contactId }} onOpen={setOpenId} />
      <TransactionDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
