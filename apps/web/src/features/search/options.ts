import { CHANNELS } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../app/appInfo';
import { useTicketTags } from '../../entities/ticket';
import { useAgents, useGroups } from '../teams/api';
import { useTicketFields } from '../ticket-forms/api';

interface Option {
  value: string;
  label: string;
}

/**
 * The choices of the search forms: channels of the partner, CS agents, CS groups, tags in use and ticket
 * fields. A list the user may not read (403) stays empty; the filter then only offers what it has.
 */
export function useFilterOptions() {
  const { t } = useTranslation();
  const info = useAppInfo();
  const agents = useAgents();
  const groups = useGroups();
  const tags = useTicketTags();
  const fields = useTicketFields('', 1, 100);
  const agentOptions: Option[] = (agents.data ?? []).map((a) => ({ value: a.userId, label: a.name }));
  return {
    channels: info.partner.allowedChannels,
    channelOptions: info.partner.allowedChannels.map((code) => ({ value: code, label: CHANNELS[code].name })),
    agentOptions,
    /** 000 §2 "created by (including customer)". */
    creatorOptions: [{ value: 'customer', label: t('ticketList.filters.customer') }, ...agentOptions],
    groupOptions: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
    tagOptions: tags.data ?? [],
    fieldOptions: (fields.data?.contents ?? []).map((f) => ({ value: f.id, label: f.title })),
    /** Names of users by id, for the CS, closed-by and created-by cells. */
    userName: (id: string | null) => (id ? (agentOptions.find((a) => a.value === id)?.label ?? null) : null),
    groupName: (id: string | null) => (id ? (groups.data?.find((g) => g.id === id)?.name ?? null) : null),
  };
}

export type FilterOptions = ReturnType<typeof useFilterOptions>;
