export { useTicketForm, useTicketForms } from './api';
export { FieldsTab } from './FieldsTab';
export { FormsTab } from './FormsTab';
export { FieldInput, TicketFormSection } from './TicketFormSection';
export { useCreationTimer } from './useCreationTimer';
export { flushTicketTime, useTicketTimeTracker } from './useTicketTimeTracker';
