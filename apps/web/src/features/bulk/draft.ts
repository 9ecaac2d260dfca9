import type { BulkActionInput, TicketFieldValue } from '@sapa/contracts';

/** What the bulk action dialog holds while the user chooses. */
export interface Draft {
  resolve: boolean;
  priority: string | null;
  addTags: string[];
  removeTags: string[];
  message: string;
  visibility: 'public' | 'internal';
  assignee: string | null;
  group: string | null;
  macro: string | null;
  remarks: string;
  /** A custom form and its values (000 §3 bulk ticket action: custom form). */
  form: string | null;
  formValues: Record<string, TicketFieldValue>;
}

export const EMPTY: Draft = {
  resolve: false,
  priority: null,
  addTags: [],
  removeTags: [],
  message: '',
  visibility: 'internal',
  assignee: null,
  group: null,
  macro: null,
  remarks: '',
  form: null,
  formValues: {},
};

/** The draft as the contract's bulk action: only what the user chose. */
export function actionOf(d: Draft): BulkActionInput {
  return {
    ...(d.resolve ? { status: 'resolved' as const } : {}),
    ...(d.priority ? { priority: Number(d.priority) as 1 | 2 | 3 } : {}),
    ...(d.addTags.length ? { addTags: d.addTags } : {}),
    ...(d.removeTags.length ? { removeTags: d.removeTags } : {}),
    ...(d.message.trim() ? { sendMessageAs: d.visibility, message: d.message } : {}),
    ...(d.assignee ? { assignedCs: d.assignee } : {}),
    ...(d.group ? { assignedCsGroup: d.group } : {}),
    ...(d.macro ? { macroId: d.macro } : {}),
    ...(d.remarks.trim() ? { remarks: d.remarks } : {}),
    ...(d.form ? { form: { ticketFormId: d.form, values: d.formValues } } : {}),
  };
}
