export { AgentStatusSwitch } from './AgentStatusSwitch';
export { useCsMe } from './api';
export { ConfigurationTab } from './ConfigurationTab';
export { GroupsTab } from './GroupsTab';
export { InboxEmptyHint } from './InboxEmptyHint';
