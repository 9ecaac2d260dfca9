import {
  type ManagedTemplate,
  TEMPLATE_SUBCATEGORIES,
  type TemplateButtonInput,
  type TemplateCategory,
  type TemplateContactField,
  type TemplateHeaderType,
  type TemplateInput,
  type TemplateType,
} from '@sapa/contracts';
import { useEffect, useState } from 'react';
import { useMessage } from '../../shared/forms/useMessage';
import { useWhatsappAccounts } from './api';
import { type DraftVariable, draftProblems, variablesOfBody } from './draft';

/** The template form's state: the draft, its problems once submitted, and the change rules. */

export interface Draft {
  channelAccountId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  subCategory: string;
  headerType: TemplateHeaderType;
  headerText: string;
  headerMediaUrl: string;
  body: string;
  footer: string;
  variables: DraftVariable[];
  buttons: TemplateButtonInput[];
  templateType: TemplateType;
  isFollowUp: boolean;
  isNewMessage: boolean;
}

const emptyDraft: Draft = {
  channelAccountId: '',
  name: '',
  language: 'id',
  category: 'MARKETING',
  subCategory: 'custom',
  headerType: 'none',
  headerText: '',
  headerMediaUrl: '',
  body: '',
  footer: '',
  variables: [],
  buttons: [],
  templateType: 'static',
  isFollowUp: false,
  isNewMessage: false,
};

function draftOf(t: ManagedTemplate): Draft {
  return {
    channelAccountId: t.channelAccountId ?? '',
    name: t.name,
    language: t.language,
    category: t.category as TemplateCategory,
    subCategory: t.subCategory ?? '',
    headerType: t.headerType,
    headerText: t.headerText ?? '',
    headerMediaUrl: t.headerMediaUrl ?? '',
    body: t.body,
    footer: t.footer ?? '',
    variables: t.variables.map((v) => ({
      name: v.name,
      sample: v.sample,
      contactField: v.contactField as TemplateContactField | null,
    })),
    buttons: t.buttons,
    templateType: t.templateType as TemplateType,
    isFollowUp: t.isFollowUp,
    isNewMessage: t.isNewMessage,
  };
}

export function inputOf(d: Draft): TemplateInput {
  return {
    ...d,
    subCategory: d.subCategory || null,
    headerText: d.headerText || null,
    headerMediaUrl: d.headerMediaUrl || null,
    footer: d.footer || null,
  } as TemplateInput;
}

export function useTemplateDraft(template: ManagedTemplate | null, followUp: boolean) {
  const message = useMessage();
  const accounts = useWhatsappAccounts();
  const [draft, setDraft] = useState<Draft>(
    template ? draftOf(template) : { ...emptyDraft, isFollowUp: followUp },
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  // The only connected account is chosen for the user.
  useEffect(() => {
    const only = accounts.data?.length === 1 ? accounts.data[0]!.id : null;
    if (only && !draft.channelAccountId) setDraft((d) => ({ ...d, channelAccountId: only }));
  }, [accounts.data, draft.channelAccountId]);

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      if (patch.body !== undefined) {
        next.variables = variablesOfBody(next.body, d.variables);
        // Variables make a static template a variable one, and removing them all makes it static again.
        if (next.variables.length && next.templateType === 'static') next.templateType = 'manual_variables';
        if (!next.variables.length) next.templateType = 'static';
      }
      if (patch.category) next.subCategory = TEMPLATE_SUBCATEGORIES[patch.category][0];
      if (submitted) setProblems(draftProblems(inputOf(next)));
      return next;
    });
  };
  const err = (path: string) => message(problems[path]);
  return { draft, set, setProblems, setSubmitted, err };
}
