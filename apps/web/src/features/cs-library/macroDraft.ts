import type { MacroAction, MacroActionType } from '@sapa/contracts';

/** One action row of the macro editor: the action, and what was typed under the other types. */
export interface ActionRow {
  key: string;
  action: MacroAction;
  /** The last action of each type this row had, so switching back restores what was typed. */
  earlier: Partial<Record<MacroActionType, MacroAction>>;
}

export function defaultAction(type: MacroActionType): MacroAction {
  switch (type) {
    case 'priority':
      return { type, priority: 1 };
    case 'addTags':
    case 'removeTags':
      return { type, tags: [] };
    case 'message':
      return { type, visibility: 'public', text: '' };
    case 'status':
      return { type, status: 'resolved' };
  }
}

export function actionRow(action: MacroAction): ActionRow {
  return { key: crypto.randomUUID(), action, earlier: {} };
}

/**
 * The row after its type changed (issue 16 §9): what was typed is kept under the old type and comes back
 * when the row returns to it; tags carry over between "add tags" and "remove tags".
 */
export function switchActionType(row: ActionRow, type: MacroActionType): ActionRow {
  if (type === row.action.type) return row;
  const earlier = { ...row.earlier, [row.action.type]: row.action };
  const kept = earlier[type];
  const tags = 'tags' in row.action ? row.action.tags : null;
  const tagged = tags && (type === 'addTags' || type === 'removeTags') ? { type, tags } : null;
  const action: MacroAction = kept ?? tagged ?? defaultAction(type);
  return { ...row, action, earlier };
}
