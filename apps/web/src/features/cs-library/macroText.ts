import {
  fillReplyVariables,
  type MacroAction,
  REPLY_VARIABLES,
  type ReplyVariable,
  type TicketSummary,
} from '@sapa/contracts';
import type { TFunction } from 'i18next';

export type ReplyValues = Partial<Record<ReplyVariable, string | null>>;

/** The values of the reply variables in a chat: its contact, number and ticket id, and the agent. */
export function replyValuesOf(ticket: TicketSummary | undefined, agentName: string): ReplyValues {
  return {
    name: ticket?.contact.name ?? null,
    phone: ticket?.contact.handle ?? null,
    ticket: ticket?.displayId ?? null,
    agent: agentName,
  };
}

/**
 * One line describing a macro action, for previews and the editor's list. With `values` (a chat's preview)
 * the message shows as it will be sent, its variables filled.
 */
export function describeMacroAction(t: TFunction, action: MacroAction, values?: ReplyValues): string {
  switch (action.type) {
    case 'priority':
      return t('csLibrary.actions.setPriority', { priority: t(`inbox.priority.${action.priority}`) });
    case 'addTags':
      return t('csLibrary.actions.addTagsTo', { tags: action.tags.join(', ') });
    case 'removeTags':
      return t('csLibrary.actions.removeTagsFrom', { tags: action.tags.join(', ') });
    case 'message':
      return t(
        action.visibility === 'internal' ? 'csLibrary.actions.noteText' : 'csLibrary.actions.messageText',
        {
          text: values ? fillReplyVariables(action.text, values) : action.text,
        },
      );
    case 'status':
      return t('csLibrary.actions.resolveTicket');
  }
}

/** The hint lists the variables literally: each placeholder is its own value. */
export const VARIABLES = Object.fromEntries(REPLY_VARIABLES.map((name) => [name, `{{${name}}}`])) as Record<
  (typeof REPLY_VARIABLES)[number],
  string
>;
