import type { DbOrTx } from '../../platform/db/database.js';
import { type OwnedRows, requireOwnedIds } from '../../platform/db/owned-ids.js';
import { contactGroups, contactTags } from './contact-groups.schema.js';
import { contacts } from './contacts.schema.js';

/**
 * Ids of contacts, contact tags and contact groups named in a body (a contact's tags, a group's members, a
 * broadcast's recipients): all must be the business's own, or the body is refused (400, the field, the
 * translated message) before anything is stored.
 */
const OWN: Record<'contacts' | 'tags' | 'groups', OwnedRows> = {
  contacts: { table: contacts, id: contacts.id, clientId: contacts.clientId },
  tags: { table: contactTags, id: contactTags.id, clientId: contactTags.clientId },
  groups: { table: contactGroups, id: contactGroups.id, clientId: contactGroups.clientId },
};
const KEYS = {
  contacts: 'contacts.contactNotFound',
  tags: 'contacts.tagNotFound',
  groups: 'contacts.groupNotFound',
} as const;

export function requireOwnContactRefs(
  db: DbOrTx,
  clientId: string,
  kind: keyof typeof OWN,
  ids: readonly string[] | undefined,
  field: string,
): Promise<void> {
  return requireOwnedIds(db, OWN[kind], clientId, ids, { field, key: KEYS[kind] });
}
