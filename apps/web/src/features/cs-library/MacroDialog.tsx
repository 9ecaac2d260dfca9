import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Macro, type MacroApplication, orderMacroActions } from '@sapa/contracts';
import { IconBolt, IconCheck, IconSearch, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../../entities/ticket';
import { errorMessage, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { useApplyMacro, useMacros } from './api';
import { describeMacroAction, replyValuesOf } from './macroText';

/** The composer's macro button (000 §2 macros: search, preview and apply). */
export function MacroButton({
  ticketId,
  disabled,
  onApplied,
}: {
  ticketId: string;
  disabled?: boolean;
  onApplied?: () => void;
}) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t('csLibrary.macros.apply')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('csLibrary.macros.apply')}
          onClick={dialog.open}
          disabled={disabled}
          data-testid="macro-button"
        >
          <IconBolt size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {opened ? <MacroDialog ticketId={ticketId} onClose={dialog.close} onApplied={onApplied} /> : null}
    </>
  );
}

function MacroDialog({
  ticketId,
  onClose,
  onApplied,
}: {
  ticketId: string;
  onClose: () => void;
  onApplied?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const macros = useMacros(debounced);
  const [selected, setSelected] = useState<Macro | null>(null);
  // The preview shows the message as it will go: {{name}} and the others filled for this chat.
  const values = replyValuesOf(useTicket(ticketId).data, useMe().data?.user.name ?? '');
  const apply = useApplyMacro((data, macro) => {
    const failed = data.results.some((r) => !r.ok);
    notifications.show({
      color: failed ? 'orange' : 'green',
      autoClose: failed ? false : 5000,
      title: t('csLibrary.macros.appliedTitle', { name: macro.title }),
      message: <MacroResults macro={macro} result={data} />,
    });
    onApplied?.();
  });
  // One idempotency key per macro while the dialog is open: a double click or a retry never applies twice.
  const keys = useRef(new Map<string, string>());
  const list = macros.data?.contents ?? [];
  const current = selected ?? list[0] ?? null;

  const keyFor = (macroId: string) => {
    let key = keys.current.get(macroId);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(macroId, key);
    }
    return key;
  };
  const run = () => {
    if (!current) return;
    apply.mutate({ ticketId, macro: current, applicationId: keyFor(current.id) }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('csLibrary.macros.applyTitle')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('csLibrary.macros.search')}
          aria-label={t('csLibrary.macros.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setSelected(null);
          }}
        />
        <QueryState
          query={macros}
          loading={<SkeletonRows height={40} radius="sm" />}
          isEmpty={list.length === 0}
          empty={
            <EmptyState title={debounced ? t('csLibrary.macros.noMatch') : t('csLibrary.macros.empty')}>
              {t('csLibrary.macros.emptyAgentHint')}
            </EmptyState>
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ScrollArea.Autosize mah={320}>
              <Stack gap={4} role="listbox" aria-label={t('csLibrary.macros.list')}>
                {list.map((macro) => (
                  <UnstyledButton
                    key={macro.id}
                    role="option"
                    aria-selected={macro.id === current?.id}
                    onClick={() => setSelected(macro)}
                    onDoubleClick={run}
                    p="xs"
                    style={{
                      borderRadius: 6,
                      border: '1px solid var(--mantine-color-gray-3)',
                      background: macro.id === current?.id ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                  >
                    <Text size="sm" fw={600} truncate>
                      {macro.title}
                    </Text>
                    {macro.description ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {macro.description}
                      </Text>
                    ) : null}
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
            {current ? (
              <Paper
                withBorder
                p="sm"
                radius="md"
                aria-label={t('csLibrary.macros.preview')}
                data-testid="macro-preview"
              >
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                  {t('csLibrary.macros.preview')}
                </Text>
                <Text fw={600}>{current.title}</Text>
                <List size="sm" mt="xs" spacing={4} type="ordered">
                  {orderMacroActions(current.actions).map((action, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed preview list, in run order
                    <List.Item key={index} style={{ wordBreak: 'break-word' }}>
                      {describeMacroAction(t, action, values)}
                    </List.Item>
                  ))}
                </List>
              </Paper>
            ) : null}
          </SimpleGrid>
        </QueryState>
        {apply.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(apply.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={run}
            disabled={!current}
            loading={apply.isPending}
            leftSection={<IconBolt size={16} aria-hidden />}
          >
            {t('csLibrary.macros.applyNamed', { name: current?.title ?? '' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Each action of an applied macro with its result, in the order they ran. */
function MacroResults({ macro, result }: { macro: Macro; result: MacroApplication }) {
  const { t } = useTranslation();
  const actions = orderMacroActions(macro.actions);
  return (
    <List spacing={4} center size="sm" data-testid="macro-result">
      {result.results.map((r, index) => {
        const action = actions[index];
        return (
          <List.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of results, in run order
            key={index}
            icon={
              <ThemeIcon size={18} radius="xl" color={r.ok ? 'green' : 'red'}>
                {r.ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="sm" lineClamp={2}>
              {action ? describeMacroAction(t, action) : r.type}
            </Text>
            {r.error ? (
              <Text size="xs" c="red">
                {r.error.message}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}
