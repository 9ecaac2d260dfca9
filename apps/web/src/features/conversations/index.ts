export { InboxChatroomPage } from './InboxChatroomPage';
export { InboxPage } from './InboxPage';
