import { can, type Me } from '@sapa/contracts';
import { accessSubjectOf } from '../../shared/api';

/** What the signed-in user may do on the contact pages (CONTACT feature, 000 §6). */
export interface ContactAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function contactAccessOf(me: Me): ContactAccess {
  const subject = accessSubjectOf(me);
  return {
    create: can(subject, 'CONTACT', 'CREATE'),
    update: can(subject, 'CONTACT', 'UPDATE'),
    delete: can(subject, 'CONTACT', 'DELETE'),
  };
}
