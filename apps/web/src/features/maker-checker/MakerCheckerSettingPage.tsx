import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  MAKER_CHECKER_MEDIA_TYPES,
  MAKER_CHECKER_POSITIONS,
  type MakerCheckerAccount,
  type MakerCheckerMediaType,
  type MakerCheckerPosition,
  makerCheckerAccountInputSchema,
} from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { useConfirmedDelete } from '../../shared/hooks/useConfirmedDelete';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import {
  useDeleteMakerCheckerAccount,
  useMakerCheckerAccounts,
  useMakerCheckerSettings,
  useSaveMakerCheckerAccount,
  useSaveMakerCheckerSettings,
  useSetMakerCheckerAccountActive,
} from './api';

/**
 * /maker-checker/setting (001 §2 maker/checker settings, §3 account, §6 "Admins … configure the maker/checker
 * list"): the switch and the accounts — email of a user of the business, name, media type, position, active.
 */
export function MakerCheckerSettingPage() {
  const { t } = useTranslation();
  const me = useMe();
  const settings = useMakerCheckerSettings();
  const accounts = useMakerCheckerAccounts();
  const saveSettings = useSaveMakerCheckerSettings();
  const setActive = useSetMakerCheckerAccountActive();
  const deletion = useConfirmedDelete<MakerCheckerAccount>(
    useDeleteMakerCheckerAccount(),
    'makerChecker.deleted',
  );
  const [editing, setEditing] = useState<MakerCheckerAccount | null | undefined>(undefined);
  if (!me.data) return <PageLoader />;
  const subject = accessSubjectOf(me.data);
  const canUpdate = can(subject, 'SETTING_LOGS', 'UPDATE');
  const canCreate = can(subject, 'SETTING_LOGS', 'CREATE');
  const canDelete = can(subject, 'SETTING_LOGS', 'DELETE');
  const enabled = settings.data?.enabled ?? false;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <QueryState query={settings} loading={<SkeletonRows count={1} height={56} />}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2} size="h4">
                {t('makerChecker.title')}
              </Title>
              <Text size="sm" c="dimmed" maw={640}>
                {t('makerChecker.intro')}
              </Text>
            </div>
            <Switch
              size="md"
              label={enabled ? t('makerChecker.on') : t('makerChecker.off')}
              checked={enabled}
              disabled={!canUpdate || saveSettings.isPending}
              onChange={(event) =>
                saveSettings.mutate(event.currentTarget.checked, {
                  onSuccess: (s) =>
                    notifications.show({
                      color: 'green',
                      message: s.enabled ? t('makerChecker.turnedOn') : t('makerChecker.turnedOff'),
                    }),
                  onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
                })
              }
            />
          </Group>
        </QueryState>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md">
          <Title order={3} size="h5">
            {t('makerChecker.accounts')}
          </Title>
          {canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
              {t('makerChecker.add')}
            </Button>
          ) : null}
        </Group>
        <QueryState
          query={accounts}
          isEmpty={(data) => data.length === 0}
          empty={<EmptyState title={t('makerChecker.empty')}>{t('makerChecker.emptyHint')}</EmptyState>}
        >
          {(data) => (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={t('makerChecker.accounts')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('makerChecker.name')}</Table.Th>
                    <Table.Th>{t('makerChecker.email')}</Table.Th>
                    <Table.Th>{t('makerChecker.mediaType')}</Table.Th>
                    <Table.Th>{t('makerChecker.position')}</Table.Th>
                    <Table.Th>{t('makerChecker.active')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td fw={600}>{a.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.email}</Table.Td>
                      <Table.Td>{t(`makerChecker.media.${a.mediaType}`)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={a.position === 'CHECKER' ? 'grape' : 'blue'}>
                          {t(`makerChecker.positions.${a.position}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={t('makerChecker.activeNamed', { name: a.name })}
                          checked={a.active}
                          disabled={!canUpdate}
                          onChange={(event) =>
                            setActive.mutate(
                              { id: a.id, active: event.currentTarget.checked },
                              {
                                onError: (error) =>
                                  notifications.show({ color: 'red', message: errorMessage(error) }),
                              },
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          editLabel={t('makerChecker.editNamed', { name: a.name })}
                          deleteLabel={t('makerChecker.deleteNamed', { name: a.name })}
                          onEdit={canUpdate ? () => setEditing(a) : undefined}
                          onDelete={canDelete ? () => deletion.ask(a) : undefined}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Paper>
      {editing !== undefined ? <AccountForm account={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('makerChecker.deleteTitle')}
        confirmLabel={t('common.delete')}
      >
        {t('makerChecker.deleteConfirm', { name: deletion.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function AccountForm({ account, onClose }: { account: MakerCheckerAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveMakerCheckerAccount();
  const [email, setEmail] = useState(account?.email ?? '');
  const [name, setName] = useState(account?.name ?? '');
  const [mediaType, setMediaType] = useState<MakerCheckerMediaType | null>(account?.mediaType ?? 'WHATSAPP');
  const [position, setPosition] = useState<MakerCheckerPosition | null>(account?.position ?? null);
  const [active, setActive] = useState(account?.active ?? true);
  const [touched, setTouched] = useState(false);
  const values = { email, name, mediaType: mediaType ?? undefined, position: position ?? undefined, active };
  const local = validate(makerCheckerAccountInputSchema, values);
  const server = fieldErrorsOf(save.error);
  const error = (field: string) => (touched ? message(local.errors[field]) : undefined) ?? server[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!local.success) return;
    save.mutate(
      { id: account?.id ?? null, body: local.data },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('makerChecker.saved', { name: saved.name }) });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={account ? t('makerChecker.editTitle') : t('makerChecker.addTitle')}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        label={t('makerChecker.email')}
        description={t('makerChecker.emailHint')}
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={error('email')}
        data-autofocus
      />
      <TextInput
        label={t('makerChecker.name')}
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error('name')}
      />
      <Select
        label={t('makerChecker.mediaType')}
        required
        data={MAKER_CHECKER_MEDIA_TYPES.map((m) => ({ value: m, label: t(`makerChecker.media.${m}`) }))}
        value={mediaType}
        onChange={(v) => setMediaType(v as MakerCheckerMediaType | null)}
        error={error('mediaType')}
        allowDeselect={false}
      />
      <Select
        label={t('makerChecker.position')}
        required
        placeholder={t('makerChecker.positionPlaceholder')}
        data={MAKER_CHECKER_POSITIONS.map((p) => ({ value: p, label: t(`makerChecker.positions.${p}`) }))}
        value={position}
        onChange={(v) => setPosition(v as MakerCheckerPosition | null)}
        error={error('position')}
      />
      <Switch
        label={t('makerChecker.active')}
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />
    </FormModal>
  );
}
