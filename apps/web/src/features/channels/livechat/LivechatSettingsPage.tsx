import {
  Alert,
  Anchor,
  Badge,
  Button,
  Fieldset,
  Grid,
  Group,
  Indicator,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LivechatAccount } from '@sapa/contracts';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCode,
  IconForms,
  IconPalette,
  IconPlugConnectedX,
  IconSettings,
  IconTextCaption,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage, useMediaUrl } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { translateMessage } from '../../../shared/i18n';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useDisconnectLivechat, useLivechatAccount, useSaveLivechat } from './api';
import {
  emptyValues,
  type LivechatErrors,
  type LivechatValues,
  type Section,
  sectionsWithErrors,
  serverFieldErrors,
  validateLivechat,
  valuesFromAccount,
} from './form';
import { InstallSection } from './InstallSection';
import { PreChatSection } from './PreChatSection';
import { BasicSection, ContentSection, DisplaySection } from './sections';
import { WidgetPreview } from './WidgetPreview';

const SETTINGS_PATH = '/setting/store?tab=channels';

const SECTION_ICONS: Record<Section, ReactNode> = {
  basic: <IconSettings size={16} aria-hidden />,
  display: <IconPalette size={16} aria-hidden />,
  content: <IconTextCaption size={16} aria-hidden />,
  preChat: <IconForms size={16} aria-hidden />,
  install: <IconCode size={16} aria-hidden />,
};

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={SETTINGS_PATH} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('livechatSettings.back')}
      </Group>
    </Anchor>
  );
}

/** The value an error path belongs to (`preChatForm.fields.1.label` → `fields`). */
function valueKeyOf(path: string): string {
  if (path === 'file') return 'logoUploadId';
  if (path === 'preChatForm.consentText') return 'consentText';
  if (path.startsWith('preChatForm')) return 'fields';
  return path.split('.')[0] ?? path;
}

type ConnectionState = 'connected' | 'waiting' | 'disconnected';

/** 001 §4: a live chat is connected once the widget has loaded from its domain, or disconnected. */
function connectionStateOf(account: LivechatAccount): ConnectionState {
  if (account.status === 'disconnected') return 'disconnected';
  return account.embedded ? 'connected' : 'waiting';
}

const STATE_COLOURS: Record<ConnectionState, string> = {
  connected: 'green',
  waiting: 'yellow',
  disconnected: 'gray',
};

/** The account's name, its connection state and the disconnect action (behind a confirmation). */
function ConnectionCard({ account }: { account: LivechatAccount }) {
  const { t } = useTranslation();
  const disconnect = useDisconnectLivechat(account.id);
  const [confirming, setConfirming] = useState(false);
  const state = connectionStateOf(account);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Group gap="xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {account.name}
          </Title>
          <Badge
            variant="light"
            color={STATE_COLOURS[state]}
            style={{ overflow: 'visible' }}
            styles={{ label: { overflow: 'visible' } }}
          >
            {t(`livechatSettings.state.${state}`)}
          </Badge>
        </Group>
        {account.status === 'connected' ? (
          <Button
            variant="default"
            color="red"
            style={{ flex: 'none' }}
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('livechatSettings.disconnect')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t(`livechatSettings.stateHint.${state}`, { domain: account.domain })}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('livechatSettings.disconnectTitle')}
        confirmLabel={t('livechatSettings.disconnect')}
        loading={disconnect.isPending}
        error={disconnect.error ? errorMessage(disconnect.error) : null}
        onClose={() => {
          disconnect.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({
                color: 'gray',
                message: t('livechatSettings.disconnectedNotice', { name: account.name }),
              });
            },
          })
        }
      >
        {t('livechatSettings.disconnectConfirm', { name: account.name, domain: account.domain })}
      </ConfirmDialog>
    </Paper>
  );
}

/** The logo to show: the file just uploaded, else the saved one (fetched with the session's token). */
function useLogoSrc(account: LivechatAccount | null, values: LivechatValues) {
  const [uploaded, setUploaded] = useState<{ uploadId: string; src: string } | null>(null);
  const saved = useMediaUrl(
    account?.logoUrl && values.logoUploadId === account.logoUploadId ? account.logoUrl : null,
  );
  useEffect(() => () => (uploaded ? URL.revokeObjectURL(uploaded.src) : undefined), [uploaded]);
  const src = uploaded && uploaded.uploadId === values.logoUploadId ? uploaded.src : saved.src;
  return { src, setUploaded };
}

/**
 * Asks before leaving with unsaved changes: another page of the app (a dialog) or the browser's own
 * reload or close (its standard prompt). `markSaved` lets the page leave after a save.
 */
function useLeaveGuard() {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('livechatSettings.leaveTitle')}
      confirmLabel={t('livechatSettings.leave')}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {t('livechatSettings.leaveConfirm')}
    </ConfirmDialog>
  );
  return {
    markDirty: () => {
      dirty.current = true;
    },
    markSaved: () => {
      dirty.current = false;
    },
    dialog,
  };
}

/**
 * The live-chat settings form (001 §2 channel connection: basic, display, content, install; the pre-chat
 * form settings), with a live preview of the widget. `account` null creates a new live chat.
 */
