export { FieldsTab } from './FieldsTab';
export { FormsTab } from './FormsTab';
export { TicketFormSection } from './TicketFormSection';
export { flushTicketTime, useTicketTimeTracker } from './useTicketTimeTracker';
