import { can, type Me } from '@sapa/contracts';
import { accessSubjectOf } from '../../shared/api';

/** What the signed-in user may do on the catalogue pages (PRODUCT, CREATE_PRODUCT, CATEGORY; 000 §6). */
export interface CatalogueAccess {
  create: boolean;
  update: boolean;
  activate: boolean;
  delete: boolean;
  categories: { create: boolean; update: boolean; delete: boolean };
}

export function catalogueAccessOf(me: Me): CatalogueAccess {
  const subject = accessSubjectOf(me);
  return {
    create: can(subject, 'CREATE_PRODUCT', 'CREATE'),
    update: can(subject, 'PRODUCT', 'UPDATE'),
    activate: can(subject, 'PRODUCT', 'ACTIVATE'),
    delete: can(subject, 'PRODUCT', 'DELETE'),
    categories: {
      create: can(subject, 'CATEGORY', 'CREATE'),
      update: can(subject, 'CATEGORY', 'UPDATE'),
      delete: can(subject, 'CATEGORY', 'DELETE'),
    },
  };
}
