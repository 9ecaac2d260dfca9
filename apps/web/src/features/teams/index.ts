export { AgentStatusSwitch } from './AgentStatusSwitch';
export { useCsMe } from './api';
export { ConfigurationTab } from './ConfigurationTab';
export { GroupsTab } from './GroupsTab';
export { InboxEmptyHint } from './InboxEmptyHint';
export { TicketAuditLog } from './TicketAuditLog';
export { TransferHistory } from './TransferHistory';
