import { Button, Collapse, Group, List, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import type { TicketAuditEntry, TicketSummary } from '@sapa/contracts';
import { IconChevronDown, IconChevronUp, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time';
import { QueryState } from '../../../shared/ui/QueryState';
import { actionLabel, auditValueText, fieldLabel } from './auditText';
import { useTicketAudit } from './panelApi';

function AuditEntry({ entry, names }: { entry: TicketAuditEntry; names: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {actionLabel(t, entry.action)}
      </Text>
      <List size="xs" spacing={2} listStyleType="none">
        {Object.entries(entry.changes).map(([field, change]) => (
          <List.Item key={field}>
            <Text size="xs" component="span" c="dimmed">
              {fieldLabel(t, field)}:{' '}
            </Text>
            <Text size="xs" component="span">
              {t('teams.audit.fromTo', {
                from: auditValueText(t, field, change.from, names),
                to: auditValueText(t, field, change.to, names),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.at, i18n.language)} ·{' '}
        {entry.actorUserId
          ? t('teams.transfers.by', { name: entry.actorName ?? t('teams.audit.unknown') })
          : t('teams.transfers.system')}
      </Text>
    </Stack>
  );
}

function AuditTimeline({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation();
  const audit = useTicketAudit(ticket.id, ticket.updatedAt);
  return (
    <QueryState
      query={audit}
      loading={<Skeleton height={48} aria-label={t('common.loading')} />}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          {t('teams.audit.empty')}
        </Text>
      }
    >
      {({ items, names }) => (
        // Newest first: the latest change is what one looks for.
        <Timeline
          bulletSize={18}
          lineWidth={2}
          aria-label={t('teams.audit.title')}
          data-testid="ticket-audit"
        >
          {[...items].reverse().map((entry) => (
            <Timeline.Item key={entry.id} bullet={<IconHistory size={11} aria-hidden />}>
              <AuditEntry entry={entry} names={names} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </QueryState>
  );
}

/**
 * The ticket's change log (000 §7 GET /auditLogs): who changed what and when, newest first. Loaded only
 * when opened; the server answers only for a chat the reader may see.
 */
export function TicketAuditLog({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpened((v) => !v)}
          aria-expanded={opened}
          rightSection={
            opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
        >
          {opened ? t('teams.audit.hide') : t('teams.audit.show')}
        </Button>
      </Group>
      <Collapse expanded={opened}>{opened ? <AuditTimeline ticket={ticket} /> : null}</Collapse>
    </Stack>
  );
}
