import { Navigate, useSearchParams } from 'react-router';
import { INBOX_PATH, ticketInboxPath } from '../../entities/ticket';

/**
 * /customer-service/inbox-chatroom (000 §2): the guard already sends a visit without referenceId and
 * chatRoom back to the inbox; with them, the chat room opens inside the inbox page.
 */
export function InboxChatroomPage() {
  const [params] = useSearchParams();
  const referenceId = params.get('referenceId');
  return <Navigate replace to={referenceId ? ticketInboxPath(referenceId) : INBOX_PATH} />;
}
