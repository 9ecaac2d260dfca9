import { Badge, Group, Text } from '@mantine/core';
import type { ChatHistoryRow, TicketListColumnKey, TicketListRow } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { ChannelBadge, StatusBadge } from '../../entities/ticket';
import { formatDateTime } from '../../shared/time';
import type { ResultColumn } from './ResultsTable';
import { SurveyRemarks } from './SurveyRemarks';

const DASH = '—';

function Plain({ children, strong = false }: { children: string | null | undefined; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong ? 600 : 400} truncate="end" title={children ?? undefined}>
      {children || DASH}
    </Text>
  );
}

/** Day on the first line, time on the second: a narrow column that still reads at a glance. */
function When({ at }: { at: number | null }) {
  const { i18n } = useTranslation();
  if (at === null) return <Plain>{null}</Plain>;
  const [day = '', time = ''] = formatDateTime(at, i18n.language).split(', ');
  return (
    <>
      <Text size="sm" truncate="end">
        {day}
      </Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </>
  );
}

function Customer({ name, handle }: { name: string; handle: string }) {
  return (
    <>
      <Text size="sm" fw={500} truncate="end" title={name}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {handle}
      </Text>
    </>
  );
}

/**
 * The first tag whole (cut only past the cell's width, with every tag in its title) and how many more:
 * badges never shrink into unreadable stubs (issue 16 §7).
 */
function Tags({ tags }: { tags: readonly string[] }) {
  const [first] = tags;
  if (first === undefined) return <Plain>{null}</Plain>;
  return (
    <Group gap={4} wrap="nowrap" title={tags.join(', ')} miw={0}>
      <Badge size="xs" variant="light" color="gray" tt="none" maw="100%" style={{ flexShrink: 0 }}>
        {first}
      </Badge>
      {tags.length > 1 ? (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          +{tags.length - 1}
        </Text>
      ) : null}
    </Group>
  );
}

/** The customer's satisfaction rating (001 §3 survey rating): stars and the comment on hover. */
function Rating({ ticketId, rating }: { ticketId: string; rating: TicketListRow['rating'] }) {
  const { t } = useTranslation();
  if (!rating) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="xs"
        c="yellow.8"
        title={rating.comment ?? undefined}
        aria-label={`${t('ticketList.rating')}: ${t('ticketList.ratingOf', { value: rating.value })}`}
      >
        {'★'.repeat(rating.value)}
        <Text span size="xs" c="dimmed">
          {'★'.repeat(5 - rating.value)} {rating.value}/5
        </Text>
      </Text>
      <SurveyRemarks ticketId={ticketId} rating={rating} />
    </Group>
  );
}

/** Every 000 §3 ticket-list column: its label, width and cell. */
export function useTicketListColumnDefs(): Record<TicketListColumnKey, ResultColumn<TicketListRow>> {
  const { t } = useTranslation();
  const column = (
    key: TicketListColumnKey,
    grow: number,
    minWidth: number,
    render: ResultColumn<TicketListRow>['render'],
  ): ResultColumn<TicketListRow> => ({ key, label: t(`ticketList.column.${key}`), grow, minWidth, render });
  return {
    id: column('id', 0.9, 76, (row) => <Plain strong>{row.displayId}</Plain>),
    groupId: column('groupId', 1, 80, (row) => (
      <Plain>{row.groupName ?? t('ticketList.defaultGroup')}</Plain>
    )),
    createdAt: column('createdAt', 1, 88, (row) => <When at={row.createdAt} />),
    customer: column('customer', 1.6, 120, (row) => (
      <Customer name={row.customer.name} handle={row.customer.handle} />
    )),
    assigneeId: column('assigneeId', 1, 76, (row) => <Plain>{row.assignee?.name}</Plain>),
    closedAt: column('closedAt', 1, 88, (row) => <When at={row.closedAt} />),
    remarks: column('remarks', 1.4, 96, (row) => <Plain>{row.remarks}</Plain>),
    subject: column('subject', 1.4, 96, (row) => <Plain>{row.subject}</Plain>),
    mediaPlatform: column('mediaPlatform', 0.9, 100, (row) => <ChannelBadge channel={row.mediaPlatform} />),
    closedBy: column('closedBy', 1, 76, (row) => <Plain>{row.closedBy?.name}</Plain>),
    priority: column('priority', 0.8, 70, (row) => <Plain>{t(`inbox.priority.${row.priority}`)}</Plain>),
    tags: column('tags', 1.2, 120, (row) => <Tags tags={row.tags} />),
    submitterId: column('submitterId', 1, 76, (row) => (
      <Plain>{row.submitter?.name ?? t('ticketList.filters.customer')}</Plain>
    )),
    status: column('status', 1, 132, (row) => (
      <>
        <StatusBadge status={row.status} />
        <Rating ticketId={row.id} rating={row.rating} />
      </>
    )),
  };
}

/** 000 §2 chat history columns, in the spec's order. */
export function useChatHistoryColumns(): ResultColumn<ChatHistoryRow>[] {
  const { t } = useTranslation();
  const label = (key: string) => t(`chatHistory.column.${key}`);
  return [
    {
      key: 'contact',
      label: label('contact'),
      grow: 1.6,
      minWidth: 120,
      render: (row) => <Customer name={row.contact.name} handle={row.contact.handle} />,
    },
    {
      key: 'channel',
      label: label('channel'),
      grow: 0.9,
      minWidth: 80,
      render: (row) => <ChannelBadge channel={row.channel} />,
    },
    {
      key: 'agent',
      label: label('agent'),
      grow: 1,
      minWidth: 76,
      render: (row) => <Plain>{row.agent?.name}</Plain>,
    },
    {
      key: 'closedBy',
      label: label('closedBy'),
      grow: 1,
      minWidth: 76,
      render: (row) => (
        <>
          <Plain>{row.closedBy?.name}</Plain>
          <Rating ticketId={row.id} rating={row.rating} />
        </>
      ),
    },
    {
      key: 'resolvedAt',
      label: label('resolvedAt'),
      grow: 1,
      minWidth: 88,
      render: (row) => <When at={row.resolvedAt} />,
    },
    {
      // Issue 16 §5: the note typed when resolving, no longer only in the change log.
      key: 'resolveNote',
      label: label('resolveNote'),
      grow: 1.4,
      minWidth: 96,
      render: (row) => <Plain>{row.resolveNote}</Plain>,
    },
    {
      key: 'remarks',
      label: label('remarks'),
      grow: 1.4,
      minWidth: 96,
      render: (row) => <Plain>{row.remarks ?? row.subject}</Plain>,
    },
    {
      key: 'ticketId',
      label: label('ticketId'),
      grow: 0.9,
      minWidth: 76,
      render: (row) => <Plain strong>{row.displayId}</Plain>,
    },
    {
      key: 'tags',
      label: label('tags'),
      grow: 1.2,
      minWidth: 88,
      render: (row) => <Tags tags={row.tags} />,
    },
  ];
}
