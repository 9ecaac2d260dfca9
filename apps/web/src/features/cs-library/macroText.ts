import { type MacroAction, REPLY_VARIABLES } from '@sapa/contracts';
import type { TFunction } from 'i18next';

/** One line describing a macro action, for previews and the editor's list. */
export function describeMacroAction(t: TFunction, action: MacroAction): string {
  switch (action.type) {
    case 'priority':
      return t('csLibrary.actions.setPriority', { priority: t(`inbox.priority.${action.priority}`) });
    case 'addTags':
      return t('csLibrary.actions.addTagsTo', { tags: action.tags.join(', ') });
    case 'removeTags':
      return t('csLibrary.actions.removeTagsFrom', { tags: action.tags.join(', ') });
    case 'message':
      return action.visibility === 'internal'
        ? t('csLibrary.actions.noteText', { text: action.text })
        : t('csLibrary.actions.messageText', { text: action.text });
    case 'status':
      return t('csLibrary.actions.resolveTicket');
  }
}

/** The hint lists the variables literally: each placeholder is its own value. */
export const VARIABLES = Object.fromEntries(REPLY_VARIABLES.map((name) => [name, `{{${name}}}`])) as Record<
  (typeof REPLY_VARIABLES)[number],
  string
>;
