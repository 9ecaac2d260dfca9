import {
  Badge,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type ChannelAccount, IMAP_SECURITY, type ImapSecurity, imapSettingsSchema } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';

/** The IMAP part of the email account form: off, or where the mailbox is and how to sign in. */
export interface ImapValues {
  enabled: boolean;
  host: string;
  port: number | string;
  security: ImapSecurity;
  user: string;
  password: string;
}

type ImapState = NonNullable<NonNullable<ChannelAccount['email']>['imap']>;

export const NO_IMAP: ImapValues = {
  enabled: false,
  host: '',
  port: 993,
  security: 'tls',
  user: '',
  password: '',
};

/** The form's IMAP values of a stored account (the password is never sent back: empty keeps it). */
export function imapValuesOf(imap: ImapState | null | undefined): ImapValues {
  if (!imap) return NO_IMAP;
  return {
    enabled: true,
    host: imap.host,
    port: imap.port,
    security: imap.security,
    user: imap.user,
    password: '',
  };
}

/** The body's `imap`: null when off, else the settings checked with the contract (errors by field). */
export function imapBodyOf(values: ImapValues) {
  if (!values.enabled) return { imap: null, errors: {} as FieldErrors, ok: true };
  const { enabled: _, ...settings } = values;
  const result = validate(imapSettingsSchema, settings);
  return { imap: result.success ? result.data : null, errors: result.errors, ok: result.success };
}

const DEFAULT_PORT: Record<ImapSecurity, number> = { tls: 993, starttls: 143, none: 143 };

export function ImapFields({
  values,
  onChange,
  errors,
  serverError,
  state,
  editing,
}: {
  values: ImapValues;
  onChange: (values: ImapValues) => void;
  errors: FieldErrors;
  serverError: string | undefined;
  state: ImapState | null | undefined;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const set = (patch: Partial<ImapValues>) => onChange({ ...values, ...patch });
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Switch
          label={t('channels.email.imap.enable')}
          description={t('channels.email.imap.hint')}
          checked={values.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        {state ? (
          <Badge
            variant="light"
            color={state.state === 'connected' ? 'green' : state.state === 'error' ? 'red' : 'gray'}
          >
            {t(`channels.email.imap.state.${state.state}`)}
          </Badge>
        ) : null}
      </Group>
      {state?.state === 'error' && state.error ? (
        <Text size="sm" c="red" role="status">
          {t('channels.email.imap.lastError', { error: state.error })}
        </Text>
      ) : null}
      {values.enabled ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('channels.email.imap.host')}
            placeholder="imap.example.com"
            required
            autoComplete="off"
            value={values.host}
            onChange={(e) => set({ host: e.currentTarget.value })}
            error={message(errors.host)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <Select
              label={t('channels.email.imap.security')}
              data={IMAP_SECURITY.map((value) => ({
                value,
                label: t(`channels.email.imap.securities.${value}`),
              }))}
              value={values.security}
              allowDeselect={false}
              onChange={(value) => {
                const security = (value ?? 'tls') as ImapSecurity;
                set({ security, port: DEFAULT_PORT[security] });
              }}
            />
            <NumberInput
              label={t('channels.email.imap.port')}
              min={1}
              max={65535}
              hideControls
              required
              value={values.port}
              onChange={(port) => set({ port })}
              error={message(errors.port)}
            />
          </SimpleGrid>
          <TextInput
            label={t('channels.email.imap.user')}
            required
            autoComplete="off"
            value={values.user}
            onChange={(e) => set({ user: e.currentTarget.value })}
            error={message(errors.user)}
          />
          <PasswordInput
            label={t('channels.email.imap.password')}
            description={editing ? t('channels.email.imap.passwordKeep') : undefined}
            required={!editing}
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
            error={message(errors.password) ?? serverError}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