function LivechatForm({ account }: { account: LivechatAccount | null }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [values, setValues] = useState<LivechatValues>(() =>
    account ? valuesFromAccount(account) : emptyValues(),
  );
  const [errors, setErrors] = useState<LivechatErrors>({});
  const [section, setSection] = useState<Section>('basic');
  const save = useSaveLivechat(account?.id ?? null);
  const logo = useLogoSrc(account, values);
  const guard = useLeaveGuard();
  const readOnly = account?.status === 'disconnected';
  const sections = ['basic', 'display', 'content', 'preChat', ...(account ? ['install'] : [])] as Section[];
  const withErrors = new Set(sectionsWithErrors(errors));

  const set = (patch: Partial<LivechatValues>) => {
    guard.markDirty();
    setValues((current) => ({ ...current, ...patch }));
    const changed = new Set(Object.keys(patch));
    // A field's problem goes as soon as it is edited.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !changed.has(valueKeyOf(path)))),
    );
  };

  const showFirstProblem = (found: LivechatErrors) => {
    const first = sectionsWithErrors(found)[0];
    if (first) setSection(first);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLivechat(values);
    setErrors(result.errors);
    if (!result.success) {
      showFirstProblem(result.errors);
      return;
    }
    save.mutate(result.body, {
      onSuccess: (saved) => {
        guard.markSaved();
        if (account) {
          notifications.show({ color: 'green', message: t('livechatSettings.saved') });
          return;
        }
        notifications.show({ color: 'green', message: t('livechatSettings.created', { name: saved.name }) });
        navigate(SETTINGS_PATH);
      },
      onError: (error) => {
        const found = serverFieldErrors(error instanceof ApiError ? error.body.fields : undefined);
        setErrors(found);
        showFirstProblem(found);
      },
    });
  };

  const error = (path: string) => message(errors[path]);
  const generalError =
    save.error && Object.keys(errors).length === 0
      ? { title: translateMessage('livechat.saveFailed'), text: errorMessage(save.error) }
      : null;
  const props = { values, set, error };

  return (
    <Stack gap="md">
      <BackLink />
      {account ? (
        <ConnectionCard account={account} />
      ) : (
        <Title order={2} size="h4">
          {t('livechatSettings.newHeading')}
        </Title>
      )}
      <form onSubmit={submit} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
                <Tabs value={section} onChange={(value) => value && setSection(value as Section)}>
                  <Tabs.List mb="md">
                    {sections.map((name) => (
                      <Tabs.Tab key={name} value={name} leftSection={SECTION_ICONS[name]}>
                        <Indicator
                          color="red"
                          size={8}
                          offset={-4}
                          disabled={!withErrors.has(name)}
                          position="top-end"
                        >
                          {t(`livechatSettings.sections.${name}`)}
                        </Indicator>
                        {withErrors.has(name) ? (
                          <VisuallyHidden>{` (${t('livechatSettings.sectionHasErrors')})`}</VisuallyHidden>
                        ) : null}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0}>
                    <Tabs.Panel value="basic">
                      <BasicSection {...props} />
                    </Tabs.Panel>
                    <Tabs.Panel value="display">
                      <DisplaySection
                        {...props}
                        logoSrc={logo.src}
                        onLogo={(uploadId, src) => {
                          logo.setUploaded({ uploadId, src });
                          set({ logoUploadId: uploadId });
                        }}
                      />
                    </Tabs.Panel>
                    <Tabs.Panel value="content">
                      <ContentSection {...props} />
                    </Tabs.Panel>
                    <Tabs.Panel value="preChat">
                      <PreChatSection {...props} />
                    </Tabs.Panel>
                  </Fieldset>
                  {account ? (
                    <Tabs.Panel value="install">
                      <InstallSection account={account} />
                    </Tabs.Panel>
                  ) : null}
                </Tabs>
              </Paper>
              {generalError ? (
                <Alert
                  color="red"
                  role="alert"
                  icon={<IconAlertCircle aria-hidden />}
                  title={generalError.title}
                >
                  {generalError.text}
                </Alert>
              ) : null}
              {readOnly ? null : (
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to={SETTINGS_PATH}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    {account ? t('livechatSettings.save') : t('livechatSettings.create')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div style={{ position: 'sticky', top: 16 }}>
              <WidgetPreview values={values} logoSrc={logo.src} />
            </div>
          </Grid.Col>
        </Grid>
      </form>
      {guard.dialog}
    </Stack>
  );
}

/** /livechat/create [CREATE_LIVE_CHAT] */
export function LivechatCreatePage() {
  return <LivechatForm account={null} />;
}

/** /livechat/edit/:id [EDIT_LIVE_CHAT] */
export function LivechatEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const account = useLivechatAccount(id);
  if (account.isPending) return <PageLoader />;
  if (account.isError) {
    const missing = account.error instanceof ApiError && account.error.status === 404;
    return (
      <Stack gap="md">
        <BackLink />
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={translateMessage('livechat.loadFailed')}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{missing ? t('livechatSettings.notFound') : errorMessage(account.error)}</Text>
            {missing ? null : (
              <Button size="xs" variant="white" color="red" onClick={() => void account.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <LivechatForm key={account.data.id} account={account.data} />;
}
