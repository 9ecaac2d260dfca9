import { Alert, Button, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_TICKET_LIST_COLUMNS,
  TICKET_LIST_COLUMN_KEYS,
  type TicketListColumnKey,
} from '@sapa/contracts';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useSaveTicketListColumns, useTicketListColumns } from './api';

/** In the spec's order (000 §3 Ticket-list column keys), whatever order they were ticked in. */
export function orderedColumns(keys: readonly string[]): TicketListColumnKey[] {
  return TICKET_LIST_COLUMN_KEYS.filter((key) => keys.includes(key));
}

/**
 * The "customise table data" tab of Daftar Chat (000 §2): which columns the results show, kept per user
 * (GET/PUT /api/ticket-list/columns); at least one.
 */
export function ColumnsTab() {
  const { t } = useTranslation();
  const saved = useTicketListColumns();
  const save = useSaveTicketListColumns();
  /** The user's edit; null until they change something (then the saved columns show). */
  const [edited, setEdited] = useState<string[] | null>(null);
  if (!saved.data)
    return (
      <QueryState
        query={saved}
        loading={
          <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={24} />
            <Skeleton height={24} />
            <Skeleton height={24} />
          </Stack>
        }
      >
        {null}
      </QueryState>
    );
  const chosen = edited ?? [...saved.data];
  const none = chosen.length === 0;
  const unchanged = orderedColumns(chosen).join() === orderedColumns(saved.data).join() && !save.isError;
  const submit = () => {
    if (none) return;
    save.mutate(orderedColumns(chosen), {
      onSuccess: () => {
        setEdited(null);
        notifications.show({ color: 'green', message: t('ticketList.columns.saved') });
      },
    });
  };
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="dimmed">
        {t('ticketList.columns.hint')}
      </Text>
      <Checkbox.Group
        label={t('ticketList.columns.label')}
        value={chosen}
        onChange={setEdited}
        error={none ? t('ticketList.columns.atLeastOne') : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" mt="xs">
          {TICKET_LIST_COLUMN_KEYS.map((key) => (
            <Checkbox key={key} value={key} label={t(`ticketList.column.${key}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {save.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={submit}
          disabled={none || unchanged}
          loading={save.isPending}
        >
          {t('common.save')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} aria-hidden />}
          onClick={() => setEdited([...DEFAULT_TICKET_LIST_COLUMNS])}
        >
          {t('ticketList.columns.defaults')}
        </Button>
      </Group>
    </Stack>
  );
}
