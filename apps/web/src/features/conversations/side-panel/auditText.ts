import type { TFunction } from 'i18next';

/** Audit actions with a label of their own; others show their code. */
const ACTIONS = ['assign', 'transfer', 'update', 'resolve', 'play.skip'] as const;
const FIELDS = [
  'status',
  'priority',
  'assigneeId',
  'groupId',
  'assignedVia',
  'tags',
  'remarks',
  'categoryId',
  'resolveNote',
  'skipNote',
] as const;

/**
 * A change's value in words: names for ids (agents, groups, categories), the translated status, priority
 * and assignment source, tags as a list; an empty value is a dash ("no group" is the default group).
 */
export function auditValueText(
  t: TFunction,
  field: string,
  value: unknown,
  names: Record<string, string>,
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length))
    return field === 'groupId' ? t('teams.audit.defaultGroup') : '—';
  switch (field) {
    case 'status':
      return t(`inbox.ticketStatus.${String(value)}`, { defaultValue: String(value) });
    case 'priority':
      return t(`inbox.priority.${String(value)}`, { defaultValue: String(value) });
    case 'assignedVia':
      return t(`teams.source.${String(value)}`, { defaultValue: String(value) });
    case 'assigneeId':
    case 'groupId':
    case 'categoryId':
      return names[String(value)] ?? t('teams.audit.unknown');
    default:
      if (Array.isArray(value)) return value.map(String).join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function fieldLabel(t: TFunction, field: string): string {
  return (FIELDS as readonly string[]).includes(field) ? t(`teams.audit.field.${field}`) : field;
}

export function actionLabel(t: TFunction, action: string): string {
  return (ACTIONS as readonly string[]).includes(action)
    ? t(`teams.audit.action.${action.replace('.', '_')}`)
    : action;
}
