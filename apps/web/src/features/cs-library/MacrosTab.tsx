import {
  ActionIcon,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  LIBRARY_CONTENT_MAX,
  MACRO_ACTIONS_MAX,
  type Macro,
  type MacroAction,
  type MacroActionType,
  macroInputSchema,
  orderMacroActions,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { limitProps } from '../../shared/ui/limitProps';
import { RowActions } from '../../shared/ui/RowActions';
import { useDeleteMacro, useMacros, useSaveMacro } from './api';
import { actionRow, defaultAction, switchActionType } from './macroDraft';
import { describeMacroAction, VARIABLES } from './macroText';
import { DeleteConfirm, ListState, ListToolbar, TitledItemModal, useTitledItem } from './SettingsList';

/** 000 §2 macros: the list with search and pages; admins add, edit and delete. */
export function MacrosTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const macros = useMacros(debounced, page);
  const remove = useDeleteMacro();
  const [editing, setEditing] = useState<Macro | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Macro | null>(null);
  return (
    <Stack gap="md">
      <ListToolbar
        intro={t('csLibrary.macros.intro')}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        addLabel={t('csLibrary.macros.add')}
        onAdd={canManage ? () => setEditing(null) : null}
      />
      <ListState
        query={macros}
        items={macros.data?.contents ?? []}
        rowHeight={64}
        emptyTitle={debounced ? t('csLibrary.macros.noMatch') : t('csLibrary.macros.empty')}
        emptyHint={t('csLibrary.macros.emptyHint')}
      >
        {(list) => (
          <Stack gap="xs" role="list" aria-label={t('csLibrary.macros.title')}>
            {list.map((macro) => (
              <Paper key={macro.id} withBorder p="xs" px="sm" role="listitem">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      {macro.title}
                    </Text>
                    {macro.description ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {macro.description}
                      </Text>
                    ) : null}
                    <List size="xs" mt={4} spacing={0} c="dimmed">
                      {orderMacroActions(macro.actions).map((action, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed summary list, in run order
                        <List.Item key={index} style={{ wordBreak: 'break-word' }}>
                          <Text size="xs" lineClamp={1}>
                            {describeMacroAction(t, action)}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  </div>
                  {canManage ? (
                    <RowActions
                      editLabel={t('csLibrary.editNamed', { name: macro.title })}
                      deleteLabel={t('csLibrary.deleteNamed', { name: macro.title })}
                      onEdit={() => setEditing(macro)}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(macro);
                      }}
                    />
                  ) : null}
                </Group>
              </Paper>
            ))}
            {(macros.data?.totalPages ?? 1) > 1 ? (
              <Pagination
                value={page}
                onChange={setPage}
                total={macros.data?.totalPages ?? 1}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`csLibrary.page.${control}`) })}
              />
            ) : null}
          </Stack>
        )}
      </ListState>
      {editing !== undefined ? <MacroEditor macro={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeleteConfirm
        item={deleting}
        title={t('csLibrary.macros.deleteTitle')}
        message={t('csLibrary.deleteConfirm', { name: deleting?.title ?? '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

const ACTION_TYPES: MacroActionType[] = ['message', 'priority', 'addTags', 'removeTags', 'status'];

function MacroEditor({ macro, onClose }: { macro: Macro | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveMacro();
  const item = useTitledItem(macro);
  const { title, description, touched } = item;
  // Each row keeps a stable key while rows are added and removed.
  const [rows, setRows] = useState(() => (macro?.actions ?? [defaultAction('message')]).map(actionRow));
  const actions = rows.map((row) => row.action);
  const local = validate(macroInputSchema, { title, description, actions });
  const server = fieldErrorsOf(save.error);
  const errors = {
    title: local.errors.title ?? server.title,
    actions: local.errors.actions ?? server.actions,
  };
  const change = (index: number, next: MacroAction) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, action: next } : row)));
  const changeType = (index: number, type: MacroActionType) =>
    setRows((all) => all.map((row, i) => (i === index ? switchActionType(row, type) : row)));
  return (
    <TitledItemModal
      heading={t(macro ? 'csLibrary.macros.editTitle' : 'csLibrary.macros.addTitle')}
      labels={{ title: t('csLibrary.macros.name'), description: t('csLibrary.macros.description') }}
      form={item}
      titleError={message(errors.title)}
      valid={local.success}
      id={macro?.id ?? null}
      body={{ title, description, actions }}
      save={save}
      onClose={onClose}
    >
      <Stack gap="xs" role="group" aria-label={t('csLibrary.macros.actionsLabel')}>
        <Text size="sm" fw={500}>
          {t('csLibrary.macros.actionsLabel')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('csLibrary.macros.orderHint')}
        </Text>
        {rows.map(({ key, action }, index) => (
          <Paper key={key} withBorder p="xs" data-testid="macro-action">
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                <Select
                  size="xs"
                  aria-label={t('csLibrary.macros.actionType')}
                  data={ACTION_TYPES.map((type) => ({ value: type, label: t(`csLibrary.actions.${type}`) }))}
                  value={action.type}
                  allowDeselect={false}
                  onChange={(value) => value && changeType(index, value as MacroActionType)}
                  comboboxProps={{ withinPortal: true }}
                />
                <ActionFields action={action} onChange={(next) => change(index, next)} />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('csLibrary.macros.removeAction', { n: index + 1 })}
                onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        {touched && errors.actions ? (
          <Text size="xs" c="red" role="alert">
            {message(errors.actions)}
          </Text>
        ) : null}
        {actions.length < MACRO_ACTIONS_MAX ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setRows((all) => [...all, actionRow(defaultAction('priority'))])}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('csLibrary.macros.addAction')}
          </Button>
        ) : null}
      </Stack>
    </TitledItemModal>
  );
}

function ActionFields({ action, onChange }: { action: MacroAction; onChange: (next: MacroAction) => void }) {
  const { t } = useTranslation();
  switch (action.type) {
    case 'priority':
      return (
        <SegmentedControl
          size="xs"
          aria-label={t('ticketPanel.priority')}
          value={String(action.priority)}
          onChange={(value) => onChange({ type: 'priority', priority: Number(value) as 1 | 2 | 3 })}
          data={[1, 2, 3].map((p) => ({ value: String(p), label: t(`inbox.priority.${p}`) }))}
        />
      );
    case 'addTags':
    case 'removeTags':
      return (
        <TagsInput
          size="xs"
          aria-label={t('ticketPanel.tags')}
          placeholder={t('ticketPanel.addTag')}
          value={action.tags}
          onChange={(tags) => onChange({ type: action.type, tags })}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'message':
      return (
        <>
          <SegmentedControl
            size="xs"
            aria-label={t('inbox.composerMode')}
            value={action.visibility}
            onChange={(value) =>
              onChange({ ...action, visibility: value === 'internal' ? 'internal' : 'public' })
            }
            data={[
              { value: 'public', label: t('inbox.modeMessage') },
              { value: 'internal', label: t('inbox.modeNote') },
            ]}
          />
          <Textarea
            size="xs"
            aria-label={t('csLibrary.macros.messageText')}
            placeholder={t('csLibrary.macros.messageText')}
            {...limitProps(action.text, LIBRARY_CONTENT_MAX, t, {
              description: t('csLibrary.variablesHint', VARIABLES),
            })}
            autosize
            minRows={2}
            maxRows={6}
            value={action.text}
            onChange={(event) => onChange({ ...action, text: event.currentTarget.value })}
          />
        </>
      );
    case 'status':
      return (
        <Text size="xs" c="dimmed">
          {t('csLibrary.actions.resolveTicket')}
        </Text>
      );
  }
}
