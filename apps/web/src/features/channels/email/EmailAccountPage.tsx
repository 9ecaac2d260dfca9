import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ChannelAccount,
  EMAIL_ADDRESS_PART_MAX,
  EMAIL_DISPLAY_NAME_MAX,
  EMAIL_HEADER_FOOTER_MAX,
  emailAccountBody,
  emailSettingsBody,
} from '@sapa/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { QueryState } from '../../../shared/ui/QueryState';
import { useChannelAccounts, useEmailDomains, useSaveEmailAccount } from '../api';
import { ImapFields, type ImapValues, imapBodyOf, imapValuesOf, NO_IMAP } from './ImapFields';

interface Values {
  addressPart: string;
  domain: string;
  displayName: string;
  header: string;
  footer: string;
  imap: ImapValues;
}

type ImapState = NonNullable<ChannelAccount['email']>['imap'];

const BACK = '/setting/store?tab=channels';

/**
 * 000 §2 /email/create [CREATE_EMAIL] and /email/edit?id= [EDIT_EMAIL]; 001 §2 email channel dialog and email
 * settings (display name, header, footer); 001 §5 address rules. With no domain available the create button
 * is disabled and the spec's "contact admin" message shown (001 §8).
 */
function EmailAccountForm({
  id,
  initial,
  domains,
  prefix,
  imapState,
}: {
  id: string | null;
  initial: Values;
  domains: string[];
  prefix: string;
  imapState?: ImapState;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const save = useSaveEmailAccount(id);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [imapErrors, setImapErrors] = useState<FieldErrors>({});
  const serverErrors = fieldErrorsOf(save.error);
  const noDomain = !id && domains.length === 0;
  const field = (name: Exclude<keyof Values, 'imap'>) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: message(errors[name]) ?? serverErrors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const imap = imapBodyOf(values.imap);
    const body = { ...values, imap: imap.imap };
    const result = id ? validate(emailSettingsBody, body) : validate(emailAccountBody, body);
    setErrors(result.errors);
    setImapErrors(imap.errors);
    if (!result.success || !imap.ok) return;
    save.mutate({ ...body, ...result.data }, { onSuccess: () => navigate(BACK) });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="email-title"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="email-title">
            {id ? t('channels.email.editTitle') : t('channels.email.createTitle')}
          </Title>
          <Button
            component={Link}
            to={BACK}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('common.back')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('channels.email.hint')}
        </Text>
        {noDomain ? (
          <Alert color="yellow" role="alert">
            {message('email.domainNotAvailable')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('channels.email.addressPart')}
            description={t('channels.email.addressPartHint', { max: EMAIL_ADDRESS_PART_MAX })}
            leftSection={prefix ? <Text size="sm">{prefix}</Text> : undefined}
            leftSectionWidth={prefix ? 40 : undefined}
            required={!id}
            disabled={Boolean(id)}
            maxLength={EMAIL_ADDRESS_PART_MAX}
            autoComplete="off"
            {...field('addressPart')}
          />
          <Select
            label={t('channels.email.domain')}
            data={id ? [values.domain] : domains}
            value={values.domain || null}
            onChange={(value) => setValues((current) => ({ ...current, domain: value ?? '' }))}
            required={!id}
            disabled={Boolean(id) || noDomain}
            allowDeselect={false}
            error={message(errors.domain) ?? serverErrors.domain}
          />
          <TextInput
            label={t('channels.email.displayName')}
            description={t('channels.email.displayNameHint')}
            required
            maxLength={EMAIL_DISPLAY_NAME_MAX}
            {...field('displayName')}
          />
          <div />
          <Textarea
            label={t('channels.email.header')}
            autosize
            minRows={2}
            maxLength={EMAIL_HEADER_FOOTER_MAX}
            {...field('header')}
          />
          <Textarea
            label={t('channels.email.footer')}
            autosize
            minRows={2}
            maxLength={EMAIL_HEADER_FOOTER_MAX}
            {...field('footer')}
          />
        </SimpleGrid>
        <Divider />
        <ImapFields
          values={values.imap}
          onChange={(imap) => setValues((current) => ({ ...current, imap }))}
          errors={imapErrors}
          serverError={serverErrors.imap}
          state={imapState}
          editing={Boolean(id && initial.imap.enabled)}
        />
        {save.error ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={noDomain}>
            {id ? t('common.save') : t('channels.email.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function EmailCreatePage() {
  const domains = useEmailDomains();
  return (
    <QueryState query={domains}>
      {(d) => (
        <EmailAccountForm
          id={null}
          prefix={d.prefix}
          domains={d.domains}
          initial={{
            addressPart: '',
            domain: d.domains[0] ?? '',
            displayName: '',
            header: '',
            footer: '',
            imap: NO_IMAP,
          }}
        />
      )}
    </QueryState>
  );
}

export function EmailEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const accounts = useChannelAccounts();
  const account = accounts.data?.find((a) => a.id === id && a.channel === 'EML' && a.status === 'connected');
  const [initial, setInitial] = useState<Values | null>(null);
  useEffect(() => {
    if (!account?.email || initial) return;
    const [, domain = ''] = account.address.split('@');
    const { imap, ...settings } = account.email;
    setInitial({
      addressPart: account.address.split('@')[0] ?? '',
      domain,
      ...settings,
      imap: imapValuesOf(imap),
    });
  }, [account, initial]);
  if (accounts.isPending) return <PageLoader />;
  if (!account || !id)
    return (
      <Alert color="red" role="alert">
        {t('channels.email.notFound')}
      </Alert>
    );
  if (!initial) return <PageLoader />;
  return (
    <EmailAccountForm id={id} prefix="" domains={[]} initial={initial} imapState={account.email?.imap} />
  );
}
