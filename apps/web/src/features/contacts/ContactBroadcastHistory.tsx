import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import { categoryLabel, RecipientStatusBadge } from '../broadcasts/labels';
import { detailPath } from '../broadcasts/paths';
import { useContactBroadcasts } from './api';
import { HistoryList } from './HistoryList';

/** 001 §2 contact detail, broadcast history: each broadcast that reached the contact and how far it got. */
export function ContactBroadcastHistory({ contactId }: { contactId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <HistoryList
      query={useContactBroadcasts(contactId)}
      label={t('contacts.detail.broadcasts')}
      empty={
        <EmptyState title={t('contacts.detail.noBroadcasts')}>
          {t('contacts.detail.broadcastsLater')}
        </EmptyState>
      }
      keyOf={(row) => row.broadcastId}
    >
      {(row) => (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={8}>
            <Anchor component={Link} to={detailPath(row.broadcastId)} fw={600} size="sm">
              {row.campaignCode}
            </Anchor>
            <Text size="sm">{row.templateName}</Text>
            <Badge size="xs" variant="light" color="gray">
              {categoryLabel(row.category)}
            </Badge>
            <RecipientStatusBadge status={row.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(row.sentAt ?? row.createdAt, i18n.language)}
          </Text>
        </Group>
      )}
    </HistoryList>
  );
}
